import { describe, expect, it } from 'vitest';
import { matchesKeys } from './keyChords';
import { dispatchShortcutAction, hasShortcutHandler, registerShortcutHandler } from './shortcuts';
import { activeTabStore } from './uiState';

const ev = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('matchesKeys', () => {
  it('Mod is Ctrl elsewhere and ⌘ on macOS', () => {
    expect(matchesKeys(ev('Enter', { ctrlKey: true }), 'Mod+Enter', false)).toBe(true);
    expect(matchesKeys(ev('Enter', { metaKey: true }), 'Mod+Enter', false)).toBe(false);
    expect(matchesKeys(ev('Enter', { metaKey: true }), 'Mod+Enter', true)).toBe(true);
    expect(matchesKeys(ev('Enter'), 'Mod+Enter', false)).toBe(false);
  });
  it('needs the exact modifiers', () => {
    expect(matchesKeys(ev('Escape'), 'Escape')).toBe(true);
    expect(matchesKeys(ev('Escape', { shiftKey: true }), 'Escape')).toBe(false);
    expect(matchesKeys(ev('K', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+K', false)).toBe(true);
  });
});

describe('matchesKeys with symbols', () => {
  it('ignores the Shift a layout needs for "?"', () => {
    expect(matchesKeys(ev('?', { shiftKey: true }), '?', false)).toBe(true);
    expect(matchesKeys(ev('?'), '?', false)).toBe(true);
    expect(matchesKeys(ev('?', { ctrlKey: true }), '?', false)).toBe(false);
  });
});

describe('registerShortcutHandler', () => {
  it('dispatches to the newest handler of the visible tab, and lets a handler decline', () => {
    activeTabStore.set('tools');
    const calls: string[] = [];
    const offA = registerShortcutHandler('call', () => void calls.push('tools-a'));
    const offB = registerShortcutHandler('call', () => false, { tab: 'tools' });
    const offC = registerShortcutHandler('call', () => void calls.push('prompts'), { tab: 'prompts' });
    expect(hasShortcutHandler('call')).toBe(true);
    expect(hasShortcutHandler('rerun')).toBe(false);
    expect(dispatchShortcutAction('call')).toBe(true);
    expect(calls).toEqual(['tools-a']);
    activeTabStore.set('frames');
    expect(dispatchShortcutAction('call')).toBe(false);
    activeTabStore.set('prompts');
    expect(dispatchShortcutAction('call')).toBe(true);
    expect(calls).toEqual(['tools-a', 'prompts']);
    offA();
    offB();
    offC();
    expect(hasShortcutHandler('call', 'tools')).toBe(false);
  });
});
