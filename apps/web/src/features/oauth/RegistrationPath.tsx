import type { GuidedState } from '@mcpscope/wire';

/** The engine's registration decision (summary.stepUp.registration before the step, summary.registration after). */
interface Registration {
  path?: string;
  why?: string;
  registeredScope?: string;
  scope?: string;
  clientId?: string;
  previousClientId?: string;
  newSecret?: boolean;
  rotatedRegistrationAccessToken?: boolean;
  updateFailed?: string;
}

const PATHS: Record<string, string> = {
  kept: 'registration kept',
  update: 'registration updated (RFC 7592)',
  're-register': 'registered again (RFC 7591)',
};
const PLANNED: Record<string, string> = {
  kept: 'keep the registration',
  update: 'update the registration (RFC 7592)',
  're-register': 'register again (RFC 7591)',
};

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function parse(v: unknown): Registration | undefined {
  const r = record(v);
  if (!r) return undefined;
  return {
    path: text(r.path),
    why: text(r.why),
    registeredScope: text(r.registeredScope),
    scope: text(r.scope),
    clientId: text(r.clientId),
    previousClientId: text(r.previousClientId),
    newSecret: r.newSecret === true,
    rotatedRegistrationAccessToken: r.rotatedRegistrationAccessToken === true,
    updateFailed: text(r.updateFailed),
  };
}

/**
 * A Guided step-up's client registration: before the client step, the path it will take and
 * why; after it, the path taken (update in place, register again, or kept) and what changed.
 */
export function RegistrationPath({ state }: { state: GuidedState }) {
  const stepUp = record(state.summary.stepUp);
  if (!stepUp) return null;
  const done = parse(state.summary.registration);
  const planned = parse(stepUp.registration);
  const shown = done ?? planned;
  const path = shown?.path ?? 'kept';
  return (
    <div className="mt-1 rounded border border-accent/40 p-2" data-testid="oauth-guided-registration" data-path={path} data-done={!!done}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Step-up</span>
        <span className="text-muted">
          needs <code>{text(stepUp.requiredScope) ?? text(stepUp.scope)}</code>
        </span>
        <span className="chip" data-testid="oauth-guided-registration-path">
          {done ? (PATHS[path] ?? path) : `next: ${PLANNED[path] ?? path}`}
        </span>
      </div>
      <p className="mt-1" data-testid="oauth-guided-registration-why">
        {shown?.why ?? 'A pre-registered or Client ID Metadata Document client: its registration is not changed.'}
      </p>
      {done?.updateFailed && <p className="mt-1 text-warn">The update failed ({done.updateFailed}), so the client registered again.</p>}
      {done && (
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-2 font-mono text-[11px]">
          {done.registeredScope !== undefined && (
            <>
              <dt className="text-muted">registered before</dt>
              <dd>{done.registeredScope}</dd>
            </>
          )}
          {done.scope !== undefined && (
            <>
              <dt className="text-muted">registered now</dt>
              <dd data-testid="oauth-guided-registration-scope">{done.scope}</dd>
            </>
          )}
          {done.previousClientId && (
            <>
              <dt className="text-muted">client</dt>
              <dd>
                {done.previousClientId} → {done.clientId}
              </dd>
            </>
          )}
          {!done.previousClientId && done.clientId && (
            <>
              <dt className="text-muted">client</dt>
              <dd>{done.clientId} (same)</dd>
            </>
          )}
          {done.newSecret && (
            <>
              <dt className="text-muted">secret</dt>
              <dd>a new client secret was issued (stored, never shown)</dd>
            </>
          )}
          {done.rotatedRegistrationAccessToken && (
            <>
              <dt className="text-muted">registration token</dt>
              <dd>rotated by the server (stored, never shown)</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
