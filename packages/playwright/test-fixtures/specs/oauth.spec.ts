import { readFileSync } from 'node:fs';
import { expect, test as base } from '@mcpscope/playwright';
import { startOAuthServers, type OAuthServers } from '../../../../e2e/fixtures/oauth-servers';

// An OAuth-protected Streamable HTTP server (oidc-provider and a resource server, both real, on
// free ports): the server is started by a worker fixture and `mcpServer` is computed from it,
// the way a test of a server started at run time sets the option.
const test = base.extend<{ grant: 'client_credentials' | 'authorization_code' }, { oauth: OAuthServers }>({
  oauth: [
    async ({}, use) => {
      const servers = await startOAuthServers();
      await use(servers);
      await servers.close();
    },
    { scope: 'worker' },
  ],
  grant: ['client_credentials', { option: true }],
  mcpServer: async ({ oauth, grant }, use) => {
    const machine = oauth.clients.machine;
    await use({
      url: oauth.mcpUrl,
      oauth:
        grant === 'client_credentials' ? { clientId: machine.id, clientSecret: machine.secret, scope: 'mcp:read' } : { scope: 'mcp:read' },
    });
  },
});

test('client credentials: the session authorizes itself; the secret stays out of the trace', async ({ mcp, oauth }) => {
  expect((await mcp.tools()).length).toBeGreaterThan(0);
  await expect(mcp).toHaveReceived({ method: 'tools/list' });
  const trace = readFileSync(mcp.tracePath, 'utf8');
  expect(trace).toContain('"step":"token-client-credentials"');
  expect(trace).not.toContain(oauth.clients.machine.secret);
});

test.describe('authorization code', () => {
  test.use({ grant: 'authorization_code' });

  test('an auto-approving authorization server is followed without a browser', async ({ mcp }) => {
    expect((await mcp.tools()).length).toBeGreaterThan(0);
    const trace = readFileSync(mcp.tracePath, 'utf8');
    for (const step of ['client-registration', 'authorization-request', 'token-exchange']) expect(trace).toContain(`"step":"${step}"`);
  });
});
