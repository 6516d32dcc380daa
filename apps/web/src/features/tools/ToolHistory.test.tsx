// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composerPrefillStore } from '../../lib/composerPrefill';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { ToolHistory } from './ToolHistory';
import type { ToolCallRecord } from './toolHistory';

afterEach(cleanup);

const record = (argsText: string): ToolCallRecord => ({
  id: 'c1',
  sessionId: 's1',
  tool: 'echo',
  argsText,
  outcome: 'result',
  summary: 'ok',
  at: 0,
});

describe('ToolHistory', () => {
  it('Re-run replays the call; Edit puts the tools/call in the Composer of its session', () => {
    activeSessionStore.set('s1');
    const onRerun = vi.fn();
    render(
      <ToolHistory
        calls={[record('{ "message": "hi" }'), record('not json')]}
        onLoad={vi.fn()}
        onRerun={onRerun}
        cliCommand={() => ''}
        onClear={vi.fn()}
        canCall
      />,
    );
    fireEvent.click(screen.getAllByTestId('tool-history-rerun')[0]);
    expect(onRerun).toHaveBeenCalledTimes(1);
    const [edit, broken] = screen.getAllByTestId('tool-history-edit') as HTMLButtonElement[];
    expect(broken.disabled).toBe(true);
    fireEvent.click(edit);
    expect(composerPrefillStore.getSnapshot()).toMatchObject({ sessionId: 's1', source: 'Tools history (echo)', notification: false });
    expect(JSON.parse(composerPrefillStore.getSnapshot()!.text)).toEqual({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
    });
    expect(activeTabStore.getSnapshot()).toBe('composer');
  });
});
