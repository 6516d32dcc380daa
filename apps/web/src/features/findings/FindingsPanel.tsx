import { useState } from 'react';
import type { Severity } from '@mcpscope/protocol';
import { MAX_FINDING_RECORDS } from '../../lib/findingsLog';
import { formatCount } from '../../lib/format';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FindingsEmpty } from './FindingsEmpty';
import { SEVERITIES, type FindingGroup } from './findingsIndex';
import { EmptyState } from '../../ui/EmptyState';
import { useFindingsModel, type FindingsModel } from './useFindingsModel';

const SEVERITY_STYLE: Record<Severity, string> = {
  error: 'bg-danger/15 text-danger',
  warning: 'bg-warn/15 text-warn',
  info: 'bg-accent/15 text-accent',
};

/** Every spec finding of the active session, grouped by rule; a click shows the frame. */
export function FindingsPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useFindingsModel(sessionId);
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="findings-empty">
        <p>
          Connect to a server (or start the demo) in the sidebar, or open a trace: every frame is checked against the MCP spec, and what
          breaks a rule is listed here.
        </p>
      </EmptyState>
    );
  }
  const total = m.counts.error + m.counts.warning + m.counts.info;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="findings-panel">
      <div className="flex items-center gap-2 border-b border-line bg-panel px-2 py-1 text-[12px]">
        <span className="text-muted">Show</span>
        {SEVERITIES.map((s) => (
          <label key={s} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={m.severities.has(s)}
              onChange={() => m.toggleSeverity(s)}
              data-testid={`findings-filter-${s}`}
            />
            {s} <span className="text-muted">({m.counts[s]})</span>
          </label>
        ))}
      </div>
      {m.unseenOnDisk > 0 && (
        <p className="border-b border-line bg-warn/10 px-2 py-1 text-[12px]" data-testid="findings-unseen">
          This page joined the session after {formatCount(m.unseenOnDisk)} frames (they are on disk): their findings are not listed here.
          The Frames tab shows every frame.
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-auto p-2">
        {m.groups.length === 0 && <FindingsEmpty hidden={total} partial={m.unseenOnDisk > 0} />}
        {m.groups.map((g) => (
          <Group key={g.rule} group={g} m={m} />
        ))}
        {m.notListed > 0 && (
          <p className="mt-1 text-[12px] text-muted" data-testid="findings-not-listed">
            {formatCount(m.notListed)} more frame{m.notListed === 1 ? '' : 's'} with findings not listed (counted above; the list keeps the
            first {formatCount(MAX_FINDING_RECORDS)}).
          </p>
        )}
      </div>
    </div>
  );
}

function Group({ group: g, m }: { group: FindingGroup; m: FindingsModel }) {
  const [open, setOpen] = useState(g.severity === 'error');
  return (
    <section className="mb-2 rounded border border-line" data-testid="finding-group" data-rule={g.rule} data-severity={g.severity}>
      <button
        type="button"
        className="flex w-full items-center gap-2 bg-panel px-2 py-1 text-left text-[12px]"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        <span className={`rounded-sm px-1 text-[11px] font-semibold ${SEVERITY_STYLE[g.severity]}`}>{g.severity}</span>
        <code className="font-semibold">{g.rule}</code>
        <span className="rounded-full bg-line px-1.5 text-[11px]" data-testid="finding-count">
          {g.items.length}
        </span>
        <span className="ml-auto font-mono text-[11px] text-muted" data-testid="finding-spec">
          {g.spec}
        </span>
      </button>
      {open && (
        <div className="border-t border-line px-2 py-1 text-[12px]">
          {g.description && <p className="mb-1 text-muted">{g.description}</p>}
          {g.quote && (
            <blockquote className="mb-1 border-l-2 border-line pl-2 text-muted italic" data-testid="finding-quote">
              “{g.quote}” <span className="not-italic font-mono text-[11px] text-subtle">({g.spec})</span>
            </blockquote>
          )}
          <ul>
            {g.items.map((item, i) => (
              <li key={`${item.seq}-${i}`}>
                <button
                  type="button"
                  className="w-full rounded px-1 py-0.5 text-left hover:bg-hover"
                  onClick={() => m.open(item)}
                  data-testid="finding-item"
                  data-seq={item.seq}
                  data-index={item.index}
                  title={
                    item.source === 'frame'
                      ? 'Show this frame'
                      : item.source === 'span'
                        ? 'Show the server spans'
                        : 'Show the Console (HTTP exchange)'
                  }
                >
                  <span className="mr-2 font-mono text-muted">#{item.seq}</span>
                  {item.message}
                  <span className="block truncate font-mono text-[11px] text-subtle">{item.excerpt}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
