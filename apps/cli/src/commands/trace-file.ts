import { readTraceFile as streamTraceFile } from '@mcpscope/engine';
import { TraceError, type ParsedTrace } from '@mcpscope/trace';
import { CliError } from '../exit-codes.js';
import { escapeControl } from './escape-control.js';

/**
 * Reads a whole trace (replay and mock need every event), streamed chunk by chunk: a line over
 * the trace line cap is skipped with a warning, never held whole. A non-trace is a usage error.
 */
export async function readTraceFile(file: string, warn: (text: string) => void): Promise<ParsedTrace> {
  try {
    const trace = await streamTraceFile(file);
    for (const w of trace.warnings) warn(`mcpscope: ${escapeControl(file)}: ${escapeControl(w)}\n`);
    return trace;
  } catch (err) {
    if (err instanceof TraceError) throw new CliError(`${escapeControl(file)}: ${escapeControl(err.message)}`);
    const code = (err as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw new CliError(`cannot read ${escapeControl(file)}: ${(err as Error).message}`);
    throw err;
  }
}
