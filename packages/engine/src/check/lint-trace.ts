import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { nonJsonStdoutFinding, type Finding, type SessionEvent } from '@mcpscope/protocol';
import { Linter } from '@mcpscope/protocol/lint';
import { TraceReader, type ParsedTrace } from '@mcpscope/trace';
import { sharedSchemaValidator } from '../requests/schema-validator.js';
import { parseStdoutLine } from '../transports/stdout-line.js';
import { collectFindings, makeReport, type FindingsReport } from './report.js';

/**
 * Findings the transport boundary adds to raw frames (the rules cannot re-derive them from the
 * event), and the one app messages get where they enter the session.
 */
const TAP_RULE_IDS = new Set(['stdio-non-json-stdout', 'message-too-deep', 'message-too-large', 'app-message-refused']);

/**
 * A stdout line of a stdio server that is no message, recorded without its finding (a `wrap`
 * trace written before wrap attached it): judged again as the live transport judges it.
 */
function rawLineFinding(event: SessionEvent): Finding | undefined {
  // An app-channel frame came from an MCP App view, never from the server's stdout.
  if (event.type !== 'frame' || event.dir !== 'in' || typeof event.raw !== 'string' || event.channel === 'app') return undefined;
  const line = parseStdoutLine(event.raw);
  return 'error' in line && line.code !== 'too-deep' ? nonJsonStdoutFinding(line.error) : undefined;
}

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
 * recorded with are replaced (rules improve), except those of the transport boundary. `stdio`:
 * the trace is of a stdio server, so an inbound raw line with no finding is judged again.
 */
export function lintEvents(events: readonly SessionEvent[], opts: { stdio?: boolean } = {}): SessionEvent[] {
  const linters = new Map<string, Linter>();
  return events.map((event) => {
    let linter = linters.get(event.sessionId);
    if (!linter) linters.set(event.sessionId, (linter = new Linter({ validate: sharedSchemaValidator() })));
    if (event.type !== 'frame' && event.type !== 'http' && event.type !== 'span') {
      linter.observe(event); // a lifecycle `transport-attempt` starts a new conversation
      return event;
    }
    const kept = (event.findings ?? []).filter((f) => TAP_RULE_IDS.has(f.rule));
    const derived = opts.stdio && kept.length === 0 ? rawLineFinding(event) : undefined;
    if (derived) kept.push(derived);
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
  const stdio = trace.header.session.transport === 'stdio';
  return makeReport(path, collectFindings(lintEvents(trace.events, { stdio })), notes.length ? notes : undefined);
}
