import { Listeners } from '@mcpscope/protocol';
import { useSyncExternalStore } from 'react';

/** The smallest framework-free store: a value, a setter, and subscribe/getSnapshot. */
export interface ValueStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
  set(next: T | ((prev: T) => T)): void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Listeners();
  return {
    getSnapshot: () => value,
    subscribe: (listener) => listeners.add(listener),
    set(next) {
      const v = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(v, value)) return;
      value = v;
      listeners.emit();
    },
  };
}

export function useValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
