import { describe, expect, it } from 'vitest';
import { newRow, sameRoots, suggestFileUri, validateRoots } from './roots';

describe('roots', () => {
  it('accepts file:// URIs with optional names', () => {
    const rows = [newRow({ uri: 'file:///home/me/project', name: ' Project ' }), newRow({ uri: ' file:///tmp ' })];
    expect(validateRoots(rows)).toEqual({
      roots: [{ uri: 'file:///home/me/project', name: 'Project' }, { uri: 'file:///tmp' }],
      errors: {},
    });
  });

  it('rejects empty, non-file and duplicate URIs', () => {
    const rows = [
      newRow({ uri: '' }),
      newRow({ uri: 'https://example.com' }),
      newRow({ uri: 'file:///a' }),
      newRow({ uri: 'file:///a' }),
      newRow({ uri: 'no scheme' }),
    ];
    const { errors } = validateRoots(rows);
    expect(Object.values(errors)).toEqual([
      'A root needs a URI',
      'Roots MUST be file:// URIs (this is https://)',
      'Same URI as row 3',
      'Not a URI',
    ]);
  });

  it('suggests a file URI for a path', () => {
    expect(suggestFileUri('/home/me/my project')).toBe('file:///home/me/my%20project');
    expect(suggestFileUri('C:\\work\\x')).toBe('file:///C:/work/x');
    expect(suggestFileUri('relative')).toBeNull();
  });

  it('compares lists', () => {
    expect(sameRoots([{ uri: 'file:///a' }], [{ uri: 'file:///a', name: '' }])).toBe(true);
    expect(sameRoots([{ uri: 'file:///a' }], [{ uri: 'file:///a', name: 'x' }])).toBe(false);
  });
});
