#!/usr/bin/env node
import * as z from 'zod';

import { serveDemoStdio } from './serveDemoStdio.js';
import { startDemoTelemetry, stopDemoTelemetry } from './telemetry/demoTelemetry.js';

const env = z.object({ DEMO_CLOCK_INTERVAL_MS: z.coerce.number().int().positive().optional() }).parse(process.env);

// Optional spans (OTEL_EXPORTER_OTLP_*_ENDPOINT set, e.g. by mcpscope's "collect server spans").
await startDemoTelemetry('pipe');
serveDemoStdio({ clockIntervalMs: env.DEMO_CLOCK_INTERVAL_MS });
// The client closed stdin: what the exporter still holds goes out before the process ends.
process.stdin.once('end', () => void stopDemoTelemetry());
process.stderr.write('demo-server ready (stdio)\n');
