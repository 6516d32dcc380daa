import { describe, expect, it } from 'vitest';
import { waitForStop } from './stop-signal.js';

describe('waitForStop', () => {
  it('resolves on SIGTERM and removes its listeners', async () => {
    const before = process.listenerCount('SIGTERM');
    const { stopped } = waitForStop();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.emit('SIGTERM', 'SIGTERM');
    expect(await stopped).toBe('SIGTERM');
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
