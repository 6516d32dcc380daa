import { toPassCheck } from './check-matcher.js';
import { toHaveNoFindings } from './findings-matcher.js';
import { toMatchOutputSchema } from './output-schema-matcher.js';
import { toHaveReceived, toHaveSent } from './traffic-matchers.js';

/** mcpscope's matchers, for `expect.extend` (the package's `expect` has them already). */
export const mcpscopeMatchers = { toHaveNoFindings, toMatchOutputSchema, toHaveSent, toHaveReceived, toPassCheck };
