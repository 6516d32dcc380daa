// Verdicts on error findings, kept in corpus/verdicts.json so that reruns are judged without a
// person: the first verdict whose server, transport, rule and message pattern all match wins.
// `server`/`transport` may be "*"; `match` is a regular expression tested against the message.
import { readFileSync } from 'node:fs';

export function loadVerdicts(file) {
  const { verdicts } = JSON.parse(readFileSync(file, 'utf8'));
  return verdicts.map((v) => ({ ...v, re: new RegExp(v.match) }));
}

/** 'true' (the server breaks the MUST or SHOULD the finding cites), 'false' (mcpscope is wrong) or 'unjudged'. */
export function judge(verdicts, target, finding) {
  for (const v of verdicts) {
    if (!v.rule) continue;
    if (v.server !== '*' && v.server !== target.server.id) continue;
    if (v.transport !== '*' && v.transport !== target.transport) continue;
    if (v.rule !== finding.rule || !v.re.test(finding.message)) continue;
    return { verdict: v.verdict, reason: v.reason };
  }
  return { verdict: 'unjudged', reason: '' };
}

/**
 * A report's finding is one per rule with its places (each distinct message): each place is
 * judged, and the finding is false if any place is, else unjudged if any is, else true.
 */
export function judgeFinding(verdicts, target, finding) {
  const messages = (finding.places ?? [finding.message]).map((p) => (typeof p === 'string' ? p : p.message));
  const judged = messages.map((message) => judge(verdicts, target, { ...finding, message }));
  return judged.find((j) => j.verdict === 'false') ?? judged.find((j) => j.verdict === 'unjudged') ?? judged[0];
}

/** Whether a run's findings hold what an `expected` verdict describes (its rule and message pattern). */
export const finds = (verdict, findings) =>
  findings.some(
    (f) => f.rule === verdict.rule && (f.places ?? [f.message]).some((p) => verdict.re.test(typeof p === 'string' ? p : p.message)),
  );

/** A finding's identity across runs: its rule and message with run-specific numbers masked. */
export const findingKey = (f) => `${f.severity} ${f.rule} ${f.message.replace(/127\.0\.0\.1:\d+/g, 'HOST').replace(/\b\d{2,}\b/g, 'N')}`;

/** Whether a finding carries the spec sentence it enforces (the `quote` field, when present). */
export const hasQuote = (f) => typeof f.quote === 'string' && f.quote.trim().length > 0;
