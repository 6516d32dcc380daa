import type { FindingsReport } from '@mcpscope/engine/report';
import type { SessionInfo } from '@mcpscope/wire';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { emitReport, type ReportOptions } from '../commands/emit-report.js';
import { ApiError, UnreachableError } from './api.js';
import type { LiveUi } from './pick-session.js';

// No zod and no engine here: `check --session` (its fast path too) runs the check through this file.

/** POST …/check's body: the options of `mcpscope check` that apply to a connected session. */
export interface CheckBody {
  callTools: boolean;
  exercise: boolean;
  probe: boolean;
  timeoutMs: number;
}

export const describeSession = (s: { name: string; id: string }, url: string): string => `session ${JSON.stringify(s.name)} (${s.id}) at ${url}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reply's report, checked for what is printed (engine FindingsReport), or undefined. */
function reportOf(body: unknown): FindingsReport | undefined {
  const report = isObject(body) ? body.report : undefined;
  if (!isObject(report) || typeof report.subject !== 'string' || !Array.isArray(report.findings) || !isObject(report.counts)) return undefined;
  const { error, warning, info } = report.counts;
  if (typeof error !== 'number' || typeof warning !== 'number' || typeof info !== 'number') return undefined;
  const findingsOk = report.findings.every((f) => isObject(f) && typeof f.rule === 'string' && typeof f.message === 'string' && typeof f.seq === 'number' && typeof f.excerpt === 'string' && ['error', 'warning', 'info'].includes(f.severity as string));
  if (!findingsOk || (report.notes !== undefined && !(Array.isArray(report.notes) && report.notes.every((n) => typeof n === 'string')))) return undefined;
  return report as unknown as FindingsReport;
}

/** A running mcpscope that went away or refused: exit 2 ("could not be reached"), as lint/check do for a trace or a server. */
export function unreachable(err: unknown, what: string, io: CliIo): ExitCodeValue {
  if (!(err instanceof UnreachableError) && !(err instanceof ApiError)) throw err;
  io.stderr(`mcpscope: ${what}: ${err.message}\n`);
  return ExitCode.ConnectFailed;
}

/**
 * `mcpscope check --session <name|id>` on the session picked: the check of a direct `check`, run
 * by the running mcpscope on its connected session (POST …/check): no new connection, the
 * browser shows the exercise live.
 */
export async function checkOnSession(found: { ui: LiveUi; session: SessionInfo }, body: CheckBody, report: ReportOptions, io: CliIo): Promise<ExitCodeValue> {
  const { ui, session } = found;
  if (session.state !== 'connected') throw new CliError(`${describeSession(session, ui.entry.url)} is ${session.state}: check needs a connected session (lint --session reads any)`, ExitCode.ConnectFailed);
  let checked: FindingsReport;
  try {
    const path = `/api/sessions/${encodeURIComponent(session.id)}/check`;
    const reply = await ui.api.send({ method: 'POST', path, body, origin: 'cli: check' });
    const parsed = reportOf(reply.body);
    if (!parsed) throw new ApiError(reply.status, 'MCPSCOPE_CLI_BAD_REPLY', `unexpected reply to POST ${path}`);
    checked = parsed;
  } catch (err) {
    return unreachable(err, `could not check ${describeSession(session, ui.entry.url)}`, io);
  }
  return emitReport(checked, report, io);
}
