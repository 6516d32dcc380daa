import { z } from 'zod';

const AuthMethodSchema = z.enum(['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt']);
const ApplicationTypeSchema = z.enum(['native', 'web']);

/** The inputs a user may edit before an authorization (Guided view), passed to the engine's OAuthConfig. */
export const OAuthConfigInputSchema = z.object({
  grant: z.enum(['authorization_code', 'client_credentials']).optional(),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  clientMetadataUrl: z.url({ protocol: /^https?$/ }).optional(),
  authMethod: AuthMethodSchema.optional(),
  applicationType: ApplicationTypeSchema.optional(),
  scope: z.string().min(1).optional(),
  /** Default: mcpscope's own `http://HOST:PORT/oauth/callback`. */
  redirectUrl: z.url({ protocol: /^https?$/ }).optional(),
  clientName: z.string().min(1).optional(),
  /** RFC 8707 resource (default: the MCP server URL). */
  resource: z.url({ protocol: /^https?$/ }).optional(),
  /** RFC 9449 DPoP-bound tokens (a fresh key of `alg`, default ES256, kept by the session). */
  dpop: z
    .object({ alg: z.enum(['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA']).optional() })
    .optional(),
});
export type OAuthConfigInput = z.infer<typeof OAuthConfigInputSchema>;

/** POST /api/sessions/:id/oauth/authorize (Quick or Guided start) and …/step-up. */
export const OAuthAuthorizeBodySchema = z.object({
  config: OAuthConfigInputSchema.optional(),
  /** A scope to add (step-up); forces a fresh authorization, never a refresh. */
  scope: z.string().min(1).optional(),
  force: z.boolean().optional(),
});
export type OAuthAuthorizeBody = z.infer<typeof OAuthAuthorizeBodySchema>;

/** The inputs a Guided pause lets the user edit (empty string: back to the default). */
export const GuidedInputsSchema = z.object({
  scope: z.string().optional(),
  resource: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  clientMetadataUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  applicationType: z.union([ApplicationTypeSchema, z.literal('')]).optional(),
  redirectUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  authMethod: z.union([AuthMethodSchema, z.literal('')]).optional(),
});
export type GuidedInputs = z.infer<typeof GuidedInputsSchema>;

/** A Guided authorization: paused before `client`, `authorization` or `token`, `waiting` for the browser, or done. */
export const GuidedStateSchema = z.object({
  stage: z.enum(['client', 'authorization', 'waiting', 'token', 'running', 'authorized', 'failed']),
  next: z.string().optional(),
  inputs: GuidedInputsSchema,
  editable: z.array(GuidedInputsSchema.keyof()),
  summary: z.record(z.string(), z.unknown()),
  authorizationUrl: z.string().optional(),
  error: z.string().optional(),
});
export type GuidedState = z.infer<typeof GuidedStateSchema>;

/** POST /api/sessions/:id/oauth/guided: start (discovery runs, then the first pause). */
export const GuidedStartBodySchema = z.object({ config: OAuthConfigInputSchema.optional() });
/** POST /api/sessions/:id/oauth/guided/next: the edited inputs of the next step. */
export const GuidedNextBodySchema = z.object({ inputs: GuidedInputsSchema.optional() });
export type GuidedNextBody = z.infer<typeof GuidedNextBodySchema>;

export const OAuthStatusSchema = z.object({
  enabled: z.boolean(),
  authorized: z.boolean(),
  issuer: z.string().optional(),
  scope: z.string().optional(),
  expiresAt: z.number().optional(),
  hasRefreshToken: z.boolean(),
  clientId: z.string().optional(),
  /** RFC 9449: the session's DPoP key (its algorithm and RFC 7638 thumbprint, the `cnf.jkt` of bound tokens). */
  dpop: z.object({ alg: z.string(), thumbprint: z.string() }).optional(),
  /** Open this in a new tab or popup: an authorization is waiting for the user. */
  pendingAuthorizationUrl: z.string().optional(),
  redirectUrl: z.string().optional(),
  /** The Guided authorization's stage, editable inputs and findings (when one was started). */
  guided: GuidedStateSchema.optional(),
});
export type OAuthStatus = z.infer<typeof OAuthStatusSchema>;

/** Answer of …/oauth/authorize: the URL to open, or already authorized (stored or refreshed tokens). */
export const OAuthAuthorizeReplySchema = z.object({
  status: OAuthStatusSchema,
  authorizationUrl: z.string().optional(),
});
export type OAuthAuthorizeReply = z.infer<typeof OAuthAuthorizeReplySchema>;

/** The query of GET /oauth/callback (RFC 6749 §4.1.2, RFC 9207). */
export const OAuthCallbackQuerySchema = z.object({
  state: z.string().min(1).max(512).optional(),
  code: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
