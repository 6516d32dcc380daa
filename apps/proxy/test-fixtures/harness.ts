import type { FastifyInstance } from 'fastify';
import { Engine, type EngineMessage, type EngineOptions } from '@mcpscope/engine';
import type { FrameEvent } from '@mcpscope/protocol';
import { buildApp, type BuildAppOptions } from '../src/app.js';

export const PORT = 47_321;
export const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvw';
export const HOST = `127.0.0.1:${PORT}`;
/** Headers of a legitimate same-origin API call. */
export const AUTH = { host: HOST, authorization: `Bearer ${TOKEN}` } as const;

export interface Harness {
  app: FastifyInstance;
  engine: Engine;
  close(): Promise<void>;
}

/** A real engine behind an app that is never listened on (tests use app.inject / injectWS). */
export async function makeApp(overrides: Partial<BuildAppOptions> = {}, engineOptions: EngineOptions = {}): Promise<Harness> {
  const engine = new Engine(engineOptions);
  const app = await buildApp({ engine, token: TOKEN, host: '127.0.0.1', port: PORT, ...overrides });
  await app.ready(); // injectWS, unlike inject, does not make the app ready itself
  return {
    app,
    engine,
    close: async () => {
      await app.close();
      await engine.dispose();
    },
  };
}

/** Resolves with the first engine message matching `match`, from now on. */
export function nextEngineMessage<T extends EngineMessage>(engine: Engine, match: (m: EngineMessage) => m is T): Promise<T>;
export function nextEngineMessage(engine: Engine, match: (m: EngineMessage) => boolean): Promise<EngineMessage>;
export function nextEngineMessage(engine: Engine, match: (m: EngineMessage) => boolean): Promise<EngineMessage> {
  return new Promise((resolve) => {
    const unsubscribe = engine.subscribe((m) => {
      if (!match(m)) return;
      unsubscribe();
      resolve(m);
    });
  });
}

/** The frames a session sent with this method, in order. */
export const outFrames = (engine: Engine, id: string, method: string): FrameEvent[] =>
  engine
    .get(id)!
    .events()
    .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === method);

/** An NDJSON reply's lines, parsed. */
export const ndjsonLines = <T>(body: string): T[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
