import type { Finding, FrameEvent } from '../events.js';
import { classifyMessage, messageId } from '../jsonrpc.js';
import { APP_RULES } from './app-rules.js';
import { AppViews, type AppInFlight, type AppViewState } from './app-state.js';
import { guarded, type AppFrameContext } from './rule.js';
import type { LintState } from './state.js';

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** `availableDisplayModes` of a host context, when it is a list (strings only). */
function displayModes(hostContext: unknown): string[] | undefined {
  const modes = record(hostContext)?.availableDisplayModes;
  return Array.isArray(modes) ? modes.filter((m): m is string => typeof m === 'string') : undefined;
}

/**
 * The app rules over the app-channel frames of a session, per view. The server's
 * LintState is read (its tool listing), never changed: app frames are not server traffic.
 */
export class AppLinter {
  private readonly views = new AppViews();

  observe(frame: FrameEvent, msg: Record<string, unknown>, server: LintState): Finding[] {
    const view = this.views.get(frame.app?.view ?? '');
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    const request = (kind === 'response' || kind === 'error') && id !== undefined ? view.finish(frame.dir, id) : undefined;
    const ctx: AppFrameContext = { frame, msg, kind, view, server, request };
    const findings = APP_RULES.flatMap((rule) => guarded(rule, () => rule.onAppFrame(ctx)));
    if (kind === 'request' && id !== undefined) view.start(frame.dir, id, frame.seq, msg.method as string, record(msg.params) ?? {});
    learn(view, frame, msg, request);
    return findings;
  }
}

/** What the view's handshake and host context tell the rules, after they ran on this frame. */
function learn(view: AppViewState, frame: FrameEvent, msg: Record<string, unknown>, request: AppInFlight | undefined): void {
  const result = record(msg.result);
  if (frame.dir === 'out' && request?.method === 'ui/initialize' && result) {
    view.initializeAnswered = true;
    view.hostDisplayModes = displayModes(result.hostContext) ?? [];
  }
  if (frame.dir === 'out' && msg.method === 'ui/notifications/host-context-changed' && view.initializeAnswered) {
    const modes = displayModes(msg.params);
    if (modes) view.hostDisplayModes = modes;
  }
}
