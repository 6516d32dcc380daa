// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { navigationStore } from '../../lib/navigation';
import ToolsWorkbench from './ToolsWorkbench';

vi.mock('../../ui/JsonEditor', () => ({
  JsonEditor: ({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId?: string }) => (
    <textarea data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

afterEach(cleanup);

const TOOLS = [
  { name: 'plain', inputSchema: { type: 'object' } },
  { name: 'research', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
  { name: 'maybe', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } },
];

const info = (over: Record<string, unknown>) => ({
  sessionId: 's1',
  taskId: 'T-1',
  generation: 'v1',
  source: 'call',
  tool: 'research',
  status: 'working',
  polling: true,
  polls: 1,
  firstSeenAt: 1,
  updatedAt: 1,
  ...over,
});

function setup(caps: Record<string, unknown> = { tools: {}, tasks: { requests: { tools: { call: {} } } } }) {
  let finish: ((v: unknown) => void) | undefined;
  const call = vi.fn(async (_m: string, path: string, _s: unknown, body?: unknown, _options?: unknown) => {
    const b = body as { method?: string; callId?: string };
    if (b?.method === 'tools/list') return { callId: 'l', outcome: 'result', result: { tools: TOOLS }, latencyMs: 1 };
    if (path.endsWith('/tasks')) return new Promise((r) => (finish = r));
    return { callId: b?.callId, outcome: 'result', result: { content: [{ type: 'text', text: 'plain result' }] }, latencyMs: 3 };
  });
  const services = testServices({ call: call as never });
  services.store.upsertSession({
    id: 's1',
    name: 'everything',
    state: 'connected',
    transport: 'stdio',
    target: 'x',
    createdAt: 0,
    wrapped: false,
    era: 'legacy',
    serverCapabilities: caps,
  });
  activeSessionStore.set('s1');
  render(<ToolsWorkbench />, { wrapper: services.wrapper });
  return { call, store: services.store, finish: (v: unknown) => finish!(v) };
}

const select = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`[data-testid="tool-item"][data-name="${name}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`[data-testid="tool-item"][data-name="${name}"]`)!);
  await waitFor(() => expect(screen.getByTestId('tool-header').getAttribute('data-name')).toBe(name));
};
const checkbox = () => screen.getByTestId('tool-run-as-task-input') as HTMLInputElement;

describe('ToolsWorkbench: Run as task', () => {
  it('no toggle without taskSupport; optional toggles (off by default, per tool); required is on and locked with the reason', async () => {
    setup();
    await select('plain');
    expect(screen.queryByTestId('tool-run-as-task')).toBeNull();
    await select('maybe');
    expect(checkbox().checked).toBe(false);
    fireEvent.click(checkbox());
    expect(checkbox().checked).toBe(true);
    await select('research');
    expect(checkbox().checked).toBe(true);
    expect(checkbox().disabled).toBe(true);
    expect(screen.getByTestId('tool-run-as-task').getAttribute('title')).toMatch(/required.*-32601/);
    await select('maybe');
    expect(checkbox().checked).toBe(true); // remembered for that tool
  });

  it('a task call shows its id, status and message while it runs, then the result and the task it ran as', async () => {
    const { call, store, finish } = setup();
    await select('research');
    await act(async () => fireEvent.click(screen.getByTestId('tool-call')));
    const [, path, , body, options] = call.mock.calls.find((c) => c[1].endsWith('/tasks'))!;
    expect([path, options]).toEqual(['/api/sessions/s1/tasks', { origin: 'tools: call as task' }]);
    const callId = (body as { callId: string }).callId;
    expect(screen.getByTestId('tool-task-status').textContent).toContain('Asking the server to create a task');
    act(() =>
      store.enqueue({
        type: 'task',
        sessionId: 's1',
        task: info({ callId, status: 'input_required', statusMessage: 'Requesting clarification...', pollIntervalMs: 1000, polls: 3 }),
      } as never),
    );
    const status = screen.getByTestId('tool-task-status');
    expect(status.getAttribute('data-status')).toBe('input_required');
    expect(status.textContent).toContain('T-1');
    expect(status.textContent).toContain('Requesting clarification...');
    expect(status.textContent).toContain('3 polls · every 1000 ms');
    expect(screen.getByTestId('tool-cancel')).toBeTruthy();
    await act(async () =>
      finish({
        callId,
        outcome: 'result',
        result: { content: [{ type: 'text', text: '# Research Report' }] },
        latencyMs: 4000,
        task: info({ callId, status: 'completed', polling: false, updatedAt: 9 }),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('tool-result').getAttribute('data-outcome')).toBe('result'));
    expect(screen.getByTestId('tool-result').textContent).toContain('# Research Report');
    expect(screen.getByTestId('tool-last-task').getAttribute('data-status')).toBe('completed');
    fireEvent.click(screen.getByTestId('tool-task-open'));
    expect(activeTabStore.getSnapshot()).toBe('tasks');
    expect(navigationStore.getSnapshot()).toMatchObject({ tab: 'tasks', target: { kind: 'task', name: 'T-1' } });
  });

  it('warns when a tool asks for tasks the server does not offer, and calls it plainly', async () => {
    const { call } = setup({ tools: {} });
    await select('research');
    expect(screen.queryByTestId('tool-run-as-task')).toBeNull();
    expect(screen.getByTestId('tool-task-note').textContent).toContain('does not declare tasks.requests.tools.call');
    await act(async () => fireEvent.click(screen.getByTestId('tool-call')));
    expect(call.mock.calls.some((c) => c[1].endsWith('/tasks'))).toBe(false);
  });
});
