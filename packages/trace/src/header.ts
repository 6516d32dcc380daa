import { z } from 'zod';

export const TRACE_FORMAT = 'mcpscope-trace';
export const TRACE_VERSION = 1;

/** Line 1 of a trace v1 file. Unknown extra fields are kept (forward compatible). */
export const TraceHeaderSchema = z.looseObject({
  type: z.literal('header'),
  format: z.literal(TRACE_FORMAT),
  version: z.literal(TRACE_VERSION),
  // A hostile createdAt (a word, a number, Infinity) is refused here, so `new Date(createdAt)`
  // past this boundary is always a valid date (an upload is named after it).
  createdAt: z
    .string()
    .max(100)
    .refine((s) => Number.isFinite(Date.parse(s)), 'createdAt is not a date'),
  tool: z.looseObject({ name: z.string(), version: z.string() }),
  session: z.looseObject({
    id: z.string(),
    name: z.string(),
    transport: z.string(),
    target: z.string(),
  }),
});

export type TraceHeader = z.infer<typeof TraceHeaderSchema>;

const EraSchema = z.enum(['auto', 'legacy']);

/**
 * The target a trace recorded in `session.config` (the engine's replayableConfig): a command
 * with its args and cwd, or a URL. A trace file is untrusted, so only these fields are kept:
 * env, headers, tokens or anything else a crafted trace carries are dropped here. Nothing may
 * run it without the user confirming it (`replay --use-recorded-command`, the UI's dialog).
 */
export const RecordedTargetSchema = z.union([
  z.object({
    transport: z.literal('stdio'),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    cwd: z.string().min(1).optional(),
    era: EraSchema.optional(),
  }),
  z.object({
    transport: z.enum(['http', 'sse', 'auto']),
    url: z.string().regex(/^https?:\/\//i, 'not an http(s) URL'),
    era: EraSchema.optional(),
  }),
]);
export type RecordedTarget = z.infer<typeof RecordedTargetSchema>;

/** The recorded target of a trace header, or undefined when it records none (or an invalid one). */
export function recordedTarget(header: Pick<TraceHeader, 'session'>): RecordedTarget | undefined {
  const parsed = RecordedTargetSchema.safeParse(header.session.config);
  return parsed.success ? parsed.data : undefined;
}

/** What a writer is told about the session; the envelope fields are filled in. */
export interface TraceHeaderMeta {
  /** Defaults to now. */
  createdAt?: string | Date;
  tool: { name: string; version: string };
  session: { id: string; name: string; transport: string; target: string; [extra: string]: unknown };
}

export function makeHeader(meta: TraceHeaderMeta): TraceHeader {
  const createdAt = meta.createdAt ?? new Date();
  return {
    type: 'header',
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    createdAt: typeof createdAt === 'string' ? createdAt : createdAt.toISOString(),
    tool: { ...meta.tool },
    session: { ...meta.session },
  };
}
