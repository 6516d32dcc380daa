import { describe, expect, it } from 'vitest';
import { listEmptyReason } from './listEmptyReason';

const list = (over: Partial<Parameters<typeof listEmptyReason>[0]> = {}) => ({
  items: [],
  pages: 0,
  hasMore: false,
  isLoading: false,
  error: null,
  ...over,
});
const live = { declared: true, offline: false, connected: true };

describe('listEmptyReason', () => {
  it('is null when there is something to show or more pages to come', () => {
    expect(listEmptyReason(list({ items: [1], pages: 1 }), live)).toBeNull();
    expect(listEmptyReason(list({ pages: 1, hasMore: true }), live)).toBeNull();
  });
  it('tells loading, an empty answer and a failure apart', () => {
    expect(listEmptyReason(list({ isLoading: true }), live)).toBe('loading');
    expect(listEmptyReason(list(), live)).toBe('loading');
    expect(listEmptyReason(list({ pages: 1 }), live)).toBe('empty');
    expect(listEmptyReason(list({ error: new Error('x') }), live)).toBe('failed');
  });
  it('says undeclared until the user lists anyway', () => {
    expect(listEmptyReason(list(), { ...live, declared: false })).toBe('undeclared');
    expect(listEmptyReason(list({ pages: 1 }), { ...live, declared: false, forced: true })).toBe('empty');
  });
  it('knows a trace without a listing and a session that is not connected', () => {
    expect(listEmptyReason(list(), { declared: true, offline: true, connected: false })).toBe('not-recorded');
    expect(listEmptyReason(list({ pages: 1 }), { declared: true, offline: true, connected: false })).toBe('empty');
    expect(listEmptyReason(list(), { declared: true, offline: false, connected: false })).toBe('not-connected');
  });
});
