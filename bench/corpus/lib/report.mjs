// Turns the runs of each target into one row: what was negotiated, the findings (per run, by
// severity), the verdict on every error, the share of warnings that quote their spec sentence,
// and the timings; then renders the Markdown block written into bench/README.md.
import { finds, findingKey, hasQuote, judgeFinding } from './judge.mjs';
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

/** The findings of one run: `check`'s and, on an exercised target, `check --exercise`'s (tagged). */
const runFindings = (r) => [...(r.report?.findings ?? []), ...(r.exerciseReport?.findings ?? []).map((f) => ({ ...f, exercise: true }))];

export function summarizeTarget(target, runs, verdicts, sdk) {
  const ok = runs.filter((r) => r.report);
  const distinct = new Map();
  const errors = { total: 0, true: 0, false: 0, unjudged: 0, quoted: 0 };
  const warnings = { total: 0, true: 0, false: 0, unjudged: 0, quoted: 0 };
  for (const r of ok) {
    for (const f of runFindings(r)) {
      const key = `${f.exercise ? 'exercise ' : ''}${findingKey(f)}`;
      const seen = distinct.get(key) ?? {
        severity: f.severity,
        rule: f.rule,
        message: f.message,
        spec: f.spec,
        quoted: hasQuote(f),
        exercise: Boolean(f.exercise),
        runs: new Set(),
        perRun: 0,
      };
      seen.runs.add(r.run);
      seen.perRun++;
      distinct.set(key, seen);
      // Errors and warnings are claims about the server: each is judged (a finding by all its places).
      if (f.severity === 'info') continue;
      const tally = f.severity === 'error' ? errors : warnings;
      const { verdict, reason } = judgeFinding(verdicts, target, f);
      tally.total++;
      tally[verdict]++;
      if (hasQuote(f)) tally.quoted++;
      Object.assign(seen, { verdict, reason });
    }
  }
  const perRun = (sev, key = 'report') => {
    const done = ok.filter((r) => r[key]);
    return done.length ? median(done.map((r) => r[key].counts[sev] ?? 0)) : undefined;
  };
  // Recall: each known defect of this target (an `expected` verdict) found in each run that ran.
  const expected = verdicts.filter((v) => v.expected && v.server === target.server.id && v.transport === target.transport);
  const recall = {
    expected: expected.length * ok.length,
    found: expected.reduce((n, v) => n + ok.filter((r) => finds(v, runFindings(r))).length, 0),
  };
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
    ...(target.spec?.exercise
      ? {
          exercisePerRun: {
            error: perRun('error', 'exerciseReport'),
            warning: perRun('warning', 'exerciseReport'),
            info: perRun('info', 'exerciseReport'),
          },
        }
      : {}),
    errors: { ...errors, precision: errors.total ? errors.true / errors.total : null },
    warnings: { ...warnings, precision: warnings.total ? warnings.true / warnings.total : null },
    recall,
    findings: [...distinct.values()].map((d) => ({ ...d, runs: d.runs.size, perRun: d.perRun / Math.max(1, d.runs.size) })),
    checkMs: times(runs.map((r) => r.checkMs)),
    callMs: times(runs.map((r) => r.callMs)),
    exerciseMs: times(runs.map((r) => r.exerciseMs)),
    ...(failures.length ? { failures } : {}),
  };
}

export function totals(rows) {
  const sum = (f) => rows.reduce((a, r) => a + (f(r) ?? 0), 0);
  const tally = (key) => {
    const t = {
      total: sum((r) => r[key].total),
      true: sum((r) => r[key].true),
      false: sum((r) => r[key].false),
      unjudged: sum((r) => r[key].unjudged),
      quoted: sum((r) => r[key].quoted),
    };
    return { ...t, precision: t.total ? t.true / t.total : null };
  };
  const recall = { expected: sum((r) => r.recall?.expected), found: sum((r) => r.recall?.found) };
  return {
    targets: rows.length,
    servers: new Set(rows.map((r) => r.server)).size,
    exercised: rows.filter((r) => r.exercisePerRun).length,
    errors: tally('errors'),
    warnings: tally('warnings'),
    recall: { ...recall, rate: recall.expected ? recall.found / recall.expected : null },
    failedRuns: sum((r) => r.failures?.length ?? 0),
  };
}

/** Masks what differs between runs (ports, session ids) so the same finding groups together. */
const maskMessage = (m) => m.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'ID');

const pct = (p) => (p === null ? '—' : `${Math.round(p * 100)} %`);
const cell = (s) =>
  String(s ?? '—')
    .replace(/\|/g, '\\|')
    .replace(/\s+/g, ' ');

