// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OAuthEvent } from '@mcpscope/protocol';
import type { GuidedState } from '@mcpscope/wire';
import { GuidedPause } from './GuidedPause';
import type { OAuthModel } from './useOAuthModel';

afterEach(cleanup);

const model = (steps: OAuthEvent[] = []) =>
  ({ steps, busy: false, guidedNext: vi.fn() }) as unknown as OAuthModel & { guidedNext: ReturnType<typeof vi.fn> };
const finding = { rule: 'oauth-insecure-endpoint', severity: 'error', message: 'http://as.example is not HTTPS' };
const step = (seq: number, name: string, detail: Record<string, unknown> = {}) =>
  ({ seq, type: 'oauth', step: name, detail }) as unknown as OAuthEvent;

describe('GuidedPause', () => {
  it('shows the discovery summary and findings of this run, and sends only the edited inputs of the next step', () => {
    const state: GuidedState = {
      stage: 'client',
      next: 'Client identity',
      inputs: { scope: 'mcp:read', resource: 'http://127.0.0.1:1/mcp' },
      editable: ['scope', 'resource', 'clientId', 'authMethod'],
      summary: { discovery: { issuer: 'http://127.0.0.1:2' } },
    };
    const m = model([
      step(1, 'authorization-server-metadata', { findings: [{ ...finding, message: 'an older run' }] }),
      step(2, 'start'),
      step(3, 'authorization-server-metadata', { findings: [finding] }),
    ]);
    render(<GuidedPause m={m} state={state} />);
    const pause = screen.getByTestId('oauth-guided-pause');
    expect(pause.getAttribute('data-stage')).toBe('client');
    expect(screen.getByTestId('oauth-guided-summary').textContent).toContain('http://127.0.0.1:2');
    expect(screen.getByTestId('oauth-guided-findings').textContent).toContain('not HTTPS');
    expect(screen.getByTestId('oauth-guided-findings').textContent).not.toContain('an older run');
    expect(screen.queryByTestId('oauth-guided-input-redirectUrl')).toBeNull();
    fireEvent.change(screen.getByTestId('oauth-guided-input-scope'), { target: { value: 'mcp:read mcp:write' } });
    fireEvent.change(screen.getByTestId('oauth-guided-input-authMethod'), { target: { value: 'client_secret_post' } });
    fireEvent.click(screen.getByTestId('oauth-guided-continue'));
    expect(m.guidedNext).toHaveBeenCalledWith({
      scope: 'mcp:read mcp:write',
      resource: 'http://127.0.0.1:1/mcp',
      authMethod: 'client_secret_post',
    });
  });

  it('has no form while waiting for the browser, and shows the error of a failed step', () => {
    const { rerender } = render(<GuidedPause m={model()} state={{ stage: 'waiting', inputs: {}, editable: [], summary: {} }} />);
    expect(screen.queryByTestId('oauth-guided-continue')).toBeNull();
    expect(screen.getByTestId('oauth-guided-pause').textContent).toContain('/oauth/callback');
    rerender(<GuidedPause m={model()} state={{ stage: 'failed', inputs: {}, editable: [], summary: {}, error: 'OAuth state mismatch' }} />);
    expect(screen.getByRole('alert').textContent).toContain('state mismatch');
  });
});
