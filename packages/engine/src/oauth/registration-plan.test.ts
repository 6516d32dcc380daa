import { describe, expect, it } from 'vitest';
import { effectiveScope, planRegistration, readRegistration, withRegistration } from './registration-plan.js';

const dcr = { client_id: 'c1', scope: 'mcp:read offline_access' };
const managed = { ...dcr, registration_client_uri: 'https://as.example/reg/c1', registration_access_token: 'rat' };

describe('planRegistration', () => {
  it('leaves pre-registered and CIMD clients alone', () => {
    expect(planRegistration(dcr, 'mcp:write', { clientId: 'c1' })).toBeUndefined();
    expect(
      planRegistration({ client_id: 'https://app.example/cimd.json', scope: 'x' }, 'mcp:write', {
        clientMetadataUrl: 'https://app.example/cimd.json',
      }),
    ).toBeUndefined();
    expect(planRegistration(undefined, 'mcp:write', {})).toBeUndefined();
  });

  it('keeps a registration that names no scope or covers the needed one', () => {
    expect(planRegistration({ client_id: 'c1' }, 'mcp:write', {})).toMatchObject({ path: 'kept', missing: [] });
    expect(planRegistration(dcr, 'offline_access  mcp:read', {})).toMatchObject({ path: 'kept', missing: [] });
  });

  it('updates when the server offers RFC 7592 management, else registers again, with the union', () => {
    expect(planRegistration(managed, 'mcp:read mcp:write offline_access', {})).toMatchObject({
      path: 'update',
      missing: ['mcp:write'],
      scope: 'mcp:read offline_access mcp:write',
    });
    const again = planRegistration(dcr, 'mcp:read mcp:write', {})!;
    expect(again).toMatchObject({ path: 're-register', missing: ['mcp:write'], scope: 'mcp:read offline_access mcp:write' });
    expect(again.why).toMatch(/no registration_client_uri/);
  });
});

describe('effectiveScope', () => {
  it('adds offline_access as the SDK does: the server lists it and the client may refresh', () => {
    const as = { scopes_supported: ['mcp:read', 'offline_access'] } as never;
    expect(effectiveScope('mcp:read', as, { redirect_uris: [], grant_types: ['authorization_code', 'refresh_token'] })).toBe(
      'mcp:read offline_access',
    );
    expect(effectiveScope('mcp:read', as, { redirect_uris: [], grant_types: ['authorization_code'] })).toBe('mcp:read');
    expect(effectiveScope('mcp:read', undefined, { redirect_uris: [], grant_types: ['refresh_token'] })).toBe('mcp:read');
  });
});

describe('readRegistration (hostile input)', () => {
  const json = (v: unknown) => new Response(typeof v === 'string' ? v : JSON.stringify(v));
  it('keeps the whole answer, with the management fields the SDK drops', async () => {
    expect(await readRegistration(json({ ...managed, subject_type: 'public' }))).toMatchObject({ ...managed, subject_type: 'public' });
  });
  it('refuses a non-answer, an oversized one, and a management URI mcpscope must not send a token to', async () => {
    expect(await readRegistration(json('not json'))).toBeUndefined();
    expect(await readRegistration(json({ scope: 'x' }))).toBeUndefined();
    expect(await readRegistration(json({ client_id: 'c', pad: 'x'.repeat(70_000) }))).toBeUndefined();
    expect(await readRegistration(json({ client_id: 'c', registration_client_uri: 'http://as.example/reg/c' }))).toBeUndefined();
    expect(await readRegistration(json({ client_id: 'c', registration_client_uri: 'javascript:alert(1)' }))).toBeUndefined();
    expect(await readRegistration(json({ client_id: 'c', registration_client_uri: 'http://127.0.0.1:1/reg/c' }))).toMatchObject({
      client_id: 'c',
    });
    expect(
      await readRegistration(json(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]).concat([['client_id', 'c']])))),
    ).toBeUndefined();
  });
  it('merges only the same client’s answer', () => {
    expect(withRegistration({ client_id: 'c1' }, managed as never)).toMatchObject({ registration_access_token: 'rat' });
    expect(withRegistration({ client_id: 'other' }, managed as never)).toEqual({ client_id: 'other' });
  });
});
