import { z } from 'zod';
import { readLocalJson, writeLocalJson } from './localJson';
import { createValueStore } from './valueStore';

export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

const KEY = 'mcpscope.theme';
const PreferenceSchema = z.enum(['system', 'light', 'dark']);

const media = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

function resolve(pref: ThemePreference): ResolvedTheme {
  if (pref !== 'system') return pref;
  return media()?.matches ? 'dark' : 'light';
}

export const themePreferenceStore = createValueStore<ThemePreference>(readLocalJson(KEY, PreferenceSchema, 'system'));
export const resolvedThemeStore = createValueStore<ResolvedTheme>(resolve(themePreferenceStore.getSnapshot()));

function apply(): void {
  const resolved = resolve(themePreferenceStore.getSnapshot());
  resolvedThemeStore.set(resolved);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
}

/** system → light → dark → system. */
export function cycleTheme(): void {
  const order: ThemePreference[] = ['system', 'light', 'dark'];
  const next = order[(order.indexOf(themePreferenceStore.getSnapshot()) + 1) % order.length];
  themePreferenceStore.set(next);
  writeLocalJson(KEY, next);
  apply();
}

/** Applies the theme now and follows the OS setting while the preference is `system`. */
export function installTheme(): void {
  apply();
  media()?.addEventListener('change', apply);
}
