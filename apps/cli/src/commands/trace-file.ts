import { readFileSync } from 'node:fs';
import { parseTrace, TraceError, type ParsedTrace } from '@mcpscope/trace';
import { CliError } from '../exit-codes.js';

/** Reads a whole trace (replay and mock need every event); a non-trace is a usage error. */
export function readTraceFile(file: string, warn: (text: string) => void): ParsedTrace {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const trace = parseTrace(text);
    for (const w of trace.warnings) warn(`mcpscope: ${file}: ${w}\n`);
    return trace;
  } catch (err) {
    if (err instanceof TraceError) throw new CliError(`${file}: ${err.message}`);
    throw err;
  }
}
