import { describe, expect, it } from 'vitest';
import { isTerminalTaskStatus } from './task-status.js';

describe('isTerminalTaskStatus', () => {
  it('completed, failed and cancelled are final; working and input_required are not', () => {
    expect(['completed', 'failed', 'cancelled'].map(isTerminalTaskStatus)).toEqual([true, true, true]);
    expect(['working', 'input_required'].map(isTerminalTaskStatus)).toEqual([false, false]);
  });

  it('a status the spec does not define is not final', () => {
    expect(['', 'done', 'Completed', '__proto__'].map(isTerminalTaskStatus)).toEqual([false, false, false, false]);
  });
});
