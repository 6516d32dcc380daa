import type { GuidedInputs, Session } from '@mcpscope/engine';
import type { GuidedInputs as WireGuidedInputs, OAuthConfigInput } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import type { PendingAuthorizations } from './pending.js';
import { authorizationRequested, ensureRunner, failedChallenge, reconnectIfFailed } from './session-oauth.js';

const failed = (err: unknown) => new ProxyError('MCPSCOPE_ERR_OAUTH_FAILED', (err as Error).message, { message: (err as Error).message });

/** Starts a Guided authorization: discovery runs, then it pauses before the client identity step. */
export async function startGuided(session: Session, pending: PendingAuthorizations, config?: OAuthConfigInput): Promise<void> {
  const runner = ensureRunner(session, pending, config);
  // After a failed connect, start where the server left off: its 401's resource_metadata and scope.
  const challenge = failedChallenge(session);
  if (challenge) runner.acceptChallenge(challenge);
  const state = await runner.startGuided();
  if (state.stage === 'failed') throw failed(new Error(state.error));
}

/**
 * Runs the step after the current pause with the user's edits. Answers when the flow pauses
 * again, or as soon as the browser has an authorization URL to open (the flow then waits for
 * /oauth/callback and pauses before the token exchange). Once authorized, a session whose
 * connect failed connects again with the token.
 */
export async function nextGuided(
  session: Session,
  pending: PendingAuthorizations,
  inputs: WireGuidedInputs = {},
): Promise<string | undefined> {
  const flow = session.oauth?.guided;
  const stage = flow?.state().stage;
  if (!flow || (stage !== 'client' && stage !== 'authorization' && stage !== 'token')) {
    throw new ProxyError('MCPSCOPE_ERR_OAUTH_NOT_PAUSED', `No guided authorization is waiting for input (${stage ?? 'none started'})`, {
      stage: stage ?? null,
    });
  }
  const requested = authorizationRequested(session);
  const step = flow.next(inputs as GuidedInputs).then(async (state) => {
    if (state.stage === 'authorized') await reconnectIfFailed(session, pending);
    return state;
  });
  try {
    const first = await Promise.race([requested.promise.then(() => undefined), step]);
    if (first?.stage === 'failed') throw failed(new Error(first.error));
  } finally {
    requested.stop();
  }
  return flow.state().authorizationUrl;
}
