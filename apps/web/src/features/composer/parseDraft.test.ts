import { describe, expect, it } from 'vitest';
import { parseDraft } from './parseDraft';
import { TEMPLATES, templateText } from './templates';

describe('parseDraft', () => {
  it('accepts a request and a notification', () => {
    expect(parseDraft('{"method":"tools/list","params":{}}', false)).toEqual({
      ok: true,
      body: { message: { method: 'tools/list', params: {} }, notification: false },
    });
    expect(parseDraft('{"method":"notifications/roots/list_changed"}', true, 5000)).toEqual({
      ok: true,
      body: { message: { method: 'notifications/roots/list_changed' }, notification: true, timeoutMs: 5000 },
    });
  });

  it.each([
    ['', 'empty'],
    ['{"method": ', 'Invalid JSON'],
    ['[{"method":"ping"}]', 'Batches'],
    ['42', 'JSON object'],
    ['{"params":{}}', '"method"'],
    ['{"method":"x","params":3}', '"params"'],
    ['{"method":"x","jsonrpc":"1.0"}', '"jsonrpc"'],
    ['{"id":1,"result":{}}', '"method"'],
    ['{"method":"x","id":null}', '"id"'],
  ])('rejects %j', (text, fragment) => {
    const r = parseDraft(text, false);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(fragment);
  });

  it('rejects an id on a notification', () => {
    expect(parseDraft('{"method":"x","id":1}', true)).toMatchObject({ ok: false, error: expect.stringContaining('notification') });
  });

  it('every template parses', () => {
    for (const t of TEMPLATES) expect(parseDraft(templateText(t), t.notification ?? false).ok).toBe(true);
  });
});
