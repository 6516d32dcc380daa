// A sessionful (2025-11-25) Streamable HTTP MCP server on 127.0.0.1, built on the MCP SDK v2
// server packages, for tests of what a client does when the server breaks: it can be killed
// mid-call and restarted on the same port (its sessions die with it), forget its sessions while
// it keeps running (POST /forget), and answer the 2026-07-28 server/discover probe badly.
//
//   FIXTURE_PORT=0        the port (0: a free one); stdout gets one line: `listening <url>`
//   FIXTURE_GET=405       refuse the standalone GET stream (default: the SDK's SSE stream)
//   FIXTURE_RESUMABLE=1   keep events in memory, so a dropped response stream can be resumed
//   FIXTURE_PROBE=…       how server/discover is answered: 500 | html | rpc-error | bad-result
//                         (default: handed to the SDK, which refuses it like any other
//                         request before initialize)
//   FIXTURE_ERA=dual      serve 2026-07-28 requests too (stateless, the SDK's createMcpHandler)
//
// Tools: echo {message}; wait {ms}: answers after ms milliseconds (it never answers if killed
// first) and prints `waiting <ms>` on stderr when it starts.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import * as z from 'zod';

const env = process.env;
const sessions = new Map();

function memoryEventStore() {
  const events = new Map();
  return {
    async storeEvent(streamId, message) {
      const id = `${streamId}_${randomUUID()}`;
      events.set(id, { streamId, message });
      return id;
    },
    async getStreamIdForEventId(eventId) {
      return events.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = events.get(lastEventId)?.streamId;
      let after = false;
      for (const [id, e] of events) {
        if (after && e.streamId === streamId) await send(id, e.message);
        if (id === lastEventId) after = true;
      }
      return streamId;
    },
  };
}

function buildServer() {
  const server = new McpServer({ name: 'session-fixture', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'echo',
    { description: 'Returns the message.', inputSchema: z.object({ message: z.string() }) },
    async ({ message }) => ({
      content: [{ type: 'text', text: message }],
    }),
  );
  server.registerTool(
    'wait',
    { description: 'Answers after ms milliseconds.', inputSchema: z.object({ ms: z.number().int().min(0) }) },
    async ({ ms }) => {
      process.stderr.write(`waiting ${ms}\n`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { content: [{ type: 'text', text: `waited ${ms} ms` }] };
    },
  );
  return server;
}

const PROBE_ANSWERS = {
  500: {
    status: 500,
    type: 'application/json',
    body: '{"jsonrpc":"2.0","error":{"code":-32603,"message":"Error in httpTransport: "},"id":null}',
  },
  html: { status: 200, type: 'text/html', body: '<!doctype html><title>gateway</title><p>not here\u001b[2J</p>' },
};

/** Answers server/discover as FIXTURE_PROBE asks; false when the SDK should handle it. */
function answerProbe(res, msg) {
  const mode = env.FIXTURE_PROBE;
  if (!mode || msg?.method !== 'server/discover') return false;
  const fixed = PROBE_ANSWERS[mode];
  if (fixed) {
    res.writeHead(fixed.status, { 'content-type': fixed.type }).end(fixed.body);
    return true;
  }
  const answer =
    mode === 'rpc-error'
      ? { error: { code: -32000, message: 'discover is\nnot here' } }
      : { result: { supportedVersions: 'all of them', capabilities: {} } };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, ...answer }));
  return true;
}

async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  try {
    return { text, msg: text ? JSON.parse(text) : undefined };
  } catch {
    return { text, msg: undefined };
  }
}

const modern = env.FIXTURE_ERA === 'dual' ? createMcpHandler(() => buildServer(), { legacy: 'reject' }) : undefined;

/** A request in the 2026-07-28 envelope (its `_meta` names a protocol version). */
function isModern(msg) {
  const version = msg?.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  return typeof version === 'string' && version >= '2026-07-28';
}

/** Hands a request whose body was read to the stateless 2026-07-28 handler; its answer streams back. */
async function serveModern(req, res, text) {
  const headers = Object.entries(req.headers).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]],
  );
  const answer = await modern.fetch(new Request(`http://127.0.0.1${req.url}`, { method: 'POST', headers, body: text }));
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body) for await (const chunk of answer.body) res.write(chunk);
  res.end();
}

async function forgetAll() {
  const all = [...sessions.values()];
  sessions.clear();
  await Promise.allSettled(all.map((s) => s.transport.close()));
}

const http = createServer(async (req, res) => {
  if (req.url === '/forget' && req.method === 'POST') {
    await forgetAll();
    return res.writeHead(204).end();
  }
  const { text, msg: body } = req.method === 'POST' ? await readBody(req) : {};
  if (answerProbe(res, body)) return;
  if (modern && isModern(body)) return serveModern(req, res, text);
  const id = req.headers['mcp-session-id'];
  if (req.method === 'GET' && env.FIXTURE_GET === '405') return res.writeHead(405, { allow: 'POST, DELETE' }).end();
  if (typeof id === 'string') {
    const session = sessions.get(id);
    if (!session)
      return res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
    return session.transport.handleRequest(req, res, body);
  }
  if (req.method !== 'POST' || !isInitializeRequest(body)) {
    return res
      .writeHead(400, { 'content-type': 'application/json' })
      .end('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header required"},"id":null}');
  }
  const server = buildServer();
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    ...(env.FIXTURE_RESUMABLE === '1' ? { eventStore: memoryEventStore() } : {}),
    onsessioninitialized: (sid) => sessions.set(sid, { transport, server }),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
});

http.listen(Number(env.FIXTURE_PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${http.address().port}/mcp\n`);
});
process.on('SIGTERM', () => void forgetAll().then(() => process.exit(0)));
