import type { Engine } from '@mcpscope/engine';
import { UNCLAIMED_MS } from '@mcpscope/engine/prespawn';
import { SessionsAhead } from '@mcpscope/proxy';
import { SessionConfigSchema } from '@mcpscope/wire';
import { takeFirstSession } from '../prespawn-channel.js';

/**
 * The first session of a background mcpscope, opened before the proxy starts: `connect` named it
 * on the private channel (prespawn-channel.ts), so its handshake with the already started server
 * runs while Fastify and the proxy load instead of after. `connect`'s POST /api/sessions with the
 * claim gets this open's outcome, success or failure, exactly as if it had asked for it then.
 * Nothing named, or a config the API would refuse: undefined, and `connect` opens it as usual.
 */
export function openAhead(engine: Engine): SessionsAhead | undefined {
  const first = takeFirstSession();
  if (!first) return undefined;
  const parsed = SessionConfigSchema.safeParse(first.config);
  if (!parsed.success) return undefined;
  const opening = engine.open(parsed.data);
  opening.catch(() => undefined); // its outcome is the claimant's to report
  const ahead = new SessionsAhead();
  ahead.add(first.claim, opening);
  // Not claimed in time (its `connect` went away): forgotten. One that failed to open stays listed
  // as failed, as after a POST that failed.
  setTimeout(() => {
    if (!ahead.take(first.claim)) return;
    void opening.then((session) => engine.remove(session.id)).catch(() => undefined);
  }, UNCLAIMED_MS).unref();
  return ahead;
}
