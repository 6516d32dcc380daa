import type { Finding, SessionEvent, Severity } from '@mcpscope/protocol';

/** One finding as reported by `mcpscope lint` / `check`: where it was found and a short excerpt. */
export interface ReportedFinding extends Finding {
  /** The event's seq (0 for a finding that belongs to no event, e.g. an HTTP probe). */
  seq: number;
  excerpt: string;
  /** In a report: how many times the rule found it (every frame, every listing). */
  count?: number;
  /** In a report: each distinct thing found (by message), with the seqs where it was found. */
  places?: FindingPlace[];
  /** Occurrences past the cap of listed places: counted, not listed. */
  placesLeftOff?: number;
}

/** One thing a rule found, and where: the first seqs it was found at (0: no frame of its own). */
export interface FindingPlace {
  message: string;
  seqs: number[];
  excerpt: string;
}

export interface FindingsReport {
  /** What was checked: a trace file or a server target. */
  subject: string;
  /** One per rule (the defect), with its count and places. */
  findings: ReportedFinding[];
  counts: Record<Severity, number>;
  /** Extra lines for the text report (what `check` exercised). */
  notes?: string[];
  /**
   * `check`: the server went away in `step` (`midRequest`: with its request unanswered;
   * `crashed`: that, with a non-zero exit code or a signal: the server-exited-mid-request error).
   */
  serverExit?: { step: string; how: string; midRequest: boolean; crashed: boolean };
  /** `check`: the steps not run because the server had gone away, in order. */
  skipped?: string[];
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
  if (event.type === 'frame')
    return clip(`${event.channel === 'app' ? 'app ' : ''}${event.dir === 'out' ? '→' : '←'} ${event.raw ?? JSON.stringify(event.msg)}`);
  if (event.type === 'http') return clip(`${event.method} ${event.url} → ${event.status ?? '…'}`);
  if (event.type === 'span') return clip(`span ${event.span.name}${event.span.service ? ` (${event.span.service})` : ''}`);
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
  if ((event.type !== 'frame' && event.type !== 'http' && event.type !== 'span') || !event.findings?.length) return;
  const excerpt = excerptOf(event);
  for (const f of event.findings) out.push({ ...f, seq: event.seq, excerpt });
}

/** Places listed per finding, and seqs per place (the count goes on past both). */
const MAX_PLACES = 50;
const MAX_SEQS = 20;

/**
 * One finding per defect (rule and the spec text it quotes): a rule that fires on every tool, on
 * both listings or on every notification makes one finding with its count and its places (each
 * distinct message once, with the seqs it was found at), in the order first found.
 */
export function groupFindings(findings: readonly ReportedFinding[]): ReportedFinding[] {
  const groups = new Map<string, { first: ReportedFinding; count: number; places: Map<string, FindingPlace>; leftOff: number }>();
  for (const f of findings) {
    const key = JSON.stringify([f.rule, f.severity, f.spec ?? '', f.quote ?? '']);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { first: f, count: 0, places: new Map(), leftOff: 0 }));
    group.count += f.count ?? 1;
    for (const p of f.places ?? [{ message: f.message, seqs: [f.seq], excerpt: f.excerpt }]) {
      const place = group.places.get(p.message);
      if (place) {
        for (const seq of p.seqs) if (place.seqs.length < MAX_SEQS && !place.seqs.includes(seq)) place.seqs.push(seq);
      } else if (group.places.size < MAX_PLACES)
        group.places.set(p.message, { message: p.message, seqs: p.seqs.slice(0, MAX_SEQS), excerpt: p.excerpt });
      else group.leftOff++;
    }
    group.leftOff += f.placesLeftOff ?? 0;
  }
  return [...groups.values()].map(({ first, count, places, leftOff }) => {
    const list = [...places.values()];
    const more = list.length - 1 + leftOff;
    const message = more > 0 ? `${list[0].message} (and ${more} more like it)` : list[0].message;
    const { places: _p, placesLeftOff: _l, ...rest } = first;
    return {
      ...rest,
      message,
      seq: list[0].seqs[0] ?? first.seq,
      excerpt: list[0].excerpt,
      count,
      places: list,
      ...(leftOff > 0 ? { placesLeftOff: leftOff } : {}),
    };
  });
}

