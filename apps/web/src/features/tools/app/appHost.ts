import { buildAppCsp, Listeners, type AppCsp } from '@mcpscope/protocol';
import { AppBridge, buildAllowAttribute, PostMessageTransport, type McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { AppMessageBatcher, type PostAppMessages } from '../../../lib/appMessagesApi';
import type { WorkbenchApi } from '../../../lib/workbenchApi';
import type { CallSettled } from '../callOutcome';
import { installBridgeHandlers, type BridgeHost } from './bridgeHandlers';
import { appOriginReason as originOf, buildHostContext, hostCapabilities, MAX_APP_HEIGHT, type ContainerSize } from './hostContext';
import { HostLog, type HostLogEntry } from './hostLog';
import { MessageBudget, APP_MESSAGES_PER_SECOND, type FloodState } from './messageBudget';
import { tapTransport, type BridgeTransport } from './tapTransport';
import { readUiResource, sandboxOriginProblem, sandboxUrl, type UiResource } from './uiResource';

export type AppViewState = 'loading' | 'ready' | 'failed' | 'closed';

export interface AppHostSnapshot {
  state: AppViewState;
  /** What the view is waiting for while loading. */
  phase: string;
  error?: string;
  resource?: Omit<UiResource, 'html'> & { htmlLength: number };
  csp?: AppCsp;
  sandboxUrl?: string;
  /** The iframe `allow` attribute built from the granted permissions. */
  allow: string;
  height: number;
  displayMode: McpUiDisplayMode;
  /** The display modes the view declared in ui/initialize (undefined: none declared). */
  appModes?: McpUiDisplayMode[];
  appInfo?: { name: string; version: string };
  log: readonly HostLogEntry[];
  /** The view posts more than its message budget: how many were dropped, and whether it still does. */
  flood?: FloodState;
  /** A ui/open-link the user has to answer. */
  openLink?: { url: string };
  closing: boolean;
}

export interface AppHostOptions {
  sessionId: string;
  view: string;
  uri: string;
  /** The tool definition as listed (for toolInfo). */
  tool: Record<string, unknown>;
  args: Record<string, unknown>;
  wb: Pick<WorkbenchApi, 'result'>;
  postMessages: PostAppMessages;
  sandboxOrigin: string | undefined;
  /** The session's own sandbox origin (asked of the proxy at start); the shared one when it cannot say. */
  sessionSandboxOrigin?: () => Promise<string>;
  ownOrigin: string;
  hostVersion: string;
  theme: 'light' | 'dark';
  /** The listed definition of a tool by name (visibility check of an app's tools/call). */
  lookupTool: (name: string) => Record<string, unknown> | undefined;
  openWindow?: (url: string) => void;
  /** The transport to the sandbox frame; PostMessageTransport to its window by default (tests pass a linked pair). */
  createTransport?: (frame: Window) => BridgeTransport;
}

/** How long teardown waits for the view's answer before the frame goes anyway. */
export const TEARDOWN_TIMEOUT_MS = 2000;
const INITIAL_HEIGHT = 160;

/**
 * The host side of one rendered MCP App view (ext-apps spec 2026-01-26) — presenter logic with
 * no React: reads the ui:// resource, builds the sandbox URL and CSP, runs an AppBridge over a
 * PostMessageTransport to the sandbox frame (every message tapped into the session's frame log),
 * delivers tool input then result, answers the view's requests, and tears down before removal.
 */
export class AppHost implements BridgeHost {
  readonly view: string;
  readonly uri: string;
  private snap: AppHostSnapshot;
  private readonly listeners = new Listeners();
  private readonly log = new HostLog(() => this.set({ log: this.log.entries }));
  readonly messages: AppMessageBatcher;
  private html = '';
  private sandboxCsp: AppCsp['applied'] | undefined;
  private bridge: AppBridge | null = null;
  private frame: HTMLIFrameElement | null = null;
  private loads = 0;
  private resourceSent = false;
  private initialized = false;
  private inputSent = false;
  private outcome: CallSettled | undefined;
  private outcomeSent = false;
  private theme: 'light' | 'dark';
  private container: ContainerSize | undefined;
  private contextTimer: ReturnType<typeof setTimeout> | undefined;
  private openLinkAnswer: ((allow: boolean) => void) | null = null;
  private closePromise: Promise<void> | null = null;
  private readonly budget = new MessageBudget((flood, first) => {
    // One host-log entry per view, however long it floods; the panel's notice keeps the count.
    if (first)
      this.warn(
        `The app sends more than ${APP_MESSAGES_PER_SECOND} messages a second: mcpscope drops the excess (not handled, not in the frame log) to stay responsive.`,
      );
    this.set({ flood });
  });

  constructor(readonly opts: AppHostOptions) {
    this.view = opts.view;
    this.uri = opts.uri;
    this.theme = opts.theme;
    this.snap = {
      state: 'loading',
      phase: `Reading ${opts.uri}…`,
      allow: '',
      height: INITIAL_HEIGHT,
      displayMode: 'inline',
      log: [],
      closing: false,
    };
    this.messages = new AppMessageBatcher({
      post: opts.postMessages,
      sessionId: opts.sessionId,
      view: opts.view,
      uri: opts.uri,
      onError: (err) => this.warn(`The app⇄host messages could not be recorded in the session’s frame log: ${errorText(err)}`),
    });
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);

  getSnapshot = (): AppHostSnapshot => this.snap;

  private set(patch: Partial<AppHostSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.listeners.emit();
  }

  private fail(error: string): void {
    this.set({ state: 'failed', error, phase: '' });
  }

  warn(text: string): void {
    this.log.add('warning', 'warning', text);
  }

  get isClosed(): boolean {
    return this.closePromise !== null;
  }

  /** Reads the resource (spec: "Host MUST use resources/read to fetch the referenced resource URI"). */
  async start(): Promise<void> {
    const sandboxOrigin = (await this.opts.sessionSandboxOrigin?.().catch(() => undefined)) ?? this.opts.sandboxOrigin;
    if (this.isClosed) return;
    const problem = sandboxOriginProblem(sandboxOrigin, this.opts.ownOrigin);
    if (problem) return this.fail(problem);
    let result: unknown;
    try {
      result = await this.opts.wb.result(this.opts.sessionId, 'resources/read', { uri: this.uri }, 'tools: open app');
    } catch (err) {
      return this.isClosed ? undefined : this.fail(`resources/read ${this.uri} failed: ${errorText(err)}`);
    }
    if (this.isClosed) return;
    const read = readUiResource(result, this.uri);
    if (!read.ok) return this.fail(read.reason);
    const { html, ...resource } = read.resource;
    this.html = html;
    const csp = buildAppCsp(resource.csp);
    // What the sandbox builds its policy from: the validated lists, or nothing when nothing usable
    // was declared (then the spec's restrictive default applies, there and in the header alike).
    this.sandboxCsp = resource.csp !== null && typeof resource.csp === 'object' && !Array.isArray(resource.csp) ? csp.applied : undefined;
    if (csp.dropped.length > 0)
      this.warn(
        `${csp.dropped.length} declared CSP entr${csp.dropped.length === 1 ? 'y was' : 'ies were'} dropped: ${csp.dropped.join('; ')}`,
      );
    this.set({
      resource: { ...resource, htmlLength: html.length },
      csp,
      sandboxUrl: sandboxUrl(sandboxOrigin!, this.sandboxCsp),
      allow: buildAllowAttribute(resource.permissions),
      phase: 'Loading the sandbox…',
    });
  }

  /**
   * The sandbox iframe is in the document (still about:blank): connect the bridge to its window,
   * then navigate it to the sandbox page, so its sandbox-proxy-ready cannot be missed.
   */
  async attach(frame: HTMLIFrameElement): Promise<void> {
    const url = this.snap.sandboxUrl;
    if (this.frame || !url || this.isClosed) return;
    const win = frame.contentWindow;
    if (!win) return this.fail('The sandbox frame has no window.');
    this.frame = frame;
    const transport = tapTransport(
      this.opts.createTransport?.(win) ?? new PostMessageTransport(win, win),
      (dir, msg) => this.messages.push(dir, msg),
      () => this.budget.admit(),
    );
    const ctx = this.context();
    const bridge = new AppBridge(
      null,
      { name: 'mcpscope', version: this.opts.hostVersion },
      hostCapabilities(this.snap.csp!.applied, this.snap.resource!.permissions),
      { hostContext: ctx },
    );
    this.bridge = bridge;
    installBridgeHandlers(bridge, this, this.log);
    bridge.onerror = (err) => this.warn(`Message from the app not understood: ${errorText(err)}`);
    try {
      await bridge.connect(transport);
    } catch (err) {
      return this.fail(`Could not connect to the sandbox frame: ${errorText(err)}`);
    }
    frame.addEventListener('load', this.onFrameLoad);
    frame.src = url;
  }

  // One load is the sandbox page. Another is a navigation of the sandbox frame (by the app, which
  // shares its origin): the bridge posts with targetOrigin "*", so it stops talking to that window.
  private onFrameLoad = (): void => {
    this.loads++;
    if (this.loads < 2 || this.isClosed) return;
    this.frame?.removeEventListener('load', this.onFrameLoad);
    void this.bridge?.close().catch(() => undefined);
    this.fail(
      'The sandbox frame was navigated (reloaded or sent elsewhere — the app shares its origin and can do that). mcpscope stopped talking to it; open the app again to start over.',
    );
  };

  /** sandbox-proxy-ready: send the HTML exactly once (spec "Sandbox proxy", items 3–4). */
  onSandboxReady(): void {
    if (!this.bridge || this.isClosed) return;
    if (this.resourceSent) {
      this.warn(
        'A second ui/notifications/sandbox-proxy-ready: the sandbox page was reloaded (the app navigated its sandbox). The resource is not sent again.',
      );
      return;
    }
    this.resourceSent = true;
    const resource = this.snap.resource!;
    this.set({ phase: 'Waiting for the app to initialize…' });
    void this.bridge.sendSandboxResourceReady({
      html: this.html,
      ...(this.sandboxCsp ? { csp: this.sandboxCsp } : {}),
      permissions: resource.permissions,
    });
  }

  /** ui/notifications/initialized: only now may the host send to the view (spec "Sandbox proxy", item 6). */
  onInitialized(): void {
    if (!this.bridge || this.isClosed || this.initialized) return;
    this.initialized = true;
    const caps = this.bridge.getAppCapabilities();
    const info = this.bridge.getAppVersion();
    this.set({
      state: this.snap.state === 'failed' ? 'failed' : 'ready',
      phase: '',
      ...(Array.isArray(caps?.availableDisplayModes) ? { appModes: caps.availableDisplayModes } : {}),
      ...(info ? { appInfo: { name: String(info.name), version: String(info.version) } } : {}),
    });
    this.inputSent = true;
    void this.bridge.sendToolInput({ arguments: this.opts.args });
    this.deliverOutcome();
    this.pushContext();
  }

  /** The call this view belongs to finished. */
  settle(outcome: CallSettled): void {
    if (this.outcome) return;
    this.outcome = outcome;
    this.deliverOutcome();
  }

  private deliverOutcome(): void {
    const o = this.outcome;
    if (!o || !this.bridge || !this.inputSent || this.outcomeSent || this.isClosed) return;
    this.outcomeSent = true;
    if ('result' in o) {
      void this.bridge.sendToolResult(o.result as Parameters<AppBridge['sendToolResult']>[0]);
      return;
    }
    // "Host MUST send this notification if the tool execution was cancelled, for any reason".
    void this.bridge.sendToolCancelled({ reason: cancelReason(o) });
  }

  private context() {
    return buildHostContext({ theme: this.theme, displayMode: this.snap.displayMode, container: this.container, tool: this.opts.tool });
  }

  /** Sends what changed in the host context; nothing before `initialized`, the diff after. */
  private pushContext(): void {
    if (this.initialized && this.bridge && !this.isClosed && this.snap.state !== 'failed') this.bridge.setHostContext(this.context());
  }

  setTheme(theme: 'light' | 'dark'): void {
    if (theme === this.theme) return;
    this.theme = theme;
    this.pushContext();
  }

  /** The panel was resized: sent at most every 150 ms. */
  setContainer(size: ContainerSize): void {
    if (size.width <= 0 || size.height <= 0) return; // a hidden tab
    const prev = this.container;
    this.container = size;
    if (prev && Math.round(prev.width) === Math.round(size.width) && Math.round(prev.height) === Math.round(size.height)) return;
    if (this.contextTimer !== undefined) return;
    this.contextTimer = setTimeout(() => {
      this.contextTimer = undefined;
      this.pushContext();
    }, 150);
  }

  onSizeChange(height: number | undefined): void {
    if (height === undefined || !Number.isFinite(height)) return;
    this.set({ height: Math.max(0, Math.min(MAX_APP_HEIGHT, Math.ceil(height))) });
  }

  /**
   * A display mode change, from the view (ui/request-display-mode) or the user: only modes both
   * sides support ("Host MUST NOT switch the View to a display mode that does not appear in its
   * appCapabilities.availableDisplayModes, if set"). Returns the resulting mode.
   */
  setDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode {
    if (!this.canDisplay(mode) || mode === this.snap.displayMode) return this.snap.displayMode;
    this.set({ displayMode: mode });
    this.pushContext();
    return mode;
  }

  canDisplay(mode: McpUiDisplayMode): boolean {
    return (mode === 'inline' || mode === 'fullscreen') && (!this.snap.appModes || this.snap.appModes.includes(mode));
  }

  /** ui/open-link: one question at a time; resolves true when the user allows it. */
  askOpenLink(url: string): Promise<boolean> {
    if (this.openLinkAnswer || this.isClosed) return Promise.resolve(false);
    this.set({ openLink: { url } });
    return new Promise((resolve) => {
      this.openLinkAnswer = (allow) => {
        this.openLinkAnswer = null;
        this.set({ openLink: undefined });
        resolve(allow);
      };
    });
  }

  answerOpenLink(allow: boolean): void {
    this.openLinkAnswer?.(allow);
  }

  openWindow(url: string): void {
    (this.opts.openWindow ?? ((u) => window.open(u, '_blank', 'noopener,noreferrer')))(url);
  }

  /** A request the view makes of the server, sent once its own message is queued for the log. */
  async forward(method: string, params: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
    await this.messages.drain();
    return this.opts.wb.result(this.opts.sessionId, method, params, originOf(this.uri));
  }

  lookupTool(name: string): Record<string, unknown> | undefined {
    return this.opts.lookupTool(name);
  }

  /** Teardown first (spec: "Host MUST send this … before tearing down the UI resource"), at most 2 s, then close. */
  close(reason: string): Promise<void> {
    if (this.closePromise) return this.closePromise;
    this.closePromise = (async () => {
      this.set({ closing: true });
      this.answerOpenLink(false);
      clearTimeout(this.contextTimer);
      const bridge = this.bridge;
      if (bridge && this.initialized && this.snap.state !== 'failed') {
        try {
          await bridge.teardownResource({ reason }, { timeout: TEARDOWN_TIMEOUT_MS });
        } catch (err) {
          this.warn(`ui/resource-teardown got no answer: ${errorText(err)}`);
        }
      }
      this.frame?.removeEventListener('load', this.onFrameLoad);
      await bridge?.close().catch(() => undefined);
      this.budget.stop();
      void this.messages.drain();
      this.set({ state: 'closed', closing: false, openLink: undefined });
    })();
    return this.closePromise;
  }
}

function cancelReason(o: Exclude<CallSettled, { outcome: 'result' | 'is-error' }>): string {
  if (o.outcome === 'rpc-error') return `The server rejected the call: ${o.error.code} ${o.error.message}`;
  if (o.outcome === 'cancelled') return 'Cancelled by the user';
  return o.message;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
