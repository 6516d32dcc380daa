import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/client';
import { CLIENT_CAPABILITIES } from './client-factory.js';
import type { LogLevel } from './types.js';

export interface EnvelopeContext {
  era?: 'legacy' | 'modern';
  protocolVersion?: string;
  clientInfo: { name: string; version: string };
  logLevel?: LogLevel;
}

/** 2026-07-28: the per-request log level (2026-07-28/server/utilities/logging#per-request-log-level). */
export function logLevelMeta(ctx: EnvelopeContext): Record<string, unknown> | undefined {
  return ctx.era === 'modern' && ctx.logLevel ? { [LOG_LEVEL_META_KEY]: ctx.logLevel } : undefined;
}

/**
 * On the modern era every request carries the envelope in `_meta` (2026-07-28/basic/index);
 * raw requests typed by the user get it too (with the session's log level), unless they wrote
 * one. Keys the user wrote win.
 */
export function withEnvelope(params: unknown, ctx: EnvelopeContext): unknown {
  if (ctx.era !== 'modern' || (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))))
    return params;
  const p = (params ?? {}) as Record<string, unknown>;
  const meta = (typeof p._meta === 'object' && p._meta !== null ? p._meta : {}) as Record<string, unknown>;
  // A user who wrote an envelope sends exactly that.
  if (PROTOCOL_VERSION_META_KEY in meta) return params;
  const envelope = {
    [PROTOCOL_VERSION_META_KEY]: ctx.protocolVersion,
    [CLIENT_INFO_META_KEY]: ctx.clientInfo,
    [CLIENT_CAPABILITIES_META_KEY]: CLIENT_CAPABILITIES,
  };
  return { ...p, _meta: { ...envelope, ...logLevelMeta(ctx), ...meta } };
}
