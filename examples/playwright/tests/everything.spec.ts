import { expect, test } from '@mcpscope/playwright';
import { readFileSync } from 'node:fs';
import { bin } from './servers';

// @modelcontextprotocol/server-everything 2026.8.31 over stdio: a new session (and server) per test.
test.use({ mcpServer: { command: bin('mcp-server-everything'), args: ['stdio'] } });

test('lists its tools, echoes, and breaks no spec rule', async ({ mcp }) => {
  const tools = await mcp.tools();
  expect(tools.map((t) => t.name)).toContain('echo');

  const result = await mcp.callTool('echo', { message: 'hello' });
  expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
  await expect(mcp).toHaveSent({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello' } } });
  await expect(mcp).toHaveReceived({ method: 'tools/call', result: { content: [{ text: 'Echo: hello' }] } });
  await expect(mcp).toHaveNoFindings({ severity: 'info' });
});

test('its structured content matches the output schema it declares', async ({ mcp }) => {
  const weather = await mcp.callTool('get-structured-content', { location: 'New York' });
  await expect(weather).toMatchOutputSchema();
  expect(weather.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) });
});

test('a task: the research query asks which "python", the test answers, the task completes', async ({ mcp }) => {
  mcp.onElicitation((params) => {
    expect(params.message).toContain('could have multiple interpretations');
    return { action: 'accept', content: { interpretation: 'programming' } };
  });
  const { result, task } = await mcp.callToolAsTask('simulate-research-query', { topic: 'python', ambiguous: true });
  expect(task?.status).toBe('completed');
  expect(JSON.stringify(result.content)).toContain('Research Report: python (programming)');
  // mcpscope followed the task: it polled tasks/get and fetched tasks/result.
  await expect(mcp).toHaveSent({ method: 'tasks/get', origin: { by: 'mcpscope' } });
  await expect(mcp).toHaveSent({ method: 'tasks/result' });
  await expect(mcp).toHaveReceived({ method: 'elicitation/create' });
});

test('sampling: the server asks the client for a completion, the test answers it', async ({ mcp }) => {
  mcp.onSampling((params) => {
    expect(JSON.stringify(params.messages)).toContain('Name a colour');
    return 'Teal.';
  });
  const result = await mcp.callTool('trigger-sampling-request', { prompt: 'Name a colour' });
  expect(JSON.stringify(result.content)).toContain('Teal.');
  await expect(mcp).toHaveReceived({ method: 'sampling/createMessage' });
  await expect(mcp).toHaveSent({
    result: { content: { type: 'text', text: 'Teal.' } },
    origin: { reason: 'test: answer sampling/createMessage' },
  });
});

test.describe('a secret in the server environment', () => {
  const secret = 'sk-test-6f1d2c9a8b7e4f30a1c2d3e4f5a6b7c8';
  test.use({ mcpServer: { command: bin('mcp-server-everything'), args: ['stdio'], env: { EXAMPLE_API_KEY: secret } } });

  test('reaches the server but not the trace', async ({ mcp }) => {
    const env = await mcp.callTool('get-env');
    expect(JSON.stringify(env)).toContain(secret);
    expect(readFileSync(mcp.tracePath, 'utf8')).not.toContain(secret);
  });
});
