import type { FindingsReport } from '@mcpscope/engine/report';
import type { SessionInfo } from '@mcpscope/wire';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { emitReport, type ReportOptions } from '../commands/emit-report.js';
import { escapeControl } from '../commands/escape-control.js';
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

export const describeSession = (s: { name: string; id: string }, url: string): string =>
  `session ${JSON.stringify(s.name)} (${s.id}) at ${url}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const optionalNumber = (v: unknown): boolean => v === undefined || typeof v === 'number';
const optionalStrings = (v: unknown): boolean => v === undefined || (Array.isArray(v) && v.every((n) => typeof n === 'string'));
/** One place of a finding grouped by defect (engine check/report.ts). */
const isPlace = (p: unknown): boolean =>
  isObject(p) &&
  typeof p.message === 'string' &&
  typeof p.excerpt === 'string' &&
  Array.isArray(p.seqs) &&
  p.seqs.every((n) => typeof n === 'number');

/** The reply's report, checked for what is printed (engine FindingsReport), or undefined. */
function reportOf(body: unknown): FindingsReport | undefined {
  const report = isObject(body) ? body.report : undefined;
  if (!isObject(report) || typeof report.subject !== 'string' || !Array.isArray(report.findings) || !isObject(report.counts))
    return undefined;
  const { error, warning, info } = report.counts;
  if (typeof error !== 'number' || typeof warning !== 'number' || typeof info !== 'number') return undefined;
  const findingsOk = report.findings.every(
    (f) =>
      isObject(f) &&
      typeof f.rule === 'string' &&
      typeof f.message === 'string' &&
      typeof f.seq === 'number' &&
      typeof f.excerpt === 'string' &&
      ['error', 'warning', 'info'].includes(f.severity as string) &&
      optionalNumber(f.count) &&
      optionalNumber(f.placesLeftOff) &&
      (f.places === undefined || (Array.isArray(f.places) && f.places.every(isPlace))),
  );
  if (!findingsOk || !optionalStrings(report.notes) || !optionalStrings(report.skipped)) return undefined;
  // A server that went away during the check: the exit code and the skipped steps come through too.
  const exit = report.serverExit;
  if (
    exit !== undefined &&
    !(
      isObject(exit) &&
      typeof exit.step === 'string' &&
      typeof exit.how === 'string' &&
      typeof exit.midRequest === 'boolean' &&
      typeof exit.crashed === 'boolean'
    )
  )
    return undefined;
  return report as unknown as FindingsReport;
}

/** A running mcpscope that went away or refused: exit 2 ("could not be reached"), as lint/check do for a trace or a server. */
export function unreachable(err: unknown, what: string, io: CliIo): ExitCodeValue {
  if (!(err instanceof UnreachableError) && !(err instanceof ApiError)) throw err;
  io.stderr(`mcpscope: ${what}: ${escapeControl(err.message)}\n`);
  return ExitCode.ConnectFailed;
}

/**
 * `mcpscope check --session <name|id>` on the session picked: the check of a direct `check`, run
 * by the running mcpscope on its connected session (POST …/check): no new connection, the
 * browser shows the exercise live.
 */
export async function checkOnSession(
  found: { ui: LiveUi; session: SessionInfo },
  body: CheckBody,
  report: ReportOptions,
  io: CliIo,
): Promise<ExitCodeValue> {
  const { ui, session } = found;
  if (session.state !== 'connected')
    throw new CliError(
      `${describeSession(session, ui.entry.url)} is ${session.state}: check needs a connected session (lint --session reads any)`,
      ExitCode.ConnectFailed,
    );
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
