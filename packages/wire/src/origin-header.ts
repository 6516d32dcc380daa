/**
 * Every mutating /api/sessions/:id/* request (send a message, a request or its cancel, roots,
 * log level, subscribe/unsubscribe, answer a server request) may say which UI action made it in
 * this header, e.g. `tools: call`, `resources: subscribe`, `client: answer sampling`. The proxy
 * trims it, drops control characters, keeps at most 200 characters (cleanOriginReason) and
 * stamps the frames the action sends with `origin: { by: 'user', reason }`; without the header
 * the reason is `ui`. HTTP header values are Latin-1: keep reasons to printable ASCII.
 */
export const ORIGIN_HEADER = 'x-mcpscope-origin';

/** The reason of a UI request that sent no ORIGIN_HEADER. */
export const DEFAULT_UI_REASON = 'ui';
