import type { OAuthEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { attentionOf, oauthWait, requestWords } from './attention';

let seq = 0;
const ev = (step: string, detail?: Record<string, unknown>): OAuthEvent => ({
  type: 'oauth',
  seq: ++seq,
  t: seq,
  sessionId: 's1',
  step,
  ...(detail ? { detail } : {}),
});
const firstRun = () => [
  ev('unauthorized'),
  ev('start', { scope: 'mcp:read' }),
  ev('authorization-request'),
  ev('authorization-response'),
  ev('authorized', { scope: 'mcp:read offline_access' }),
];

describe('oauthWait', () => {
  it('a step-up waiting in the browser: the scope asked for, the union requested, the scope the token holds', () => {
    const steps = [
      ...firstRun(),
      ev('step-up', { requiredScope: 'mcp:write', scope: 'mcp:read offline_access mcp:write' }),
      ev('start', { scope: 'mcp:read offline_access mcp:write' }),
      ev('authorization-request'),
    ];
    expect(oauthWait(steps)).toEqual({
      stage: 'browser',
      stepUp: true,
      requiredScope: 'mcp:write',
      requestedScope: 'mcp:read offline_access mcp:write',
      grantedScope: 'mcp:read offline_access',
    });
  });

  it('a Guided pause waits for Continue; nothing waits once authorized or failed', () => {
    expect(
      oauthWait([...firstRun(), ev('step-up', { requiredScope: 'mcp:write' }), ev('guided-pause', { stage: 'client' })]),
    ).toMatchObject({ stage: 'guided', stepUp: true });
    expect(oauthWait(firstRun())).toBeUndefined();
    expect(oauthWait([ev('start'), ev('authorization-request'), ev('error')])).toBeUndefined();
    expect(oauthWait([])).toBeUndefined();
    // A first authorization waiting: no token yet.
    expect(oauthWait([ev('unauthorized'), ev('start', { scope: 'mcp:read' }), ev('authorization-request')])).toEqual({
      stage: 'browser',
      stepUp: false,
      requestedScope: 'mcp:read',
    });
  });
});

describe('attentionOf', () => {
  it('lists what a session waits for, the authorization first', () => {
    const pending = [
      { sessionId: 's1', requestId: 'n:1', method: 'elicitation/create', params: { mode: 'url', url: 'https://x' }, receivedAt: 1 },
      { sessionId: 's1', requestId: 'n:2', method: 'sampling/createMessage', params: {}, receivedAt: 2 },
    ];
    const items = attentionOf(pending, { stage: 'browser', stepUp: true }, [
      { key: 'k', sessionId: 's1', uri: 'ui://a', tab: 'tools', kind: 'open-link', url: 'https://a', answer: () => {} },
    ]);
    expect(items.map((i) => i.text)).toEqual([
      'authorization in the browser (step-up)',
      'an elicitation (a page to open)',
      'a sampling request (an LLM answer)',
      'an app asking to open a link',
    ]);
    expect(requestWords({ method: 'x'.repeat(200), params: undefined }).length).toBeLessThan(80);
  });
});
