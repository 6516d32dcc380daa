import type { ApiClient, OriginReason } from './api';
import type { EventStore } from './eventStore';
import { defineSessionSlot } from './sessionState';
import type { WorkbenchApi } from './workbenchApi';

/**
 * Pings the client sent (spec 2025-11-25 basic/utilities/ping), kept for the Client tab and
 * sent from there or from the command palette. 2026-07-28 removed `ping` (changelog, SEP-2575)
 * and the SDK refuses to send it on that era, so there it goes out raw (POST …/messages,
 * bypassing the SDK) to show how the server reacts.
 */
export interface PingRecord {
  sessionId: string;
  /** Date.now() when sent. */
  at: number;
  outcome: 'ok' | 'rpc-error' | 'failed' | 'pending';
  /** Sent raw, outside the SDK client (the 2026-07-28 era). */
  raw?: boolean;
  /** Request → response time measured by the engine at the transport. */
  latencyMs?: number;
  /** Browser → proxy → server → proxy → browser. */
  roundTripMs?: number;
  message?: string;
}

const MAX = 50;

/** The session's pings, newest first (the last MAX). */
export const pingLogSlot = defineSessionSlot<readonly PingRecord[]>('ping log', []);

export interface PingDeps {
  wb: Pick<WorkbenchApi, 'request'>;
  api: Pick<ApiClient, 'sendMessage'>;
  store: Pick<EventStore, 'updateSlot'>;
}

async function pingOnce(
  { wb, api }: PingDeps,
  sessionId: string,
  raw: boolean,
  origin: OriginReason,
): Promise<Pick<PingRecord, 'outcome' | 'latencyMs' | 'message'>> {
  if (raw) {
    const reply = await api.sendMessage(sessionId, { message: { method: 'ping' }, timeoutMs: 10_000 }, origin);
    const error = reply.response?.error as { code?: unknown; message?: unknown } | undefined;
    if (error) return { outcome: 'rpc-error', latencyMs: reply.latencyMs, message: `${String(error.code)} ${String(error.message)}` };
    return { outcome: 'ok', latencyMs: reply.latencyMs };
  }
  const reply = await wb.request(sessionId, { method: 'ping', timeoutMs: 10_000 }, origin);
  if (reply.outcome === 'result') return { outcome: 'ok', latencyMs: reply.latencyMs };
  if (reply.outcome === 'error')
    return { outcome: 'rpc-error', latencyMs: reply.latencyMs, message: `${reply.error.code} ${reply.error.message}` };
  return { outcome: 'failed', message: 'cancelled' };
}

/** Pings once and records it; `origin` names who asked (`client: ping`, `palette: ping`); `raw` sends outside the SDK (needed on the 2026-07-28 era). */
export async function sendPing(
  deps: PingDeps,
  sessionId: string,
  origin: OriginReason,
  raw = false,
  now: () => number = () => performance.now(),
): Promise<PingRecord> {
  const pending: PingRecord = { sessionId, at: Date.now(), outcome: 'pending', ...(raw ? { raw } : {}) };
  deps.store.updateSlot(sessionId, pingLogSlot, (list) => [pending, ...list].slice(0, MAX));
  const started = now();
  let done: PingRecord;
  try {
    done = { ...pending, ...(await pingOnce(deps, sessionId, raw, origin)), roundTripMs: now() - started };
  } catch (err) {
    done = { ...pending, outcome: 'failed', message: (err as Error).message };
  }
  deps.store.updateSlot(sessionId, pingLogSlot, (list) => list.map((p) => (p === pending ? done : p)));
  return done;
}
