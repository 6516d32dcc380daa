import { collectFindings, lintEvents, makeReport, type FindingsReport } from '@mcpscope/engine';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { ApiError, UnreachableError } from '../live/api.js';
import { findSession } from '../live/locate.js';
import { refuseTargetOptions, SessionRefSchema } from '../live/refuse-target.js';
import { SessionClient } from '../live/session-client.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { emitReport, ReportOptionsSchema } from './lint.js';
import { escapeControl } from './escape-control.js';

const FindingSchema = z.looseObject({
  rule: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  spec: z.string().optional(),
  quote: z.string().optional(),
  seq: z.number(),
  excerpt: z.string(),
});
const CheckReplySchema = z.object({
  report: z.object({
    subject: z.string(),
    findings: z.array(FindingSchema),
    counts: z.object({ error: z.number(), warning: z.number(), info: z.number() }),
    notes: z.array(z.string()).optional(),
  }),
});

const describe = (s: { name: string; id: string }, url: string): string => `session ${JSON.stringify(s.name)} (${s.id}) at ${url}`;

/** A running mcpscope that went away or refused: exit 2 ("could not be reached"), as lint/check do for a trace or a server. */
function unreachable(err: unknown, what: string, io: CliIo): ExitCodeValue {
  if (!(err instanceof UnreachableError) && !(err instanceof ApiError)) throw err;
  io.stderr(`mcpscope: ${what}: ${escapeControl(err.message)}\n`);
  return ExitCode.ConnectFailed;
}

/**
 * `mcpscope lint --session <name|id>`: every rule over the events of a running mcpscope's session
 * so far (the same rules and report as `lint <trace>`; live, closed, wrapped or opened from a
 * trace). Sends nothing to the server.
 */
export async function runLiveLint(rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ReportOptionsSchema.extend({ session: SessionRefSchema }), rawOptions);
  const { ui, session } = await findSession(opts.session, io.env as NodeJS.ProcessEnv);
  const client = new SessionClient(ui.api, session.id, 'cli: lint');
  let report: FindingsReport;
  try {
    const events = await client.allEvents();
    report = makeReport(describe(session, ui.entry.url), collectFindings(lintEvents(events, { stdio: session.transport === 'stdio' })));
  } catch (err) {
    return unreachable(err, `cannot read the events of ${describe(session, ui.entry.url)}`, io);
  }
  return emitReport(report, opts, io);
}

const LiveCheckOptionsSchema = TargetOptionsSchema.merge(ReportOptionsSchema).extend({
  session: SessionRefSchema,
  callTools: z.boolean().default(false),
  exercise: z.boolean().default(false),
  probe: z.boolean().default(true),
  timeout: z.coerce.number({ error: '--timeout must be a number of milliseconds' }).int().positive().max(600_000, '--timeout with --session: at most 600000 ms').default(15_000),
});

/**
 * `mcpscope check --session <name|id>`: the check of a direct `check`, run by the running mcpscope
 * on its connected session (POST …/check): no new connection, the browser shows the exercise live.
 */
export async function runLiveCheck(command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(LiveCheckOptionsSchema, rawOptions);
  refuseTargetOptions(opts, command, 'check');
  const { ui, session } = await findSession(opts.session, io.env as NodeJS.ProcessEnv);
  if (session.state !== 'connected') throw new CliError(`${describe(session, ui.entry.url)} is ${session.state}: check needs a connected session (lint --session reads any)`, ExitCode.ConnectFailed);
  let report: FindingsReport;
  try {
    const body = { callTools: opts.callTools, exercise: opts.exercise, probe: opts.probe, timeoutMs: opts.timeout };
    const path = `/api/sessions/${encodeURIComponent(session.id)}/check`;
    ({ report } = await ui.api.json({ method: 'POST', path, body, origin: 'cli: check' }, CheckReplySchema));
  } catch (err) {
    return unreachable(err, `could not check ${describe(session, ui.entry.url)}`, io);
  }
  return emitReport(report, opts, io);
}
