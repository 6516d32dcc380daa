import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useDebouncedValue } from './useDebouncedValue';
import { useWorkbenchApi, type OriginReason } from './workbenchApi';

/** What is being completed (spec server/utilities/completion#reference-types). */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

const CompleteResultSchema = z.object({
  completion: z.object({
    values: z.array(z.string()),
    total: z.number().optional(),
    hasMore: z.boolean().optional(),
  }),
});

export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
  /** A request for the current input is in flight (or waiting for the debounce). */
  pending: boolean;
  /** The server answered for the current input (its values, maybe none). */
  settled: boolean;
  error: Error | null;
}

export const COMPLETION_DEBOUNCE_MS = 200;

/**
 * `completion/complete` for one argument while the user types: debounced, cached per
 * (ref, argument, value, other arguments), and only while `active` (e.g. the field has focus).
 * `context` carries the other filled-in arguments (`context.arguments`), so a server can
 * narrow one argument by another.
 */
export function useCompletion(opts: {
  sessionId: string | null;
  ref: CompletionRef;
  name: string;
  value: string;
  context: Record<string, string>;
  active: boolean;
  debounceMs?: number;
  /** Which tab completes, e.g. `prompts: complete`. */
  origin: OriginReason;
}): Completion {
  const wb = useWorkbenchApi();
  const { sessionId, ref, name, context, active } = opts;
  const value = useDebouncedValue(opts.value, opts.debounceMs ?? COMPLETION_DEBOUNCE_MS);
  const otherArgs = Object.fromEntries(Object.entries(context).filter(([k, v]) => k !== name && v !== ''));
  const query = useQuery({
    queryKey: [sessionId, 'completion/complete', ref, name, value, otherArgs],
    enabled: active && sessionId !== null,
    staleTime: 30_000,
    queryFn: async () => {
      const params: Record<string, unknown> = { ref, argument: { name, value } };
      if (Object.keys(otherArgs).length > 0) params.context = { arguments: otherArgs };
      const parsed = CompleteResultSchema.safeParse(await wb.result(sessionId!, 'completion/complete', params, opts.origin));
      if (!parsed.success) throw new Error(`Unexpected completion/complete result: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return parsed.data.completion;
    },
  });
  return {
    values: query.data?.values ?? [],
    total: query.data?.total,
    hasMore: query.data?.hasMore,
    pending: active && (query.isFetching || value !== opts.value),
    settled: active && query.isSuccess && !query.isFetching && value === opts.value,
    error: query.error,
  };
}
