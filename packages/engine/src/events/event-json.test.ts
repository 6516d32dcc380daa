import { describe, expect, it } from 'vitest';
import { eventJson, forgetEventJson } from './event-json.js';

describe('eventJson', () => {
  it('serializes the latest event once for every writer, and again once it was changed', () => {
    const event: { seq: number; findings?: string[]; toJSON?: unknown } = { seq: 1 };
    let calls = 0;
    const counted = Object.defineProperty(event, 'toJSON', {
      value: () => (calls++, { seq: event.seq, findings: event.findings }),
      enumerable: false,
    });
    expect(eventJson(counted)).toBe('{"seq":1}');
    expect(eventJson(counted)).toBe('{"seq":1}');
    expect(calls).toBe(1);
    event.findings = ['late'];
    forgetEventJson(event);
    expect(eventJson(counted)).toBe('{"seq":1,"findings":["late"]}');
    expect(calls).toBe(2);
    // Another object (a redacted copy) is serialized on its own.
    expect(eventJson({ seq: 1, redacted: true })).toBe('{"seq":1,"redacted":true}');
  });
});
