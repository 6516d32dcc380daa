import { defaultTracesDir, Engine, headlessUserAgent, installBackstop, type OpenOptions, type SessionConfig } from '@mcpscope/engine';
import { announceUi } from '../ui-registry.js';
import { isLoopbackHost, OAUTH_CONNECT_TIMEOUT_MS, startProxy, type RunningProxy } from '@mcpscope/proxy';
import type { EarlyUi } from '@mcpscope/proxy/early';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { eraFallbackLine } from '../era-line.js';
import { describeConnectError } from '../format-error.js';
import type { CliIo } from '../io.js';
import { presentUi } from '../ui-link.js';
import { DEFAULT_PORT, parseOptions, TargetOptionsSchema } from '../options.js';
import { cliVersion, demoConfig, webDir } from '../paths.js';
import { waitForStop } from '../stop-signal.js';
import { MemoryBudgetSchema, mebibytes } from '../memory-budget.js';
import { describeTarget, resolveTarget } from '../target.js';
import { holdYoungGeneration, limitOldGenerationGrowth, releaseYoungGeneration } from '../heap-tuning.js';
import { TelemetryOptionsShape } from '../telemetry-options.js';
import { cliTelemetry } from '../cli-telemetry.js';
import { openAhead } from './open-ahead.js';

/** Start-up is over when the first connect settled, or after this long (an OAuth connect waits for the user). */
const START_UP_MAX_MS = 5_000;

export const LaunchOptionsSchema = TargetOptionsSchema.extend({
  port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535).default(DEFAULT_PORT),
  host: z.string().min(1).default('127.0.0.1'),
  allowRemote: z.boolean().default(false),
  open: z.boolean().default(true),
  tracesDir: z.string().min(1).optional(),
  recordAll: z.boolean().default(true),
  memoryBudget: MemoryBudgetSchema,
  connectTimeout: z.coerce.number({ error: '--connect-timeout must be a number of milliseconds' }).int().positive().default(30_000),
  /** Hidden: started by `mcpscope connect` (background.ts), detached, output in this log file. */
  background: z.string().min(1).optional(),
  /** A stdio server given on the command line gets the OTLP variables of mcpscope's receiver. */
  collectServerSpans: z.boolean().default(false),
  ...TelemetryOptionsShape,
});
export type LaunchOptions = z.infer<typeof LaunchOptionsSchema>;

/**
 * `mcpscope [options] [-- command args…]`: engine + proxy + browser. A failed first connect is
 * reported but the UI stays up so the user can see what happened and retry. Runs until
 * SIGINT/SIGTERM or until its parent dies (see stop-signal.ts), then closes every session
 * (their process trees), flushes traces, closes the proxy and resolves 0.
 */
export async function runLaunch(command: string[], rawOptions: unknown, io: CliIo, early?: EarlyUi): Promise<ExitCodeValue> {
  try {
    return await launch(command, rawOptions, io, early);
  } catch (err) {
    await early?.close(); // a no-op once the proxy took it over (and closed it)
    throw err;
  }
}

async function launch(command: string[], rawOptions: unknown, io: CliIo, early: EarlyUi | undefined): Promise<ExitCodeValue> {
  holdYoungGeneration(); // mcpscope.ts did for a plain launch; argv it left to commander lands here
  limitOldGenerationGrowth(); // a flood's events die in the old generation (heap-tuning.ts)
  const opts = parseOptions(LaunchOptionsSchema, rawOptions);
  if (!isLoopbackHost(opts.host) && !opts.allowRemote) {
    throw new CliError(`--host ${opts.host} exposes mcpscope beyond this machine; add --allow-remote if you mean it`);
  }
  const config = await resolveTarget(opts, command, { demo: demoConfig });
  const tracesDir = opts.tracesDir ?? defaultTracesDir(io.env as NodeJS.ProcessEnv);
  const engine = new Engine({
    clientVersion: cliVersion(),
    tracesDir,
    recordAll: opts.recordAll,
    redact: opts.redact,
    memoryBudget: mebibytes(opts.memoryBudget),
    connectTimeoutMs: opts.connectTimeout,
    telemetry: cliTelemetry(io, opts),
  });
  // A long-running UI outlives a bug met on one server: that session closes, the rest go on.
  const removeBackstop = installBackstop(engine, (text) => io.stderr(text));
  // The session the `connect` that started this background mcpscope asked for, opening while the proxy loads.
  const ahead = opts.background ? openAhead(engine) : undefined;
  const staticDir = webDir();
  if (!staticDir) io.stderr('mcpscope: the web UI is not built; only the API is served\n');

  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    proxy = await startProxy({
      engine,
      host: opts.host,
      port: opts.port,
      token: io.env.MCPSCOPE_TOKEN || undefined,
      allowRemote: opts.allowRemote,
      staticDir,
      early,
      ...(ahead ? { ahead } : {}),
      info: { version: cliVersion(), demo: await demoConfig(), memoryBudget: engine.memoryBudget },
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`port ${opts.port} is already in use; pick another with --port (0 = any free port)`);
    throw err;
  }
  const background = opts.background ? { background: true, log: opts.background } : {};
  const unannounce = announceUi({ url: proxy.baseUrl, token: proxy.token, pid: process.pid, ...background }, io.env as NodeJS.ProcessEnv);
  // A background mcpscope outlives its parent (`mcpscope connect`): it runs until `mcpscope stop`.
  const { stopped } = waitForStop(opts.background ? 0 : 500);
  // The one line users and tests look for; the browser gets a single-use code (see ui-link.ts).
  // In the background it goes to the log file: the address only, never the token.
  if (opts.background) io.stdout(`mcpscope (background, pid ${process.pid}) listening on ${proxy.baseUrl}\n`);
  const stopPrompt = opts.background ? () => undefined : presentUi(proxy, opts, io);

  const firstConnect = config
    ? engine
        .open(config, {
          record: opts.record,
          noRedact: !opts.redact,
          ...(opts.collectServerSpans ? { collectServerSpans: true } : {}),
          ...launchOAuth(config, proxy, opts.oauthHeadless),
        })
        .then(
          (session) => io.stderr(eraFallbackLine(session.info().eraFallback)),
          (err: unknown) => {
            io.stderr(
              `${describeConnectError(describeTarget(config), err)}\n  (the UI stays up: fix the server and reconnect from there)\n`,
            );
          },
        )
    : undefined;
  void Promise.race([firstConnect, new Promise((resolve) => setTimeout(resolve, START_UP_MAX_MS).unref())]).then(releaseYoungGeneration);

  const reason = await stopped;
  if (opts.background) io.stdout(`mcpscope: stopping (${reason})\n`);
  stopPrompt();
  unannounce();
  await engine.dispose();
  await proxy.close();
  removeBackstop();
  return ExitCode.Ok;
}

/**
 * `--oauth` in launch mode: the authorization URL goes to the web UI (a pending authorization
 * the OAuth tab opens in a popup) and the browser comes back to mcpscope's own /oauth/callback.
 * The connect waits for the user (up to 10 minutes) instead of the usual 30 s.
 */
function launchOAuth(config: SessionConfig, proxy: RunningProxy, headless: boolean): Partial<OpenOptions> {
  if (config.transport === 'stdio' || !config.oauth) return {};
  if (headless) return { oauthUserAgent: headlessUserAgent() };
  config.oauth.redirectUrl ??= proxy.oauth.redirectUrl();
  return { oauthUserAgent: proxy.oauth.agent, connectTimeoutMs: OAUTH_CONNECT_TIMEOUT_MS };
}
