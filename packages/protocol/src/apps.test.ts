import { describe, expect, it } from 'vitest';
import { toolUi } from './apps.js';

describe('toolUi', () => {
  it('reads _meta.ui.resourceUri and defaults visibility to model + app', () => {
    expect(toolUi({ name: 't', _meta: { ui: { resourceUri: 'ui://a/b.html' } } })).toEqual({
      resourceUri: 'ui://a/b.html',
      visibility: ['model', 'app'],
      appOnly: false,
      appCallable: true,
    });
  });
  it('falls back to the deprecated flat key', () => {
    expect(toolUi({ _meta: { 'ui/resourceUri': 'ui://flat' } }).resourceUri).toBe('ui://flat');
  });
  it('marks app-only and model-only tools', () => {
    expect(toolUi({ _meta: { ui: { visibility: ['app'] } } })).toMatchObject({ appOnly: true, appCallable: true });
    expect(toolUi({ _meta: { ui: { visibility: ['model'] } } })).toMatchObject({ appOnly: false, appCallable: false });
  });
  it('reads hostile definitions as absent, never through the prototype', () => {
    expect(toolUi(null).resourceUri).toBeUndefined();
    expect(toolUi({ _meta: { ui: { resourceUri: 'https://evil' } } }).resourceUri).toBeUndefined();
    expect(toolUi({ _meta: { ui: { resourceUri: 42, visibility: 'app' } } })).toMatchObject({ visibility: ['model', 'app'] });
    expect(toolUi(JSON.parse('{"_meta":{"__proto__":{"ui":{"resourceUri":"ui://proto"}}}}')).resourceUri).toBeUndefined();
    expect(toolUi({ _meta: Object.create({ ui: { resourceUri: 'ui://inherited' } }) }).resourceUri).toBeUndefined();
  });
});
