// @vitest-environment jsdom
import type { OAuthEvent } from '@mcpscope/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepCard } from './StepCard';

afterEach(cleanup);

const step = (detail: Record<string, unknown>): OAuthEvent =>
  ({ type: 'oauth', seq: 3, t: 1, sessionId: 's1', step: 'authorization-server-metadata', detail }) as OAuthEvent;

describe('an OAuth step card', () => {
  it("shows each finding's severity and the spec sentence it rests on; a caution with no rule says so in its message", () => {
    const issuer = {
      rule: 'oauth-issuer-mismatch',
      severity: 'error',
      message: 'Metadata issuer https://a does not match https://b',
      spec: 'RFC 8414 §3.3',
      quote: 'The "issuer" value returned MUST be identical to …',
    };
    const ssrf = {
      rule: 'oauth-ssrf',
      severity: 'warning',
      message: 'A public MCP server pointed the client at a private address (10.0.0.1). No spec rule forbids this; …',
      spec: '',
    };
    render(<StepCard event={step({ findings: [issuer, ssrf] })} index={0} />);
    const [first, second] = screen.getAllByTestId('oauth-finding');
    expect(first!.dataset.severity).toBe('error');
    expect(first!.textContent).toBe(
      'error · oauth-issuer-mismatch Metadata issuer https://a does not match https://b “The "issuer" value returned MUST be identical to …” (RFC 8414 §3.3)',
    );
    expect(second!.dataset.severity).toBe('warning');
    expect(second!.textContent).toContain('warning · oauth-ssrf');
    expect(second!.textContent).not.toContain('“');
  });
});
