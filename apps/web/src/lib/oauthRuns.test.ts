import type { OAuthEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { oauthRuns } from './oauthRuns';

let seq = 0;
const ev = (step: string, detail?: Record<string, unknown>): OAuthEvent => ({
  type: 'oauth',
  seq: ++seq,
  t: seq,
  sessionId: 's1',
  step,
  ...(detail ? { detail } : {}),
});

describe('oauthRuns', () => {
  it('cuts the steps into runs: the first authorization, each step-up, a sign-out', () => {
    const steps = [
      ev('unauthorized'),
      ev('start'),
      ev('protected-resource-metadata'),
      ev('client-registration'),
      ev('authorization-request'),
      ev('authorization-response'),
      ev('token-exchange'),
      ev('authorized'),
      ev('step-up', { requiredScope: 'mcp:write', scope: 'mcp:read mcp:write' }),
      ev('start'),
      ev('registration-scope'),
      ev('authorization-request'),
    ];
    const runs = oauthRuns(steps);
    expect(runs.map((r) => [r.n, r.title, r.outcome, r.steps.length])).toEqual([
      [1, 'Authorization after a 401', 'authorized', 8],
      [2, 'Step-up for mcp:write', 'waiting', 4],
    ]);
    const more = oauthRuns([
      ...steps,
      ev('authorization-response'),
      ev('authorized'),
      ev('revocation'),
      ev('signed-out'),
      ev('start'),
      ev('error'),
    ]);
    expect(more.map((r) => [r.title, r.outcome])).toEqual([
      ['Authorization after a 401', 'authorized'],
      ['Step-up for mcp:write', 'authorized'],
      ['Sign-out', 'signed-out'],
      ['Authorization', 'failed'],
    ]);
  });

  it('an RFC 7592 update refused (404) inside a run that registered again is recovered, not a failure', () => {
    const update = ev('client-registration-update', { request: { method: 'PUT' }, response: { status: 404 } });
    const [run] = oauthRuns([
      ev('step-up'),
      ev('start'),
      ev('registration-scope'),
      update,
      ev('client-registration'),
      ev('registration-widened', { path: 're-register' }),
      ev('authorization-request'),
    ]);
    expect(run!.recovered.has(update.seq)).toBe(true);
    const failed = ev('client-registration-update', { response: { status: 404 } });
    const [bad] = oauthRuns([ev('start'), failed, ev('error', { message: 'no' })]);
    expect(bad!.recovered.size).toBe(0);
  });

  it('a DPoP nonce the resource server asks for after the authorization stays in that run', () => {
    const runs = oauthRuns([
      ev('start'),
      ev('token-exchange'),
      ev('dpop-nonce', { server: 'authorization' }),
      ev('token-exchange'),
      ev('authorized'),
      ev('dpop-nonce', { server: 'resource' }),
      ev('step-up'),
      ev('start'),
    ]);
    expect(runs.map((r) => [r.title, r.steps.map((e) => e.step)])).toEqual([
      ['Authorization', ['start', 'token-exchange', 'dpop-nonce', 'token-exchange', 'authorized', 'dpop-nonce']],
      ['Step-up', ['step-up', 'start']],
    ]);
  });

  it('reads hostile details defensively', () => {
    const runs = oauthRuns([
      ev('step-up', { requiredScope: 42, response: 'x' }),
      ev('client-registration-update', { response: { status: '404' } }),
    ]);
    expect(runs[0]!.title).toBe('Step-up');
    expect(runs[0]!.recovered.size).toBe(0);
  });
});
