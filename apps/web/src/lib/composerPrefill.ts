import { useEffect, useRef } from 'react';
import { activeSessionStore, activeTabStore } from './uiState';
import { createValueStore, useValue } from './valueStore';
import { isRecord } from '@mcpscope/protocol';

/**
 * "Edit and replay": a request, from any tab (a frame, a history entry), to open the Composer
 * of `sessionId` with a message in the editor, ready to edit and send. Features never import
 * each other, so they meet here; the Composer consumes the request once.
 */
export interface ComposerPrefill {
  sessionId: string;
  /** The editor text: the message as pretty JSON, without an id (the proxy assigns a fresh one). */
  text: string;
  notification: boolean;
  /** Where it came from, for the Composer's note and the sent frame's origin (`composer: edit of frame #12`). */
  source: string;
  /** Grows with each request, so asking twice for the same message still applies. */
  n: number;
}

export const composerPrefillStore = createValueStore<ComposerPrefill | null>(null);

export const COMPOSER_TAB = 'composer';
const MAX_SOURCE = 80;
let counter = 0;

/** A JSON-RPC request or notification to send again: what is replayed or prefilled. */
export interface ReplayMessage {
  method: string;
  params?: unknown;
  [key: string]: unknown;
}

/**
 * The message without its `id`: a replay is a new request (JSON-RPC 2.0 §4: an id must not be
 * reused while the first one may be outstanding), so the proxy assigns one that cannot collide.
 * Every other member is kept as it was.
 */
export function withoutId(message: ReplayMessage): ReplayMessage {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(message))
    if (key !== 'id') Object.defineProperty(copy, key, { value: message[key], enumerable: true, writable: true, configurable: true });
  return copy as ReplayMessage;
}

/** A progress token nobody used: `edit-` and 12 random hex digits. */
export function newProgressToken(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return `edit-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The message with a new `_meta.progressToken` when it had one: an edited request is a new
 * request, and the old token may still belong to one in flight (spec basic/utilities/progress:
 * progress tokens MUST be unique across all active requests). Copied as own data, like withoutId.
 */
export function withNewProgressToken(message: ReplayMessage, token: () => string | number = newProgressToken): ReplayMessage {
  const params = Object.hasOwn(message, 'params') ? message.params : undefined;
  const meta = isRecord(params) && Object.hasOwn(params, '_meta') ? params._meta : undefined;
  if (!isRecord(params) || !isRecord(meta) || !Object.hasOwn(meta, 'progressToken')) return message;
  const own = (from: Record<string, unknown>, patch: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(from))
      Object.defineProperty(out, key, {
        value: Object.hasOwn(patch, key) ? patch[key] : from[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  };
  return own(message, { params: own(params, { _meta: own(meta, { progressToken: token() }) }) }) as ReplayMessage;
}

/** The Composer's editor text for `message`: no id, and a new progress token if it asked for progress. */
export function draftText(message: ReplayMessage): string {
  return JSON.stringify(withoutId(withNewProgressToken(message)), null, 2);
}

/**
 * Shows the Composer of `sessionId` (switching to that session when another is shown, e.g. a
 * frame of a trace edited into a live session) with `message` loaded, not sent.
 */
export function editInComposer(sessionId: string, message: ReplayMessage, notification: boolean, source: string): void {
  composerPrefillStore.set({ sessionId, text: draftText(message), notification, source: source.slice(0, MAX_SOURCE), n: ++counter });
  if (activeSessionStore.getSnapshot() !== sessionId) activeSessionStore.set(sessionId);
  activeTabStore.set(COMPOSER_TAB);
}

/** Applies, once, a prefill meant for `sessionId` (the Composer of that session), then clears it. */
export function useComposerPrefill(sessionId: string | null, apply: (prefill: ComposerPrefill) => void): void {
  const prefill = useValue(composerPrefillStore);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!prefill || sessionId === null || prefill.sessionId !== sessionId) return;
    composerPrefillStore.set(null);
    applyRef.current(prefill);
  }, [prefill, sessionId]);
}
