import type { OAuthEvent } from '@mcpscope/protocol';
import { isRecord } from '@mcpscope/protocol';

/** One authorization attempt: what started it, its steps in order, and how it ended. */
export interface OAuthRun {
  /** 1 for the first run of the session. */
  n: number;
  title: string;
  outcome: 'authorized' | 'failed' | 'waiting' | 'paused' | 'signed-out' | 'running';
  steps: OAuthEvent[];
  /**
   * Seq of steps whose failure the run recovered from and that are optional by their spec:
   * an RFC 7592 registration update the server refused (mcpscope then registered again).
   */
  recovered: ReadonlySet<number>;
}

/** Steps that say why a run starts; the run's own work begins after them. */
const TRIGGERS = new Set(['unauthorized', 'step-up', 'token-expiring']);
const ENDS = new Set(['authorized', 'error', 'state-mismatch', 'signed-out']);
/** Steps of using the run's token after it ended (a DPoP nonce the resource server asked for): still that run's. */
const FOLLOW_UPS = new Set(['dpop-nonce']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function statusOf(e: OAuthEvent): number | undefined {
  const response = e.detail && Object.hasOwn(e.detail, 'response') ? e.detail.response : undefined;
  return isRecord(response) && typeof response.status === 'number' ? response.status : undefined;
}

/**
 * The session's OAuth steps cut into runs (a connect's authorization, each step-up, a sign-out),
 * so that steps do not pile up across runs: a new run starts with what triggered it (a 401, a
 * 403 insufficient_scope) or, without a trigger, with its `start`; a sign-out is a run of its own.
 */
/** The run's last step that is not a follow-up of its token. */
const lastWork = (run: readonly OAuthEvent[]): string => run.findLast((e) => !FOLLOW_UPS.has(e.step))?.step ?? '';

export function oauthRuns(steps: readonly OAuthEvent[]): OAuthRun[] {
  const groups: OAuthEvent[][] = [];
  let current: OAuthEvent[] = [];
  const worked = () => current.some((e) => !TRIGGERS.has(e.step));
  for (const e of steps) {
    const opens =
      (TRIGGERS.has(e.step) && worked()) ||
      (e.step === 'start' && worked()) ||
      (e.step === 'revocation' && current.length > 0) ||
      (e.step === 'signed-out' && current.length > 0 && current[0]!.step !== 'revocation') ||
      (current.length > 0 && ENDS.has(lastWork(current)) && !ENDS.has(e.step) && !FOLLOW_UPS.has(e.step));
    if (opens) {
      groups.push(current);
      current = [];
    }
    current.push(e);
  }
  if (current.length > 0) groups.push(current);
  return groups.map((g, i) => ({ n: i + 1, title: titleOf(g), outcome: outcomeOf(g), steps: g, recovered: recoveredOf(g) }));
}

function titleOf(run: OAuthEvent[]): string {
  const first = run[0]!;
  if (first.step === 'revocation' || first.step === 'signed-out') return 'Sign-out';
  if (first.step === 'step-up') {
    const d = first.detail ?? {};
    const scope =
      str(Object.hasOwn(d, 'requiredScope') ? d.requiredScope : undefined) ?? str(Object.hasOwn(d, 'scope') ? d.scope : undefined);
    return scope ? `Step-up for ${scope}` : 'Step-up';
  }
  if (first.step === 'unauthorized') return 'Authorization after a 401';
  if (first.step === 'token-expiring') return 'Refresh';
  return 'Authorization';
}

function outcomeOf(run: OAuthEvent[]): OAuthRun['outcome'] {
  const steps = run.map((e) => e.step);
  if (steps.includes('signed-out')) return 'signed-out';
  if (steps.includes('authorized')) return 'authorized';
  if (steps.includes('error') || steps.includes('state-mismatch')) return 'failed';
  const last = steps.at(-1);
  if (last === 'guided-pause') return 'paused';
  if (last === 'authorization-request') return 'waiting';
  return 'running';
}

function recoveredOf(run: OAuthEvent[]): ReadonlySet<number> {
  const out = new Set<number>();
  if (outcomeOf(run) === 'failed') return out;
  run.forEach((e, i) => {
    if (e.step !== 'client-registration-update' || (statusOf(e) ?? 0) < 400) return;
    // RFC 7592 is optional for a server; mcpscope then registers again (`registration-widened`, path re-register).
    if (run.slice(i + 1).some((later) => later.step === 'registration-widened' || later.step === 'authorized')) out.add(e.seq);
  });
  return out;
}
