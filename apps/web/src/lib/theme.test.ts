// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cycleTheme, installTheme, resolvedThemeStore, themePreferenceStore } from './theme';

describe('theme', () => {
  it('cycles system → light → dark → system, persists it and sets the html class', () => {
    installTheme();
    expect(themePreferenceStore.getSnapshot()).toBe('system');
    cycleTheme();
    expect(themePreferenceStore.getSnapshot()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    cycleTheme();
    expect(themePreferenceStore.getSnapshot()).toBe('dark');
    expect(resolvedThemeStore.getSnapshot()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('mcpscope.theme')).toBe('"dark"');
    cycleTheme();
    expect(themePreferenceStore.getSnapshot()).toBe('system');
  });
});
