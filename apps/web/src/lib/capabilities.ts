import { isCapabilityDeclared as isDeclared } from '@mcpscope/protocol';
import type { SessionInfo } from '@mcpscope/wire';

/**
 * "Is feature X available, and if not, why?" — one answer for every tab, so an action the
 * server did not declare is disabled with its reason instead of failing silently.
 * Capabilities are negotiated at initialization (legacy, spec 2025-11-25 basic/lifecycle)
 * or discovered (2026-07-28 server/discover); a feature is declared when its key is present
 * (`{}` counts), a sub-flag when it is `true` or an object (e.g. `tasks.list: {}`).
 */
export type CapabilitySide = 'server' | 'client';

/** Dotted paths into the capabilities object, e.g. `resources.subscribe`. Others are accepted too. */
export type KnownFeature =
  | 'tools'
  | 'tools.listChanged'
  | 'resources'
  | 'resources.subscribe'
  | 'resources.listChanged'
  | 'prompts'
  | 'prompts.listChanged'
  | 'logging'
  | 'completions'
  | 'tasks'
  | 'tasks.list'
  | 'tasks.cancel'
  | 'sampling'
  | 'elicitation'
  | 'elicitation.form'
  | 'elicitation.url'
  | 'roots'
  | 'roots.listChanged';

export interface Availability {
  available: boolean;
  /** Whether the side declared it, whatever the session state. */
  declared: boolean;
  /** Why not, as a sentence for a tooltip or an inline note; undefined when available. */
  reason?: string;
}

export type CapabilitySource = Pick<SessionInfo, 'state' | 'era'> &
  Partial<Pick<SessionInfo, 'serverCapabilities' | 'clientCapabilities' | 'offline'>>;

/** Why an action that would send a request is disabled for a session opened from a trace. */
export const OFFLINE_REASON = 'opened from a trace: read-only';

/** A read-only session opened from a trace (`SessionInfo.offline`). */
export function isOffline(session: Pick<SessionInfo, 'offline'> | undefined): boolean {
  return session?.offline === true;
}

/**
 * Why nothing can be sent to `session` now (the tooltip of a disabled control), or undefined
 * when it is connected. A trace says so first: "closed" would suggest reconnecting.
 */
export function sendBlockedReason(session: Pick<SessionInfo, 'offline' | 'state'> | undefined): string | undefined {
  if (!session) return 'No session is selected';
  if (isOffline(session)) return OFFLINE_REASON;
  return session.state === 'connected' ? undefined : `The session is ${session.state}`;
}

/** What the user loses when a feature is missing; completes "…, so ___". */
const CONSEQUENCE: Record<string, string> = {
  tools: 'listing and calling tools is disabled',
  'tools.listChanged': 'the tool list is only refreshed by hand',
  resources: 'listing and reading resources is disabled',
  'resources.subscribe': 'subscribing is disabled',
  'resources.listChanged': 'the resource list is only refreshed by hand',
  prompts: 'listing and getting prompts is disabled',
  'prompts.listChanged': 'the prompt list is only refreshed by hand',
  logging: 'the log level cannot be set and no log messages are expected',
  completions: 'argument completion is disabled',
  tasks: 'listing and cancelling tasks is disabled',
  'tasks.list': 'listing tasks is disabled',
  'tasks.cancel': 'cancelling tasks is disabled',
  sampling: 'the server should not ask for sampling',
  elicitation: 'the server should not ask for user input',
  'elicitation.form': 'the server should not send form elicitations',
  'elicitation.url': 'the server should not send URL elicitations',
  roots: 'the server should not ask for roots',
  'roots.listChanged': 'roots changes are not announced',
};

/** The lookups live in @mcpscope/protocol, shared with the linter. */
export { capabilityValue, isCapabilityDeclared as isDeclared } from '@mcpscope/protocol';

/** What is lost without `feature`, when the spec defines it; undefined otherwise. */
export function knownConsequence(feature: string): string | undefined {
  return Object.hasOwn(CONSEQUENCE, feature) ? CONSEQUENCE[feature] : undefined;
}

export function consequenceOf(feature: string): string {
  return knownConsequence(feature) ?? `${feature} is disabled`;
}

/**
 * The answer for one feature of one side of a session. An action also needs a connected
 * session; the reason says which of the two is missing (the session first).
 */
export function featureAvailability(
  session: CapabilitySource | undefined,
  feature: KnownFeature | (string & {}),
  side: CapabilitySide = 'server',
): Availability {
  if (!session) return { available: false, declared: false, reason: 'No session is selected' };
  if (isOffline(session))
    return { available: false, declared: isDeclared(session.serverCapabilities, feature, session.era), reason: OFFLINE_REASON };
  const caps = side === 'server' ? session.serverCapabilities : session.clientCapabilities;
  if (!caps) {
    const reason =
      session.state === 'connected'
        ? `The ${side} declared no capabilities`
        : `The session is ${session.state}; capabilities are known once it connects`;
    return { available: false, declared: false, reason };
  }
  const declared = isDeclared(caps, feature, session.era);
  if (!declared) {
    return { available: false, declared, reason: `The ${side} did not declare ${feature}, so ${consequenceOf(feature)}` };
  }
  if (session.state !== 'connected') return { available: false, declared, reason: `The session is ${session.state}; reconnect first` };
  return { available: true, declared };
}
