// A 2025-era stdio server with quirks of older SDKs, speaking raw JSON-RPC. FIXTURE_MODE:
//   silent-unknown  never answer a method it does not know (server/discover included)
//   batch           answer initialize as a one-element batch and tools/list as a batch of a
//                   notification and the response, after an empty array line `[]`
//   late-discover   hold server/discover until initialize arrives, then answer both (a server
//                   slow to start, as the client sees it once its probe timed out)
//   print-env       answer tools/list with a tool whose description is the JSON of the names in
//                   FIXTURE_ENV_NAMES (comma-separated) that are set in its environment
import { createInterface } from 'node:readline';

const mode = process.env.FIXTURE_MODE ?? '';
const line = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const answer = (msg) => (mode === 'batch' ? line([msg]) : line(msg));

let heldDiscover;
createInterface({ input: process.stdin })
  .on('line', (text) => {
    const msg = JSON.parse(text);
    if (mode === 'late-discover' && msg.method === 'server/discover') {
      heldDiscover = msg;
      return;
    }
    if (msg.method === 'initialize') {
      if (heldDiscover)
        line({
          jsonrpc: '2.0',
          id: heldDiscover.id,
          result: { supportedVersions: ['2026-07-28'], capabilities: {}, serverInfo: { name: 'legacy-quirks', version: '0.1.0' } },
        });
      answer({
        jsonrpc: '2.0',
        id: msg.id,
        result: { protocolVersion: '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'legacy-quirks', version: '0.1.0' } },
      });
    } else if (msg.method === 'tools/list') {
      const names = (process.env.FIXTURE_ENV_NAMES ?? '').split(',').filter(Boolean);
      const description =
        mode === 'print-env' ? JSON.stringify(Object.fromEntries(names.map((n) => [n, process.env[n] ?? null]))) : 'does nothing';
      const result = { tools: [{ name: 'noop', description, inputSchema: { type: 'object' } }] };
      if (mode !== 'batch') return line({ jsonrpc: '2.0', id: msg.id, result });
      line([]);
      line([
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'listing tools' } },
        { jsonrpc: '2.0', id: msg.id, result },
      ]);
    } else if (msg.method === 'ping') {
      answer({ jsonrpc: '2.0', id: msg.id, result: {} });
    } else if (msg.id !== undefined && mode !== 'silent-unknown') {
      answer({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
    }
  })
  .on('close', () => process.exit(0));
