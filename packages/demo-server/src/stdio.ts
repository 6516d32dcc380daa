#!/usr/bin/env node
import * as z from 'zod';

import { serveDemoStdio } from './serveDemoStdio.js';

const env = z
  .object({ DEMO_CLOCK_INTERVAL_MS: z.coerce.number().int().positive().optional() })
  .parse(process.env);

serveDemoStdio({ clockIntervalMs: env.DEMO_CLOCK_INTERVAL_MS });
process.stderr.write('demo-server ready (stdio)\n');
