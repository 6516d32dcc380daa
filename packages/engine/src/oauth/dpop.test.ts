import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { describeProof, DpopKey, htuOf, isResourceNonceChallenge, isTokenNonceChallenge } from './dpop.js';

/** Verifies a proof the way a server does (RFC 9449 §4.3): with the key in its own header. */
async function verify(proof: string) {
  const header = decodeProtectedHeader(proof);
  const key = await importJWK(header.jwk as JWK, header.alg);
  const { payload, protectedHeader } = await jwtVerify(proof, key, { typ: 'dpop+jwt' });
  return { header: protectedHeader, claims: payload };
}

describe('DpopKey (RFC 9449 proofs, signed with jose)', () => {
  it('signs a proof a server verifies with the embedded public key: typ, alg, jwk without private parts, jti, htm, htu, iat', async () => {
    const key = await DpopKey.generate();
    const proof = await key.proof({ htm: 'post', htu: 'https://as.example/token?x=1#frag' });
    const { header, claims } = await verify(proof);
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(header.jwk).toEqual(key.publicJwk);
    expect(header.jwk).not.toHaveProperty('d');
    expect(claims).toMatchObject({ htm: 'POST', htu: 'https://as.example/token' });
    expect(typeof claims.jti).toBe('string');
    expect(Math.abs((claims.iat as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(claims).not.toHaveProperty('ath');
    expect(claims).not.toHaveProperty('nonce');
    expect(key.thumbprint).toBe(await calculateJwkThumbprint(header.jwk as JWK, 'sha256'));
  });

  it('binds a proof to an access token (ath) and never reuses a jti', async () => {
    const key = await DpopKey.generate('EdDSA');
    const token = 'eyJhbGciOi.access.token';
    const a = await verify(await key.proof({ htm: 'POST', htu: 'https://rs.example/mcp', accessToken: token }));
    const b = await verify(await key.proof({ htm: 'POST', htu: 'https://rs.example/mcp', accessToken: token }));
    expect(a.claims.ath).toBe(createHash('sha256').update(token, 'ascii').digest('base64url'));
    expect(a.claims.jti).not.toBe(b.claims.jti);
    expect(a.header.alg).toBe('EdDSA');
  });

  it('remembers the newest nonce per origin from any response, and puts it in the next proof for that origin only', async () => {
    const key = await DpopKey.generate();
    key.observe(new Response(null, { headers: { 'DPoP-Nonce': 'n-1' } }), 'https://as.example/token');
    key.observe(new Response(null, { headers: { 'DPoP-Nonce': 'n-2' } }), 'https://as.example/other');
    key.observe(new Response(null, { headers: { 'DPoP-Nonce': 'bad"nonce' } }), 'https://rs.example/mcp');
    expect(key.nonceFor('https://as.example/x')).toBe('n-2');
    expect(key.nonceFor('https://rs.example/mcp')).toBeUndefined();
    expect((await verify(await key.proof({ htm: 'POST', htu: 'https://as.example/token' }))).claims.nonce).toBe('n-2');
    expect((await verify(await key.proof({ htm: 'GET', htu: 'https://rs.example/mcp' }))).claims).not.toHaveProperty('nonce');
  });

  it("signs with the user's private JWK (its alg), and refuses a symmetric or public-only key", async () => {
    const { privateKey } = await generateKeyPair('ES384', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'ES384' };
    const key = await DpopKey.fromJwk(jwk);
    const { header } = await verify(await key.proof({ htm: 'GET', htu: 'https://rs.example/mcp' }));
    expect(header.alg).toBe('ES384');
    expect(header.jwk).not.toHaveProperty('d');
    expect(key.thumbprint).toBe(await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } as JWK, 'sha256'));
    await expect(DpopKey.fromJwk({ kty: 'oct', k: 'c2VjcmV0', alg: 'HS256' })).rejects.toThrow(/asymmetric|ES256/);
    const { d: _d, ...publicOnly } = jwk;
    await expect(DpopKey.fromJwk(publicOnly)).rejects.toThrow(/private JWK/);
  });

  it('describes a proof for display: header, claims, thumbprint; garbage is not a proof', async () => {
    const key = await DpopKey.generate();
    const info = await describeProof(await key.proof({ htm: 'POST', htu: 'https://as.example/token', nonce: 'abc' }));
    expect(info?.header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(info?.claims).toMatchObject({ htm: 'POST', htu: 'https://as.example/token', nonce: 'abc' });
    expect(info?.thumbprint).toBe(key.thumbprint);
    expect(await describeProof('not a jwt')).toBeUndefined();
  });

  it('recognizes the two nonce challenges (RFC 9449 §8 token endpoint 400, §9 resource server 401)', async () => {
    const as = new Response(JSON.stringify({ error: 'use_dpop_nonce' }), {
      status: 400,
      headers: { 'DPoP-Nonce': 'n', 'content-type': 'application/json' },
    });
    expect(await isTokenNonceChallenge(as)).toBe(true);
    expect(
      await isTokenNonceChallenge(
        new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400, headers: { 'DPoP-Nonce': 'n' } }),
      ),
    ).toBe(false);
    expect(
      isResourceNonceChallenge(
        new Response(null, {
          status: 401,
          headers: { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce", resource_metadata="x"', 'DPoP-Nonce': 'n' },
        }),
      ),
    ).toBe(true);
    expect(
      isResourceNonceChallenge(
        new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"', 'DPoP-Nonce': 'n' } }),
      ),
    ).toBe(false);
    expect(htuOf('http://h:1/a/b?q#f')).toBe('http://h:1/a/b');
  });
});
