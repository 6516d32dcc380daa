// Turns the runs of each target into one row: what was negotiated, the findings (per run, by
// severity), the verdict on every error, the share of warnings that quote their spec sentence,
// and the timings; then renders the Markdown block written into bench/README.md.
import { findingKey, hasQuote, judge } from './judge.mjs';
import { median, stat } from '../../lib/stats.mjs';

const mode = (xs) => {
  const counts = new Map();
  for (const x of xs) if (x !== undefined) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

const times = (xs) => {
  const ms = xs.filter((x) => typeof x === 'number');
  return ms.length ? stat(ms) : null;
};

export function summarizeTarget(target, runs, verdicts, sdk) {
  const ok = runs.filter((r) => r.report);
  const distinct = new Map();
  const errors = { total: 0, true: 0, false: 0, unjudged: 0, quoted: 0 };
  const warnings = { total: 0, quoted: 0 };
  for (const r of ok) {
    for (const f of r.report.findings) {
      const key = findingKey(f);
      const seen = distinct.get(key) ?? { severity: f.severity, rule: f.rule, message: f.message, spec: f.spec, quoted: hasQuote(f), runs: new Set(), perRun: 0 };
      seen.runs.add(r.run);
      seen.perRun++;
      distinct.set(key, seen);
      if (f.severity === 'error') {
        const { verdict, reason } = judge(verdicts, target, f);
        errors.total++;
        errors[verdict]++;
        if (hasQuote(f)) errors.quoted++;
        Object.assign(seen, { verdict, reason });
      } else if (f.severity === 'warning') {
        warnings.total++;
        if (hasQuote(f)) warnings.quoted++;
      }
    }
  }
  const perRun = (sev) => (ok.length ? median(ok.map((r) => r.report.counts[sev] ?? 0)) : undefined);
  const failures = runs.filter((r) => r.failure).map((r) => ({ run: r.run, failure: r.failure }));
  return {
    target: target.id,
    server: target.server.id,
    package: target.server.package,
    version: target.server.version,
    sdk,
    transport: target.transport,
    connected: mode(ok.map((r) => r.connected?.transport)),
    protocol: mode(ok.map((r) => r.connected?.protocol)),
    era: mode(ok.map((r) => r.connected?.era)),
    tools: mode(runs.map((r) => r.tools)),
    runsOk: ok.length,
    runs: runs.length,
    perRun: { error: perRun('error'), warning: perRun('warning'), info: perRun('info') },
    errors: { ...errors, precision: errors.total ? errors.true / errors.total : null },
    warnings,
    findings: [...distinct.values()].map((d) => ({ ...d, runs: d.runs.size, perRun: d.perRun / Math.max(1, d.runs.size) })),
    checkMs: times(runs.map((r) => r.checkMs)),
    callMs: times(runs.map((r) => r.callMs)),
    ...(failures.length ? { failures } : {}),
  };
}

export function totals(rows) {
  const sum = (f) => rows.reduce((a, r) => a + f(r), 0);
  const errors = { total: sum((r) => r.errors.total), true: sum((r) => r.errors.true), false: sum((r) => r.errors.false), unjudged: sum((r) => r.errors.unjudged), quoted: sum((r) => r.errors.quoted) };
  return {
    targets: rows.length,
    servers: new Set(rows.map((r) => r.server)).size,
    errors: { ...errors, precision: errors.total ? errors.true / errors.total : null },
    warnings: { total: sum((r) => r.warnings.total), quoted: sum((r) => r.warnings.quoted) },
    failedRuns: sum((r) => r.failures?.length ?? 0),
  };
}

/** Masks what differs between runs (ports, session ids) so the same finding groups together. */
const maskMessage = (m) => m.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'ID');

const pct = (p) => (p === null ? '—' : `${Math.round(p * 100)} %`);
const cell = (s) => String(s ?? '—').replace(/\|/g, '\\|').replace(/\s+/g, ' ');

