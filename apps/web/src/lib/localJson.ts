import type { z } from 'zod';

/** localStorage, parsed with a schema on the way in (it is user-editable, hence untrusted). */
export function readLocalJson<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeLocalJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the app keeps working, the value is just not remembered
  }
}
