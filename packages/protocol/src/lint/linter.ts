import type { Finding, FrameEvent, SessionEvent } from '../events.js';
import { classifyMessage, messageId } from '../jsonrpc.js';
import { internalErrorFinding } from './findings.js';
import { AppLinter } from './app-linter.js';
import { guarded, toFindings, type FrameContext, type SchemaValidator } from './rule.js';
import { noteLegacySse } from './http-rules.js';
import { FRAME_RULES, HTTP_RULES } from './rules.js';
import { LintState, uniqueNameUris, type InFlight, type ToolDef } from './state.js';
import { SPAN_RULES } from './telemetry-rules.js';
import { TelemetryState } from './telemetry-state.js';

const CLIENT_CAPS_META = 'io.modelcontextprotocol/clientCapabilities';

/**
 * The lifecycle `state` the engine logs when it starts a new transport attempt (falling back
 * from Streamable HTTP to HTTP+SSE, restarting a stdio server): a new conversation begins.
 */
export const TRANSPORT_ATTEMPT = 'transport-attempt';

/**
 * The lifecycle `state` the engine logs when an HTTP session expired and it starts a new one
 * with a new initialize (2025-11-25/basic/transports#session-management): a new conversation too.
 */
export const NEW_SESSION = 'new-session';

export interface LinterOptions {
  /** JSON Schema (2020-12) validation for structuredContent; without it only presence is checked. */
  validate?: SchemaValidator;
}

/**
 * Runs every rule over a session's events in order (live, or from a trace) and returns the
 * findings for each event. One Linter per session: it learns capabilities, era and listings.
 * Give it every event: a lifecycle `transport-attempt` or `new-session` starts the conversation afresh.
 * App-channel frames (an MCP App view ⇄ mcpscope as host) go to the app rules only, per view.
 */
export class Linter {
  private current = new LintState();
  /** MCP App views' conversations: their own rules, never the server's. */
  private readonly apps = new AppLinter();
  /** The session's own requests, for the rules on the spans its server exports (telemetry-rules.ts). */
  private readonly telemetry = new TelemetryState();

  constructor(private readonly opts: LinterOptions = {}) {}

  get state(): LintState {
    return this.current;
  }

  observe(event: SessionEvent): Finding[] {
    if (event.type === 'lifecycle') {
      if (event.phase === 'state' && (event.state === TRANSPORT_ATTEMPT || event.state === NEW_SESSION)) this.current = new LintState();
      return [];
    }
    if (event.type === 'http') {
      noteLegacySse(event, this.state);
      if (event.status === 401 || event.status === 403) this.state.authRejectedSeq = event.seq;
      return HTTP_RULES.flatMap((rule) => guarded(rule, () => rule.onHttp(event, this.state), this.state.era));
    }
    if (event.type === 'span') return SPAN_RULES.flatMap((rule) => guarded(rule, () => rule.onSpan(event.span, this.telemetry)));
    if (event.type !== 'frame' || !event.msg) return [];
    try {
      if (event.channel === 'app') return this.apps.observe(event, event.msg, this.current);
      this.telemetry.observeFrame(event, event.msg);
      return this.onFrame(event, event.msg);
    } catch (err) {
      return [internalErrorFinding('the linter', err)];
    }
  }

  private onFrame(frame: FrameEvent, msg: Record<string, unknown>): Finding[] {
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    let request: InFlight | undefined;
    let repeatAnswer = false;
    if ((kind === 'response' || kind === 'error') && id !== undefined) {
      const answered = this.state.finish(frame.dir, id);
      if (answered === 'finished') repeatAnswer = true;
      else request = answered;
    }
    const ctx: FrameContext = { frame, msg, state: this.state, request, repeatAnswer, validate: this.opts.validate };
    // Every frame of a flood passes here: a plain loop, no closure or array per rule.
    const findings: Finding[] = [];
    for (const rule of FRAME_RULES) {
      let out: string | string[] | undefined;
      try {
        out = rule.onFrame(ctx);
      } catch (err) {
        findings.push(internalErrorFinding(`rule ${rule.id}`, err));
        continue;
      }
      // A loop, not push(...): a hostile listing can make a rule report 100,000 findings.
      if (out !== undefined) for (const finding of toFindings(rule, out, this.state.era)) findings.push(finding);
    }
    if (kind === 'request' && id !== undefined) this.state.start(frame.dir, id, frame.seq, msg);
    this.learn(frame, msg, request);
    return findings;
  }

  /** Updates what the rules know, after they ran on this frame. */
  private learn(frame: FrameEvent, msg: Record<string, unknown>, request: InFlight | undefined): void {
    const s = this.state;
    const params = (msg.params ?? {}) as Record<string, unknown>;
    const result = msg.result as Record<string, unknown> | undefined;
    if (frame.dir === 'out' && msg.method === 'initialize') {
      s.initializeSent = true;
      s.initializePostsPending++;
      s.era = 'legacy';
      s.clientCaps = (params.capabilities as Record<string, unknown>) ?? {};
    }
    if (frame.dir === 'out' && msg.method === 'server/discover') {
      const caps = (params._meta as Record<string, unknown> | undefined)?.[CLIENT_CAPS_META];
      if (caps && typeof caps === 'object') s.clientCaps = caps as Record<string, unknown>;
    }
    if (frame.dir === 'out' && msg.method === 'notifications/initialized') s.initializedSent = true;
    if (request?.method === 'initialize' && result) {
      s.initializeAnswered = true;
      if (typeof result.protocolVersion === 'string') s.protocolVersion = result.protocolVersion;
      s.serverCaps = (result.capabilities as Record<string, unknown>) ?? {};
    }
    if (request?.method === 'server/discover' && result) {
      s.era = 'modern';
      s.serverCaps = (result.capabilities as Record<string, unknown>) ?? {};
    }
    if (frame.dir === 'out' && typeof msg.method === 'string' && msg.method.endsWith('/list') && params.cursor === undefined) {
      s.cursors.set(msg.method, new Set());
      if (msg.method === 'tools/list') s.pendingTools = [];
    }
    if (request && result) this.learnListing(request, result);
  }

  private learnListing(request: InFlight, result: Record<string, unknown>): void {
    const method = request.method;
    const s = this.state;
    if (typeof result.nextCursor === 'string') s.cursors.get(method)?.add(result.nextCursor);
    if (method === 'tools/list' && Array.isArray(result.tools)) {
      // Only well-formed entries are remembered (a listing may hold null, numbers, nameless tools).
      for (const t of result.tools as unknown[])
        if (t !== null && typeof t === 'object' && typeof (t as ToolDef).name === 'string') s.pendingTools.push(t as ToolDef);
      if (typeof result.nextCursor !== 'string') {
        s.setTools(s.pendingTools);
        s.pendingTools = [];
        s.toolsListed = true;
      }
    }
    if (method === 'resources/list' && Array.isArray(result.resources)) {
      s.resourceUris = uniqueNameUris(result.resources);
      s.listResources(result.resources, request.params.cursor === undefined);
    }
  }
}
