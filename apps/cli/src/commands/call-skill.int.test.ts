import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernHttpServer, type ModernHttpServer } from '../../../../packages/engine/test-fixtures/modern-http-server.js';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

const SKILL = 'skill://notes/SKILL.md';
const body = '---\nname: notes\ndescription: Take notes\n---\n\nWrite them down.\n';
let served = body;
let bundle: TestBundle;
let server: ModernHttpServer;

beforeAll(async () => {
  [bundle, server] = await Promise.all([
    buildTestBundle(),
    startModernHttpServer({ resources: {}, extensions: { 'io.modelcontextprotocol/skills': {} } }, (req) => {
      if (req.method === 'skills/list') {
        const digest = `sha256:${createHash('sha256').update(body).digest('hex')}`;
        return {
          skills: [
            {
              uri: SKILL,
              frontmatter: { name: 'notes', description: 'Take notes' },
              resources: [{ uri: SKILL, digest, size: Buffer.byteLength(body) }],
            },
          ],
        };
      }
      if (req.method === 'resources/read') return { contents: [{ uri: SKILL, mimeType: 'text/markdown', text: served }] };
      return undefined;
    }),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await bundle?.cleanup();
});

describe('mcpscope call skills/get --skill … --load (SEP-2640, the built bundle)', () => {
  it('prints the entry and the verified SKILL.md, exit 0', async () => {
    served = body;
    const r = await runCli(bundle.cli, ['call', 'skills/get', '--skill', SKILL, '--load', '--url', server.url]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      entryFrom: 'skills/list',
      skill: { uri: SKILL },
      file: { uri: SKILL, verified: true, frontmatter: { name: 'notes' }, body: '\nWrite them down.\n' },
    });
  });

  it('refuses tampered content: exit 7, the reason on stderr, nothing on stdout', async () => {
    served = body.replace('down', 'd\u001b[2Jwn');
    const r = await runCli(bundle.cli, ['call', 'skills/get', '--skill', SKILL, '--load', '--url', server.url]);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/not loaded \((size|digest)\)/);
    expect(r.stderr).not.toContain('\u001b');
  });

  it('--load without skills/get --skill is a usage error', async () => {
    const r = await runCli(bundle.cli, ['call', 'skills/list', '--load', '--url', server.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--load goes with skills\/get --skill/);
  });
});
