import { describe, expect, it } from 'vitest';
import { declaredTaskSupport, REQUIRED_REASON, taskToggle } from './taskToggle';

describe('taskToggle', () => {
  it('required: on and locked, with the reason', () => {
    expect(taskToggle('required', false, 'required')).toEqual({
      mode: 'required',
      shown: true,
      on: true,
      locked: true,
      reason: REQUIRED_REASON,
    });
  });

  it('optional: a checkbox that follows the choice, off by default', () => {
    expect(taskToggle('optional', false, 'optional')).toMatchObject({ shown: true, on: false, locked: false });
    expect(taskToggle('optional', true, 'optional')).toMatchObject({ shown: true, on: true, locked: false });
  });

  it('forbidden or absent: no checkbox, and never a task', () => {
    expect(taskToggle('forbidden', true, undefined)).toEqual({ mode: 'forbidden', shown: false, on: false, locked: false });
    expect(taskToggle('forbidden', true, 'forbidden')).toEqual({ mode: 'forbidden', shown: false, on: false, locked: false });
  });

  it('says so when a tool asks for tasks the server does not offer (MUST NOT augment without tasks.requests.tools.call)', () => {
    expect(taskToggle('forbidden', false, 'required')).toMatchObject({
      shown: false,
      on: false,
      note: { tone: 'warn', text: expect.stringContaining('tasks.requests.tools.call') },
    });
  });

  it('2026-07-28: no checkbox, a note that the server decides per call', () => {
    expect(taskToggle('server', true, undefined)).toMatchObject({ shown: false, on: false, note: { tone: 'muted' } });
  });

  it('reads execution.taskSupport from own keys only', () => {
    expect(declaredTaskSupport({ execution: { taskSupport: 'optional' } })).toBe('optional');
    expect(declaredTaskSupport(Object.create({ execution: { taskSupport: 'required' } }))).toBeUndefined();
    expect(declaredTaskSupport({ execution: 'required' })).toBeUndefined();
    expect(declaredTaskSupport(null)).toBeUndefined();
  });
});
