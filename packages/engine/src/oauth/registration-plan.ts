import { z } from 'zod';
import { computeScopeUnion, type AuthorizationServerMetadata, type OAuthClientMetadata } from '@modelcontextprotocol/client';
import { isLoopbackHost } from './findings.js';
import type { OAuthConfig } from './types.js';

/** A registration answer larger than this is not a client's metadata. */
const MAX_REGISTRATION_BYTES = 64 * 1024;
const MAX_REGISTRATION_KEYS = 100;

/** Where RFC 7592 may send the registration access token: https, or http on loopback. */
const ManagementUri = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
    } catch {
      return false;
    }
  }, 'registration_client_uri must be https (or http on loopback)');

/**
 * The authorization server's answer to a registration (RFC 7591 §3.2.1) or an update (RFC 7592
 * §2.2), kept whole: the SDK's schema drops `registration_client_uri` and
 * `registration_access_token`, and an RFC 7592 update must send back every metadata field.
 */
export const RegistrationDocSchema = z
  .object({
    client_id: z.string().min(1).max(2048),
    client_secret: z.string().max(4096).optional(),
    scope: z.string().max(4096).optional(),
    registration_client_uri: ManagementUri.optional(),
    registration_access_token: z.string().min(1).max(8192).optional(),
  })
  .passthrough()
  .refine((d) => Object.keys(d).length <= MAX_REGISTRATION_KEYS, 'too many metadata fields');
export type RegistrationDoc = z.infer<typeof RegistrationDocSchema>;

/** Parses a registration answer (hostile input: size-limited, schema-checked); undefined if it is not one. */
export async function readRegistration(res: Response): Promise<RegistrationDoc | undefined> {
  const text = await res.text().catch(() => '');
  if (!text || text.length > MAX_REGISTRATION_BYTES) return undefined;
  try {
    const parsed = RegistrationDocSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client information the SDK saved, with the fields of the same registration answer it
 * dropped (registration management, the metadata as registered). Another client's answer is ignored.
 */
export function withRegistration<T extends { client_id: string }>(info: T, doc: RegistrationDoc | undefined): T {
  return doc && doc.client_id === info.client_id ? ({ ...doc, ...info } as T) : info;
}

const tokens = (scope: string | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean);

/** The scope the SDK's auth() will ask for: `offline_access` added as in its determineScope. */
export function effectiveScope(
  scope: string | undefined,
  as: AuthorizationServerMetadata | undefined,
  client: OAuthClientMetadata,
): string | undefined {
  if (!scope) return scope;
  const offline = as?.scopes_supported?.includes('offline_access') && client.grant_types?.includes('refresh_token');
  return offline ? computeScopeUnion(scope, 'offline_access') : scope;
}

/**
 * `kept`: the registration already allows the scope (or names none). `update`: RFC 7592 §2.2
 * PUT to the client configuration endpoint. `re-register`: RFC 7591 again with the union.
 */
export type RegistrationPath = 'kept' | 'update' | 're-register';

export interface RegistrationPlan {
  path: RegistrationPath;
  /** Why, in a sentence for the Guided view and the `registration-scope` step. */
  why: string;
  clientId: string;
  registeredScope?: string;
  neededScope: string;
  /** The scopes the authorization needs that the registration lacks. */
  missing: string[];
  /** The scope to register: the registered scope and the needed one. */
  scope: string;
}

/**
 * What a client held to its registered `scope` must do before asking for `neededScope`.
 * Only a dynamically registered client is changed: a pre-registered or CIMD client's
 * registration is not mcpscope's (undefined).
 */
export function planRegistration(
  client: Record<string, unknown> | undefined,
  neededScope: string | undefined,
  config: OAuthConfig,
): RegistrationPlan | undefined {
  const clientId = typeof client?.client_id === 'string' ? client.client_id : undefined;
  if (!client || !clientId || !neededScope || config.clientId || clientId === config.clientMetadataUrl) return undefined;
  const registeredScope = typeof client.scope === 'string' ? client.scope : undefined;
  const have = new Set(tokens(registeredScope));
  const missing = registeredScope === undefined ? [] : tokens(neededScope).filter((s) => !have.has(s));
  const base = { clientId, registeredScope, neededScope, missing, scope: computeScopeUnion(registeredScope, neededScope) ?? neededScope };
  if (registeredScope === undefined) {
    return {
      ...base,
      path: 'kept',
      why: `Client ${clientId} was registered without a scope, so its registration does not limit what it may ask for (RFC 7591 §2).`,
    };
  }
  if (missing.length === 0)
    return { ...base, path: 'kept', why: `Client ${clientId} registered "${registeredScope}", which covers "${neededScope}".` };
  const lacks = `The authorization needs ${missing.join(' ')}, which client ${clientId} did not register (registered: "${registeredScope}"); an authorization server may hold a client to its registered scope and answer invalid_scope.`;
  const manageable = typeof client.registration_client_uri === 'string' && typeof client.registration_access_token === 'string';
  return manageable
    ? {
        ...base,
        path: 'update',
        why: `${lacks} The server returned a registration_client_uri, so the registration is updated in place with the union (RFC 7592 §2.2).`,
      }
    : {
        ...base,
        path: 're-register',
        why: `${lacks} The server returned no registration_client_uri (no RFC 7592 management), so the client registers again with the union (RFC 7591) and the new client replaces the old one.`,
      };
}
