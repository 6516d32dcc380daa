import { ProtocolError, Server } from '@modelcontextprotocol/server';
import { exchangesOf, MockIndex } from '@mcpscope/trace';
import type { SessionEvent } from '@mcpscope/protocol';

/** What the recorded server said about itself (initialize result or server/discover result). */
export interface RecordedIdentity {
  serverInfo: { name: string; version: string; [k: string]: unknown };
  capabilities: Record<string, unknown>;
  instructions?: string;
}

const HANDSHAKE = new Set(['initialize', 'server/discover', 'ping']);

export function recordedIdentity(events: Iterable<SessionEvent>): RecordedIdentity {
  for (const x of exchangesOf(events)) {
    const result = x.response?.msg?.result as Record<string, unknown> | undefined;
    if (x.dir !== 'out' || !result || (x.method !== 'initialize' && x.method !== 'server/discover')) continue;
    const meta = (result._meta ?? {}) as Record<string, unknown>;
    const info = (result.serverInfo ??
      meta['io.modelcontextprotocol/serverInfo'] ?? { name: 'mcpscope-mock', version: '0.0.0' }) as RecordedIdentity['serverInfo'];
    return {
      serverInfo: info,
      capabilities: (result.capabilities as Record<string, unknown>) ?? {},
      instructions: result.instructions as string | undefined,
    };
  }
  return { serverInfo: { name: 'mcpscope-mock', version: '0.0.0' }, capabilities: {} };
}

/**
 * An MCP server that answers from a trace (`mcpscope mock`): the SDK speaks the protocol
 * (handshake in either era, ping), every other request is looked up by method and params. An
 * unmatched request gets a JSON-RPC error naming the closest recorded request of its method, or
 * the methods the trace can answer.
 */
/** The longest piece of the trace quoted in an error message. */
const SHOWN = 300;
const clip = (text: string): string => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

export function createRecordedServer(index: MockIndex, identity: RecordedIdentity): Server {
  const server = new Server(identity.serverInfo, { capabilities: identity.capabilities as never, instructions: identity.instructions });
  server.fallbackRequestHandler = async (request) => {
    if (HANDSHAKE.has(request.method)) throw new ProtocolError(-32601, `Method not found: ${request.method}`);
    const params = { ...((request.params ?? {}) as Record<string, unknown>) };
    delete params._meta;
    const hit = index.lookup(request.method, params);
    if (hit.found) {
      if ('error' in hit.answer) throw new ProtocolError(hit.answer.error.code, hit.answer.error.message, hit.answer.error.data);
      return hit.answer.result as never;
    }
    const recorded = index.methods().filter((m) => !HANDSHAKE.has(m));
    if (!recorded.includes(request.method)) {
      // Another method's params are no hint: say what the trace can answer.
      const has = recorded.length > 0 ? `It can answer ${clip(recorded.join(', '))}.` : 'It has no requests past the handshake.';
      throw new ProtocolError(-32601, `mcpscope mock: the trace recorded no ${request.method}. ${has}`, { recorded });
    }
    const closest = hit.closest
      ? ` The closest recorded request is ${hit.closest.method} ${clip(JSON.stringify(hit.closest.params))} (the error's data has it whole).`
      : '';
    throw new ProtocolError(-32602, `mcpscope mock: no recorded ${request.method} with these params.${closest}`, { closest: hit.closest });
  };
  return server;
}

export function mockFromEvents(events: SessionEvent[]): () => Server {
  const identity = recordedIdentity(events);
  // One index per connection, so each client replays recorded answers from the start.
  return () => createRecordedServer(MockIndex.fromEvents(events), identity);
}
