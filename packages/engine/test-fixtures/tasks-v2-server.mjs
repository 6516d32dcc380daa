// A minimal 2026-07-28 stdio server with the io.modelcontextprotocol/tasks extension (SEP-2663),
// speaking raw JSON-RPC: nothing else here implements the extension's server side. Tools:
//   quick    answers at once
//   slow     a task that completes after `polls` (default 3) tasks/get
//   ask      a task that needs input: input_required with an elicitation, completed after tasks/update
//   fail     a task that fails with a JSON-RPC error
//   forever  a task that runs until tasks/cancel
//   loud     a task whose status message holds terminal escapes (completes after one poll)
// A client that does not declare the extension gets plain results (the extension's fallback).
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';

const EXT = 'io.modelcontextprotocol/tasks';
const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const tasks = new Map();
const tools = ['quick', 'slow', 'ask', 'fail', 'forever', 'loud'].map((name) => ({
  name,
  description: `the ${name} tool`,
  inputSchema: { type: 'object', properties: { polls: { type: 'number' } } },
}));

const declaresTasks = (params) => {
  const caps = params?._meta?.['io.modelcontextprotocol/clientCapabilities'];
  return Boolean(caps?.extensions && Object.hasOwn(caps.extensions, EXT));
};
const content = (t) => ({ content: [{ type: 'text', text: t }] });
const text = (t) => ({ resultType: 'complete', ...content(t) });
const view = (task) => {
  const { polls, left, tool, ...wire } = task;
  return wire;
};
const touch = (task, fields) => Object.assign(task, fields, { lastUpdatedAt: new Date().toISOString() });

function callTool(params) {
  const name = params?.name;
  if (!tools.some((t) => t.name === name)) return { error: { code: -32602, message: `unknown tool ${name}` } };
  if (name === 'quick' || !declaresTasks(params)) return { result: text(`${name} done at once`) };
  const now = new Date().toISOString();
  const task = {
    taskId: randomUUID(),
    status: 'working',
    statusMessage: 'started',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: 60_000,
    pollIntervalMs: 50,
    tool: name,
    left: Number(params.arguments?.polls ?? 3),
  };
  tasks.set(task.taskId, task);
  return { result: { resultType: 'task', ...view(task) } };
}

function advance(task) {
  if (task.status !== 'working') return;
  task.left -= 1;
  if (task.tool === 'slow') {
    if (task.left <= 0) touch(task, { status: 'completed', statusMessage: 'done', result: content('slow finished') });
    else touch(task, { statusMessage: `${task.left} to go` });
  } else if (task.tool === 'ask' && !task.answer) {
    touch(task, {
      status: 'input_required',
      statusMessage: 'needs a color',
      inputRequests: {
        color: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Pick a color',
            requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
          },
        },
      },
    });
  } else if (task.tool === 'ask') {
    touch(task, { status: 'completed', statusMessage: 'done', result: content(`picked ${task.answer}`) });
  } else if (task.tool === 'loud') {
    touch(task, { status: 'completed', statusMessage: '\u001b]0;pwned\u0007\u001b[31mred\r\nfake line', result: content('loud finished') });
  } else if (task.tool === 'fail') {
    touch(task, { status: 'failed', statusMessage: 'it broke', error: { code: -32000, message: 'boom' } });
  }
}

function handle(msg) {
  const { method, params } = msg;
  if (method === 'server/discover') {
    return {
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {}, extensions: { [EXT]: {} } },
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'tasks-v2-fixture', version: '1.0.0' } },
      },
    };
  }
  if (method === 'tools/list') return { result: { resultType: 'complete', tools } };
  if (method === 'tools/call') return callTool(params);
  const task = tasks.get(params?.taskId);
  if (method.startsWith('tasks/') && !task) return { error: { code: -32602, message: 'task not found' } };
  if (method === 'tasks/get') {
    advance(task);
    return { result: { resultType: 'complete', ...view(task) } };
  }
  if (method === 'tasks/update') {
    const answer = params?.inputResponses?.color;
    if (task.status !== 'input_required' || !answer) return { error: { code: -32602, message: 'no input expected' } };
    delete task.inputRequests;
    touch(task, {
      status: 'working',
      statusMessage: 'got input',
      answer: answer.action === 'accept' ? answer.content?.color : answer.action,
    });
    return { result: { resultType: 'complete' } };
  }
  if (method === 'tasks/cancel') {
    if (['completed', 'failed', 'cancelled'].includes(task.status)) return { error: { code: -32602, message: `already ${task.status}` } };
    delete task.inputRequests;
    touch(task, { status: 'cancelled', statusMessage: 'cancelled on request' });
    return { result: { resultType: 'complete' } };
  }
  return { error: { code: -32601, message: 'Method not found' } };
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined || typeof msg.method !== 'string') return;
  send({ jsonrpc: '2.0', id: msg.id, ...handle(msg) });
});
