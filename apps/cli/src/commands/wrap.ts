import { defaultTracesDir, newTraceIdentity, TraceStore, type SpanTracker } from '@mcpscope/engine';
import { z } from 'zod';
import { CliError, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../options.js';
import { waitForStop } from '../stop-signal.js';
import { findUi, parseUiUrl } from '../ui-registry.js';
import { startHttpWrap } from '../wrap/http-proxy.js';
import { runStdioShim } from '../wrap/stdio-shim.js';
import { WrapLog } from '../wrap/wrap-log.js';
import { TelemetryOptionsShape } from '../telemetry-options.js';
import { cliTelemetry } from '../cli-telemetry.js';

export const WrapOptionsSchema = z.object({
  record: z.string().min(1).optional(),
  redact: z.boolean().default(true),
  recordAll: z.boolean().default(true),
  tracesDir: z.string().min(1).optional(),
  ui: z.string().optional(),
  target: z.url({ protocol: /^https?$/, error: '--target must be an http(s) URL' }).optional(),
  listen: z.coerce.number({ error: '--listen must be a port' }).int().min(0).max(65535).optional(),
  otlpEndpoint: TelemetryOptionsShape.otlpEndpoint,
  otlpContent: TelemetryOptionsShape.otlpContent,
});

/**
 * `mcpscope wrap`: sits between a host (Claude Desktop, Cursor) and its server. stdout is the
 * server's and nothing else's: every message of mcpscope's own goes to stderr.
 */
export async function runWrap(command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue | number> {
  const opts = parseOptions(WrapOptionsSchema, rawOptions);
  const http = opts.target !== undefined;
  if (http && opts.listen === undefined) throw new CliError('--target needs --listen <port>');
  if (!http && command.length === 0) throw new CliError('give the server command after --, or --target <url> --listen <port>');
  const target = http ? opts.target! : command.join(' ');
  const name = http
    ? new URL(target).host
    : (command
        .find((a, i) => i > 0 && !a.startsWith('-'))
        ?.split(/[\\/]/)
        .pop() ?? command[0]!);
  const files: string[] = [];
  if (opts.recordAll)
    files.push(
      new TraceStore(opts.tracesDir ?? defaultTracesDir(io.env as NodeJS.ProcessEnv)).fileFor(new Date(), name, `wrap-${process.pid}`),
    );
  if (opts.record) files.push(opts.record);
  const ui = opts.ui ? parseUiUrl(opts.ui) : findUi(io.env as NodeJS.ProcessEnv);
  // The relay never waits on the export: spans are built from the recorded events and batched.
  // Bytes pass unchanged, so no trace context is added; a host's own traceparent parents the spans.
  const telemetry = cliTelemetry(io, opts);
  void telemetry.ready();
  const identity = newTraceIdentity(telemetry.options.parent);
  let tracker: SpanTracker | undefined;
  const log = new WrapLog({
    meta: { name, transport: http ? 'http' : 'stdio', target },
    files,
    redact: opts.redact,
    ui,
    warn: io.stderr,
    otel: { ...identity, kind: 'wrap' },
    onEvent: (e) => tracker?.observe(e),
  });
  tracker = telemetry.track({
    identity,
    transport: http ? 'http' : 'stdio',
    ...(http ? { url: target } : {}),
    name,
    target,
    kind: 'wrap',
    createdAt: log.createdAt,
  });
  const finish = async () => {
    tracker?.finish();
    await telemetry.shutdown();
  };

  if (!http) {
    const code = await runStdioShim(
      command[0]!,
      command.slice(1),
      log,
      { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
      { forwardSignals: true },
    );
    await log.close();
    await finish();
    return code;
  }
  const { url, server } = await startHttpWrap(new URL(target), opts.listen!, log);
  io.stderr(`mcpscope wrap listening on ${url}\n`);
  const { stopped } = waitForStop();
  await stopped;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await log.close();
  await finish();
  return 0;
}
