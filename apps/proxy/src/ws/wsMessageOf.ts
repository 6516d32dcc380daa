import type { EngineMessage } from '@mcpscope/engine';
import { compactFrameJson, type WsServerMessage } from '@mcpscope/wire';

/**
 * The one place the engine's messages become /ws messages (the wire contract,
 * WsServerMessageSchema in @mcpscope/wire): the engine does not know the wire package, the web
 * knows only it, and the proxy is where the two meet. Every kind is named, so a message the
 * engine adds fails to compile here until it is mapped, and a field that differs between the
 * engine's type and the contract fails here too. Messages with the same shape on both sides
 * pass as the same object: the hub and the trace recorder share its serialization (eventJson).
 */
export function wsMessageOf(message: EngineMessage): WsServerMessage {
  switch (message.type) {
    case 'session':
    case 'session-removed':
    case 'server-request':
    case 'server-request-done':
    case 'request-progress':
    case 'task':
    case 'session-page-info':
    case 'frame':
    case 'stderr':
    case 'http':
    case 'lifecycle':
    case 'oauth':
    case 'span':
      return message;
    default:
      return unmapped(message);
  }
}

/**
 * What /ws sends of a message, as text, when it differs from the message's own JSON: a big server
 * notification leaves as its compact row (compactFrameJson in @mcpscope/wire), the browser
 * reading the whole event back when it shows it. Undefined for anything that goes as it is.
 */
export function rowJsonForWs(message: WsServerMessage): string | undefined {
  return message.type === 'frame' ? compactFrameJson(message) : undefined;
}

function unmapped(message: never): never {
  throw new Error(`an engine message with no /ws mapping: ${(message as { type?: unknown }).type}`);
}

// Both directions, key by key: a field the engine adds to a message (or to the session info,
// server request or task it carries) without adding it to the contract fails the build here,
// instead of being stripped silently by the web's parse.
type Keys<T> = T extends unknown ? keyof T : never;
type SameKeys<A, B> = [Exclude<Keys<A>, Keys<B>>, Exclude<Keys<B>, Keys<A>>] extends [never, never]
  ? true
  : [Exclude<Keys<A>, Keys<B>>, Exclude<Keys<B>, Keys<A>>];
type Engine<T extends EngineMessage['type']> = Extract<EngineMessage, { type: T }>;
type Wire<T extends WsServerMessage['type']> = Extract<WsServerMessage, { type: T }>;
const sameShapes: [
  SameKeys<Engine<'session'>['session'], Wire<'session'>['session']>,
  SameKeys<Engine<'server-request'>['request'], Wire<'server-request'>['request']>,
  SameKeys<Engine<'task'>['task'], Wire<'task'>['task']>,
  SameKeys<Engine<'session-removed'>, Wire<'session-removed'>>,
  SameKeys<Engine<'server-request-done'>, Wire<'server-request-done'>>,
  SameKeys<Engine<'request-progress'>, Wire<'request-progress'>>,
  SameKeys<Engine<'task'>, Wire<'task'>>,
  SameKeys<Engine<'session-page-info'>, Wire<'session-page-info'>>,
] = [true, true, true, true, true, true, true, true];
void sameShapes;
