import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ClockWatchingBus } from './clockWatchingBus.js';
import { CLOCK_URI, type DemoEvent, DemoState } from './demoState.js';

describe('DemoState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks demo://clock only while someone watches it', () => {
    const state = new DemoState({ clockIntervalMs: 100 });
    const events: DemoEvent[] = [];
    state.subscribe((event) => events.push(event));

    vi.advanceTimersByTime(500);
    expect(events).toEqual([]);

    const releaseA = state.watchClock();
    const releaseB = state.watchClock();
    vi.advanceTimersByTime(250);
    expect(events).toEqual([
      { kind: 'resource_updated', uri: CLOCK_URI },
      { kind: 'resource_updated', uri: CLOCK_URI },
    ]);
    releaseA();
    releaseA(); // idempotent: must not release B's watch
    expect(state.clockRunning).toBe(true);
    releaseB();
    expect(state.clockRunning).toBe(false);
    vi.advanceTimersByTime(500);
    expect(events).toHaveLength(2);
  });

  it('toggles the extra tool and tells every listener', () => {
    const state = new DemoState();
    const seen: DemoEvent[] = [];
    const unsubscribe = state.subscribe((event) => seen.push(event));
    expect(state.toggleExtraTool()).toBe(true);
    expect(state.extraToolEnabled).toBe(true);
    unsubscribe();
    expect(state.toggleExtraTool()).toBe(false);
    expect(seen).toEqual([{ kind: 'tools_changed' }]);
  });

  it('keeps the clock running while a listen stream is registered on the HTTP bus', () => {
    const state = new DemoState({ clockIntervalMs: 100 });
    const bus = new ClockWatchingBus(state);
    const unsubscribe = bus.subscribe(() => undefined);
    expect(state.clockRunning).toBe(true);
    unsubscribe();
    expect(state.clockRunning).toBe(false);
  });
});
