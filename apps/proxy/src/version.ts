/** Reported by GET /api/info unless the launcher passes its own (`info.version`). */
export const PROXY_VERSION = '0.1.0';
