import {
  registerClient,
  resolveClientMetadata,
  type AuthorizationServerMetadata,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthServerInfo,
} from '@modelcontextprotocol/client';
import type { Finding } from '@mcpscope/protocol';
import { classifyStep, parseBody, type OAuthEmit } from './oauth-fetch.js';
import type { McpscopeOAuthProvider } from './provider.js';
import {
  effectiveScope,
  planRegistration,
  readRegistration,
  type RegistrationDoc,
  type RegistrationPath,
  type RegistrationPlan,
} from './registration-plan.js';
import type { OAuthConfig } from './types.js';

/** What widening a registration needs: the runner's provider, fetch and events, and the authorization server. */
export interface RegistrationHost {
  provider: McpscopeOAuthProvider;
  fetchFn: FetchLike;
  emit: OAuthEmit;
  authorizationServerUrl: string | URL;
  metadata?: AuthorizationServerMetadata;
}

/** What was done, for the Guided summary (no secret: only whether one changed). */
export interface RegistrationOutcome {
  path: RegistrationPath;
  why: string;
  clientId: string;
  previousClientId?: string;
  registeredScope?: string;
  scope?: string;
  newSecret?: boolean;
  rotatedRegistrationAccessToken?: boolean;
  /** Why an RFC 7592 update was not possible, when the client registered again instead. */
  updateFailed?: string;
  findings?: Finding[];
}

/** RFC 7592 §2.2: these are never sent in an update request. */
const NOT_SENT = new Set([
  'registration_access_token',
  'registration_client_uri',
  'client_secret_expires_at',
  'client_id_issued_at',
  'client_secret',
  'issuer',
]);

/**
 * Wraps the OAuth fetch: a successful registration's answer (RFC 7591 §3.2.1) is read whole and
 * handed to `onRegistered`, so the management fields the SDK drops reach the stored client.
 */
export function captureRegistrations(inner: FetchLike, onRegistered: (doc: RegistrationDoc) => void): FetchLike {
  return async (input, init) => {
    const res = await inner(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'POST' || !res.ok || typeof init?.body !== 'string') return res;
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (classifyStep(url, method, parseBody(init.body, 'application/json')) !== 'client-registration') return res;
    const doc = await readRegistration(res.clone());
    if (doc) onRegistered(doc);
    return res;
  };
}

/**
 * Makes the client's registration allow `plan.scope` before the authorization asks for it:
 * an RFC 7592 update when the server offers one, else (or when the update fails) one new
 * RFC 7591 registration that replaces the stored client. Each step is an `oauth` event.
 */
export async function widenRegistration(host: RegistrationHost, plan: RegistrationPlan): Promise<RegistrationOutcome> {
  host.emit('registration-scope', {
    path: plan.path,
    why: plan.why,
    clientId: plan.clientId,
    registeredScope: plan.registeredScope,
    neededScope: plan.neededScope,
    missing: plan.missing,
  });
  const base = { why: plan.why, clientId: plan.clientId, registeredScope: plan.registeredScope };
  if (plan.path === 'kept') return { ...base, path: 'kept', scope: plan.registeredScope };
  let updateFailed: string | undefined;
  if (plan.path === 'update') {
    try {
      return done(host, plan, { ...base, path: 'update', ...(await update(host, plan)) });
    } catch (err) {
      updateFailed = (err as Error).message;
    }
  }
  const previous = host.provider.clientInfo();
  const registered = await registerClient(host.authorizationServerUrl, {
    metadata: host.metadata,
    clientMetadata: resolveClientMetadata(host.provider),
    scope: plan.scope,
    fetchFn: host.fetchFn,
  });
  const issuer = host.metadata?.issuer ?? String(host.authorizationServerUrl);
  await host.provider.saveClientInformation({ ...registered, issuer } as OAuthClientInformationMixed, { issuer });
  const now = host.provider.clientInfo() as Record<string, unknown> | undefined;
  return done(host, plan, {
    ...base,
    path: 're-register',
    clientId: registered.client_id,
    previousClientId: previous?.client_id,
    scope: typeof now?.scope === 'string' ? now.scope : undefined,
    newSecret: !!registered.client_secret,
    ...(updateFailed ? { updateFailed } : {}),
  });
}

