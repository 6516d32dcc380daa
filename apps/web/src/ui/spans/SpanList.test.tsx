// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpanNode } from '@mcpscope/protocol';
import { SpanList } from './SpanList';

afterEach(cleanup);

const node = (name: string, depth: number, extra: Partial<SpanNode['span']> = {}): SpanNode => ({
  seq: depth + 1,
  depth,
  span: {
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    spanId: `${depth + 1}`.padStart(16, '0'),
    name,
    kind: 'server',
    start: 10,
    end: 12.5,
    attributes: [],
    ...extra,
  },
});

describe('SpanList', () => {
  it("shows a server's spans as text, indented by depth, each opening to its attributes and events", () => {
    const hostile = '<img src=x onerror="window.hacked=1">';
    render(
      <SpanList
        nodes={[
          node('tools/call echo', 0, { service: 'demo', status: { code: 'error', message: hostile } }),
          node(hostile, 1, {
            attributes: [
              { key: 'k', value: { nested: [hostile] } },
              { key: hostile, value: 3 },
            ],
            events: [{ name: 'step', time: 11, attributes: [{ key: 'e', value: true }] }],
          }),
        ]}
      />,
    );
    const items = screen.getAllByTestId('span-item');
    expect(items.map((i) => [i.dataset.name, i.dataset.depth])).toEqual([
      ['tools/call echo', '0'],
      [hostile, '1'],
    ]);
    expect(screen.getAllByTestId('span-duration')[0]!.textContent).toMatch(/^\d/);
    expect(screen.getByTestId('span-status').textContent).toBe(`error: ${hostile}`);
    fireEvent.click(items[1]!.querySelector('button')!);
    expect(screen.getByTestId('span-attributes').textContent).toContain(`{"nested":["${hostile.replace(/"/g, '\\"')}"]}`);
    expect(screen.getByTestId('span-events').textContent).toContain('step');
    // Nothing of it became markup.
    expect(document.querySelector('img')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