export function markdown(report) {
  const t = report.totals;
  const head = [
    `Latest run: ${report.date.slice(0, 10)}, ${report.runs} runs per target, interleaved; ${report.machine.cpus} × ${report.machine.cpu}, load ${report.machine.loadavg.join(' ')}; Node ${report.node}; CLI \`${report.cliLabel}\`; wall time ${Math.round(report.wallMs / 1000)} s. Raw: [results/${report.file}](results/${report.file}).`,
    '',
    `**${t.servers} servers, ${t.targets} server × transport targets. Error findings (all runs): ${t.errors.total}, of them false: ${t.errors.false}, unjudged: ${t.errors.unjudged}; precision ${pct(t.errors.precision)}. Spec sentence quoted by ${t.errors.quoted} of ${t.errors.total} errors and ${t.warnings.quoted} of ${t.warnings.total} warnings.${t.failedRuns ? ` Failed runs: ${t.failedRuns}.` : ''}**`,
    '',
    '| server | version | SDK | protocol | transport | tools | E / W / I per run | false E | unjudged E | precision | W quoted | `check` ms | `tools/list` ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = report.targets.map((r) => {
    const ms = (s) => (s ? `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : '—');
    const transport = r.connected && r.connected !== r.transport ? `${r.transport} (${r.connected})` : r.transport;
    const sev = r.runsOk ? `${r.perRun.error} / ${r.perRun.warning} / ${r.perRun.info}` : 'failed';
    const fails = r.failures ? ` ⚠ ${r.failures.length} failed` : '';
    return `| ${cell(r.server.replace(/-[\d.]+$/, ''))} | ${cell(r.version)} | ${cell(r.sdk)} | ${cell(r.protocol)} | ${cell(transport)} | ${cell(r.tools)} | ${sev}${fails} | ${r.errors.false} | ${r.errors.unjudged} | ${pct(r.errors.precision)} | ${r.warnings.quoted}/${r.warnings.total} | ${ms(r.checkMs)} | ${ms(r.callMs)} |`;
  });
  // One line per kind of error (verdict, rule, message with ports/ids masked), naming its targets.
  const kinds = new Map();
  for (const r of report.targets) {
    for (const f of r.findings.filter((x) => x.severity === 'error')) {
      const message = maskMessage(f.message);
      const key = `${f.verdict} ${f.rule} ${message}`;
      const kind = kinds.get(key) ?? { f, message, where: [] };
      kind.where.push(`${r.target} ${f.runs}/${r.runsOk}`);
      kinds.set(key, kind);
    }
  }
  const list = kinds.size
    ? ['', 'Error findings by kind (ports, session ids masked; `n/m` = in n of m runs) and their verdicts:', '', '| verdict | rule | message | targets | reason |', '| --- | --- | --- | --- | --- |',
       ...[...kinds.values()].map(({ f, message, where }) => `| ${f.verdict === 'false' ? '**false**' : f.verdict} | ${cell(f.rule)} | ${cell(message)} | ${cell(where.join(', '))} | ${cell(f.reason)} |`)]
    : [];
  // Warnings by rule and message: whether each carries its spec sentence (`quote`).
  const warnKinds = new Map();
  for (const r of report.targets) {
    for (const f of r.findings.filter((x) => x.severity === 'warning')) {
      const message = maskMessage(f.message);
      const kind = warnKinds.get(`${f.rule} ${message}`) ?? { f, message, targets: 0, quoted: true };
      kind.targets++;
      kind.quoted &&= f.quoted;
      warnKinds.set(`${f.rule} ${message}`, kind);
    }
  }
  const warns = warnKinds.size
    ? ['', 'Warnings by kind:', '', '| rule | spec | message | targets | spec sentence quoted |', '| --- | --- | --- | --- | --- |',
       ...[...warnKinds.values()].map(({ f, message, targets, quoted }) => `| ${cell(f.rule)} | ${cell(f.spec)} | ${cell(message)} | ${targets} | ${quoted ? 'yes' : '**no**'} |`)]
    : [];
  return [...head, ...rows, ...list, ...warns].join('\n');
}
