import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which session's traffic the running code serves. Engine.open connects inside it, so the
 * server process, its pipes, the HTTP requests and every callback they cause inherit the id.
 */
export const sessionScope = new AsyncLocalStorage<string>();

export interface BackstopTarget {
  /** Ends one session because mcpscope failed on its traffic; false when there is no such live session. */
  failSession(id: string, error: unknown): boolean;
}

/**
 * The last resort of a long-running mcpscope (the UI): an exception or a rejection that nothing
 * handled ends the session whose traffic caused it, with the reason, and is reported; the process
 * and every other session go on. Known causes are fixed where they happen (docs/ARCHITECTURE.md,
 * "Trust model"); this only keeps an unknown one from taking every session down. Returns the uninstaller.
 */
export function installBackstop(target: BackstopTarget, report: (text: string) => void): () => void {
  const onError = (error: unknown): void => {
    const sessionId = sessionScope.getStore();
    const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    const closed = sessionId !== undefined && target.failSession(sessionId, error);
    report(`mcpscope: internal error${closed ? ` in session ${sessionId}, which was closed` : ''} (please report it): ${text}\n`);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  };
}
