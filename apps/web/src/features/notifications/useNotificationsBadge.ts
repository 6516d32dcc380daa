import type { TabBadge } from '../../lib/tabBadge';
import { formatCount } from '../../lib/format';
import { useSessionLog } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { indexFor, LEVEL_RANK } from './notificationIndex';

/**
 * The Notifications tab's badge: how many notifications are in memory (what the tab lists), "+"
 * when older ones are on disk, and "!" once a log message was error or worse.
 */
export function useNotificationsBadge(): TabBadge | null {
  const { log } = useSessionLog(useValue(activeSessionStore));
  if (!log) return null;
  const index = indexFor(log);
  index.sync(log.frames);
  const older = log.notificationCounts.all > index.all.length || (log.firstSeq > 1 && log.frames.base > 0);
  if (index.all.length === 0 && !older) return null;
  const text = `${formatCount(index.all.length)}${older ? '+' : ''}${index.worstLevelRank >= LEVEL_RANK.error ? ' !' : ''}`;
  if (!older) return text;
  return { text, title: `${formatCount(index.all.length)} notifications in memory + older on disk (Frames tab: is:notification)` };
}
