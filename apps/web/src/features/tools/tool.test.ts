import { describe, expect, it } from 'vitest';
import { issuesByPath } from './useArgsModel';
import { annotationClaims, safeIconSrc, toolLabel, ToolItemSchema } from './tool';

describe('tool', () => {
  it('words annotations as claims, only for hints the server set', () => {
    expect(annotationClaims({ readOnlyHint: true, destructiveHint: true, openWorldHint: true }).map((c) => c.label)).toEqual([
      'claims read-only',
      'claims open-world',
    ]);
    expect(annotationClaims({ readOnlyHint: false, destructiveHint: true }).map((c) => c.label)).toEqual([
      'claims to modify',
      'claims destructive',
    ]);
    expect(annotationClaims(undefined)).toEqual([]);
  });

  it('shows data: image icons only; remote icons are never loaded', () => {
    expect(safeIconSrc([{ src: 'https://evil.example/pixel.png' }, { src: 'data:image/png;base64,AAAA' }])).toEqual({
      src: 'data:image/png;base64,AAAA',
    });
    expect(safeIconSrc([{ src: 'https://evil.example/pixel.png' }])).toEqual({ remote: 'https://evil.example/pixel.png' });
    expect(safeIconSrc([{ src: '/icon.png' }])).toEqual({ remote: '/icon.png' });
    expect(safeIconSrc([{ src: 'data:text/html;base64,PHNjcmlwdD4=' }])).toEqual({ remote: 'data:text/html;base64,PHNjcmlwdD4=' });
  });

  it('title before annotations.title before name; keeps the raw entry; rejects nameless entries', () => {
    expect(toolLabel({ name: 'n', title: 'T', annotations: { title: 'A' } })).toBe('T');
    expect(toolLabel({ name: 'n', annotations: { title: 'A' } })).toBe('A');
    const raw = { name: 'x', inputSchema: {}, 'x-vendor': 1, title: 42 };
    const parsed = ToolItemSchema.parse(raw);
    expect(parsed.raw).toBe(raw);
    expect(parsed.title).toBeUndefined();
    expect(ToolItemSchema.safeParse({ title: 'no name' }).success).toBe(false);
  });

  it('puts "required property" errors on the missing field', () => {
    const map = issuesByPath([
      { path: [], keyword: 'required', message: 'Instance does not have required property "kind".' },
      { path: ['size'], keyword: 'required', message: 'Instance does not have required property "width".' },
      { path: ['tags', '0'], keyword: 'minLength', message: 'String is too short (0 < 1).' },
    ]);
    expect([...map]).toEqual([
      ['kind', ['Required']],
      ['size.width', ['Required']],
      ['tags.0', ['String is too short (0 < 1).']],
    ]);
  });
});
