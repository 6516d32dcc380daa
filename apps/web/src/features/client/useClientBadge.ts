import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/** The Client tab's badge: server requests of the active session waiting for an answer. */
export function useClientBadge(): string | null {
  const sessionId = useValue(activeSessionStore);
  const n = useStoreSelector((s) => s.pending.filter((r) => r.sessionId === sessionId).length);
  return n > 0 ? `${n} waiting` : null;
}
