import { useState } from 'react';
import type { OAuthEvent } from '@mcpscope/protocol';
import { oauthRuns, type OAuthRun } from '../../lib/oauthRuns';
import { StepCard } from './StepCard';

const OUTCOME: Record<OAuthRun['outcome'], { text: string; cls: string }> = {
  authorized: { text: 'authorized', cls: 'text-ok' },
  failed: { text: 'failed', cls: 'text-danger' },
  waiting: { text: 'waiting for you in the browser', cls: 'text-accent' },
  paused: { text: 'paused (Guided)', cls: 'text-accent' },
  'signed-out': { text: 'signed out', cls: 'text-muted' },
  running: { text: 'running', cls: 'text-muted' },
};

/**
 * The session's OAuth steps by run (a connect's authorization, each step-up, a sign-out), the
 * latest open and the earlier ones folded to one line each, so runs do not pile up.
 */
export function OAuthRunList({ steps }: { steps: readonly OAuthEvent[] }) {
  const runs = oauthRuns(steps);
  return (
    <ol className="flex flex-col gap-1.5" data-testid="oauth-runs">
      {runs.map((run, i) => (
        <RunItem key={run.steps[0]!.seq} run={run} latest={i === runs.length - 1} />
      ))}
    </ol>
  );
}

function RunItem({ run, latest }: { run: OAuthRun; latest: boolean }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? latest;
  const outcome = OUTCOME[run.outcome];
  return (
    <li data-testid="oauth-run" data-run={run.n} data-outcome={run.outcome} data-open={shown}>
      <button
        type="button"
        className="flex w-full items-center gap-2 py-0.5 text-left"
        onClick={() => setOpen(!shown)}
        aria-expanded={shown}
        data-testid="oauth-run-toggle"
      >
        <span className="w-3 text-subtle" aria-hidden>
          {shown ? '▾' : '▸'}
        </span>
        <span className="font-semibold">Run {run.n}</span>
        <span className="min-w-0 truncate">{run.title}</span>
        <span className={`shrink-0 ${outcome.cls}`}>{outcome.text}</span>
        <span className="shrink-0 text-subtle">
          {run.steps.length} step{run.steps.length === 1 ? '' : 's'}
        </span>
      </button>
      {shown && (
        <ol className="mt-0.5 flex flex-col gap-1" data-testid="oauth-steps">
          {run.steps.map((e, i) => (
            <StepCard key={e.seq} event={e} index={i} recovered={run.recovered.has(e.seq)} />
          ))}
        </ol>
      )}
    </li>
  );
}
