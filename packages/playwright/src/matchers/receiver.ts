import { TestSession } from '../test-session.js';
import { withoutStack } from '../without-stack.js';

/** The `mcp` fixture behind a matcher's receiver, or an error that says what was given instead. */
export function sessionOf(matcher: string, received: unknown): TestSession {
  if (received instanceof TestSession) return received;
  const what = received === null ? 'null' : typeof received === 'object' ? (received.constructor?.name ?? 'an object') : typeof received;
  throw withoutStack(new Error(`expect(…).${matcher}() takes the mcp fixture: expect(mcp).${matcher}(…); it got ${what}`));
}

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  name: string;
  expected?: unknown;
  actual?: unknown;
}
