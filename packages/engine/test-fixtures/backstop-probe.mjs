// Runs outside vitest (which catches uncaught errors itself): two sessions, the backstop
// installed, an asynchronous bug thrown while handling the victim's traffic. Prints a JSON verdict.
import { fileURLToPath } from 'node:url';
import { Engine, installBackstop } from '@mcpscope/engine';

const server = fileURLToPath(new URL('./hostile/refusing-server.mjs', import.meta.url));
const config = { transport: 'stdio', command: process.execPath, args: [server], env: {}, era: 'legacy' };
const engine = new Engine({ stopGraceMs: 100 });
const reports = [];
installBackstop(engine, (text) => reports.push(text));
const victim = await engine.open(config);
const bystander = await engine.open(config);
victim.tap.intercept = () => {
  setTimeout(() => {
    throw new TypeError('simulated asynchronous bug');
  });
  Promise.reject(new RangeError('simulated unhandled rejection'));
  return false;
};
await victim.send({ method: 'ping' }, { timeoutMs: 2000 }).catch(() => undefined);
const deadline = Date.now() + 5000;
while (victim.info().state !== 'closed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const ping = await bystander.send({ method: 'ping' });
console.log(JSON.stringify({ victim: victim.info().state, error: victim.info().error, bystander: ping.response?.result, reports }));
await engine.dispose();
