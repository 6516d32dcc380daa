import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_MESSAGE_BURST, APP_MESSAGES_PER_SECOND, MessageBudget, type FloodState } from './messageBudget';

afterEach(() => vi.useRealTimers());

describe("MessageBudget (an app view's messages per second)", () => {
  it('admits a burst, then the rate; drops the rest and tells of it once, then at most every 250 ms', () => {
    vi.useFakeTimers();
    let now = 0;
    const told: Array<[FloodState, boolean]> = [];
    const budget = new MessageBudget(
      (state, first) => told.push([state, first]),
      () => now,
    );
    let admitted = 0;
    for (let i = 0; i < 20_000; i++) if (budget.admit()) admitted++;
    expect(admitted).toBe(APP_MESSAGE_BURST);
    expect(told).toEqual([[{ dropped: 1, ongoing: true }, true]]);
    now = 250;
    vi.advanceTimersByTime(250);
    expect(told.at(-1)).toEqual([{ dropped: 20_000 - APP_MESSAGE_BURST, ongoing: true }, false]);
    // A second later the bucket holds a second's worth again.
    now = 1000;
    let later = 0;
    for (let i = 0; i < 1000; i++) if (budget.admit()) later++;
    expect(later).toBe(APP_MESSAGES_PER_SECOND);
    budget.stop();
  });

  it('an app within the budget is never told anything', () => {
    let now = 0;
    const told: FloodState[] = [];
    const budget = new MessageBudget(
      (state) => told.push(state),
      () => now,
    );
    for (let i = 0; i < 10_000; i++) {
      now += 1000 / APP_MESSAGES_PER_SECOND;
      expect(budget.admit()).toBe(true);
    }
    expect(told).toEqual([]);
  });
});
