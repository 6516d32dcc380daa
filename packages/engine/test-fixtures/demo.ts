import { demoStdioEntry } from '@mcpscope/demo-server';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import type { Engine } from '../src/session/engine.js';
import type { EngineMessage, StdioSessionConfig } from '../src/session/types.js';

/** The demo server over stdio (built: `pnpm --filter @mcpscope/demo-server build`), in the era asked for. */
export function demoConfig(era: 'modern' | 'legacy', env: Record<string, string> = {}): StdioSessionConfig {
  return { transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env, ...(era === 'legacy' ? { era: 'legacy' } : {}) };
}

export const ERAS = ['legacy', 'modern'] as const;

export const frames = (events: readonly SessionEvent[]): FrameEvent[] => events.filter((e): e is FrameEvent => e.type === 'frame');

/** Every frame in `dir` with `method` (requests and notifications). */
export function framesOf(events: readonly SessionEvent[], dir: 'in' | 'out', method: string): FrameEvent[] {
  return frames(events).filter((f) => f.dir === dir && f.msg?.method === method);
}

/** Resolves with the first engine message matching `match`, from now on. */
export function nextMessage<T extends EngineMessage>(engine: Engine, match: (m: EngineMessage) => m is T): Promise<T>;
export function nextMessage(engine: Engine, match: (m: EngineMessage) => boolean): Promise<EngineMessage>;
export function nextMessage(engine: Engine, match: (m: EngineMessage) => boolean): Promise<EngineMessage> {
  return new Promise((resolve) => {
    const stop = engine.subscribe((m) => {
      if (!match(m)) return;
      stop();
      resolve(m);
    });
  });
}

/** Resolves once `check()` holds, re-checked on every engine message (no sleeps). */
export function until(engine: Engine, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return nextMessage(engine, () => check()).then(() => undefined);
}

export const isServerRequest = (m: EngineMessage): m is Extract<EngineMessage, { type: 'server-request' }> => m.type === 'server-request';
export const isProgress = (m: EngineMessage): m is Extract<EngineMessage, { type: 'request-progress' }> => m.type === 'request-progress';
