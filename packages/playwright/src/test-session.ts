import type { FrameEvent, FrameOrigin } from '@mcpscope/protocol';
import type { RequestOutcome, TaskCallOutcome } from '@mcpscope/engine';
import { atLeast, readEvents } from './frames.js';
import { McpError } from './mcp-error.js';
import { fromTestsView } from './without-stack.js';
import { linkResult } from './result-links.js';
import type { SessionHandle } from './session-handle.js';
import type * as T from './types.js';

const MAX_PAGES = 100;
/** How many events after a call's start are searched for its response (a task's polls, its app's traffic). */
const MAX_CALL_EVENTS = 50_000;

/** The frames a test sends are the test's: the UI's frame log says `test: tools/call`. */
const byTest = (method: string): FrameOrigin => ({ by: 'user', reason: `test: ${method}` });

/**
 * The `mcp` fixture: one test's view of a session (its own, or its worker's). Frames and
 * findings start after `fromSeq`, where the previous test of the worker ended.
 */
export class TestSession implements T.McpSession {
  constructor(
    readonly handle: SessionHandle,
    readonly fromSeq: number,
  ) {}

  get tracePath(): string {
    return this.handle.tracePath;
  }

  info(): T.McpSessionInfo {
    const i = this.handle.session.info();
    return {
      transport: i.transport,
      ...(i.era ? { era: i.era } : {}),
      ...(i.protocolVersion ? { protocolVersion: i.protocolVersion } : {}),
      ...(i.serverInfo ? { serverInfo: i.serverInfo } : {}),
      ...(i.serverCapabilities ? { serverCapabilities: i.serverCapabilities } : {}),
      ...(i.instructions ? { instructions: i.instructions } : {}),
      ...(i.pid ? { pid: i.pid } : {}),
    };
  }

  async request(method: string, params?: Record<string, unknown>, opts: T.RequestOptions = {}): Promise<Record<string, unknown>> {
    try {
      const out = await this.handle.session.request(method, params, {
        origin: byTest(method),
        ...(opts.timeout ? { timeoutMs: opts.timeout } : {}),
      });
      return resultOf(method, out);
    } catch (err) {
      throw fromTestsView(err);
    }
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    await this.handle.session
      .send({ method, ...(params ? { params } : {}) }, { notification: true, origin: byTest(method) })
      .catch((err: unknown) => {
        throw fromTestsView(err);
      });
  }

  async tools(): Promise<T.McpTool[]> {
    return (await this.listAll('tools/list', 'tools')) as T.McpTool[];
  }

  async callTool(name: string, args: Record<string, unknown> = {}, opts: T.RequestOptions = {}): Promise<T.McpToolResult> {
    const before = this.handle.lastSeq;
    const result = await this.request('tools/call', { name, arguments: args }, opts);
    linkResult(result, { handle: this.handle, tool: name, seq: await this.responseSeq(before, name) });
    return result;
  }

  async callToolAsTask(
    name: string,
    args: Record<string, unknown> = {},
    opts: T.RequestOptions & { ttl?: number } = {},
  ): Promise<{ result: T.McpToolResult; task?: T.McpTask }> {
    const before = this.handle.lastSeq;
    const call = this.handle.session.callTask(
      { name, arguments: args },
      { origin: byTest('tools/call'), ...(opts.timeout ? { timeoutMs: opts.timeout } : {}), ...(opts.ttl ? { ttlMs: opts.ttl } : {}) },
    );
    const out: TaskCallOutcome = await call.catch((err: unknown) => {
      throw fromTestsView(err);
    });
    const result = resultOf('tools/call', out);
    linkResult(result, { handle: this.handle, tool: name, seq: await this.responseSeq(before, name) });
    const t = out.task;
    const task = t && {
      taskId: t.taskId,
      status: t.status,
      ...(t.statusMessage ? { statusMessage: t.statusMessage } : {}),
      polls: t.polls,
      ...(t.pollIntervalMs ? { pollIntervalMs: t.pollIntervalMs } : {}),
    };
    return { result, ...(task ? { task } : {}) };
  }

  resources(): Promise<Record<string, unknown>[]> {
    return this.listAll('resources/list', 'resources');
  }

  resourceTemplates(): Promise<Record<string, unknown>[]> {
    return this.listAll('resources/templates/list', 'resourceTemplates');
  }

  readResource(uri: string, opts?: T.RequestOptions): Promise<Record<string, unknown>> {
    return this.request('resources/read', { uri }, opts);
  }

  prompts(): Promise<Record<string, unknown>[]> {
    return this.listAll('prompts/list', 'prompts');
  }

  getPrompt(name: string, args: Record<string, string> = {}, opts?: T.RequestOptions): Promise<Record<string, unknown>> {
    return this.request('prompts/get', { name, arguments: args }, opts);
  }

  async setRoots(roots: Array<{ uri: string; name?: string }>): Promise<void> {
    await this.handle.session.setRoots(roots, byTest('roots'));
  }

  onSampling(handler: T.SamplingHandler): void {
    this.handle.answers.onSampling(handler);
  }

  onElicitation(handler: T.ElicitationHandler): void {
    this.handle.answers.onElicitation(handler);
  }

  onServerRequest(method: string, handler: T.ServerRequestHandler): void {
    this.handle.answers.on(method, handler);
  }

  async frames(): Promise<T.McpFrame[]> {
    return (await readEvents(this.handle.session.all(), this.fromSeq)).frames;
  }

  async findings(opts: { severity?: T.Severity } = {}): Promise<T.McpFinding[]> {
    return atLeast((await readEvents(this.handle.session.all(), this.fromSeq)).findings, opts.severity);
  }

  /** Every page of a list; a cursor that comes back ends the walk (the linter reports it). */
  private async listAll(method: string, key: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.request(method, cursor === undefined ? {} : { cursor });
      if (Array.isArray(result[key])) items.push(...(result[key] as Record<string, unknown>[]));
      const next = result.nextCursor;
      if (typeof next !== 'string' || seen.has(next)) break;
      seen.add(next);
      cursor = next;
    }
    return items;
  }

  /** The response to this test's latest tools/call of `name` since `after` (only the events since then are read). */
  private async responseSeq(after: number, name: string): Promise<number> {
    const requests = new Map<number, FrameEvent>();
    let found = 0;
    for (const e of await this.handle.session.page(after + 1, MAX_CALL_EVENTS)) {
      if (e.type !== 'frame' || e.channel === 'app') continue;
      if (e.dir === 'out' && e.origin?.reason === 'test: tools/call') requests.set(e.seq, e);
      const request = e.dir === 'in' && e.pair?.method === 'tools/call' ? requests.get(e.pair.requestSeq) : undefined;
      if ((request?.msg?.params as { name?: unknown } | undefined)?.name === name) found = e.seq;
    }
    return found;
  }
}

function resultOf(method: string, out: RequestOutcome): Record<string, unknown> {
  if (out.outcome === 'result') return out.result;
  if (out.outcome === 'cancelled') throw fromTestsView(new McpError(`${method} was cancelled`));
  const e = out.error;
  const source = out.source === 'input' ? ' (the answer to one of its input requests)' : '';
  throw fromTestsView(new McpError(`${method} failed with JSON-RPC error ${e.code}${source}: ${e.message}`, e.code, e.data));
}
