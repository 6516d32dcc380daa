import { test } from '@playwright/test';

/**
 * Runs a page object's action as one boxed step of the running test: the report shows the
 * action by its name, and a failure inside it points at the user's line that called it, not at
 * a line of this package's bundle. Outside a test (a global setup) it just runs.
 */
export function boxedStep<T>(title: string, body: () => Promise<T>): Promise<T> {
  try {
    test.info();
  } catch {
    return body();
  }
  return test.step(title, body, { box: true });
}
