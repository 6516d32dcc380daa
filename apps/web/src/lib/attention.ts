import type { OAuthEvent } from '@mcpscope/protocol';
import type { PendingServerRequest } from '@mcpscope/wire';
import type { AppQuestion } from './appQuestions';
import { oauthRuns } from './oauthRuns';
import { isRecord } from '@mcpscope/protocol';

/** An authorization that waits for the user: in the browser, or at a Guided pause. */
export interface OAuthWait {
  /** `browser`: the authorization page is open for the user; `guided`: the Guided flow waits for Continue. */
  stage: 'browser' | 'guided';
  /** A step-up (403 insufficient_scope during a request) rather than a first authorization. */
  stepUp: boolean;
  /** The scope the server asked for (the 403's `scope`). */
  requiredScope?: string;
  /** What the authorization asks for (the union with what is held). */
  requestedScope?: string;
  /** What the current token was granted. */
  grantedScope?: string;
}

const scopeIn = (e: OAuthEvent | undefined, key: string): string | undefined => {
  const d = e?.detail;
  const v = isRecord(d) && Object.hasOwn(d, key) ? d[key] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v.slice(0, 500) : undefined;
};

/** The authorization waiting for the user in these OAuth steps, if the latest run waits. */
export function oauthWait(steps: readonly OAuthEvent[]): OAuthWait | undefined {
  const runs = oauthRuns(steps);
  const run = runs.at(-1);
  if (!run || (run.outcome !== 'waiting' && run.outcome !== 'paused')) return undefined;
  const stepUp = run.steps.find((e) => e.step === 'step-up');
  const start = run.steps.find((e) => e.step === 'start');
  const granted = runs
    .slice(0, -1)
    .flatMap((r) => r.steps)
    .filter((e) => e.step === 'authorized')
    .at(-1);
  const wait: OAuthWait = { stage: run.outcome === 'waiting' ? 'browser' : 'guided', stepUp: stepUp !== undefined };
  const required = scopeIn(stepUp, 'requiredScope');
  const requested = scopeIn(stepUp, 'scope') ?? scopeIn(start, 'scope');
  const held = scopeIn(granted, 'scope');
  if (required) wait.requiredScope = required;
  if (requested) wait.requestedScope = requested;
  if (held) wait.grantedScope = held;
  return wait;
}

/** One thing a session waits for from the user. */
export interface AttentionItem {
  kind: 'server-request' | 'oauth' | 'app-question';
  /** One line: "an elicitation (form)", "authorization in the browser (step-up)". */
  text: string;
}

const REQUEST_WORDS = new Map<string, string>([
  ['sampling/createMessage', 'a sampling request (an LLM answer)'],
  ['elicitation/create', 'an elicitation (a question for you)'],
  ['roots/list', 'a roots request'],
]);

/** What one pending server→client request asks, in words. */
export function requestWords(r: Pick<PendingServerRequest, 'method' | 'params'>): string {
  if (r.method === 'elicitation/create') {
    const params = r.params;
    const mode = isRecord(params) && Object.hasOwn(params, 'mode') ? params.mode : undefined;
    if (mode === 'url') return 'an elicitation (a page to open)';
  }
  return REQUEST_WORDS.get(r.method) ?? `a ${r.method.slice(0, 60)} request`;
}

/** Everything a session waits for from the user, most blocking first. */
export function attentionOf(
  pending: readonly PendingServerRequest[],
  oauth: OAuthWait | undefined,
  questions: readonly AppQuestion[],
): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (oauth)
    items.push({
      kind: 'oauth',
      text:
        oauth.stage === 'browser'
          ? `authorization in the browser${oauth.stepUp ? ' (step-up)' : ''}`
          : `the Guided authorization${oauth.stepUp ? ' (step-up)' : ''} to continue`,
    });
  for (const r of pending) items.push({ kind: 'server-request', text: requestWords(r) });
  items.push(...questions.map((): AttentionItem => ({ kind: 'app-question', text: 'an app asking to open a link' })));
  return items;
}