/** RFC 7592 §2.2: PUT every metadata field as last returned, the client_id, and the wider scope. */
async function update(host: RegistrationHost, plan: RegistrationPlan): Promise<Partial<RegistrationOutcome>> {
  const client = { ...(host.provider.clientInfo() as Record<string, unknown>) };
  const uri = String(client.registration_client_uri);
  const token = String(client.registration_access_token);
  const metadata = Object.fromEntries(Object.entries(client).filter(([k]) => !NOT_SENT.has(k)));
  const res = await host.fetchFn(uri, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...metadata, client_id: plan.clientId, scope: plan.scope }),
  });
  if (!res.ok) throw new Error(`the client configuration endpoint answered HTTP ${res.status}`);
  const doc = await readRegistration(res);
  if (!doc) throw new Error('the client configuration endpoint answered with no client information');
  // RFC 7592 §2.2: the client_id does not change; a new secret or token replaces the old one.
  if (doc.client_id !== plan.clientId) throw new Error(`the client configuration endpoint answered for another client (${doc.client_id})`);
  const next: Record<string, unknown> = {
    ...doc,
    issuer: client.issuer,
    client_secret: doc.client_secret ?? client.client_secret,
    registration_client_uri: doc.registration_client_uri ?? uri,
    registration_access_token: doc.registration_access_token ?? token,
  };
  host.provider.noteRegistration(next as RegistrationDoc);
  const issuer = typeof client.issuer === 'string' ? client.issuer : undefined;
  await host.provider.saveClientInformation(next as unknown as OAuthClientInformationMixed, issuer ? { issuer } : undefined);
  return {
    scope: doc.scope,
    newSecret: doc.client_secret !== undefined && doc.client_secret !== client.client_secret,
    rotatedRegistrationAccessToken: doc.registration_access_token !== undefined && doc.registration_access_token !== token,
  };
}

/** The outcome event; a server that did not widen the scope gets a finding (it may answer invalid_scope next). */
function done(host: RegistrationHost, plan: RegistrationPlan, outcome: RegistrationOutcome): RegistrationOutcome {
  const granted = new Set((outcome.scope ?? '').split(/\s+/));
  const still = outcome.scope === undefined ? [] : plan.missing.filter((s) => !granted.has(s));
  if (still.length > 0) {
    outcome.findings = [
      {
        rule: 'oauth-registration-scope-refused',
        severity: 'warning',
        message: `The authorization server registered scope "${outcome.scope}", without ${still.join(' ')}: "The authorization server MAY reject or replace any of the client's requested metadata values" (RFC 7591 §3.2.1). The authorization may be refused with invalid_scope.`,
        spec: 'RFC 7591 §3.2.1',
      },
    ];
  }
  host.emit('registration-widened', { ...outcome });
  return outcome;
}

/** What `ensureRegisteredScope` borrows from the runner. */
export interface EnsureScopeOptions {
  provider: McpscopeOAuthProvider;
  config: OAuthConfig;
  fetchFn: FetchLike;
  emit: OAuthEmit;
  scope: string | undefined;
  /** Say so (a `registration-scope` step) when nothing needs to change: a step-up explains itself. */
  announceKept: boolean;
  discover(): Promise<OAuthServerInfo>;
}

/**
 * Before an authorization for `scope` with a client already registered: widen the registration
 * when it does not allow that scope (at most one change per authorization).
 */
export async function ensureRegisteredScope(o: EnsureScopeOptions): Promise<RegistrationOutcome | undefined> {
  const cached = o.provider.discoveryState();
  const plan = planRegistration(
    o.provider.clientInfo() as Record<string, unknown> | undefined,
    effectiveScope(o.scope, cached?.authorizationServerMetadata, o.provider.clientMetadata),
    o.config,
  );
  if (!plan || (plan.path === 'kept' && !o.announceKept)) return undefined;
  const host = { provider: o.provider, fetchFn: o.fetchFn, emit: o.emit };
  if (plan.path === 'kept') return widenRegistration({ ...host, authorizationServerUrl: cached?.authorizationServerUrl ?? '' }, plan);
  const info = cached?.authorizationServerUrl
    ? { authorizationServerUrl: cached.authorizationServerUrl, authorizationServerMetadata: cached.authorizationServerMetadata }
    : await o.discover();
  const metadata = info.authorizationServerMetadata;
  // With the server's metadata at hand, `offline_access` is known for sure: plan again.
  const final =
    planRegistration(
      o.provider.clientInfo() as Record<string, unknown> | undefined,
      effectiveScope(o.scope, metadata, o.provider.clientMetadata),
      o.config,
    ) ?? plan;
  return widenRegistration({ ...host, authorizationServerUrl: info.authorizationServerUrl, metadata }, final);
}
