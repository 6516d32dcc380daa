import type { Finding } from '@mcpscope/protocol';
import type { Engine } from '../session/engine.js';
import { answerHeadless } from '../server-requests/headless-answers.js';
import type { Session } from '../session/session.js';
import type { SessionConfig } from '../session/types.js';
import { AppResourceCheck } from './app-resources.js';
import { Exerciser, type ExerciseOptions } from './exercise.js';
import { withOrigin } from '../origin/origin.js';
import { probeOriginAndHost } from './origin-probe.js';
import { assignedSessionId, probeSessionRequired } from './session-probe.js';
import { collectAllFindings, makeReport, type FindingsReport, type ReportedFinding } from './report.js';

export interface CheckOptions extends ExerciseOptions {
  /** Probe Origin/Host validation of HTTP servers (default true). */
  probe?: boolean;
  connectTimeoutMs?: number;
  record?: string;
  noRedact?: boolean;
}

export interface CheckResult {
  report: FindingsReport;
  session: Session;
}

/**
 * `mcpscope check`: connects (throws the engine's connect error when it cannot), exercises what
 * the server declares, reads the UI resources of MCP Apps tools (app-resources.ts), probes HTTP
 * servers for DNS-rebinding protection, and reports every finding. The session is left open for
 * the caller to close (with the engine).
 */
export async function runCheck(engine: Engine, config: SessionConfig, opts: CheckOptions = {}): Promise<CheckResult> {
  const session = await engine.open(config, {
    watchListChanges: false,
    connectTimeoutMs: opts.connectTimeoutMs,
    record: opts.record,
    noRedact: opts.noRedact,
  });
  // Headless: a request the server sends the client is refused at once and noted once per method.
  const notes: string[] = [];
  const noted = new Set<string>();
  const stop = answerHeadless(engine, session, {
    who: 'mcpscope check',
    origin: { by: 'mcpscope', reason: 'check: headless answer' },
    onRefused: (method) => {
      if (noted.has(method)) return;
      noted.add(method);
      notes.push(
        `the server asked the client for ${method}: answered with JSON-RPC error -1 at once (check is headless; no one to answer)`,
      );
    },
  });
  try {
    return { report: await checkSession(session, opts, notes), session };
  } finally {
    stop();
  }
}

/**
 * The check of a session that is already connected (runCheck's, and `mcpscope check --session`
 * on a running mcpscope's session): exercise, MCP Apps resources, HTTP probes (with the
 * session's own config), and every finding of the session so far. A server that goes away on
 * the way is a finding naming the step it was in; every later step is listed in `skipped`.
 */
export async function checkSession(
  session: Session,
  opts: Omit<CheckOptions, 'connectTimeoutMs' | 'record' | 'noRedact'> = {},
  answered: string[] = [],
): Promise<FindingsReport> {
  const { config } = session;
  const info = session.info();
  const exerciser = new Exerciser(session, opts);
  const { steps } = exerciser;
  exerciser.notes.push(`connected: ${info.transport}, ${info.era ?? '?'} era, protocol ${info.protocolVersion ?? '?'}`);
  // What check sends after the handshake is its own exercise, not a user's action.
  await withOrigin({ by: 'mcpscope', reason: 'check: exercise' }, () => exerciser.run());
  // MCP Apps: the ui:// resource of each listed tool, read as a host would before rendering it.
  const apps = new AppResourceCheck(session, exerciser.notes, opts.timeoutMs ?? 15_000, steps);
  await withOrigin({ by: 'mcpscope', reason: 'check: app resource' }, () => apps.run(exerciser.listedTools));
  const probeFindings: ReportedFinding[] = [];
  if (config.transport !== 'stdio' && opts.probe !== false && !steps.skip('HTTP probes (Origin, Host, a request without Mcp-Session-Id)')) {
    const era = info.era === 'modern' ? 'modern' : 'legacy';
    const probes = [await probeOriginAndHost(config, opts.timeoutMs, info.transport === 'sse' ? 'sse' : 'http', era)];
    if (info.transport === 'http' && era === 'legacy' && assignedSessionId(session.events()))
      probes.push(await probeSessionRequired(config, info.protocolVersion, opts.timeoutMs));
    for (const probe of probes) {
      exerciser.notes.push(...probe.notes);
      probeFindings.push(
        ...probe.findings.map((f: Finding) => ({ ...f, seq: 0, excerpt: f.rule === 'http-probe-skipped' ? '' : `POST ${config.url}` })),
      );
    }
  }
  // Headless (runCheck): the server's requests answered on the way, after the notes they explain.
  exerciser.notes.push(...answered);
  const target = config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
  const exit = steps.finding();
  const exerciseFindings: ReportedFinding[] = [...(exit ? [exit] : []), ...exerciser.findings].map((f) => ({ ...f, seq: 0 }));
  const findings = [...(await collectAllFindings(session.all())), ...exerciseFindings, ...apps.findings, ...probeFindings];
  const report = makeReport(
    target,
    findings,
    exerciser.notes.map((n) => `- ${n}`),
  );
  return steps.exit
    ? {
        ...report,
        skipped: steps.skipped,
        serverExit: {
          step: steps.exit.step,
          how: steps.exit.how,
          midRequest: steps.exit.midRequest,
          crashed: steps.exit.midRequest && steps.exit.abnormal,
        },
      }
    : report;
}
