import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthEvent } from '@mcpscope/protocol';
import { startHostileOAuthServer, type HostileOAuthServer, type HugeStep } from '../../test-fixtures/hostile-oauth-server.js';
import { Engine } from '../session/engine.js';
import { headlessUserAgent } from './headless-agent.js';
import { MAX_OAUTH_RESPONSE_BYTES } from './capped-oauth-response.js';

let server: HostileOAuthServer | undefined;
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.closeAll();
  await server?.close();
  engine = server = undefined;
});

const MIB = MAX_OAUTH_RESPONSE_BYTES / (1024 * 1024);

/** Connects with headless OAuth to a server whose `huge` answer never ends; what the connect said. */
async function connect(huge: HugeStep): Promise<{ message: string; oauth: OAuthEvent[] }> {
  server = await startHostileOAuthServer(huge);
  engine = new Engine();
  const oauth: OAuthEvent[] = [];
  engine.subscribe((m) => void (m.type === 'oauth' && oauth.push(m as unknown as OAuthEvent)));
  const err = await engine
    .open(
      { transport: 'http', url: server.mcpUrl, headers: {}, oauth: { scope: 'mcp' } },
      { oauthUserAgent: headlessUserAgent(), watchListChanges: false },
    )
    .then(
      () => new Error('connected'),
      (e: unknown) => e as Error,
    );
  // The connect error is the 401; the OAuth failure that left it unanswered is its cause.
  const causes: string[] = [];
  for (let e: unknown = err; e instanceof Error && causes.length < 5; e = e.cause) causes.push(e.message);
  return { message: causes.join(' <- '), oauth };
}

describe('OAuth answers have a size cap (a hostile authorization server streams an endless body)', () => {
  const cases: [HugeStep, string][] = [
    [
      'authorization-server-metadata',
      `authorization server metadata larger than ${MIB} MiB at http://127.0.0.1:PORT/.well-known/oauth-authorization-server`,
    ],
    ['client-registration', `client registration response larger than ${MIB} MiB at http://127.0.0.1:PORT/register`],
    ['token', `token exchange response larger than ${MIB} MiB at http://127.0.0.1:PORT/token`],
    ['authorize', `authorization page larger than ${MIB} MiB at http://127.0.0.1:PORT/authorize`],
  ];
  for (const [huge, reason] of cases) {
    it(`${huge}: fails with the reason and reads no more than the cap`, async () => {
      const { message } = await connect(huge);
      expect(message).toContain(reason.replace('PORT', new URL(server!.base).port));
      // Without the cap the client reads until the server's 1 GiB bound.
      expect(server!.hugeBytesSent()).toBeLessThan(MAX_OAUTH_RESPONSE_BYTES + 32 * 1024 * 1024);
    }, 60_000);
  }

  it('protected-resource-metadata: the step fails with the reason (the SDK then falls back to the server origin), and little is read', async () => {
    const { oauth } = await connect('protected-resource-metadata');
    const step = oauth.find((e) => e.step === 'protected-resource-metadata');
    expect(JSON.stringify(step?.detail)).toContain(`protected resource metadata larger than ${MIB} MiB at`);
    expect(server!.hugeBytesSent()).toBeLessThan(MAX_OAUTH_RESPONSE_BYTES + 32 * 1024 * 1024);
  }, 60_000);
});
