// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { DEMO_TOOLS } from './demoTools.fixture';
import ToolsWorkbench from './ToolsWorkbench';

vi.mock('../../ui/JsonEditor', () => ({
  JsonEditor: ({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId?: string }) => (
    <textarea data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

afterEach(cleanup);

function setup() {
  const call = vi.fn(async (_m: string, _p: string, _s: unknown, body?: unknown) => {
    const b = body as { method: string; callId?: string; params?: { name?: string; arguments?: unknown } };
    if (b.method === 'tools/list') return { callId: 'l', outcome: 'result', result: { tools: DEMO_TOOLS }, latencyMs: 1 };
    return {
      callId: b.callId,
      outcome: 'result',
      result: { content: [{ type: 'text', text: `got ${JSON.stringify(b.params?.arguments)}` }] },
      latencyMs: 3,
    };
  });
  const services = testServices({ call: call as never });
  services.store.upsertSession({
    id: 's1',
    name: 'demo',
    state: 'connected',
    transport: 'stdio',
    target: 'node demo.js',
    createdAt: 0,
    wrapped: false,
    era: 'modern',
    serverCapabilities: { tools: { listChanged: true } },
  });
  activeSessionStore.set('s1');
  render(<ToolsWorkbench />, { wrapper: services.wrapper });
  return { call };
}

const field = (path: string) => document.querySelector(`[data-testid="tool-field"][data-path="${path}"]`) as HTMLElement;
const input = (path: string) => field(path).querySelector('input, textarea, select') as HTMLInputElement;

describe('ToolsWorkbench', () => {
  it('renders the configure_widget form, keeps strings as strings, and shows the same text as JSON', async () => {
    const { call } = setup();
    await waitFor(() => expect(screen.getAllByTestId('tool-item')).toHaveLength(DEMO_TOOLS.length));
    fireEvent.click(document.querySelector('[data-testid="tool-item"][data-name="configure_widget"]')!);
    await waitFor(() => expect(field('size.width')).toBeTruthy());
    expect(field('notes').querySelector('textarea')).toBeTruthy(); // multi-line by default
    fireEvent.change(input('name'), { target: { value: '007' } });
    fireEvent.change(input('size.height'), { target: { value: '200' } });
    fireEvent.change(input('opacity'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('tool-mode-json'));
    const json = (screen.getByTestId('tool-json') as HTMLTextAreaElement).value;
    expect(JSON.parse(json)).toEqual({
      size: { width: 320, height: 200 },
      tags: [],
      retries: 3,
      enabled: true,
      notes: 'First line\nSecond line',
      name: '007',
    });
    fireEvent.click(screen.getByTestId('tool-mode-form'));
    expect(input('name').value).toBe('007');
    // kind is required and missing, but untouched: no red message yet, only a to-do in the summary.
    await waitFor(() => expect(screen.getByTestId('tool-args-validation').getAttribute('data-status')).toBe('invalid'));
    expect(field('kind').textContent).not.toContain('Required');
    expect(screen.getByTestId('tool-args-validation').textContent).toBe('1 to fill in');
    // Call: held back, every problem shown, then sent anyway.
    fireEvent.click(screen.getByTestId('tool-call'));
    await waitFor(() => expect(field('kind').textContent).toContain('Required'));
    expect(screen.getByTestId('tool-args-validation').textContent).toBe('✕ 1 problem');
    expect(call.mock.calls.some((c) => (c[3] as { method: string }).method === 'tools/call')).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId('tool-call-anyway')));
    await waitFor(() => expect(screen.getByTestId('tool-result').getAttribute('data-outcome')).toBe('result'));
    expect(screen.getByTestId('tool-result').textContent).toContain('"name":"007"');
    expect(screen.getAllByTestId('tool-history-item')).toHaveLength(1);
  });

  it('shows a field’s problem once the field was left, not before', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('tool-item')).toHaveLength(DEMO_TOOLS.length));
    fireEvent.click(document.querySelector('[data-testid="tool-item"][data-name="configure_widget"]')!);
    await waitFor(() => expect(field('kind')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('tool-args-validation').getAttribute('data-status')).toBe('invalid'));
    expect(field('kind').querySelector('[role="alert"]')).toBeNull();
    fireEvent.blur(input('kind'));
    await waitFor(() => expect(field('kind').textContent).toContain('Required'));
    expect(screen.getByTestId('tool-args-validation').textContent).toBe('✕ 1 problem');
  });
});
