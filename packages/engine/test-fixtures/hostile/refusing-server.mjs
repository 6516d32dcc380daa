// A legacy stdio server whose answers mcpscope must refuse or cannot deliver. FIXTURE_MODE:
//   deep-answer    answer tools/list and ping-like raw requests with a result nested 10,000 deep
//   huge-answer    answer tools/list with one line longer than the 64 MiB line cap
//   deep-call      list one tool, `deep`, and answer every tools/call with a result nested 10,000 deep
//   stop-reading   stop reading stdin after the handshake (writes to it stay pending)
import { createInterface } from 'node:readline';

const mode = process.env.FIXTURE_MODE ?? '';
const send = (text) => process.stdout.write(`${text}\n`);
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const msg = JSON.parse(line);
  const id = JSON.stringify(msg.id);
  if (msg.method === 'server/discover') return send(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`);
  if (msg.method === 'initialize') {
    return send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: msg.id,
        result: {
          protocolVersion: msg.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'refusing', version: '1' },
        },
      }),
    );
  }
  if (msg.method === 'notifications/initialized' && mode === 'stop-reading') {
    rl.close();
    process.stdin.pause();
    setInterval(() => {}, 1000);
    return;
  }
  if (msg.id === undefined) return;
  if (mode === 'deep-answer' && msg.method !== 'ping')
    return send(`{"jsonrpc":"2.0","id":${id},"result":{"tools":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`);
  if (mode === 'deep-call' && msg.method === 'tools/list')
    return send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: msg.id,
        result: {
          tools: [{ name: 'deep', description: 'Answers with a result nested 10,000 levels deep', inputSchema: { type: 'object' } }],
        },
      }),
    );
  if (mode === 'deep-call' && msg.method === 'tools/call')
    return send(`{"jsonrpc":"2.0","id":${id},"result":{"content":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`);
  if (mode === 'huge-answer' && msg.method === 'tools/list') {
    const head = `{"jsonrpc":"2.0","id":${id},"result":{"tools":[{"name":"big","inputSchema":{"type":"object"},"description":"`;
    const chunk = 'x'.repeat(1024 * 1024);
    process.stdout.write(head);
    for (let i = 0; i < 65; i++) process.stdout.write(chunk);
    return send('"}]}}');
  }
  send(`{"jsonrpc":"2.0","id":${id},"result":{}}`);
});
