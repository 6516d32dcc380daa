import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, type Client } from '@modelcontextprotocol/client';
import { idKey, messageId, type JsonRpcMessage, type SessionEvent } from '@mcpscope/protocol';
import { createClient, CLIENT_CAPABILITIES } from './client-factory.js';
import { connectTransport, describeConnectError, type ConnectContext } from './connect.js';
import { EngineError } from './errors.js';
import { EventLog } from './event-log.js';
import { RawRequests } from './raw-requests.js';
import { registerServerRequestHandlers } from './server-request-handlers.js';
import { ServerRequestQueue } from './server-requests.js';
import type { TappedTransport } from './tap.js';
import { nameOf, targetOf } from './session-name.js';
import type { EngineMessage, OpenOptions, SendOptions, SendResult, ServerRequestAnswer, SessionConfig, SessionInfo, SessionState } from './types.js';

export interface SessionDeps {
  clientName: string;
  clientVersion: string;
  stopGraceMs?: number;
  emit(message: EngineMessage): void;
}

/** One connection to one MCP server, with every event that happened on it. */
export class Session {
  readonly log: EventLog;
  client?: Client;
  /** The roots this client exposes to the server (answered to roots/list). */
  roots: Array<{ uri: string; name?: string }> = [];
  private state: SessionState = 'connecting';
  private details: Partial<SessionInfo> = {};
  private tap?: TappedTransport;
  private readonly stderrLines: string[] = [];
  private readonly queue: ServerRequestQueue;
  private readonly raw = new RawRequests();
  private readonly createdAt = Date.now();

  constructor(
    readonly id: string,
    readonly config: SessionConfig,
    private readonly deps: SessionDeps,
  ) {
    this.log = new EventLog(id);
    this.log.subscribe((event) => {
      if (event.type === 'stderr') this.keepStderr(event.text);
      deps.emit(event);
    });
    this.queue = new ServerRequestQueue(
      (request) => deps.emit({ type: 'server-request', request }),
      (requestId) => deps.emit({ type: 'server-request-done', sessionId: id, requestId }),
    );
  }

  info(): SessionInfo {
    const c = this.config;
    return {
      id: this.id,
      name: nameOf(c),
      state: this.state,
      transport: c.transport === 'stdio' ? 'stdio' : c.transport === 'sse' ? 'sse' : 'http',
      target: targetOf(c),
      createdAt: this.createdAt,
      wrapped: false,
      ...this.details,
    };
  }

  events(): readonly SessionEvent[] {
    return this.log.all();
  }

  pendingServerRequests() {
    return this.queue.list();
  }

  async connect(opts: OpenOptions): Promise<void> {
    const ctx: ConnectContext = {
      log: this.log,
      config: this.config,
      timeoutMs: opts.connectTimeoutMs ?? 30_000,
      newClient: (mode) => {
        const client = createClient(this.deps.clientName, this.deps.clientVersion, mode);
        registerServerRequestHandlers(client, this);
        return client;
      },
      stderrTail: () => this.stderrLines.slice(-20),
      onRetry: () => this.stderrLines.splice(0),
      stopGraceMs: this.deps.stopGraceMs,
    };
    try {
      const connected = await connectTransport(ctx);
      this.client = connected.client;
      this.tap = connected.tap;
      this.tap.intercept = (msg) => this.raw.settle(msg, this.log.now());
      this.tap.onclose = chainClose(this.tap.onclose, () => this.onTransportClosed());
      this.details = { ...this.describeConnection(), transport: connected.transport, pid: connected.pid };
      this.log.add({ type: 'lifecycle', phase: 'connect', message: `${this.details.era} era, protocol ${this.details.protocolVersion}` });
      this.setState('connected');
    } catch (err) {
      const error = describeConnectError(ctx, err);
      this.details = { ...this.details, error };
      this.log.add({ type: 'lifecycle', phase: 'error', message: error.message });
      this.setState('failed');
      throw new EngineError(error.code as EngineError['code'], error.message, { details: error, sessionId: this.id, cause: err });
    }
  }