/** A report's findings one per place again (each with its first seq and excerpt): what was found, item by item. */
export function findingPlaces(findings: readonly ReportedFinding[]): ReportedFinding[] {
  return findings.flatMap((f) => {
    const { places, count: _c, placesLeftOff: _l, ...rest } = f;
    return (places ?? [{ message: f.message, seqs: [f.seq], excerpt: f.excerpt }]).map((p) => ({
      ...rest,
      message: p.message,
      seq: p.seqs[0] ?? 0,
      excerpt: p.excerpt,
    }));
  });
}

export function makeReport(subject: string, findings: ReportedFinding[], notes?: string[]): FindingsReport {
  const grouped = groupFindings(findings);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of grouped) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return { subject, findings: grouped, counts, ...(notes ? { notes } : {}) };
}

export const hasErrors = (report: FindingsReport): boolean => report.counts.error > 0;

const seqsText = (seqs: number[]) => (seqs.some((s) => s > 0) ? `  seq ${seqs.filter((s) => s > 0).join(', ')}` : '');

function formatText(report: FindingsReport, line: (text: string) => string): string {
  const lines = (report.notes ?? []).map(line);
  for (const f of report.findings) {
    const places = f.places ?? [{ message: f.message, seqs: [f.seq], excerpt: f.excerpt }];
    const count = (f.count ?? 1) > 1 ? `  ×${f.count}` : '';
    lines.push(
      `${f.severity.padEnd(7)} ${f.rule}  (${f.spec ?? 'mcpscope'})${places.length === 1 ? seqsText(places[0].seqs) : ''}${count}`,
    );
    if (places.length === 1) lines.push(`        ${line(places[0].message)}`);
    else {
      lines.push(`        ${places.length + (f.placesLeftOff ?? 0)} places:`);
      for (const p of places) lines.push(`        - ${line(p.message)}${seqsText(p.seqs)}`);
      if (f.placesLeftOff) lines.push(`        - … ${f.placesLeftOff} more not listed`);
    }
    if (f.quote) lines.push(`        spec: "${line(f.quote)}"`);
    if (places.length === 1 && places[0].excerpt) lines.push(`        ${line(places[0].excerpt)}`);
  }
  if (report.skipped?.length) {
    lines.push(
      `skipped: ${report.skipped.length} step(s) not run, the server had gone away (${line(report.serverExit?.step ?? 'during the check')}):`,
    );
    for (const step of report.skipped) lines.push(`        ${line(step)}`);
  }
  const { error, warning, info } = report.counts;
  const skipped = report.skipped?.length ? `, ${report.skipped.length} step(s) skipped` : '';
  lines.push(`${line(report.subject)}: ${error} error(s), ${warning} warning(s), ${info} info${skipped}`);
  return `${lines.join('\n')}\n`;
}

const xml = (s: string): string =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string)
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD]/g, '');

/**
 * JUnit: one testsuite, one testcase per finding (errors fail, warnings/info are
 * skipped-with-message; the places of a finding in its body), and one skipped testcase per step
 * `check` could not run because the server had gone away.
 */
function formatJUnit(report: FindingsReport): string {
  const cases = report.findings.map((f) => {
    const name = xml(`${f.rule}${f.seq ? ` @ seq ${f.seq}` : ''}`);
    const places = (f.places?.length ?? 0) > 1 ? `\n${f.places!.map((p) => `- ${p.message}${seqsText(p.seqs)}`).join('\n')}` : '';
    const body = xml(`${f.message}${places}\n${f.spec ?? ''}${f.quote ? `: "${f.quote}"` : ''}\n${f.excerpt}`);
    const inner =
      f.severity === 'error'
        ? `<failure message="${xml(f.message)}" type="${xml(f.rule)}">${body}</failure>`
        : `<system-out>${xml(f.severity)}: ${body}</system-out>`;
    return `    <testcase classname="mcpscope.${xml(f.rule)}" name="${name}">${inner}</testcase>`;
  });
  for (const step of report.skipped ?? []) {
    cases.push(
      `    <testcase classname="mcpscope.skipped" name="${xml(step)}"><skipped message="${xml(`not run: the server had gone away (${report.serverExit?.step ?? 'during the check'})`)}"/></testcase>`,
    );
  }
  if (cases.length === 0) cases.push(`    <testcase classname="mcpscope" name="no findings"/>`);
  const tests = Math.max(1, cases.length);
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
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') return formatJUnit(report);
  return formatText(report, line);
}
