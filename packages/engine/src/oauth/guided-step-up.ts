import type { OAuthServerInfo } from '@modelcontextprotocol/client';
import type { GuidedHost } from './guided-host.js';
import type { GuidedInputs } from './guided-types.js';
import { planRegistration, type RegistrationPlan } from './registration-plan.js';
import { widenRegistration } from './registration-update.js';

/** A step-up keeps the client identity: only the scope and the resource can change at its client pause. */
export const STEP_UP_EDITABLE: Array<keyof GuidedInputs> = ['scope', 'resource'];

const ACTION: Record<RegistrationPlan['path'], string> = {
  kept: 'keep the registration as it is',
  update: 'update the registration in place (RFC 7592 §2.2 PUT to registration_client_uri)',
  're-register': 'register again with the union of scopes (RFC 7591); the new client replaces the old one',
};

/**
 * What the step-up's client step will do with the registration for `scope`, before it runs.
 * The Guided authorization request asks for exactly the scope input (no `offline_access` added).
 */
export function planStepUp(host: GuidedHost, scope: string | undefined): RegistrationPlan | undefined {
  return planRegistration(host.provider.clientInfo() as Record<string, unknown> | undefined, scope, host.config);
}

/** The pause's "next" sentence: which path the registration takes (the summary's `stepUp.registration.why` says why). */
export function stepUpNext(plan: RegistrationPlan | undefined): string {
  if (!plan)
    return 'Client identity for the step-up: the pre-registered or Client ID Metadata Document client is kept (its registration is not mcpscope’s to change)';
  return `Client registration for the step-up: ${ACTION[plan.path]}, then the authorization request`;
}

/**
 * The step-up's client step with a dynamically registered client: keep it, widening its
 * registration when the scope needs it. Undefined when there is no such client (the caller
 * then identifies the client as in a first authorization).
 */
export async function keepRegisteredClient(
  host: GuidedHost,
  info: OAuthServerInfo,
  scope: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  const plan = planStepUp(host, scope);
  if (!plan) return undefined;
  const outcome = await widenRegistration(
    {
      provider: host.provider,
      fetchFn: host.fetchFn,
      emit: host.emit,
      authorizationServerUrl: info.authorizationServerUrl,
      metadata: info.authorizationServerMetadata,
    },
    plan,
  );
  return { ...outcome, action: ACTION[outcome.path] };
}
