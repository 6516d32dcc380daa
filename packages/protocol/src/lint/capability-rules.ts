import { isCapabilityDeclared } from '../capabilities.js';
import type { FrameRule } from './rule.js';
import type { LintState } from './state.js';

type Side = 'client' | 'server';

/** Which side must have (a Map: the method is the server's string, never a key into Object.prototype)  declared what before a method may be used (spec: each feature's Capabilities section). */
const REQUIRES = new Map<string, { side: Side; path: string[]; spec: string }>(
  Object.entries({
    'notifications/tools/list_changed': { side: 'server', path: ['tools', 'listChanged'], spec: 'server/tools#capabilities' },
    'notifications/prompts/list_changed': { side: 'server', path: ['prompts', 'listChanged'], spec: 'server/prompts#capabilities' },
    'notifications/resources/list_changed': { side: 'server', path: ['resources', 'listChanged'], spec: 'server/resources#capabilities' },
    'notifications/resources/updated': { side: 'server', path: ['resources', 'subscribe'], spec: 'server/resources#subscriptions' },
    'notifications/message': { side: 'server', path: ['logging'], spec: 'server/utilities/logging#capabilities' },
    'sampling/createMessage': { side: 'client', path: ['sampling'], spec: 'client/sampling#capabilities' },
    'elicitation/create': { side: 'client', path: ['elicitation'], spec: 'client/elicitation#capabilities' },
    'roots/list': { side: 'client', path: ['roots'], spec: 'client/roots#capabilities' },
    'notifications/roots/list_changed': { side: 'client', path: ['roots', 'listChanged'], spec: 'client/roots#capabilities' },
    'tools/list': { side: 'server', path: ['tools'], spec: 'server/tools#capabilities' },
    'tools/call': { side: 'server', path: ['tools'], spec: 'server/tools#capabilities' },
    'resources/list': { side: 'server', path: ['resources'], spec: 'server/resources#capabilities' },
    'resources/read': { side: 'server', path: ['resources'], spec: 'server/resources#capabilities' },
    'resources/templates/list': { side: 'server', path: ['resources'], spec: 'server/resources#capabilities' },
    'resources/subscribe': { side: 'server', path: ['resources', 'subscribe'], spec: 'server/resources#subscriptions' },
    'resources/unsubscribe': { side: 'server', path: ['resources', 'subscribe'], spec: 'server/resources#subscriptions' },
    'prompts/list': { side: 'server', path: ['prompts'], spec: 'server/prompts#capabilities' },
    'prompts/get': { side: 'server', path: ['prompts'], spec: 'server/prompts#capabilities' },
    'logging/setLevel': { side: 'server', path: ['logging'], spec: 'server/utilities/logging#capabilities' },
    'completion/complete': { side: 'server', path: ['completions'], spec: 'server/utilities/completion#capabilities' },
  } satisfies Record<string, { side: Side; path: string[]; spec: string }>),
);

/** Places kept per early method: the count goes on, the list of seqs stops here. */
const EARLY_SEQS_KEPT = 10;

/**
 * A server notification that needs a server capability, sent while the client cannot know the
 * capabilities yet (before the initialize or server/discover answer): remembered, not judged.
 */
function noteEarly(state: LintState, method: string, seq: number): void {
  const early = state.earlyNotifications.get(method);
  if (!early) state.earlyNotifications.set(method, { count: 1, seqs: [seq] });
  else {
    early.count++;
    if (early.seqs.length < EARLY_SEQS_KEPT) early.seqs.push(seq);
  }
}

/**
 * The answer that tells the server's capabilities: each early notification is judged against
 * them, once per method (with how many were sent and where), then forgotten.
 */
function judgeEarly(state: LintState, result: unknown): string[] | undefined {
  if (state.earlyNotifications.size === 0) return undefined;
  const caps = (result as { capabilities?: unknown } | undefined)?.capabilities;
  const declared = caps !== null && typeof caps === 'object' ? (caps as Record<string, unknown>) : {};
  const out: string[] = [];
  for (const [method, { count, seqs }] of state.earlyNotifications) {
    const need = REQUIRES.get(method)!;
    if (isCapabilityDeclared(declared, need.path.join('.'))) continue;
    const where = `seq ${seqs.join(', ')}${count > seqs.length ? ', …' : ''}`;
    out.push(
      `the server sent ${method} ${count === 1 ? 'once' : `${count} times`} (${where}) before the client could know its capabilities, and its answer does not declare ${need.path.join('.')} (${need.spec})`,
    );
  }
  state.earlyNotifications.clear();
  return out.length > 0 ? out : undefined;
}

/**
 * A feature used without the capability that announces it. A server notification sent before
 * the capabilities are known is judged when they are (on the answer that declares them).
 */
export const capabilityViolation: FrameRule = {
  id: 'capability-undeclared',
  severity: 'error',
  spec: '2025-11-25/basic/lifecycle#operation',
  quote: 'Both parties MUST: - Respect the negotiated protocol version - Only use capabilities that were successfully negotiated',
  description:
    'Optional features (list_changed, subscriptions, logging, sampling, elicitation, roots, tools/resources/prompts/completions) are used only when the side that provides them declared the capability.',
  onFrame: ({ frame, msg, state, request }) => {
    if (request && (request.method === 'initialize' || request.method === 'server/discover') && msg.result !== undefined)
      return judgeEarly(state, msg.result);
    if (typeof msg.method !== 'string') return undefined;
    const need = REQUIRES.get(msg.method);
    if (!need) return undefined;
    const caps = state.caps(need.side);
    if (!caps) {
      // Only the server's own notifications wait; a request cannot come before the handshake it needs.
      if (frame.dir === 'in' && need.side === 'server' && msg.method.startsWith('notifications/') && !('id' in msg))
        noteEarly(state, msg.method, frame.seq);
      return undefined;
    }
    if (isCapabilityDeclared(caps, need.path.join('.'))) return undefined;
    const sender = frame.dir === 'out' ? 'client' : 'server';
    const what = need.path.join('.');
    return need.side === sender
      ? `the ${sender} sent ${msg.method} but did not declare the ${what} capability (${need.spec})`
      : `the ${sender} sent ${msg.method}, but the ${need.side} did not declare ${what} (${need.spec})`;
  },
};
