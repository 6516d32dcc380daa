import { formatCount } from '../../lib/format';
import { useSessionLog } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { findingsIndexFor } from './findingsIndex';

/** The Findings tab's badge: the number of error findings (nothing when there are none). */
export function useFindingsBadge(): string | null {
  const { log } = useSessionLog(useValue(activeSessionStore));
  if (!log) return null;
  const index = findingsIndexFor(log);
  return index.counts.error > 0 ? formatCount(index.counts.error) : null;
}
