// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { SessionErrorBanner } from './SessionErrorBanner';

afterEach(() => {
  cleanup();
  activeSessionStore.set(null);
});

const failed = (transport: SessionInfo['transport']): SessionInfo => ({
  id: 's1',
  name: 'x',
  state: 'failed',
  transport,
  target: transport === 'stdio' ? 'node x.js' : 'http://127.0.0.1:9/mcp',
  createdAt: 0,
  wrapped: false,
  error: { code: transport === 'stdio' ? 'exit' : 'http', message: transport === 'stdio' ? 'exited with code 1' : 'connect ECONNREFUSED' },
});

function renderBanner(session: SessionInfo) {
  const services = testServices();
  services.store.upsertSession(session);
  act(() => activeSessionStore.set(session.id));
  render(<SessionErrorBanner />, { wrapper: services.wrapper });
  return screen.getByTestId('connect-error-next').textContent!;
}

describe('SessionErrorBanner: where to look next, for the transport that failed', () => {
  it('a stdio server: its stderr is in the Console', () => {
    expect(renderBanner(failed('stdio'))).toContain('everything the server printed on stderr');
  });

  it('an HTTP server printed nothing to mcpscope: the Console has the HTTP exchanges, not what the server printed', () => {
    for (const t of ['http', 'sse'] as const) {
      cleanup();
      const text = renderBanner(failed(t));
      expect(text).not.toContain('printed');
      expect(text).toContain('each HTTP request');
      expect(text).toContain('Check the URL');
    }
  });
});
