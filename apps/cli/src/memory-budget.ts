import { z } from 'zod';

export const MEMORY_BUDGET_HELP =
  'MiB of events each session keeps in memory (engine and browser); older ones are read back from disk (default 32)';

/** `--memory-budget <MiB>`: a positive number of MiB (fractions allowed, at least 1/16 MiB), up to 1 TiB. */
export const MemoryBudgetSchema = z.coerce
  .number({ error: '--memory-budget must be a number of MiB' })
  .min(1 / 16, { error: '--memory-budget must be at least 0.0625 (MiB)' })
  .max(1024 * 1024, { error: '--memory-budget must be at most 1048576 (MiB)' })
  .default(32);

export function mebibytes(mib: number): number {
  return Math.round(mib * 1024 * 1024);
}
