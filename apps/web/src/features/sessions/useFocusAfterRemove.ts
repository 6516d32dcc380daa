import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard in the list when a session is removed: remembers the neighbour (the next
 * session, else the previous one) and, once the removed one has left the list, focuses it if
 * the focus was lost with the removed row (it sits on <body>). A focus the user moved elsewhere
 * meanwhile is left alone.
 */
export function useFocusAfterRemove(list: RefObject<HTMLElement | null>, ids: readonly string[]) {
  const pending = useRef<{ removed: string; next: string } | null>(null);
  useEffect(() => {
    const p = pending.current;
    if (!p || ids.includes(p.removed)) return;
    pending.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const options = list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
    [...options].find((el) => el.dataset.sessionId === p.next)?.focus();
  }, [ids, list]);
  return (removed: string) => {
    const i = ids.indexOf(removed);
    const next = ids[i + 1] ?? ids[i - 1];
    pending.current = next === undefined ? null : { removed, next };
  };
}
