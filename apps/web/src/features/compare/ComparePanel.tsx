import { Fragment } from 'react';
import { formatDuration } from '../../lib/format';
import { markExpected } from '../../lib/expectedMarks';
import { DiffList, IgnoredList } from '../../ui/DiffList';
import { ExpectedMarksBar } from '../../ui/ExpectedMarksBar';
import { EmptyState } from '../../ui/EmptyState';
import { formatDelta, SOURCE_GROUPS, type CompareRow, type SourceOption, type UnmatchedRow } from './compareModel';
import { useCompareModel, type CompareModel } from './useCompareModel';

export function ComparePanel() {
  const m = useCompareModel();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex shrink-0 flex-wrap items-end gap-2 border-b border-line p-2 text-xs">
        <SourcePicker label="Left (recorded)" testId="compare-left" value={m.left} onChange={m.setLeft} options={m.options} />
        <SourcePicker label="Right (live)" testId="compare-right" value={m.right} onChange={m.setRight} options={m.options} />
        <label className="flex min-w-[220px] flex-1 flex-col gap-0.5">
          <span className="label">Also ignore (comma separated)</span>
          <input
            className="input h-7"
            data-testid="compare-ignore"
            placeholder="$.result.content[0].text or /result/content/*/text"
            value={m.ignore}
            onChange={(e) => m.setIgnore(e.target.value)}
          />
        </label>
        <label
          className="flex h-7 items-center gap-1 text-[11px] text-muted"
          title="Timestamps and generated ids inside text, task ids, file:// roots and per-run keys (id, _meta, createdAt…): ignored and listed as ignored. Off: compare everything."
        >
          <input type="checkbox" checked={m.defaults} onChange={(e) => m.setDefaults(e.target.checked)} data-testid="compare-defaults" />
          ignore what is expected to differ
        </label>
        <button className="btn btn-primary h-7 px-3" data-testid="compare-run" disabled={!m.canRun} onClick={m.run}>
          {m.pending ? 'Comparing…' : 'Compare'}
        </button>
        <button className="btn h-7 px-2" onClick={m.refreshTraces} title="Reload the list of traces">
          ↻
        </button>
      </div>
      {m.error && (
        <div className="border-b border-line bg-danger/5 px-2 py-1 text-xs text-danger" role="alert">
          {m.error.message}
        </div>
      )}
      <div className="flex min-h-0 flex-1 flex-col overflow-auto">{m.view ? <Result m={m} /> : <CompareEmpty m={m} />}</div>
    </div>
  );
}

function SourcePicker({
  label,
  testId,
  value,
  onChange,
  options,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (v: string) => void;
  options: SourceOption[];
}) {
  return (
    <label className="flex min-w-[200px] flex-col gap-0.5">
      <span className="label">{label}</span>
      <select className="input h-7" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {SOURCE_GROUPS.map((group) => {
          const members = options.filter((o) => o.group === group);
          return members.length === 0 ? null : (
            <optgroup key={group} label={group}>
              {members.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
    </label>
  );
}

function CompareEmpty({ m }: { m: CompareModel }) {
  if (m.options.length === 0 && !m.loadingTraces) {
    return (
      <EmptyState title="Nothing to compare yet" testId="compare-empty">
        Compare puts two recordings side by side, request by request. Connect a server (every session is recorded to a trace), or upload a
        trace in Traces; then pick them here.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="Pick two sources to compare" testId="compare-empty">
      Choose a recorded trace or session on the left and a live session (or another trace) on the right, then press Compare. Each request is
      matched with its counterpart; differing results and latencies are flagged. Ignore paths such as
      <code className="mx-1 font-mono">$.result.meta.time</code> hide values that always change.
    </EmptyState>
  );
}

function Result({ m }: { m: CompareModel }) {
  const v = m.view!;
  return (
    <div className="p-2 text-xs">
      <div className={`mb-1 font-medium ${v.same ? 'text-ok' : 'text-warn'}`} data-testid="compare-summary" data-same={v.same}>
        {v.summary}
      </div>
      <div className="mb-2">
        <ExpectedMarksBar pair={m.pair} global={m.markGlobal} setGlobal={m.setMarkGlobal} />
      </div>
      <table className="w-full border-collapse font-mono text-[11px]">
        <thead className="text-left text-muted">
          <tr className="border-b border-line">
            <th className="px-1 py-0.5">method</th>
            <th className="px-1">params</th>
            <th className="px-1">#left</th>
            <th className="px-1">#right</th>
            <th className="px-1 text-right">left</th>
            <th className="px-1 text-right">right</th>
            <th className="px-1 text-right">Δ</th>
          </tr>
        </thead>
        <tbody>
          {v.rows.map((r) => (
            <MatchedRow key={r.key} row={r} onMark={(path) => markExpected(m.markGlobal ? null : m.pair, r.label, path)} />
          ))}
        </tbody>
      </table>
      <Unmatched title="Only on the left" side="left" rows={v.onlyLeft} />
      <Unmatched title="Only on the right" side="right" rows={v.onlyRight} />
    </div>
  );
}

function MatchedRow({ row: r, onMark }: { row: CompareRow; onMark: (path: string) => void }) {
  const ms = (x?: number) => (x === undefined ? '—' : formatDuration(x));
  return (
    <Fragment>
      <tr
        data-testid="compare-row"
        data-method={r.method}
        data-same={r.same}
        className={`border-b border-line/50 ${r.same ? '' : 'bg-warn/5'}`}
      >
        <td className="max-w-[280px] truncate px-1 py-0.5" title={r.label} data-testid="compare-row-label">
          {r.same ? '✓' : '≠'} {r.label}
        </td>
        <td className="max-w-[320px] truncate px-1 text-muted" title={r.params}>
          {r.params}
        </td>
        <td className="px-1 tabular-nums">{r.leftSeq}</td>
        <td className="px-1 tabular-nums">{r.rightSeq}</td>
        <td className="px-1 text-right tabular-nums">{ms(r.leftMs)}</td>
        <td className="px-1 text-right tabular-nums">{ms(r.rightMs)}</td>
        <td className={`px-1 text-right tabular-nums ${(r.deltaMs ?? 0) > 0 ? 'text-warn' : 'text-ok'}`}>{formatDelta(r.deltaMs)}</td>
      </tr>
      {(r.differences.length > 0 || r.ignored.length > 0) && (
        <tr>
          <td colSpan={7} className="px-4 pb-1">
            {r.differences.length > 0 && <DiffList differences={r.differences} onMark={onMark} />}
            <IgnoredList ignored={r.ignored} testId="compare-ignored" />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function Unmatched({ title, side, rows }: { title: string; side: string; rows: UnmatchedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="mt-3">
      <div className="section-title">
        {title} ({rows.length})
      </div>
      {rows.map((r) => (
        <div key={r.key} data-testid={`compare-only-${side}`} data-method={r.method} className="flex gap-2 px-1 font-mono text-[11px]">
          <span>#{r.seq}</span>
          <span className="max-w-[50%] truncate" title={r.label}>
            {r.label}
          </span>
          <span className="truncate text-muted">{r.params}</span>
        </div>
      ))}
    </div>
  );
}
