import type { z } from 'zod';
import { ProxyError } from '../errors.js';

/** The trust boundary for HTTP input: parse or answer 400 with zod's issues as details. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', `Invalid ${what}`, { issues: result.error.issues });
  }
  return result.data;
}
