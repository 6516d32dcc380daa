import { cycleTheme, themePreferenceStore } from '../lib/theme';
import { useValue } from '../lib/valueStore';

const ICON = { system: '◐', light: '☀', dark: '☾' } as const;
const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;

export function ThemeToggle() {
  const pref = useValue(themePreferenceStore);
  return (
    <button
      className="btn btn-ghost w-7 justify-center px-0 text-sm"
      data-testid="theme-toggle"
      data-theme-preference={pref}
      title={`Theme: ${pref} (click for ${NEXT[pref]})`}
      aria-label={`Theme: ${pref}`}
      onClick={cycleTheme}
    >
      {ICON[pref]}
    </button>
  );
}
