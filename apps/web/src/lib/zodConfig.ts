import { config } from 'zod';

// The proxy's CSP has no 'unsafe-eval'. Zod 4 probes `new Function` to JIT-compile object
// parsers; jitless mode skips the probe (and the CSP violation report it would cause).
config({ jitless: true });