  private describeConnection(): Partial<SessionInfo> {
    const client = this.client!;
    const serverInfo = client.getServerVersion();
    return {
      era: client.getProtocolEra(),
      protocolVersion: client.getNegotiatedProtocolVersion(),
      serverInfo: serverInfo ? { ...serverInfo } : undefined,
      serverCapabilities: { ...(client.getServerCapabilities() ?? {}) },
      clientCapabilities: { ...CLIENT_CAPABILITIES },
      instructions: client.getInstructions(),
      mcpSessionId: this.tap?.sessionId,
    };
  }

  /** Sends any JSON-RPC request or notification as given (a debugger sends what you wrote). */
  async send(message: Record<string, unknown>, opts: SendOptions = {}): Promise<SendResult> {
    if (this.state !== 'connected' || !this.tap) throw new EngineError('ENGINE_NOT_CONNECTED', `Session ${this.id} is ${this.state}`);
    const id = opts.notification ? undefined : (message.id ?? this.raw.nextId());
    const msg: JsonRpcMessage = { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), ...message, params: this.withEnvelope(message.params) };
    if (msg.params === undefined) delete msg.params;
    if (opts.notification) {
      delete msg.id;
      await this.tap.send(msg as never);
      return {};
    }
    const answer = this.raw.expect(idKey(messageId(msg)!), this.log.now(), opts.timeoutMs ?? 60_000);
    await this.tap.send(msg as never).catch((err) => this.raw.fail(idKey(messageId(msg)!), err));
    return answer;
  }

  /** On the modern era every request carries the envelope in `_meta` (2026-07-28/basic/index). */
  private withEnvelope(params: unknown): unknown {
    if (this.details.era !== 'modern' || (params !== undefined && (typeof params !== 'object' || params === null))) return params;
    const p = (params ?? {}) as Record<string, unknown>;
    const meta = (p._meta ?? {}) as Record<string, unknown>;
    if (PROTOCOL_VERSION_META_KEY in meta) return params;
    return {
      ...p,
      _meta: {
        [PROTOCOL_VERSION_META_KEY]: this.details.protocolVersion,
        [CLIENT_INFO_META_KEY]: { name: this.deps.clientName, version: this.deps.clientVersion },
        [CLIENT_CAPABILITIES_META_KEY]: CLIENT_CAPABILITIES,
        ...meta,
      },
    };
  }

  answer(requestId: string, answer: ServerRequestAnswer): boolean {
    return this.queue.answer(requestId, answer);
  }

  waitForAnswer(request: { requestId: string; method: string; params: unknown }, signal?: AbortSignal) {
    return this.queue.wait({ sessionId: this.id, receivedAt: Date.now(), ...request }, signal);
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.setState('closed');
    this.queue.rejectAll('session closed');
    this.raw.failAll(new EngineError('ENGINE_CLOSED', 'session closed'));
    await this.tap?.close().catch(() => undefined);
    await this.client?.close().catch(() => undefined);
    this.log.add({ type: 'lifecycle', phase: 'disconnect', message: 'closed by mcpscope' });
  }

  private onTransportClosed(): void {
    if (this.state !== 'connected') return;
    this.setState('closed');
    this.queue.rejectAll('connection closed');
    this.raw.failAll(new EngineError('ENGINE_CLOSED', 'the connection closed'));
    this.log.add({ type: 'lifecycle', phase: 'disconnect', message: 'the server closed the connection' });
  }

  private setState(state: SessionState): void {
    this.state = state;
    this.log.add({ type: 'lifecycle', phase: 'state', state });
    this.deps.emit({ type: 'session', session: this.info() });
  }

  private keepStderr(text: string): void {
    for (const line of text.split('\n')) if (line.trim()) this.stderrLines.push(line);
    if (this.stderrLines.length > 200) this.stderrLines.splice(0, this.stderrLines.length - 50);
  }
}

function chainClose(first: (() => void) | undefined, second: () => void): () => void {
  return () => {
    first?.();
    second();
  };
}
