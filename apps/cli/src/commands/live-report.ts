import { collectFindings, lintEvents, makeReport, type FindingsReport } from '@mcpscope/engine';
import { z } from 'zod';
import type { ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { checkOnSession, describeSession, unreachable } from '../live/check-on-session.js';
import { findSession } from '../live/locate.js';
import { refuseTargetOptions, SessionRefSchema } from '../live/refuse-target.js';
import { allEvents } from '../live/session-events.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { emitReport, ReportOptionsSchema } from './lint.js';

/**
 * `mcpscope lint --session <name|id>`: every rule over the events of a running mcpscope's session
 * so far (the same rules and report as `lint <trace>`; live, closed, wrapped or opened from a
 * trace). Sends nothing to the server.
 */
export async function runLiveLint(rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ReportOptionsSchema.extend({ session: SessionRefSchema }), rawOptions);
  const { ui, session } = await findSession(opts.session, io.env as NodeJS.ProcessEnv);
  let report: FindingsReport;
  try {
    const events = await allEvents(ui.api, session.id);
    report = makeReport(
      describeSession(session, ui.entry.url),
      collectFindings(lintEvents(events, { stdio: session.transport === 'stdio' })),
    );
  } catch (err) {
    return unreachable(err, `cannot read the events of ${describeSession(session, ui.entry.url)}`, io);
  }
  return emitReport(report, opts, io);
}

export const LiveCheckOptionsSchema = TargetOptionsSchema.merge(ReportOptionsSchema).extend({
  session: SessionRefSchema,
  callTools: z.boolean().default(false),
  exercise: z.boolean().default(false),
  probe: z.boolean().default(true),
  timeout: z.coerce
    .number({ error: '--timeout must be a number of milliseconds' })
    .int()
    .positive()
    .max(600_000, '--timeout with --session: at most 600000 ms')
    .default(15_000),
});

/**
 * `mcpscope check --session <name|id>`: the options checked here, the check run by
 * live/check-on-session.ts (so does the fast path, live/fast-live.ts).
 */
export async function runLiveCheck(command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(LiveCheckOptionsSchema, rawOptions);
  refuseTargetOptions(opts, command, 'check');
  const found = await findSession(opts.session, io.env as NodeJS.ProcessEnv);
  const body = { callTools: opts.callTools, exercise: opts.exercise, probe: opts.probe, timeoutMs: opts.timeout };
  return checkOnSession(found, body, opts, io);
}