export function markdown(report) {
  const t = report.totals;
  const head = [
    `Latest run: ${report.date.slice(0, 10)}, ${report.runs} runs per target, interleaved; ${report.machine.cpus} × ${report.machine.cpu}, load ${report.machine.loadavg.join(' ')}; Node ${report.node}; CLI \`${report.cliLabel}\`; wall time ${Math.round(report.wallMs / 1000)} s. Raw: [results/${report.file}](results/${report.file}).`,
    '',
    `**${t.servers} servers, ${t.targets} server × transport targets (${t.exercised} also with \`check --exercise\`). Error findings (all runs): ${t.errors.total}, of them false: ${t.errors.false}, unjudged: ${t.errors.unjudged}; precision ${pct(t.errors.precision)}. Warnings: ${t.warnings.total}, false: ${t.warnings.false}, unjudged: ${t.warnings.unjudged}; precision ${pct(t.warnings.precision)}. Known defects found (recall): ${t.recall.found} of ${t.recall.expected} (${pct(t.recall.rate)}). Spec sentence quoted by ${t.errors.quoted} of ${t.errors.total} errors and ${t.warnings.quoted} of ${t.warnings.total} warnings.${t.failedRuns ? ` Failed runs: ${t.failedRuns}.` : ''}**`,
    '',
    '| server | version | SDK | protocol | transport | tools | E / W / I per run | `--exercise` E / W / I | false E / W | unjudged E / W | recall | W quoted | `check` ms | `check --exercise` ms | `tools/list` ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = report.targets.map((r) => {
    const ms = (s) => (s ? `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : '—');
    const transport = r.connected && r.connected !== r.transport ? `${r.transport} (${r.connected})` : r.transport;
    const counts = (c) => (c && c.error !== undefined ? `${c.error} / ${c.warning} / ${c.info}` : '—');
    const sev = r.runsOk ? counts(r.perRun) : 'failed';
    const fails = r.failures ? ` ⚠ ${r.failures.length} failed` : '';
    const recall = r.recall?.expected ? `${r.recall.found}/${r.recall.expected}` : '—';
    return `| ${cell(r.server.replace(/-[\d.]+$/, ''))} | ${cell(r.version)} | ${cell(r.sdk)} | ${cell(r.protocol)} | ${cell(transport)} | ${cell(r.tools)} | ${sev}${fails} | ${counts(r.exercisePerRun)} | ${r.errors.false} / ${r.warnings.false ?? 0} | ${r.errors.unjudged} / ${r.warnings.unjudged ?? 0} | ${recall} | ${r.warnings.quoted}/${r.warnings.total} | ${ms(r.checkMs)} | ${ms(r.exerciseMs)} | ${ms(r.callMs)} |`;
  });
  // One line per kind of error (verdict, rule, message with ports/ids masked), naming its targets.
  const kinds = new Map();
  for (const r of report.targets) {
    for (const f of r.findings.filter((x) => x.severity === 'error')) {
      const message = maskMessage(f.message);
      const key = `${f.verdict} ${f.rule} ${message}`;
      const kind = kinds.get(key) ?? { f, message, where: [] };
      kind.where.push(`${r.target}${f.exercise ? ' (exercise)' : ''} ${f.runs}/${r.runsOk}`);
      kinds.set(key, kind);
    }
  }
  const list = kinds.size
    ? [
        '',
        'Error findings by kind (ports, session ids masked; `n/m` = in n of m runs) and their verdicts:',
        '',
        '| verdict | rule | message | targets | reason |',
        '| --- | --- | --- | --- | --- |',
        ...[...kinds.values()].map(
          ({ f, message, where }) =>
            `| ${f.verdict === 'false' ? '**false**' : f.verdict} | ${cell(f.rule)} | ${cell(message)} | ${cell(where.join(', '))} | ${cell(f.reason)} |`,
        ),
      ]
    : [];
  // Warnings by rule and message: their verdict, and whether each carries its spec sentence (`quote`).
  const warnKinds = new Map();
  for (const r of report.targets) {
    for (const f of r.findings.filter((x) => x.severity === 'warning')) {
      const message = maskMessage(f.message);
      const key = `${f.verdict} ${f.rule} ${message}`;
      const kind = warnKinds.get(key) ?? { f, message, where: [], quoted: true };
      kind.where.push(`${r.target}${f.exercise ? ' (exercise)' : ''} ${f.runs}/${r.runsOk}`);
      kind.quoted &&= f.quoted;
      warnKinds.set(key, kind);
    }
  }
  const warns = warnKinds.size
    ? [
        '',
        'Warnings by kind and their verdicts:',
        '',
        '| verdict | rule | spec | message | targets | spec sentence quoted | reason |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...[...warnKinds.values()].map(
          ({ f, message, where, quoted }) =>
            `| ${f.verdict === 'false' ? '**false**' : f.verdict} | ${cell(f.rule)} | ${cell(f.spec)} | ${cell(message)} | ${cell(where.join(', '))} | ${quoted ? 'yes' : '**no**'} | ${cell(f.reason)} |`,
        ),
      ]
    : [];
  return [...head, ...rows, ...list, ...warns].join('\n');
}
