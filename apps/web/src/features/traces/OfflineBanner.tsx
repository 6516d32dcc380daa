import { OFFLINE_REASON, isOffline } from '../../lib/capabilities';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/** Under the status bar for a session opened from a trace: read-only, plus what opening it noticed. */
export function OfflineBanner() {
  const id = useValue(activeSessionStore);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === id));
  if (!session || !isOffline(session)) return null;
  return (
    <div className="shrink-0 border-b border-line bg-raised px-2 py-1 text-xs" data-testid="offline-banner" role="status">
      <span className="text-muted">
        Offline trace — {OFFLINE_REASON}: every view shows what was recorded (lists from the last recorded tools/list, resources/list,
        prompts/list); actions that send requests are disabled.
      </span>
      {session.warnings?.map((w) => (
        <div key={w} data-testid="trace-warning" className="text-warn">
          ⚠ {w}
        </div>
      ))}
    </div>
  );
}
