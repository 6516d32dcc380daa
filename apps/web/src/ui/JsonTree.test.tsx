// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonTree } from './JsonTree';

afterEach(cleanup);

const call = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { message: 'drizzle in the morning', nested: { deep: 1 } } },
};

describe('JsonTree', () => {
  it('opens the keys asked for one level past openDepth (a call’s arguments), and no further', () => {
    render(<JsonTree value={call} openDepth={2} openKeys={new Set(['arguments'])} />);
    const text = screen.getByRole('tree').textContent!;
    expect(text).toContain('"drizzle in the morning"');
    expect(text).toContain('"nested": {… 1 key}');
    cleanup();
    render(<JsonTree value={call} openDepth={2} />);
    expect(screen.getByRole('tree').textContent).not.toContain('drizzle');
  });

  it('wraps strings at spaces, breaking only a token too long for the line', () => {
    render(<JsonTree value={{ text: 'drizzle in the morning' }} />);
    const leaf = screen
      .getAllByRole('treeitem')
      .filter((el) => el.textContent?.includes('drizzle'))
      .at(-1)!;
    expect(leaf.className).toContain('break-words');
    expect(leaf.className).not.toContain('break-all');
  });
});
