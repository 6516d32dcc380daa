// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectErrorSchema } from '@mcpscope/wire';
import { ConnectErrorView } from './ConnectErrorView';

afterEach(cleanup);

describe('ConnectErrorView', () => {
  it('shows the 4xx body the engine kept, as text (the wire schema keeps it)', () => {
    const failure = ConnectErrorSchema.parse({
      code: 'ENGINE_HTTP_STATUS',
      message: 'POST http://x/mcp answered HTTP 403',
      httpStatus: 403,
      httpBody: '{"error":"<b>origin not allowed</b>"}',
    });
    render(<ConnectErrorView message="Could not connect" failure={failure} />);
    expect(screen.getByTestId('connect-error-body').textContent).toBe('{"error":"<b>origin not allowed</b>"}');
    expect(screen.getByTestId('connect-error-fact').textContent).toBe('HTTP 403');
  });
});
