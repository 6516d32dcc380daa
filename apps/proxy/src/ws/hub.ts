import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { eventJson, type Engine } from '@mcpscope/engine';
import { classifyMessage, type JsonRpcMessage } from '@mcpscope/protocol';
import { WIRE_VERSION, WS_SESSION_EVENT_TYPES, type WsServerMessage } from '@mcpscope/wire';
import { PacedSender, type SkippableEvent } from './pacedSender.js';
import { secretRedactor } from './sessionSecrets.js';
import { rowJsonForWs, wsMessageOf } from './wsMessageOf.js';

export interface HubOptions {
  engine: Engine;
  /**
   * Live messages allowed to wait behind a slow tab (default 32 MiB) once everything that may be
   * skipped was: beyond it the tab is closed with 1013 (it reconnects).
   */
  maxQueuedBytes?: number;
  /**
   * A tab this far behind (bytes; default the smaller of the memory budget and 8 MiB, at most
   * maxQueuedBytes) has its waiting session events skipped, a `gap` marker in their place
   * (pacedSender.ts).
   */
  skipAboveBytes?: number;
  /** Unsent bytes a socket may hold before messages wait in the sender (default 1 MiB). */
  highWaterBytes?: number;
  /** A batch of messages closes at this many characters (default 64 KiB), else when it is flushed. */
  batchBytes?: number;
  /** Live messages are flushed at most once per this many ms (default FLUSH_INTERVAL_MS; pacedSender.ts minIntervalMs). */
  flushIntervalMs?: number;
}

/** Half a 60 Hz frame: no tab can show events sooner than its next frame anyway. */
const FLUSH_INTERVAL_MS = 8;

/**
 * A tab is skipped ahead only when it is further behind than its memory budget: what it would
 * keep of the waiting events is at most that much, so nothing it could have held is lost. A
 * lower bound (8 MiB was tried) costs less peak RSS for a stalled tab (each MiB held here cost
 * ~2 MiB of peak RSS: +75 MiB at 32 MiB, +24 MiB at 8 MiB in a 1M-frame flood with a tab that
 * never reads, bench/live-ui.mjs --stalled), but a page that merely loads during a 20 MiB flood
 * then starts with every frame on disk (e2e live-paging, default budget).
 */
export const skipAboveBytes = (memoryBudget: number, maxQueuedBytes: number): number => Math.min(memoryBudget, maxQueuedBytes);

/** Close codes the web client can act on. */
export const WS_CLOSE = { TRY_AGAIN_LATER: 1013, POLICY: 1008, UNSUPPORTED_DATA: 1003 } as const;

/** The only thing a tab may send; anything else closes its socket. */
const ClientMessageSchema = z.object({ type: z.literal('ping') });

function isValidClientMessage(data: unknown, isBinary: boolean): boolean {
  if (isBinary) return false;
  try {
    return ClientMessageSchema.safeParse(JSON.parse(String(data))).success;
  } catch {
    return false;
  }
}

/**
 * A session event may be skipped for a tab that fell behind (it is on disk), except what a tab
 * must not miss: a frame or HTTP exchange with lint findings (the Findings tab covers the whole
 * session), what mcpscope sent and the responses to requests (the user's own calls and their
 * answers, which views wait for), lifecycle and OAuth steps. What floods — notifications, stderr,
 * plain HTTP exchanges — is skipped. Other messages are never skipped.
 */
function skippable(message: WsServerMessage): SkippableEvent | undefined {
  if (!WS_SESSION_EVENT_TYPES.has(message.type)) return undefined;
  const ev = message as unknown as {
    sessionId: string;
    seq: number;
    findings?: unknown[];
    dir?: string;
    pair?: unknown;
    msg?: JsonRpcMessage;
  };
  const frame = message.type === 'frame';
  // As the browser counts them (SessionLog.notificationCounts).
  const notification = frame && ev.msg !== undefined && classifyMessage(ev.msg) === 'notification';
  return {
    sessionId: ev.sessionId,
    seq: ev.seq,
    frame,
    notification,
    log: notification && ev.dir === 'in' && ev.msg?.method === 'notifications/message',
    keep:
      message.type === 'lifecycle' ||
      message.type === 'oauth' ||
      (ev.findings !== undefined && ev.findings.length > 0) ||
      (frame && (ev.dir === 'out' || ev.pair !== undefined)),
  };
}

