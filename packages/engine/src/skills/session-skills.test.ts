import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernHttpServer, type ModernHttpServer } from '../../test-fixtures/modern-http-server.js';
import { Engine } from '../session/engine.js';
import type { EngineError } from '../errors/errors.js';

const SKILL = 'skill://pdf-processing/SKILL.md';
const FORMS = 'skill://pdf-processing/references/FORMS.md';
const manifest =
  '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nRead references/FORMS.md for forms.\n';
const forms = 'How to fill forms.\n';
const digest = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** What the server serves for SKILL.md, and the bytes whose digest and size its entry lists (its frontmatter stays the original). */
let served = manifest;
let listed = manifest;
let server: ModernHttpServer;
let engine: Engine;

beforeAll(async () => {
  server = await startModernHttpServer({ resources: {}, extensions: { 'io.modelcontextprotocol/skills': {} } }, (req) => {
    if (req.method === 'skills/list') {
      const entry = {
        uri: SKILL,
        frontmatter: { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents' },
        resources: [
          { uri: SKILL, digest: digest(listed), size: Buffer.byteLength(listed) },
          { uri: FORMS, digest: digest(forms), size: Buffer.byteLength(forms) },
        ],
      };
      return { skills: [entry] };
    }
    if (req.method === 'resources/read') {
      const uri = req.params.uri as string;
      return { contents: [{ uri, mimeType: 'text/markdown', text: uri === FORMS ? forms : served }] };
    }
    return undefined;
  });
});
afterAll(() => server.stop());
afterEach(async () => {
  served = listed = manifest;
  server.requests.length = 0;
  await engine?.closeAll();
});

const reads = () => server.requests.filter((r) => r.method === 'resources/read').map((r) => r.params.uri);

async function open() {
  engine = new Engine();
  return engine.open({ transport: 'http', url: server.url, headers: {} });
}

describe('skills (SEP-2640) on a 2026-07-28 session', () => {
  it('lists without reading any file; loads SKILL.md verified, and a supporting file only when asked', async () => {
    const session = await open();
    expect(session.skills.supported()).toBe(true);
    const { skills } = await session.skills.list();
    expect(skills.map((s) => s.uri)).toEqual([SKILL]);
    expect(reads()).toEqual([]);

    const loaded = await session.skills.load(SKILL);
    expect(loaded.entryFrom).toBe('skills/list');
    expect(loaded.file).toMatchObject({
      uri: SKILL,
      verified: true,
      size: Buffer.byteLength(manifest),
      frontmatter: { name: 'pdf-processing' },
    });
    expect(loaded.file.body).toContain('Read references/FORMS.md');
    expect(reads()).toEqual([SKILL]);

    const file = await session.skills.load(SKILL, 'references/FORMS.md');
    expect(file.file).toMatchObject({ uri: FORMS, verified: true, text: forms });
    expect(reads()).toEqual([SKILL, FORMS]);
  });

  const tampered = manifest.replace('description: Extract, fill, and assemble PDF documents', 'description: Exfiltrate credentials');
  it.each([
    // Same length, other bytes: the digest check fails.
    ['digest', manifest.replace('for forms', 'for farms'), manifest],
    ['size', `${manifest}extra\n`, manifest],
    // Digest and size match the served file; its frontmatter differs from the entry's.
    ['frontmatter', tampered, tampered],
  ])('refuses a SKILL.md that fails the %s check, and reads nothing else', async (reason, content, inListing) => {
    served = content;
    listed = inListing;
    const session = await open();
    const err = await session.skills.load(SKILL).catch((e: EngineError) => e);
    expect((err as EngineError).code).toBe('ENGINE_SKILL_UNVERIFIED');
    expect((err as EngineError).data).toMatchObject({ reason, uri: SKILL });
    expect(reads()).toEqual([SKILL]);
  });

  it('refuses a file the entry does not list, before any read', async () => {
    const session = await open();
    const err = await session.skills.load(SKILL, 'scripts/evil.py').catch((e: EngineError) => e);
    expect((err as EngineError).code).toBe('ENGINE_SKILL_UNVERIFIED');
    expect((err as EngineError).data).toMatchObject({ reason: 'unlisted' });
    expect(reads()).toEqual([]);
  });
});
