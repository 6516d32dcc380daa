// A hostile stdio MCP server for the fuzz harness: it completes the legacy handshake, then sends
// FUZZ_COUNT seeded hostile lines (messages.mjs) and answers every request with hostile content.
// FUZZ_SEED (default 1), FUZZ_COUNT (default 50), FUZZ_MAX_DEPTH (default 10000).
import { createInterface } from 'node:readline';
import { hostileLine, hostileToolsText, rng } from './messages.mjs';

const seed = Number(process.env.FUZZ_SEED ?? 1);
const count = Number(process.env.FUZZ_COUNT ?? 50);
const maxDepth = Number(process.env.FUZZ_MAX_DEPTH ?? 10_000);
const r = rng(seed);
const write = (line) => process.stdout.write(Buffer.isBuffer(line) ? Buffer.concat([line, Buffer.from('\n')]) : `${line}\n`);
process.stderr.write(`hostile server seed ${seed}\u001b]52;c;cHduZWQ=\u0007\u001b[2J\n`);

let flooded = false;
const flood = () => {
  if (flooded) return;
  flooded = true;
  for (let i = 0; i < count; i++) write(hostileLine(r, { maxDepth }));
  process.stderr.write('FUZZ_DONE\n');
};

createInterface({ input: process.stdin }).on('line', (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  const id = JSON.stringify(msg.id);
  if (msg.method === 'server/discover') return write(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`);
  if (msg.method === 'initialize') {
    const caps = r.pick([
      '{"tools":{},"resources":{},"prompts":{},"logging":{}}',
      '{"tools":{"listChanged":true},"__proto__":{"logging":{}}}',
      '{"tools":{},"constructor":{}}',
    ]);
    return write(
      `{"jsonrpc":"2.0","id":${id},"result":{"protocolVersion":${JSON.stringify(msg.params?.protocolVersion ?? '2025-11-25')},"capabilities":${caps},"serverInfo":{"name":"hostile\\u001b[2J","version":"0"}}}`,
    );
  }
  if (msg.method === 'notifications/initialized') return flood();
  if (msg.id === undefined) return;
  flood();
  if (msg.method === 'tools/list') return write(`{"jsonrpc":"2.0","id":${id},"result":${hostileToolsText(r, { maxDepth })}}`);
  if (msg.method === 'tools/call')
    return write(
      `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"\\u001b]52;c;eA==\\u0007ok"},{"type":"constructor"}],"structuredContent":{"__proto__":{"x":1}}}}`,
    );
  if (msg.method === 'ping') return write(`{"jsonrpc":"2.0","id":${id},"result":{}}`);
  // Anything else: a hostile answer, sometimes twice, sometimes an error.
  write(
    r.pick([
      `{"jsonrpc":"2.0","id":${id},"result":{"__proto__":{"a":1},"resources":[{"uri":"x","name":"constructor"}],"prompts":"no"}}`,
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"bad\\u001b[2J"}}`,
    ]),
  );
  if (r.int(3) === 0) write(`{"jsonrpc":"2.0","id":${id},"result":{}}`);
});
