export { buildApp, BODY_LIMIT, type BuildAppOptions } from './app.js';
export { startProxy, RemoteBindRefusedError, type StartProxyOptions, type RunningProxy } from './start.js';
export { generateToken, SessionCodes, SESSION_CODE_TTL_MS } from './token.js';
export { ERROR_STATUS, ProxyError, type ProxyErrorCode } from './errors.js';
export { contentSecurityPolicy } from './plugins/securityHeaders.js';
export { WS_CLOSE, type HubOptions } from './ws/hub.js';
export { PendingAuthorizations } from './oauth/pending.js';
export { OAUTH_CONNECT_TIMEOUT_MS } from './oauth/session-oauth.js';
export { createHostPolicy, foreignRequestError, isLoopbackHost, type HostPolicy } from './hosts.js';
