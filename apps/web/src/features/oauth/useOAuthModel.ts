import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OAuthEvent } from '@mcpscope/protocol';
import type { GuidedInputs, OAuthAuthorizeReply, OAuthConfigInput } from '@mcpscope/wire';
import { useSessionLog, useStoreSelector } from '../../lib/services';
import { challengeOf, parseWwwAuthenticate, type BearerChallenge } from '../../lib/wwwAuthenticate';
import { useOAuthApi } from './oauthApi';

export type AuthMethod = NonNullable<OAuthConfigInput['authMethod']>;
export interface OAuthInputs {
  scope: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  resource: string;
  authMethod: AuthMethod | '';
}
const EMPTY: OAuthInputs = { scope: '', clientId: '', clientSecret: '', redirectUrl: '', resource: '', authMethod: '' };

/** The Guided view's inputs as the runner's config (empty fields: the runner's defaults). */
export function configOf(inputs: OAuthInputs): OAuthConfigInput {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(inputs)) if (v.trim() !== '') out[k] = v.trim();
  return out as OAuthConfigInput;
}

/** The latest challenge: a failed connect's 401, or an `unauthorized` / `step-up` step. */
function latestChallenge(
  error: { httpStatus?: number; httpHeaders?: Record<string, string> } | undefined,
  steps: OAuthEvent[],
): BearerChallenge | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const header = steps[i]!.detail?.wwwAuthenticate;
    if (typeof header === 'string') return parseWwwAuthenticate(header);
  }
  return error?.httpStatus === 401 || error?.httpStatus === 403 ? challengeOf(error.httpHeaders) : undefined;
}

/** A popup opened inside the click (so no blocker stops it), pointed at the URL once known. */
function openPopup(): Window | null {
  return window.open('about:blank', 'mcpscope-oauth', 'popup,width=560,height=720');
}

export function useOAuthModel(sessionId: string | null) {
  const api = useOAuthApi();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const { log, version } = useSessionLog(sessionId);
  const stepCount = log?.oauth.length ?? 0;
  const steps = useMemo(() => log?.oauth.toArray() ?? [], [log, stepCount]); // the log changes in place: `stepCount` says when
  const isHttp = session !== undefined && session.transport !== 'stdio';
  const status = useQuery({
    queryKey: [sessionId, 'mcpscope:oauth-status', stepCount, session?.state],
    queryFn: () => api.status(sessionId!),
    enabled: !!sessionId && isHttp,
  });
  const [inputs, setInputs] = useState<OAuthInputs>(EMPTY);
  const [busy, setBusy] = useState(false);
  // RFC 9449: asked for before the first authorization; once the session holds a DPoP key it keeps it (refresh tokens are bound to it).
  const [dpopAsked, setDpop] = useState(false);
  const dpopHeld = !!status.data?.dpop;
  const withDpop = (config: OAuthConfigInput): OAuthConfigInput => (dpopAsked && !dpopHeld ? { ...config, dpop: {} } : config);
  const [error, setError] = useState<string | null>(null);

  /** `popup`: the step may need the browser (opened inside the click so no blocker stops it). */
  const run = async (call: () => Promise<OAuthAuthorizeReply>, popup: Window | null = openPopup()) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await call();
      if (reply.authorizationUrl && popup) popup.location.href = reply.authorizationUrl;
      else if (reply.authorizationUrl) window.open(reply.authorizationUrl, '_blank');
      else popup?.close();
    } catch (err) {
      popup?.close();
      setError((err as Error).message);
    } finally {
      setBusy(false);
      void status.refetch();
    }
  };

  return {
    session,
    isHttp,
    steps,
    version,
    status: status.data,
    challenge: latestChallenge(session?.error, steps),
    inputs,
    dpop: dpopAsked || dpopHeld,
    dpopHeld,
    setDpop,
    setInput: <K extends keyof OAuthInputs>(k: K, v: OAuthInputs[K]) => setInputs((x) => ({ ...x, [k]: v })),
    busy,
    error,
    /** Quick: one click, the runner's defaults (the challenge's scope). */
    quick: () =>
      sessionId && run(() => api.authorize(sessionId, dpopAsked && !dpopHeld ? { config: withDpop({}) } : {}, 'oauth: authorize')),
    /** Guided: the edited inputs become the runner's config; every step appears below. */
    guided: () => sessionId && run(() => api.guidedStart(sessionId, withDpop(configOf(inputs)), 'oauth: guided start'), null),
    /** Guided: the edited inputs of the next step; the authorization step opens the browser. */
    guidedNext: (edits: GuidedInputs) =>
      sessionId &&
      run(
        () => api.guidedNext(sessionId, edits, 'oauth: guided next'),
        status.data?.guided?.stage === 'authorization' ? openPopup() : null,
      ),
    stepUp: (scope: string) => sessionId && run(() => api.stepUp(sessionId, scope, 'oauth: step up')),
    openPending: (url: string) => window.open(url, 'mcpscope-oauth', 'popup,width=560,height=720'),
    signOut: async () => {
      if (!sessionId) return;
      setError(null);
      await api.signOut(sessionId, 'oauth: sign out').catch((err: Error) => setError(err.message));
      void status.refetch();
    },
  };
}
export type OAuthModel = ReturnType<typeof useOAuthModel>;
