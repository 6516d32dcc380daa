// @vitest-environment jsdom
import type { FrameEvent } from '@mcpscope/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RAW_SHOWN_CHARS, RawText } from './RawText';

afterEach(cleanup);

const raw = (text: string, extra: Partial<FrameEvent> = {}): FrameEvent => ({
  type: 'frame',
  seq: 1,
  t: 1,
  sessionId: 's1',
  dir: 'in',
  raw: text,
  size: text.length,
  ...extra,
});

describe('a frame kept as text', () => {
  it('lays out at most RAW_SHOWN_CHARS of a line at the cap and says so; Copy still has all of it', () => {
    const text = `{"jsonrpc":"2.0","id":2,"result":{"pad":"${'a'.repeat(3 * RAW_SHOWN_CHARS)}`;
    render(
      <RawText frame={raw(text, { findings: [{ rule: 'message-too-large', severity: 'info', message: 'longer than the line cap' }] })} />,
    );
    expect(screen.getByTestId('frame-detail-raw').textContent).toHaveLength(RAW_SHOWN_CHARS);
    expect(screen.getByTestId('frame-detail-raw').textContent!.startsWith('{"jsonrpc":"2.0","id":2')).toBe(true);
    expect(screen.getByTestId('frame-detail-raw-cut').textContent).toBe(
      'Showing the first 256.0 KB of 768.0 KB; Copy text copies all of it.',
    );
    expect(screen.getByTestId('frame-detail-raw-label').textContent).toBe(
      "Not parsed — longer than mcpscope's line cap; the start of it, as text",
    );
  });

  it('shows a short line whole, and names who wrote it', () => {
    render(<RawText frame={raw('Server started on stdio!')} />);
    expect(screen.getByTestId('frame-detail-raw').textContent).toBe('Server started on stdio!');
    expect(screen.queryByTestId('frame-detail-raw-cut')).toBeNull();
    expect(screen.getByTestId('frame-detail-raw-label').textContent).toBe('Not JSON-RPC — a line the server wrote');
    cleanup();
    render(<RawText frame={raw('hello', { dir: 'out' })} />);
    expect(screen.getByTestId('frame-detail-raw-label').textContent).toBe('Not JSON-RPC — a line the client wrote');
  });
});
