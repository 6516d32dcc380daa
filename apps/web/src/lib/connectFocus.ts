import { useEffect, useRef } from 'react';
import { connectFocusStore } from './uiState';
import { useValue } from './valueStore';

/** Asks the sidebar's Connect form to come into view with its first field focused. */
export function requestConnectFocus(): void {
  connectFocusStore.set((n) => n + 1);
}

/**
 * For the Connect form: a ref for its first field (Command, or URL), scrolled into view and
 * focused on each requestConnectFocus() made after the form mounted.
 */
export function useConnectFocusRef<T extends HTMLElement>() {
  const request = useValue(connectFocusStore);
  const seen = useRef(request);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (request === seen.current) return;
    seen.current = request;
    const el = ref.current;
    if (!el) return;
    el.scrollIntoView?.({ block: 'nearest' });
    el.focus();
  }, [request]);
  return ref;
}
