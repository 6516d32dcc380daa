// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession, fakeWorkbench } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { RpcError } from '../../lib/workbenchApi';
import { composerPrefillStore } from '../../lib/composerPrefill';
import { usePromptsModel } from './usePromptsModel';

afterEach(cleanup);

function setup(caps: Record<string, unknown> = { prompts: {}, completions: {} }) {
  const fake = fakeWorkbench({
    'prompts/list': (p) =>
      p.cursor === undefined
        ? { prompts: [{ name: 'greeting' }], nextCursor: 'p2' }
        : { prompts: [{ name: 'summarize_item', arguments: [{ name: 'id', required: true }, { name: 'style' }] }] },
    'prompts/get': (p) => {
      if (p.name === 'summarize_item' && !(p.arguments as Record<string, string> | undefined)?.id)
        throw new RpcError(-32602, 'id is required');
      return {
        description: 'd',
        messages: [{ role: 'user', content: { type: 'text', text: `args ${JSON.stringify(p.arguments ?? {})}` } }],
      };
    },
  });
  const services = testServices({ call: fake.call });
  services.store.upsertSession(connectedSession({ serverCapabilities: caps }));
  return { ...renderHook(() => usePromptsModel('s1'), { wrapper: services.wrapper }), ...fake };
}

describe('usePromptsModel', () => {
  it('pages the list, gets a prompt with its filled arguments only', async () => {
    const { result, requests } = setup();
    await waitFor(() => expect(result.current.prompts.items).toHaveLength(1));
    act(() => result.current.prompts.loadMore());
    await waitFor(() => expect(result.current.prompts.items.map((p) => p.name)).toEqual(['greeting', 'summarize_item']));
    act(() => result.current.select('summarize_item'));
    expect(result.current.missing).toEqual(['id']);
    act(() => result.current.setValue('id', '3'));
    act(() => result.current.setValue('style', ''));
    expect(result.current.missing).toEqual([]);
    act(() => result.current.getPrompt());
    await waitFor(() => expect(result.current.get.data?.result.messages[0].role).toBe('user'));
    expect(requests('prompts/get')).toEqual([{ name: 'summarize_item', arguments: { id: '3' } }]);
  });

  it('still sends with a required argument empty, and shows the server’s error', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.prompts.items).toHaveLength(1));
    await act(() => result.current.prompts.loadAll());
    act(() => result.current.select('summarize_item'));
    act(() => result.current.getPrompt());
    await waitFor(() => expect(result.current.get.error).toBeInstanceOf(RpcError));
    expect((result.current.get.error as RpcError).code).toBe(-32602);
  });

  it('selecting another prompt clears the values and the last result', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.prompts.items).toHaveLength(1));
    act(() => result.current.select('greeting'));
    act(() => result.current.getPrompt());
    await waitFor(() => expect(result.current.get.data).toBeDefined());
    await act(() => result.current.prompts.loadAll());
    act(() => result.current.select('summarize_item'));
    expect(result.current.get.data).toBeUndefined();
    expect(result.current.values).toEqual({});
  });

  it('explains missing prompts and completions capabilities', () => {
    const { result, requests } = setup({ tools: {} });
    expect(result.current.feature.reason).toBe('The server did not declare prompts, so listing and getting prompts is disabled');
    expect(result.current.completions.reason).toBe('The server did not declare completions, so argument completion is disabled');
    expect(requests('prompts/list')).toHaveLength(0);
  });
});

describe('usePromptsModel history', () => {
  it('records each get with its arguments; Re-run gets again, Edit puts the prompts/get in the Composer', async () => {
    const { result, requests } = setup();
    await act(() => result.current.prompts.loadAll());
    await waitFor(() => expect(result.current.prompts.items).toHaveLength(2));
    act(() => result.current.select('summarize_item'));
    act(() => result.current.getPrompt()); // id missing: the server's error is recorded too
    await waitFor(() =>
      expect(result.current.history[0]).toMatchObject({
        name: 'summarize_item',
        args: {},
        outcome: 'rpc-error',
        summary: '-32602 id is required',
      }),
    );
    act(() => result.current.setValue('id', '7'));
    act(() => result.current.getPrompt());
    await waitFor(() => expect(result.current.history[0]).toMatchObject({ args: { id: '7' }, outcome: 'ok', summary: '1 message' }));
    act(() => result.current.select('greeting'));
    act(() => result.current.rerun(result.current.history[0]));
    await waitFor(() => expect(result.current.history).toHaveLength(3));
    expect(result.current.selected?.name).toBe('summarize_item');
    expect(result.current.values).toEqual({ id: '7' });
    expect(requests('prompts/get')).toEqual([
      { name: 'summarize_item' },
      { name: 'summarize_item', arguments: { id: '7' } },
      { name: 'summarize_item', arguments: { id: '7' } },
    ]);
    act(() => void result.current.editInComposer(result.current.history[0]));
    expect(JSON.parse(composerPrefillStore.getSnapshot()!.text)).toEqual({
      method: 'prompts/get',
      params: { name: 'summarize_item', arguments: { id: '7' } },
    });
  });
});
