import { MAX_APP_URI, type AppChannel, type FrameEvent } from '@mcpscope/protocol';

/**
 * The MCP App conversation a frame belongs to, or undefined for the server
 * connection. Read defensively like the origin: a trace may carry anything.
 */
export function frameAppChannel(frame: FrameEvent): AppChannel | undefined {
  if (!Object.hasOwn(frame, 'channel') || frame.channel !== 'app') return undefined;
  const app = Object.hasOwn(frame, 'app') ? (frame as { app?: unknown }).app : undefined;
  const uri = app !== null && typeof app === 'object' && Object.hasOwn(app, 'uri') ? (app as { uri: unknown }).uri : undefined;
  const view = app !== null && typeof app === 'object' && Object.hasOwn(app, 'view') ? (app as { view: unknown }).view : undefined;
  return { uri: typeof uri === 'string' ? uri.slice(0, MAX_APP_URI) : '', view: typeof view === 'string' ? view.slice(0, 64) : '' };
}

/** The arrow's meaning: the server connection, or mcpscope (the host) ⇄ an app view. */
export function directionLabel(frame: FrameEvent, app: AppChannel | undefined): string {
  if (app) return frame.dir === 'out' ? 'mcpscope (host) → app' : 'app → mcpscope (host)';
  return frame.dir === 'out' ? 'client → server' : 'server → client';
}
