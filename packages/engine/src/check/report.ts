import type { Finding, SessionEvent, Severity } from '@mcpscope/protocol';

/** One finding as reported by `mcpscope lint` / `check`: where it was found and a short excerpt. */
export interface ReportedFinding extends Finding {
  /** The event's seq (0 for a finding that belongs to no event, e.g. an HTTP probe). */
  seq: number;
  excerpt: string;
}

export interface FindingsReport {
  /** What was checked: a trace file or a server target. */
  subject: string;
  findings: ReportedFinding[];
  counts: Record<Severity, number>;
  /** Extra lines for the text report (what `check` exercised). */
  notes?: string[];
}

export type ReportFormat = 'text' | 'json' | 'junit';

const EXCERPT_MAX = 120;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
}

/** A short, single-line excerpt of the event a finding is attached to. */
export function excerptOf(event: SessionEvent): string {
  // An app-channel frame: → mcpscope to the MCP App view, ← the view to mcpscope.
  if (event.type === 'frame') return clip(`${event.channel === 'app' ? 'app ' : ''}${event.dir === 'out' ? '→' : '←'} ${event.raw ?? JSON.stringify(event.msg)}`);
  if (event.type === 'http') return clip(`${event.method} ${event.url} → ${event.status ?? '…'}`);
  return '';
}

/** Every finding riding on the events (frames and HTTP exchanges), in event order. */
export function collectFindings(events: Iterable<SessionEvent>): ReportedFinding[] {
  const out: ReportedFinding[] = [];
  for (const event of events) findingsOf(event, out);
  return out;
}

/** The same over a stream (a session's all(): the spilled events too, not just the window). */
export async function collectAllFindings(events: AsyncIterable<SessionEvent>): Promise<ReportedFinding[]> {
  const out: ReportedFinding[] = [];
  for await (const event of events) findingsOf(event, out);
  return out;
}

function findingsOf(event: SessionEvent, out: ReportedFinding[]): void {
  if ((event.type !== 'frame' && event.type !== 'http') || !event.findings?.length) return;
  const excerpt = excerptOf(event);
  for (const f of event.findings) out.push({ ...f, seq: event.seq, excerpt });
}

export function makeReport(subject: string, findings: ReportedFinding[], notes?: string[]): FindingsReport {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return { subject, findings, counts, ...(notes ? { notes } : {}) };
}

export const hasErrors = (report: FindingsReport): boolean => report.counts.error > 0;

function formatText(report: FindingsReport, line: (text: string) => string): string {
  const lines = (report.notes ?? []).map(line);
  for (const f of report.findings) {
    lines.push(`${f.severity.padEnd(7)} ${f.rule}  (${f.spec ?? 'mcpscope'})${f.seq ? `  seq ${f.seq}` : ''}`);
    lines.push(`        ${line(f.message)}`);
    if (f.quote) lines.push(`        spec: "${line(f.quote)}"`);
    if (f.excerpt) lines.push(`        ${line(f.excerpt)}`);
  }
  const { error, warning, info } = report.counts;
  lines.push(`${line(report.subject)}: ${error} error(s), ${warning} warning(s), ${info} info`);
  return lines.join('\n') + '\n';
}

const xml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string).replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD]/g, '');

/** JUnit: one testsuite, one testcase per finding (errors fail, warnings/info are skipped-with-message). */
function formatJUnit(report: FindingsReport): string {
  const cases = report.findings.map((f) => {
    const name = xml(`${f.rule}${f.seq ? ` @ seq ${f.seq}` : ''}`);
    const body = xml(`${f.message}\n${f.spec ?? ''}${f.quote ? `: "${f.quote}"` : ''}\n${f.excerpt}`);
    const inner =
      f.severity === 'error' ? `<failure message="${xml(f.message)}" type="${xml(f.rule)}">${body}</failure>` : `<system-out>${xml(f.severity)}: ${body}</system-out>`;
    return `    <testcase classname="mcpscope.${xml(f.rule)}" name="${name}">${inner}</testcase>`;
  });
  if (cases.length === 0) cases.push(`    <testcase classname="mcpscope" name="no findings"/>`);
  const tests = Math.max(1, report.findings.length);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpscope" tests="${tests}" failures="${report.counts.error}">`,
    `  <testsuite name="${xml(report.subject)}" tests="${tests}" failures="${report.counts.error}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/**
 * The report in one format. The text report is one line per field, and a message or note can
 * quote the server (a tool name, an error text): `line` is how the caller keeps such text on its
 * line (the CLI escapes newlines and control characters for the terminal).
 */
export function formatReport(report: FindingsReport, format: ReportFormat, line: (text: string) => string = (text) => text): string {
  if (format === 'json') return JSON.stringify(report, null, 2) + '\n';
  if (format === 'junit') return formatJUnit(report);
  return formatText(report, line);
}