/**
 * GET /ws: one `hello`, every stored message (`engine.backlog()`), `ready`, then live engine
 * messages in batches, at most one every FLUSH_INTERVAL_MS (pacedSender.ts); a tab more than
 * `maxQueuedBytes` behind gets a `gap` marker instead of the oldest waiting events. Tabs only watch: a closing tab never touches the sessions.
 * Each live message is redacted and serialized once, whatever the number of tabs.
 * The token and Host/Origin checks ran in the root onRequest hooks before the upgrade.
 * Every message leaves with the session's own secrets (its env/header values) redacted by
 * value: a browser keeps history and devtools, and is not where the user's API key belongs.
 */
export const wsHub: FastifyPluginAsync<HubOptions> = async (app, opts) => {
  const { engine } = opts;
  const cleanups = new Set<() => void>();
  const redact = secretRedactor(engine);
  const senders = new Set<PacedSender>();
  const unsubscribe = engine.subscribe((engineMessage) => {
    if (senders.size === 0) return;
    let data: string;
    let message: WsServerMessage;
    try {
      message = wsMessageOf(redact.message(engineMessage));
      // A big notification leaves as its compact row's text, written straight from the event;
      // anything else as the text the recorder reuses for an event nothing was redacted from
      // (eventJson). What may be skipped is judged on the whole event: the row keeps the same
      // envelope and method.
      data = rowJsonForWs(message) ?? eventJson(message);
    } catch (err) {
      app.log.error({ err }, 'ws send failed');
      return;
    }
    const event = skippable(message);
    for (const sender of senders) sender.sendSerialized(data, event);
  });

  const maxQueuedBytes = opts.maxQueuedBytes ?? 32 * 1024 * 1024;
  app.get('/ws', { websocket: true }, (socket: WebSocket) => {
    const sender = new PacedSender(socket, {
      highWaterBytes: opts.highWaterBytes ?? 1024 * 1024,
      maxQueuedBytes,
      skipAboveBytes: opts.skipAboveBytes ?? skipAboveBytes(engine.memoryBudget, maxQueuedBytes),
      batchBytes: opts.batchBytes,
      minIntervalMs: opts.flushIntervalMs ?? FLUSH_INTERVAL_MS,
      // The backlog waits as whole messages; a big notification among them leaves as its row.
      serialize: (message) => rowJsonForWs(message as WsServerMessage) ?? JSON.stringify(message),
      onOverflow: () => socket.close(WS_CLOSE.TRY_AGAIN_LATER, 'client too slow, reconnect'),
    });
    const hello: WsServerMessage = { type: 'hello', wireVersion: WIRE_VERSION, sessions: engine.list().map(redact.info) };
    sender.send(hello);
    sender.sendAll(engine.backlog().map((m) => wsMessageOf(redact.message(m))));
    sender.send({ type: 'ready' } satisfies WsServerMessage);
    // Same tick as the backlog snapshot: nothing is missed and nothing is sent twice.
    senders.add(sender);
    const cleanup = (): void => {
      senders.delete(sender);
      sender.stop();
      cleanups.delete(cleanup);
    };
    cleanups.add(cleanup);
    socket.on('close', cleanup);
    socket.on('message', (data, isBinary) => {
      if (!isValidClientMessage(data, isBinary)) {
        socket.close(isBinary ? WS_CLOSE.UNSUPPORTED_DATA : WS_CLOSE.POLICY, 'unexpected message');
      }
    });
  });

  app.addHook('onClose', async () => {
    unsubscribe();
    for (const cleanup of [...cleanups]) cleanup();
  });
};
