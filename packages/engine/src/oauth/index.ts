export { OAuthRunner, type OAuthRunnerOptions } from './runner.js';
export { headlessUserAgent, callbackParams } from './headless-agent.js';
export { loopbackUserAgent } from './loopback-agent.js';
export { TokenFileStore } from './token-store.js';
export { isPrivateHost, isLoopbackHost } from './findings.js';
export type { OAuthConfig, OAuthStatus, CallbackParams, UserAgent, ClientAuthMethod } from './types.js';
export { GuidedFlow } from './guided.js';
export type { GuidedInputs, GuidedStage, GuidedState } from './guided-types.js';
