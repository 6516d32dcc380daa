// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OAuthEvent } from '@mcpscope/protocol';
import { DpopNote, DpopProofCard, DpopToggle } from './DpopProof';
import { formatDateTime } from '../../lib/format';
import { dpopProofOf } from './dpopView';
import { StepCard } from './StepCard';

afterEach(cleanup);

const proof = {
  header: { typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: 'xx', y: 'yy' } },
  claims: { jti: 'j-1', htm: 'POST', htu: 'https://as.example/token', iat: 1_700_000_000, nonce: 'n-1' },
  thumbprint: 'tHuMbPrInT',
};
const step = (detail: Record<string, unknown>) => ({ seq: 7, type: 'oauth', step: 'token-exchange', detail }) as unknown as OAuthEvent;

describe('the DPoP proof on an OAuth step', () => {
  it('decodes rows in spec order, with what each field means, the thumbprint and the nonce', () => {
    const view = dpopProofOf(step({ request: { method: 'POST', url: 'https://as.example/token', dpopProof: proof } }))!;
    expect(view.header.map((r) => r.name)).toEqual(['typ', 'alg', 'jwk']);
    expect(view.claims.map((r) => r.name)).toEqual(['jti', 'htm', 'htu', 'iat', 'nonce']);
    expect(view.claims.find((r) => r.name === 'iat')?.value).toBe(`1700000000 (${formatDateTime(1_700_000_000_000)})`); // local, 24 h
    expect(view.claims.find((r) => r.name === 'jti')?.meaning).toMatch(/never reused/);
    expect(view).toMatchObject({ thumbprint: 'tHuMbPrInT', nonce: 'n-1' });
  });

  it('is absent on steps without a proof, and on malformed (hostile trace) details', () => {
    expect(dpopProofOf(step({ request: { method: 'POST' } }))).toBeUndefined();
    expect(dpopProofOf(step({ request: { dpopProof: 'eyJ…' } }))).toBeUndefined();
    expect(dpopProofOf(step({ request: Object.create({ dpopProof: proof }) }))).toBeUndefined();
    expect(dpopProofOf({ seq: 1, type: 'oauth', step: 'x' } as unknown as OAuthEvent)).toBeUndefined();
  });

  it('renders in the step card (chip in the header, decoded proof when open)', () => {
    render(
      <ol>
        <StepCard
          event={step({ request: { method: 'POST', url: 'https://as.example/token', dpopProof: proof }, response: { status: 400 } })}
          index={0}
        />
      </ol>,
    );
    expect(screen.getByTestId('dpop-chip')).toBeTruthy();
    expect(screen.getByTestId('dpop-thumbprint').textContent).toBe('tHuMbPrInT');
    expect(screen.getByTestId('dpop-claims-htu').textContent).toContain('https://as.example/token');
    expect(screen.getByTestId('dpop-proof').textContent).toContain("with the server's nonce");
    cleanup();
    render(<DpopProofCard event={step({})} />);
    expect(screen.queryByTestId('dpop-proof')).toBeNull();
  });

  it('the toggle asks for DPoP; the Guided token pause names the key', () => {
    const set = vi.fn();
    render(<DpopToggle on={false} set={set} />);
    fireEvent.click(screen.getByTestId('oauth-dpop'));
    expect(set).toHaveBeenCalledWith(true);
    cleanup();
    const { rerender } = render(<DpopNote stage="token" dpop={{ alg: 'ES256', thumbprint: 'tHuMb' }} />);
    expect(screen.getByTestId('oauth-guided-dpop').textContent).toContain('tHuMb');
    rerender(<DpopNote stage="client" dpop={{ alg: 'ES256', thumbprint: 'tHuMb' }} />);
    expect(screen.queryByTestId('oauth-guided-dpop')).toBeNull();
  });
});
