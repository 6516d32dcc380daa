/**
 * How the client authenticates at the token endpoint. Its own file: types.ts (OAuthConfig) and
 * guided-types.ts (the Guided inputs) both use it, and types.ts imports guided-types.ts.
 */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
