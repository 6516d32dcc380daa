import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { SessionEvent } from '@mcpscope/protocol';
import { Linter } from '@mcpscope/protocol/lint';
import { TraceReader, type ParsedTrace } from '@mcpscope/trace';
import { sharedSchemaValidator } from '../schema-validator.js';
import { collectFindings, makeReport, type FindingsReport } from './report.js';

/** Findings the transport tap adds itself (not re-derivable from the recorded event). */
const TAP_RULE_IDS = new Set(['stdio-non-json-stdout']);

/** Reads a trace v1 file chunk by chunk (no whole-file string); throws TraceError for a non-trace. */
export async function readTraceFile(path: string): Promise<ParsedTrace> {
  const reader = new TraceReader();
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) reader.push(decoder.write(chunk as Buffer));
  reader.push(decoder.end());
  return reader.end();
}

/**
 * Runs every rule afresh over recorded events, per session, in order: the findings a trace was
 * recorded with are replaced (rules improve), except those of the transport tap.
 */
export function lintEvents(events: readonly SessionEvent[]): SessionEvent[] {
  const linters = new Map<string, Linter>();
  return events.map((event) => {
    if (event.type !== 'frame' && event.type !== 'http') return event;
    let linter = linters.get(event.sessionId);
    if (!linter) linters.set(event.sessionId, (linter = new Linter({ validate: sharedSchemaValidator() })));
    const kept = (event.findings ?? []).filter((f) => TAP_RULE_IDS.has(f.rule));
    const found = linter.observe(event);
    const findings = [...kept, ...found];
    const { findings: _old, ...rest } = event;
    return (findings.length > 0 ? { ...rest, findings } : rest) as SessionEvent;
  });
}

/** `mcpscope lint`: the report for one trace file. */
export async function lintTraceFile(path: string): Promise<FindingsReport> {
  const trace = await readTraceFile(path);
  const notes = trace.warnings.map((w) => `note: ${w}`);
  return makeReport(path, collectFindings(lintEvents(trace.events)), notes.length ? notes : undefined);
}
