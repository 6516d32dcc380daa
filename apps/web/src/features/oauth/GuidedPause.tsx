import { useState } from 'react';
import type { Finding, OAuthEvent } from '@mcpscope/protocol';
import type { GuidedInputs, GuidedState } from '@mcpscope/wire';
import type { OAuthModel } from './useOAuthModel';
import { RegistrationPath } from './RegistrationPath';
import { DpopNote } from './DpopProof';

type Key = keyof GuidedInputs;
const LABELS: Record<Key, string> = {
  scope: 'Scopes',
  resource: 'Resource (RFC 8707)',
  clientId: 'Client id (pre-registered)',
  clientSecret: 'Client secret',
  clientMetadataUrl: 'Client ID Metadata Document URL',
  applicationType: 'application_type (DCR)',
  redirectUrl: 'Redirect URI',
  authMethod: 'Client auth method',
};
const HINTS: Partial<Record<Key, string>> = {
  clientId: 'empty: CIMD if supported, else Dynamic Client Registration',
  clientSecret: 'none (public client)',
  clientMetadataUrl: 'https://… (used when the server supports CIMD)',
};
const CHOICES: Partial<Record<Key, string[]>> = {
  authMethod: ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'],
  applicationType: ['native', 'web'],
};
const TITLES: Record<GuidedState['stage'], string> = {
  client: 'Discovery done — next: client identity',
  authorization: 'Client identity ready — next: authorization request',
  waiting: 'Waiting for the browser to come back to /oauth/callback',
  token: 'Callback received — next: token exchange',
  running: 'Running the next step…',
  authorized: 'Guided authorization complete',
  failed: 'Guided authorization failed',
};

const SECTIONS: Record<string, string> = {
  discovery: 'Discovery: protected resource and authorization server metadata',
  client: 'Client identity',
  callback: 'Authorization response (callback)',
  tokens: 'Tokens',
  stepUp: 'Step-up: the scope needed and the registration plan',
  registration: 'Client registration for the step-up (RFC 7591 / RFC 7592)',
};

/** Findings on the steps of the current Guided run (since its `start`). */
function findingsSinceStart(steps: OAuthEvent[]): Finding[] {
  let from = 0;
  steps.forEach((e, i) => e.step === 'start' && (from = i));
  return steps.slice(from).flatMap((e) => (e.detail?.findings as Finding[] | undefined) ?? []);
}

/** One Guided pause: what the finished steps found, and the next step's inputs to edit before Continue. */
export function GuidedPause({ m, state }: { m: OAuthModel; state: GuidedState }) {
  const [edits, setEdits] = useState<GuidedInputs>(() => ({ ...state.inputs }));
  const findings = findingsSinceStart(m.steps);
  const paused = state.editable.length > 0;
  const tone =
    state.stage === 'failed'
      ? 'border-danger/50 bg-danger/5'
      : state.stage === 'authorized'
        ? 'border-ok/50'
        : 'border-accent/50 bg-accent/5';
  return (
    <section className={`mb-2 rounded border p-2 ${tone}`} data-testid="oauth-guided-pause" data-stage={state.stage}>
      <h3 className="font-semibold">{TITLES[state.stage]}</h3>
      {state.next && <p className="text-muted">Next: {state.next}</p>}
      {state.error && (
        <p className="text-danger" role="alert">
          {state.error}
        </p>
      )}
      <RegistrationPath state={state} />
      <DpopNote stage={state.stage} dpop={m.status?.dpop} />
      <div className="mt-1 flex flex-col gap-1" data-testid="oauth-guided-summary">
        {Object.entries(state.summary)
          .reverse()
          .map(([section, value], i) => (
            <details key={section} open={i === 0} className="rounded border border-line" data-section={section}>
              <summary className="cursor-pointer px-2 py-0.5 font-medium">{SECTIONS[section] ?? section}</summary>
              <pre className="max-h-56 overflow-auto bg-surface p-1 font-mono text-[11px] whitespace-pre-wrap">
                {JSON.stringify(value, null, 2)}
              </pre>
            </details>
          ))}
      </div>
      {findings.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1" data-testid="oauth-guided-findings">
          {findings.map((f, i) => (
            <li key={i} className="rounded border border-warn/50 bg-warn/10 px-2 py-1 text-warn">
              <span className="font-semibold">{f.rule}</span> {f.message}
            </li>
          ))}
        </ul>
      )}
      {paused && (
        <form
          className="mt-2 grid grid-cols-[max-content_1fr] items-center gap-x-2 gap-y-1"
          onSubmit={(e) => (e.preventDefault(), void m.guidedNext(edits))}
        >
          {state.editable.map((key) => (
            <label key={key} className="contents">
              <span className="text-muted">{LABELS[key]}</span>
              {CHOICES[key] ? (
                <select
                  className="input"
                  value={edits[key] ?? ''}
                  onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
                  data-testid={`oauth-guided-input-${key}`}
                >
                  <option value="">default</option>
                  {CHOICES[key]!.map((x) => (
                    <option key={x} value={x}>
                      {x}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  className="input"
                  type={key === 'clientSecret' ? 'password' : 'text'}
                  value={edits[key] ?? ''}
                  placeholder={HINTS[key]}
                  onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
                  data-testid={`oauth-guided-input-${key}`}
                />
              )}
            </label>
          ))}
          <span />
          <div>
            <button type="submit" className="btn btn-primary" disabled={m.busy} data-testid="oauth-guided-continue">
              Continue
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
