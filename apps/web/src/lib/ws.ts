import type { WsServerMessage } from '@mcpscope/wire';
import { parseWsFrame } from './wsMessage';

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SocketClientOptions {
  url: string;
  /** Each message in order; a batch from the proxy is unpacked (the store applies them together). */
  onMessage: (message: WsServerMessage) => void;
  onStatus?: (status: SocketStatus, detail?: string) => void;
  /** A message that failed the schema; it is dropped, never half-applied. */
  onInvalid?: (error: string) => void;
  WebSocketImpl?: typeof WebSocket;
  /** Delay before reconnect attempt `n` (0-based). */
  backoffMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SocketClient {
  close(): void;
  readonly status: SocketStatus;
}

export const defaultBackoff = (attempt: number) => Math.min(5000, 250 * 2 ** attempt);

/** `ws://host/ws?token=…` for the page's own origin. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * A socket that reconnects with backoff until closed. The proxy resends every session's
 * backlog after each (re)connect; deduplication is the store's job, keyed by sessionId+seq.
 */
export function connectSocket(opts: SocketClientOptions): SocketClient {
  const Impl = opts.WebSocketImpl ?? WebSocket;
  const backoff = opts.backoffMs ?? defaultBackoff;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: unknown = null;
  let stopped = false;
  let status: SocketStatus = 'connecting';

  const setStatus = (s: SocketStatus, detail?: string) => {
    status = s;
    opts.onStatus?.(s, detail);
  };

  const open = () => {
    timer = null;
    const ws = new Impl(opts.url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus('open');
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (typeof ev.data !== 'string') return;
      const { messages, errors } = parseWsFrame(ev.data);
      for (const message of messages) opts.onMessage(message);
      for (const error of errors) opts.onInvalid?.(error);
    };
    ws.onclose = (ev: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      const delay = backoff(attempt++);
      setStatus('reconnecting', ev.reason || `closed (${ev.code}); retrying in ${Math.round(delay)} ms`);
      timer = setTimer(open, delay);
    };
  };

  setStatus('connecting');
  open();

  return {
    get status() {
      return status;
    },
    close() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close();
      setStatus('closed');
    },
  };
}
