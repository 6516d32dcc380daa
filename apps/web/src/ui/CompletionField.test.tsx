// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedSession, fakeWorkbench } from '../lib/testWorkbench';
import { testServices } from '../lib/testServices';
import { CompletionField } from './CompletionField';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Field({ enabled = true }: { enabled?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <CompletionField
      sessionId="s1"
      completionRef={{ type: 'ref/resource', uri: 'demo://items/{id}' }}
      name="id"
      value={value}
      onChange={setValue}
      context={{ id: value, other: 'x', empty: '' }}
      completionEnabled={enabled}
      disabledReason="no completions"
      inputTestId="arg"
      optionTestId="opt"
    />
  );
}

describe('CompletionField', () => {
  it('asks completion/complete (debounced) with the other arguments as context, and picks a value', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeWorkbench({
      'completion/complete': (p) => {
        const v = (p.argument as { value: string }).value;
        return { completion: { values: ['1', '10', '11', '12'].filter((x) => x.startsWith(v)), total: 12, hasMore: true } };
      },
    });
    const services = testServices({ call: fake.call });
    services.store.upsertSession(connectedSession());
    render(<Field />, { wrapper: services.wrapper });
    const input = screen.getByTestId('arg');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '1' } });
    await act(async () => void (await vi.advanceTimersByTimeAsync(250)));
    expect(await screen.findAllByTestId('opt')).toHaveLength(4);
    expect(screen.getByTestId('completion-total').textContent).toMatch(/4 shown of 12 · more available/);
    expect(fake.requests('completion/complete').at(-1)).toEqual({
      ref: { type: 'ref/resource', uri: 'demo://items/{id}' },
      argument: { name: 'id', value: '1' },
      context: { arguments: { other: 'x' } },
    });
    // The first suggestion is highlighted; ↓ moves to the second, Enter takes it.
    expect(screen.getAllByTestId('opt')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('10');
  });

  it('suggests on focus of an empty field, and Enter takes the highlighted suggestion, not the typed prefix', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeWorkbench({
      'completion/complete': (p) => {
        const v = (p.argument as { value: string }).value;
        return { completion: { values: ['Engineering', 'Sales', 'Support'].filter((x) => x.startsWith(v)) } };
      },
    });
    const services = testServices({ call: fake.call });
    services.store.upsertSession(connectedSession());
    const onEnter = vi.fn();
    function Typed() {
      const [value, setValue] = useState('');
      return (
        <CompletionField
          sessionId="s1"
          completionRef={{ type: 'ref/prompt', name: 'team' }}
          name="department"
          value={value}
          onChange={setValue}
          context={{}}
          completionEnabled
          inputTestId="arg"
          optionTestId="opt"
          onEnter={onEnter}
        />
      );
    }
    render(<Typed />, { wrapper: services.wrapper });
    const input = screen.getByTestId('arg') as HTMLInputElement;
    act(() => input.focus());
    expect(await screen.findAllByTestId('opt')).toHaveLength(3);
    expect(fake.requests('completion/complete')[0]).toMatchObject({ argument: { name: 'department', value: '' } });
    fireEvent.change(input, { target: { value: 'Eng' } });
    await act(async () => void (await vi.advanceTimersByTimeAsync(250)));
    await screen.findByText('Engineering');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Engineering');
    expect(onEnter).not.toHaveBeenCalled();
    // Picked: Enter now submits.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('says when the server suggests nothing', async () => {
    const fake = fakeWorkbench({ 'completion/complete': () => ({ completion: { values: [] } }) });
    const services = testServices({ call: fake.call });
    services.store.upsertSession(connectedSession());
    render(<Field />, { wrapper: services.wrapper });
    act(() => screen.getByTestId('arg').focus());
    expect(await screen.findByTestId('completion-none')).toBeTruthy();
  });

  it('asks nothing when completion is not available', async () => {
    const fake = fakeWorkbench({});
    const services = testServices({ call: fake.call });
    services.store.upsertSession(connectedSession());
    render(<Field enabled={false} />, { wrapper: services.wrapper });
    const input = screen.getByTestId('arg');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '1' } });
    expect(input.getAttribute('title')).toBe('no completions');
    expect(fake.calls).toHaveLength(0);
  });
});
