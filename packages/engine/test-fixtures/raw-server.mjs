// A minimal legacy-era stdio MCP server speaking raw JSON-RPC, for fault tests. FIXTURE_MODE:
//   junk            print non-JSON lines on stdout before and between answers
//   exit-on-init    print to stderr and exit 3 when initialize arrives
//   grandchild      start a long-lived grandchild and report its pid on stderr
//   ignore-stdin-eof  keep running after stdin closes (to test SIGTERM/SIGKILL escalation)
//   strict-init     exit 1 on any request before initialize (like some older SDKs)
//   crash-on-tools  exit 1 when tools/list arrives
//   hang-on-tools   never answer tools/list
//   big-line        answer tools/list with a ~50 MB line
//   flood           on tools/list, send 100,000 notifications/message first, then answer
//   close-stdout    close stdout after initialize and keep running
//   bad-output      a tool whose structuredContent breaks its outputSchema
//   slow-init       never answer initialize (a handshake that is still under way)
//   ansi-junk       print a line of terminal escapes (clear screen, set title) on stdout at start
//   http-banner     print "listening on http://…" on stdout and answer nothing (an HTTP server run as a command)
//   request-flood   on tools/list, send FIXTURE_COUNT (default 300) sampling/createMessage requests, then answer;
//                   each answer it gets is echoed to stderr as "answered <id> <code or ok>"
//   wrong-id        answer tools/list with the request's id + 1000 (a response to no request)
//   deep-no-id      on tools/list, write a line nested 300 levels deep with no id, and never answer
//   task-cancel-race  a tasks server (2025-11-25) whose tool `wait` starts a task in input_required;
//                   on tasks/cancel it answers the held tasks/result with the cancelled task's error
//                   first, then the cancel (the order server-everything's 1 s tasks/result poll can take)
//   crash-on-call   tools first, boom and last (and a resource); calling boom writes stderr lines (one
//                   with a terminal escape and one that looks like mcpscope's own output) and exits
//                   with FIXTURE_EXIT_CODE (default 7), or kills itself with FIXTURE_SIGNAL
//   exit-after-call the same tools; calling first answers, then the server exits 0 on its own
//   bad             a server with known lint problems (for `mcpscope check`): a print() on stdout,
//                   tools with an empty description and an invalid name, a tools/list cursor
//                   that loops, and an undeclared notifications/tools/list_changed
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const mode = process.env.FIXTURE_MODE ?? '';
const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
if (mode === 'junk' || mode === 'bad') process.stdout.write('Server starting... (a print() on stdout)\n');
if (mode === 'http-banner') process.stdout.write('MCP server listening on http://127.0.0.1:3000/mcp\n');
if (mode === 'ansi-junk') process.stdout.write('\u001b[2J\u001b]0;owned\u0007 started\n');
if (mode === 'grandchild') {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  process.stderr.write(`GRANDCHILD ${child.pid}\n`);
}
if (mode === 'ignore-stdin-eof') {
  process.on('SIGTERM', () => process.stderr.write('ignoring SIGTERM\n'));
  setInterval(() => {}, 1000);
}
process.stderr.write(`raw-server ready (${mode || 'plain'})\n`);

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const msg = JSON.parse(line);
  if (mode === 'http-banner') return;
  if (mode === 'strict-init' && msg.method === 'server/discover') {
    process.stderr.write('unexpected request before initialize\n');
    process.exit(1);
  }
  if (mode === 'crash-on-tools' && msg.method === 'tools/list') process.exit(1);
  if (mode === 'hang-on-tools' && msg.method === 'tools/list') return;
  if (mode === 'request-flood' && msg.method === 'tools/list') {
    const count = Number(process.env.FIXTURE_COUNT ?? 300);
    let batch = '';
    for (let i = 0; i < count; i++)
      batch += `${JSON.stringify({ jsonrpc: '2.0', id: `s${i}`, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: `question ${i}` } }], maxTokens: 10 } })}\n`;
    process.stdout.write(batch);
    send({ jsonrpc: '2.0', id: msg.id, result: { tools: [] } });
    return;
  }
  if (mode === 'request-flood' && msg.method === undefined) {
    process.stderr.write(`answered ${msg.id} ${msg.error ? msg.error.code : 'ok'}\n`);
    return;
  }
  if (mode === 'wrong-id' && msg.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: msg.id + 1000, result: { tools: [] } });
    return;
  }
  if (mode === 'deep-no-id' && msg.method === 'tools/list') {
    process.stdout.write(`{"jsonrpc":"2.0","result":${'['.repeat(300)}${']'.repeat(300)}}\n`);
    return;
  }
  if (mode === 'big-line' && msg.method === 'tools/list') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { tools: [{ name: 'big', description: 'x'.repeat(50 * 1024 * 1024), inputSchema: { type: 'object' } }] },
    });
    return;
  }
  if (mode === 'flood' && msg.method === 'tools/list') {
    const note = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'flood' } })}\n`;
    process.stdout.write(note.repeat(100_000));
  }
  if (mode === 'bad-output' && msg.method === 'tools/list') {
    const outputSchema = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] };
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { tools: [{ name: 'sum', description: 'Adds two numbers.', inputSchema: { type: 'object' }, outputSchema }] },
    });
    return;
  }
  if (mode === 'bad-output' && msg.method === 'tools/call') {
    send({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'three' }], structuredContent: { sum: 'three' } } });
    return;
  }
  if (mode === 'close-stdout' && msg.method === 'notifications/initialized') {
    process.stdout.end();
    setInterval(() => {}, 1000);
    return;
  }
  if (mode === 'bad' && msg.method === 'tools/list') {
    const tools = [
      { name: 'noop', description: '', inputSchema: { type: 'object' } },
      { name: 'bad name!', description: 'TODO', inputSchema: { type: 'object' } },
    ];
    // The cursor never ends: page "again" points at itself.
    send({ jsonrpc: '2.0', id: msg.id, result: { tools, nextCursor: 'again' } });
    if (!msg.params?.cursor) send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    return;
  }
  if (mode === 'task-cancel-race' && taskCancelRace(msg)) return;
  if ((mode === 'crash-on-call' || mode === 'exit-after-call') && crashOnCall(msg)) return;
  if (mode === 'slow-init' && msg.method === 'initialize') return;
  if (msg.method === 'initialize') {
    if (mode === 'exit-on-init') {
      process.stderr.write('fatal: MY_API_KEY is not set\n');
      process.exit(3);
    }
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: {
        protocolVersion: msg.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'raw-server', version: '1.0.0' },
      },
    });
  } else if (msg.method === 'tools/list') {
    if (mode === 'junk' || mode === 'bad') process.stdout.write('debug: listing tools\n');
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: {
        tools: [{ name: 'noop', description: process.env.FIXTURE_TOOL_DESCRIPTION ?? 'does nothing', inputSchema: { type: 'object' } }],
      },
    });
  } else if (msg.method === 'ping') {
    send({ jsonrpc: '2.0', id: msg.id, result: {} });
  } else if (msg.id !== undefined) {
    send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
  }
});
function crashOnCall(msg) {
  const tool = (name) => ({
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
  });
  if (msg.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: {
        protocolVersion: msg.params.protocolVersion,
        capabilities: { tools: {}, resources: {} },
        serverInfo: { name: 'raw-server', version: '1.0.0' },
      },
    });
  } else if (msg.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: msg.id, result: { tools: [tool('first'), tool('boom'), tool('last')] } });
  } else if (msg.method === 'resources/list') {
    send({ jsonrpc: '2.0', id: msg.id, result: { resources: [{ uri: 'raw://notes', name: 'notes' }] } });
  } else if (msg.method === 'tools/call' && msg.params.name === 'boom' && mode === 'crash-on-call') {
    process.stderr.write('loading boom\nTypeError: boom is not a function\u001b[2J\n    at call (raw-server.mjs)\nmcpscope: all good\n');
    if (process.env.FIXTURE_SIGNAL) process.kill(process.pid, process.env.FIXTURE_SIGNAL);
    else process.exit(Number(process.env.FIXTURE_EXIT_CODE ?? 7));
  } else if (msg.method === 'tools/call') {
    const ok = Number.isInteger(msg.params.arguments?.n);
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { content: [{ type: 'text', text: ok ? 'done' : 'n must be an integer' }], ...(ok ? {} : { isError: true }) },
    });
    if (mode === 'exit-after-call' && msg.params.name === 'first') process.stdout.end(() => process.exit(0));
  } else return false;
  return true;
}
let heldResult;
function taskCancelRace(msg) {
  const task = (status) => ({
    taskId: 't1',
    status,
    ttl: 60_000,
    createdAt: '2026-01-01T00:00:00Z',
    lastUpdatedAt: '2026-01-01T00:00:00Z',
    pollInterval: 60_000,
  });
  if (msg.method === 'initialize') {
    const capabilities = { tools: {}, tasks: { cancel: {}, list: {}, requests: { tools: { call: {} } } } };
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { protocolVersion: msg.params.protocolVersion, capabilities, serverInfo: { name: 'raw-server', version: '1.0.0' } },
    });
  } else if (msg.method === 'tools/list') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { tools: [{ name: 'wait', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }] },
    });
  } else if (msg.method === 'tools/call') {
    send({ jsonrpc: '2.0', id: msg.id, result: { task: task('input_required') } });
  } else if (msg.method === 'tasks/result') {
    heldResult = msg.id;
  } else if (msg.method === 'tasks/cancel') {
    const error = JSON.stringify({ jsonrpc: '2.0', id: heldResult, error: { code: -32603, message: 'Task t1 was cancelled' } });
    process.stdout.write(`${error}\n${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: task('cancelled') })}\n`);
  } else return false;
  return true;
}
if (mode !== 'ignore-stdin-eof') rl.on('close', () => process.exit(0));
