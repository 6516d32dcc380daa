import { z } from 'zod';

export const TRACE_FORMAT = 'mcpscope-trace';
export const TRACE_VERSION = 1;

/** Line 1 of a trace v1 file. Unknown extra fields are kept (forward compatible). */
export const TraceHeaderSchema = z.looseObject({
  type: z.literal('header'),
  format: z.literal(TRACE_FORMAT),
  version: z.literal(TRACE_VERSION),
  createdAt: z.string(),
  tool: z.looseObject({ name: z.string(), version: z.string() }),
  session: z.looseObject({
    id: z.string(),
    name: z.string(),
    transport: z.string(),
    target: z.string(),
  }),
});

export type TraceHeader = z.infer<typeof TraceHeaderSchema>;

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
