import { z } from 'zod';
import { CliError, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { connectWith } from '../live/connect-with.js';
import { MemoryBudgetSchema } from '../memory-budget.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { binEntry, demoConfig } from '../paths.js';
import { resolveTarget } from '../target.js';

/** A name to type after --session: no spaces or quotes, and not shaped like a session id (s1, s2…). */
export const SessionNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_][\w.@:+-]{0,63}$/, '--name: 1 to 64 letters, digits or . _ @ : + - (no spaces)')
  .refine((n) => !/^s\d+$/.test(n), '--name must not look like a session id (s1, s2…)');

export const ConnectOptionsSchema = TargetOptionsSchema.extend({
  name: SessionNameSchema.optional(),
  port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535).default(0),
  tracesDir: z.string().min(1).optional(),
  recordAll: z.boolean().default(true),
  memoryBudget: MemoryBudgetSchema,
  json: z.boolean().default(false),
});
type ConnectOptions = z.infer<typeof ConnectOptionsSchema>;

/** What connect cannot hand to a running mcpscope (its API opens sessions from a plain config). */
function refuseUnsupported(opts: ConnectOptions): void {
  if (opts.oauth || opts.oauthHeadless)
    throw new CliError(
      'connect does not run OAuth: pass --bearer <token>, or open the server in the UI (`mcpscope sessions` prints a link) and authorize in its OAuth tab',
    );
  if (opts.record || !opts.redact)
    throw new CliError('connect: --record and --no-redact do not apply; the running mcpscope records every session in its traces folder');
  if (opts.probeTimeout !== undefined)
    throw new CliError('connect: --probe-timeout is not supported; the running mcpscope uses its default');
}

/**
 * `mcpscope connect [--name <name>] [target options] [-- command args…]`: the options checked here,
 * the session opened by live/connect-with.ts (so does the fast path, live/fast-live.ts).
 */
export async function runConnect(command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ConnectOptionsSchema, rawOptions);
  refuseUnsupported(opts);
  const target = await resolveTarget(opts, command, { demo: demoConfig });
  if (!target) throw new CliError('connect needs a target: -- <command> [args…], --url, --config or --demo');
  return connectWith(target, opts, binEntry(), io);
}
