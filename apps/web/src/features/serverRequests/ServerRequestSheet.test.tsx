// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingServerRequest } from '@mcpscope/wire';
import { serverRequestSheetStore } from '../../lib/serverRequestSheet';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { ServerRequestSheet } from './ServerRequestSheet';

afterEach(cleanup);
beforeEach(() => serverRequestSheetStore.set({ minimized: false, selectedKey: null }));

const session = {
  id: 's1',
  name: 'demo',
  state: 'connected' as const,
  transport: 'stdio' as const,
  target: '',
  createdAt: 0,
  wrapped: false,
  serverInfo: { name: 'mcpscope-demo' },
  clientCapabilities: { sampling: {}, elicitation: { form: {}, url: {} } },
};

async function setup(requests: PendingServerRequest[]) {
  const answerServerRequest = vi.fn(async () => undefined);
  const services = testServices({ answerServerRequest });
  services.store.upsertSession(session);
  activeSessionStore.set('s1');
  const view = render(<ServerRequestSheet />, { wrapper: services.wrapper });
  act(() => {
    for (const request of requests) services.store.enqueue({ type: 'server-request', request });
  });
  await screen.findByTestId(requests[0].method === 'sampling/createMessage' ? 'sampling-dialog' : 'elicitation-dialog'); // the dialogs load lazily
  return { ...view, answerServerRequest, store: services.store };
}

const sampling: PendingServerRequest = {
  sessionId: 's1',
  requestId: 's:answer',
  method: 'sampling/createMessage',
  receivedAt: 1,
  params: {
    messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
    systemPrompt: 'Be brief.',
    maxTokens: 50,
    modelPreferences: { hints: [{ name: 'claude' }], speedPriority: 0.5 },
  },
};
const elicit: PendingServerRequest = {
  sessionId: 's1',
  requestId: 'n:7',
  method: 'elicitation/create',
  receivedAt: 2,
  params: {
    message: 'Who are you?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name' }, age: { type: 'integer', minimum: 0 } },
      required: ['name'],
    },
  },
};

describe('ServerRequestSheet', () => {
  it('shows the whole sampling request and sends the reply the user wrote', async () => {
    const { answerServerRequest } = await setup([sampling]);
    const dialog = screen.getByTestId('sampling-dialog');
    expect(dialog.textContent).toContain('Capital of France?');
    expect(dialog.textContent).toContain('Be brief.');
    expect(dialog.textContent).toContain('claude');
    fireEvent.change(screen.getByTestId('sampling-reply-text'), { target: { value: 'Paris.' } });
    fireEvent.click(screen.getByTestId('sampling-approve'));
    await waitFor(() => expect(answerServerRequest).toHaveBeenCalled());
    expect(answerServerRequest).toHaveBeenCalledWith(
      's1',
      's:answer',
      {
        result: { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'mcpscope-manual', stopReason: 'endTurn' },
      },
      'server requests: answer sampling/createMessage',
    );
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull());
  });

  it('rejects sampling with error -1', async () => {
    const { answerServerRequest } = await setup([sampling]);
    fireEvent.click(screen.getByTestId('sampling-reject'));
    await waitFor(() =>
      expect(answerServerRequest).toHaveBeenCalledWith(
        's1',
        's:answer',
        { error: { code: -1, message: 'User rejected sampling request' } },
        'server requests: answer sampling/createMessage',
      ),
    );
  });

  it('queues requests, validates the elicitation form and sends accept with typed content', async () => {
    const { answerServerRequest } = await setup([sampling, elicit]);
    expect(screen.getAllByTestId('server-request-item')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('server-request-item')[1]);
    const dialog = screen.getByTestId('elicitation-dialog');
    expect(dialog.getAttribute('data-mode')).toBe('form');
    fireEvent.click(screen.getByTestId('elicitation-accept'));
    expect(answerServerRequest).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('Required');
    const field = (name: string) =>
      document.querySelector(`[data-testid="elicitation-field"][data-name="${name}"] input`) as HTMLInputElement;
    fireEvent.change(field('name'), { target: { value: 'Ada' } });
    fireEvent.change(field('age'), { target: { value: '36' } });
    fireEvent.click(screen.getByTestId('elicitation-accept'));
    await waitFor(() =>
      expect(answerServerRequest).toHaveBeenCalledWith(
        's1',
        'n:7',
        { result: { action: 'accept', content: { name: 'Ada', age: 36 } } },
        'server requests: answer elicitation/create',
      ),
    );
  });

  it('declines and cancels elicitations; Escape only minimizes', async () => {
    const { answerServerRequest } = await setup([elicit]);
    fireEvent.keyDown(screen.getByTestId('server-request-sheet'), { key: 'Escape' });
    expect(screen.queryByTestId('server-request-sheet')).toBeNull();
    fireEvent.click(screen.getByTestId('server-request-pill'));
    fireEvent.click(screen.getByTestId('elicitation-decline'));
    await waitFor(() =>
      expect(answerServerRequest).toHaveBeenCalledWith(
        's1',
        'n:7',
        { result: { action: 'decline' } },
        'server requests: answer elicitation/create',
      ),
    );
  });

  it('URL mode: shows the domain and opens only on click, without opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const url: PendingServerRequest = {
      sessionId: 's1',
      requestId: 'n:8',
      method: 'elicitation/create',
      receivedAt: 3,
      params: { mode: 'url', message: 'Set your key', url: 'https://xn--80ak6aa92e.com/connect', elicitationId: 'e1' },
    };
    const { answerServerRequest } = await setup([url]);
    expect(screen.getByTestId('elicitation-dialog').getAttribute('data-mode')).toBe('url');
    expect(screen.getByTestId('elicitation-url-domain').textContent).toBe('аррӏе.com');
    expect(screen.getByTestId('elicitation-dialog').textContent).toContain('xn--80ak6aa92e.com');
    expect(document.querySelector('a[href], img, iframe')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    const button = screen.getByTestId('elicitation-url-open') as HTMLButtonElement;
    expect(button.disabled).toBe(true); // a lookalike domain needs the extra confirmation
    fireEvent.click(screen.getByTestId('elicitation-url-risk'));
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith('https://xn--80ak6aa92e.com/connect', '_blank', 'noopener,noreferrer');
    fireEvent.click(screen.getByTestId('elicitation-accept'));
    await waitFor(() =>
      expect(answerServerRequest).toHaveBeenCalledWith(
        's1',
        'n:8',
        { result: { action: 'accept' } },
        'server requests: answer elicitation/create',
      ),
    );
    open.mockRestore();
  });
});
