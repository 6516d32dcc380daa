import { Engine, type Session } from '@mcpscope/engine';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { describeConnectError } from '../format-error.js';
import type { CliIo } from '../io.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { demoConfig } from '../paths.js';
import { describeTarget, resolveTarget } from '../target.js';

const ParamsSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `--params is not valid JSON: ${(err as Error).message}` });
      return z.NEVER;
    }
  })
  .pipe(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: '--params must be a JSON object or array' }));

export const CallOptionsSchema = TargetOptionsSchema.extend({
  params: ParamsSchema.optional(),
  timeout: z.coerce.number({ error: '--timeout must be a number of milliseconds' }).int().positive().default(30_000),
  connectTimeout: z.coerce.number({ error: '--connect-timeout must be a number of milliseconds' }).int().positive().default(30_000),
});

const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

/** What a lost connection left behind: the exit and the last stderr lines, for the message. */
function lostConnectionDetails(session: Session): string {
  const lines: string[] = [];
  const events = session.events();
  const exit = events.findLast((e) => e.type === 'lifecycle' && e.phase === 'exit');
  if (exit && exit.type === 'lifecycle') lines.push(`  ${exit.message ?? `exited with code ${exit.code}`}`);
  const stderr = events.filter((e) => e.type === 'stderr').slice(-5);
  for (const e of stderr) if (e.type === 'stderr') lines.push(`    | ${e.text.trimEnd()}`);
  return lines.join('\n');
}

async function request(session: Session, method: string, params: unknown, timeoutMs: number, io: CliIo): Promise<ExitCodeValue> {
  let response: Record<string, unknown> | undefined;
  try {
    ({ response } = await session.send({ method, ...(params === undefined ? {} : { params }) }, { timeoutMs }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENGINE_TIMEOUT') {
      io.stderr(`mcpscope: no response to ${method} within ${timeoutMs} ms (--timeout)\n`);
      return ExitCode.Timeout;
    }
    io.stderr(`mcpscope: lost the connection during ${method}: ${(err as Error).message}\n${lostConnectionDetails(session)}\n`);
    return ExitCode.ConnectFailed;
  }
  if (response && 'error' in response) {
    const error = (response.error ?? {}) as { code?: unknown; message?: unknown };
    io.stdout(json(response.error));
    io.stderr(`mcpscope: ${method} failed with JSON-RPC error ${String(error.code)}: ${String(error.message)}\n`);
    return ExitCode.RpcError;
  }
  const result = response?.result as Record<string, unknown> | undefined;
  io.stdout(json(result ?? null));
  if (method === 'tools/call' && result?.isError === true) {
    io.stderr('mcpscope: the tool reported an error (isError: true)\n');
    return ExitCode.ToolError;
  }
  return ExitCode.Ok;
}

/** `mcpscope call <method>`: connect, send one request, print the result, close. */
export async function runCall(method: string, command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(CallOptionsSchema, rawOptions);
  const config = await resolveTarget(opts, command, { demo: demoConfig });
  if (!config) throw new CliError('call needs a target: -- <command> [args…], --url, --config or --demo');
  const engine = new Engine();
  try {
    let session: Session;
    try {
      session = await engine.open(config, { record: opts.record, noRedact: !opts.redact, connectTimeoutMs: opts.connectTimeout });
    } catch (err) {
      io.stderr(describeConnectError(describeTarget(config), err) + '\n');
      return ExitCode.ConnectFailed;
    }
    return await request(session, method, opts.params, opts.timeout, io);
  } finally {
    await engine.closeAll();
  }
}
