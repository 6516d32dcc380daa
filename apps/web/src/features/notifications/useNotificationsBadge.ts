import { formatCount } from '../../lib/format';
import { useSessionLog } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { indexFor, LEVEL_RANK } from './notificationIndex';

/** The Notifications tab's badge: how many notifications, and "!" once a log message was error or worse. */
export function useNotificationsBadge(): string | null {
  const { log } = useSessionLog(useValue(activeSessionStore));
  if (!log) return null;
  const index = indexFor(log);
  index.sync(log.frames);
  if (index.all.length === 0) return null;
  return `${formatCount(index.all.length)}${index.worstLevelRank >= LEVEL_RANK.error ? ' !' : ''}`;
}
