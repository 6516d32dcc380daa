import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { eventJson, type Engine } from '@mcpscope/engine';
import { WIRE_VERSION, type WsServerMessage } from '@mcpscope/wire';
import { PacedSender } from './pacedSender.js';
import { secretRedactor } from './sessionSecrets.js';

export interface HubOptions {
  engine: Engine;
  /** Live messages allowed to wait behind a slow tab before it is closed (default 32 MiB). */
  maxQueuedBytes?: number;
  /** Unsent bytes a socket may hold before messages wait in the sender (default 1 MiB). */
  highWaterBytes?: number;
  /** A batch of messages closes at this many characters (default 64 KiB), else at the end of the tick. */
  batchBytes?: number;
}

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
 * GET /ws: one `hello`, every stored message (`engine.backlog()`), `ready`, then live engine
 * messages, batched per tick (pacedSender.ts). Tabs only watch: a closing tab never touches the sessions.
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
  const unsubscribe = engine.subscribe((message) => {
    if (senders.size === 0) return;
    let data: string;
    try {
      // The recorder reuses this text for an event nothing was redacted from (eventJson).
      data = eventJson(redact.message(message));
    } catch (err) {
      app.log.error({ err }, 'ws send failed');
      return;
    }
    for (const sender of senders) sender.sendSerialized(data);
  });

  app.get('/ws', { websocket: true }, (socket: WebSocket) => {
    const sender = new PacedSender(socket, {
      highWaterBytes: opts.highWaterBytes ?? 1024 * 1024,
      maxQueuedBytes: opts.maxQueuedBytes ?? 32 * 1024 * 1024,
      batchBytes: opts.batchBytes,
      onOverflow: () => socket.close(WS_CLOSE.TRY_AGAIN_LATER, 'client too slow, reconnect'),
    });
    const hello: WsServerMessage = { type: 'hello', wireVersion: WIRE_VERSION, sessions: engine.list().map(redact.info) };
    sender.send(hello);
    sender.sendAll(engine.backlog().map(redact.message));
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
