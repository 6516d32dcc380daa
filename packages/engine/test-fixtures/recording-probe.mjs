// Runs outside vitest, to be SIGKILLed while it records (recorder.test.ts): opens a session on
// raw-server.mjs (argv[3]) in flood mode with its trace recorded to argv[2], asks for the flood,
// and prints `recording` once thousands of events were recorded; then the flood goes on.
import { statSync } from 'node:fs';
import { Engine } from '@mcpscope/engine';

const [file, server] = process.argv.slice(2);
const engine = new Engine({ stopGraceMs: 100 });
const session = await engine.open(
  { transport: 'stdio', command: process.execPath, args: [server], env: { FIXTURE_MODE: 'flood' } },
  { record: file },
);
let told = false;
session.log.subscribe((event) => {
  if (!told && event.seq > 5000 && statSync(file).size > 100_000) {
    told = true;
    process.stdout.write('recording\n');
  }
});
await session.send({ method: 'tools/list' });
// Flood again and again until killed.
for (;;) await session.send({ method: 'tools/list' });
