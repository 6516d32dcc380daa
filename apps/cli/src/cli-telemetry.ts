import { Telemetry, telemetryOptions } from '@mcpscope/engine';
import type { CliIo } from './io.js';

/** The process's telemetry from the parsed options and the environment; its status lines go to stderr. */
export function cliTelemetry(io: CliIo, opts: { otlpEndpoint?: string; otlpContent?: boolean; traceContext?: boolean }): Telemetry {
  return new Telemetry(telemetryOptions(io.env as NodeJS.ProcessEnv, opts, (line) => io.stderr(line)));
}
