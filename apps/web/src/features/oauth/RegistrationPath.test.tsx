// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GuidedState } from '@mcpscope/wire';
import { RegistrationPath } from './RegistrationPath';

afterEach(cleanup);

const why = 'The authorization needs mcp:write, which client c1 did not register (registered: "mcp:read"); … (RFC 7592 §2.2).';
const pause = (summary: Record<string, unknown>): GuidedState => ({
  stage: 'client',
  inputs: {},
  editable: ['scope', 'resource'],
  summary,
});

describe('RegistrationPath', () => {
  it('renders nothing outside a step-up', () => {
    const { container } = render(<RegistrationPath state={pause({ discovery: {} })} />);
    expect(container.innerHTML).toBe('');
  });

  it('before the client step: the path it will take and why', () => {
    render(
      <RegistrationPath
        state={pause({
          stepUp: { requiredScope: 'mcp:read mcp:write', registration: { path: 'update', why, registeredScope: 'mcp:read' } },
        })}
      />,
    );
    const box = screen.getByTestId('oauth-guided-registration');
    expect(box.getAttribute('data-path')).toBe('update');
    expect(box.getAttribute('data-done')).toBe('false');
    expect(screen.getByTestId('oauth-guided-registration-path').textContent).toBe('next: update the registration (RFC 7592)');
    expect(screen.getByTestId('oauth-guided-registration-why').textContent).toBe(why);
  });

  it('after it: the path taken and what changed, with no secret', () => {
    const registration = {
      path: 're-register',
      why,
      registeredScope: 'mcp:read',
      scope: 'mcp:read mcp:write',
      clientId: 'c2',
      previousClientId: 'c1',
      newSecret: true,
      updateFailed: 'the client configuration endpoint answered HTTP 404',
    };
    render(
      <RegistrationPath
        state={{
          ...pause({ stepUp: { requiredScope: 'mcp:write', registration: { path: 'update', why } }, registration }),
          stage: 'authorization',
        }}
      />,
    );
    expect(screen.getByTestId('oauth-guided-registration').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('oauth-guided-registration-path').textContent).toBe('registered again (RFC 7591)');
    expect(screen.getByTestId('oauth-guided-registration-scope').textContent).toBe('mcp:read mcp:write');
    const text = screen.getByTestId('oauth-guided-registration').textContent!;
    expect(text).toContain('c1 → c2');
    expect(text).toContain('HTTP 404');
    expect(text).toContain('never shown');
  });
});
