import { useState } from 'react';

/**
 * "Follow the tail" of a growing list, as DevTools does: on while the user is at the bottom,
 * off as soon as they scroll up; while off, counts the rows that arrived since.
 * `listKey` identifies the current row set (a new filter is a new list).
 */
export function useFollowTail(listKey: unknown, count: number) {
  const [follow, setFollow] = useState(true);
  const [detached, setDetached] = useState<{ listKey: unknown; count: number }>({ listKey, count: 0 });
  if (!follow && detached.listKey !== listKey) setDetached({ listKey, count }); // adjust during render

  return {
    follow,
    /** Rows that arrived since the user scrolled away from the bottom. */
    newCount: follow || detached.listKey !== listKey ? 0 : Math.max(0, count - detached.count),
    /** The view reports where the user scrolled to. */
    setAtBottom(atBottom: boolean) {
      if (atBottom && !follow) setFollow(true);
      if (!atBottom && follow) {
        setFollow(false);
        setDetached({ listKey, count });
      }
    },
    jumpToLatest: () => setFollow(true),
    pause() {
      if (!follow) return;
      setFollow(false);
      setDetached({ listKey, count });
    },
  };
}
