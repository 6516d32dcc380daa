import type { ClientAuthMethod } from './client-auth-method.js';

/**
 * Where a Guided authorization stands: paused before `client`, `authorization` or `token`
 * (the user may edit that step's inputs), `waiting` for the browser's callback, `running` a
 * step, or finished (`authorized`, `failed`).
 */
export type GuidedStage = 'client' | 'authorization' | 'waiting' | 'token' | 'running' | 'authorized' | 'failed';

/** The inputs a Guided pause lets the user edit; each stage names which ones apply. */
export interface GuidedInputs {
  scope?: string;
  resource?: string;
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  applicationType?: 'native' | 'web';
  redirectUrl?: string;
  authMethod?: ClientAuthMethod;
}

export interface GuidedState {
  stage: GuidedStage;
  /** The step that runs on `next()`, in words. */
  next?: string;
  /** Current values of the next step's inputs (the client secret is never echoed). */
  inputs: GuidedInputs;
  /** The inputs the user may change at this pause. */
  editable: Array<keyof GuidedInputs>;
  /** What each completed step found, in order (discovery, client, callback, tokens); no secret. */
  summary: Record<string, unknown>;
  /** The authorization URL while `waiting` for the browser. */
  authorizationUrl?: string;
  error?: string;
}

/** Which inputs each pause offers (2025-11-25/basic/authorization). */
export const GUIDED_EDITABLE: Record<'client' | 'authorization' | 'token', Array<keyof GuidedInputs>> = {
  client: ['scope', 'resource', 'clientId', 'clientSecret', 'clientMetadataUrl', 'applicationType', 'authMethod'],
  authorization: ['redirectUrl', 'scope', 'resource', 'authMethod'],
  token: ['authMethod'],
};

export const GUIDED_NEXT: Record<'client' | 'authorization' | 'token', string> = {
  client: 'Client identity: pre-registered client, Client ID Metadata Document, or Dynamic Client Registration (RFC 7591)',
  authorization: 'Authorization request: PKCE S256, state, scope and RFC 8707 resource; the browser comes back to the redirect URI',
  token: 'Token exchange: the code and PKCE verifier for tokens, authenticated with the chosen client auth method',
};
