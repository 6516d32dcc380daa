import { formatClock } from '../../../lib/format';
import type { HostLogEntry } from './hostLog';

const TONE: Record<HostLogEntry['kind'], string> = {
  message: 'text-accent',
  'model-context': 'text-accent',
  log: 'text-muted',
  link: 'text-fg',
  warning: 'text-warn',
  info: 'text-muted',
};

/** The app view's side log: ui/message, ui/update-model-context, logs, link requests, warnings. */
export function AppHostLog({ entries }: { entries: readonly HostLogEntry[] }) {
  return (
    <div
      className="max-h-36 shrink-0 overflow-auto border-t border-line bg-panel text-[11px]"
      data-testid="app-host-log"
      aria-label="App host log"
    >
      <div className="sticky top-0 bg-panel px-2 py-0.5 font-semibold text-muted">
        Host log{entries.length > 0 ? ` (${entries.length})` : ''}
        <span className="ml-2 font-normal text-subtle">
          what the app asked of the host; the full conversation is in the Frames tab (filter channel:app)
        </span>
      </div>
      {entries.length === 0 && <div className="px-2 pb-1 text-subtle">Nothing yet.</div>}
      <ul>
        {entries.map((e) => (
          <li key={e.id} className="flex gap-2 px-2 py-0.5" data-testid="app-host-log-entry" data-kind={e.kind}>
            <span className="shrink-0 font-mono text-subtle tabular-nums">{formatClock(e.at)}</span>
            <span className={`shrink-0 font-mono ${TONE[e.kind]}`}>{e.title}</span>
            <span className="min-w-0 break-words whitespace-pre-wrap">{e.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
