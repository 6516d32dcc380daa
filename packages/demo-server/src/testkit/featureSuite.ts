import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLOCK_URI } from '../demoState.js';
import { CLIENT_ROOT, type Connected, type Era, NotificationLog, SAMPLING_ANSWER } from './demoClients.js';

const PNG_SIGNATURE = '89504e470d0a1a0a';

function textOf(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return blocks.map((block) => block.text ?? '').join('\n');
}

/** The features every transport × era combination must serve. One connection per suite. */
export function defineFeatureSuite(era: Era, connect: () => Promise<Connected>): void {
  let connected: Connected;
  let log: NotificationLog;

  beforeAll(async () => {
    connected = await connect();
    log = new NotificationLog(connected.client, [
      'notifications/tools/list_changed',
      'notifications/resources/updated',
      'notifications/message',
    ]);
  });
  afterAll(async () => {
    await connected?.close();
  });

  it(`negotiates the ${era} era`, () => {
    expect(connected.client.getProtocolEra()).toBe(era);
    expect(connected.client.getServerVersion()?.name).toBe('mcpscope-demo-server');
  });

  describe('tools', () => {
    it('lists the tools, with annotations and a rich inputSchema', async () => {
      const { tools } = await connected.client.listTools();
      const names = tools.map((tool) => tool.name);
      for (const name of [
        'echo',
        'add',
        'long_task',
        'get_image',
        'get_audio',
        'get_resource_links',
        'fail',
        'ask_llm',
        'ask_user',
        'list_roots',
        'toggle_extra_tool',
        'configure_widget',
      ]) {
        expect(names).toContain(name);
      }
      expect(names).not.toContain('extra_tool');
      const echo = tools.find((tool) => tool.name === 'echo');
      expect(echo?.annotations?.readOnlyHint).toBe(true);
      expect(echo?.title).toBe('Echo');
      const widget = JSON.stringify(tools.find((tool) => tool.name === 'configure_widget')?.inputSchema);
      expect(widget).toContain('anyOf');
      expect(widget).toContain('"enum"');
      expect(tools.find((tool) => tool.name === 'add')?.outputSchema).toBeDefined();
    });

    it('calls echo and add (structuredContent)', async () => {
      expect(textOf(await connected.client.callTool({ name: 'echo', arguments: { message: 'hi there' } }))).toBe('hi there');
      const added = await connected.client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
      expect(added.structuredContent).toEqual({ sum: 5, expression: '2 + 3 = 5' });
    });

    it('returns image, audio, resource links and embedded resources', async () => {
      const image = await connected.client.callTool({ name: 'get_image', arguments: { size: 8 } });
      const png = (image.content as Array<{ type: string; data?: string; mimeType?: string }>).find((block) => block.type === 'image');
      expect(png?.mimeType).toBe('image/png');
      expect(
        Buffer.from(png?.data ?? '', 'base64')
          .subarray(0, 8)
          .toString('hex'),
      ).toBe(PNG_SIGNATURE);
      const audio = await connected.client.callTool({ name: 'get_audio', arguments: {} });
      expect((audio.content as Array<{ type: string }>)[0].type).toBe('audio');
      const links = await connected.client.callTool({ name: 'get_resource_links', arguments: {} });
      const types = (links.content as Array<{ type: string }>).map((block) => block.type);
      expect(types).toEqual(['text', 'resource_link', 'resource_link', 'resource']);
    });

    it('reports a tool error with isError', async () => {
      const failed = await connected.client.callTool({ name: 'fail', arguments: { reason: 'testing' } });
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toContain('testing');
    });

    it('fills defaults of the rich schema', async () => {
      const result = await connected.client.callTool({
        name: 'configure_widget',
        arguments: { name: 'w', kind: 'chart', size: { width: 10 }, target: { type: 'url', href: 'https://example.com' } },
      });
      expect(result.isError).not.toBe(true);
      expect(result.structuredContent).toMatchObject({ retries: 3, enabled: true, tags: [], size: { width: 10 } });
    });

    it('sends progress notifications for long_task', async () => {
      const from = connected.inbound.length;
      const result = await connected.client.callTool(
        { name: 'long_task', arguments: { steps: 3, stepMs: 5 } },
        { onprogress: () => undefined },
      );
      expect(textOf(result)).toBe('Completed 3 steps');
      const progress = connected.inbound
        .slice(from)
        .flatMap((m) => ('method' in m && m.method === 'notifications/progress' ? [m.params as { progress: number; total: number }] : []));
      expect(progress.map((p) => [p.progress, p.total])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
    });

    it('round-trips sampling, elicitation and roots through the client handlers', async () => {
      expect(textOf(await connected.client.callTool({ name: 'ask_llm', arguments: { question: 'meaning of life?' } }))).toContain(
        SAMPLING_ANSWER,
      );
      const asked = await connected.client.callTool({ name: 'ask_user', arguments: {} });
      expect(asked.structuredContent).toEqual({ name: 'Ada', colour: 'blue', subscribe: true });
      expect(textOf(await connected.client.callTool({ name: 'list_roots', arguments: {} }))).toContain(CLIENT_ROOT.uri);
    });

    it('emits log messages at several levels', async () => {
      const before = log.count('notifications/message');
      await connected.client.callTool({
        name: 'emit_logs',
        arguments: { levels: ['debug', 'info', 'warning', 'error'] },
        // 2026-07-28 sends notifications/message only for requests that carry a log level.
        ...(era === 'modern' && { _meta: { [LOG_LEVEL_META_KEY]: 'debug' } }),
      });
      await log.untilCount('notifications/message', before + 4);
      const levels = log.seen
        .filter((n) => n.method === 'notifications/message' && n.params?.logger === 'demo')
        .map((n) => n.params?.level);
      expect(levels.slice(-4)).toEqual(['debug', 'info', 'warning', 'error']);
    });
  });

  describe('resources', () => {
    it('paginates resources/list', async () => {
      const firstPage = await connected.client.request({ method: 'resources/list', params: {} });
      expect(firstPage.resources).toHaveLength(5);
      expect(firstPage.nextCursor).toBeTypeOf('string');
      const all = await connected.client.listResources();
      expect(all.resources).toHaveLength(17);
      expect(all.resources.map((r) => r.uri)).toContain('demo://items/12');
    });

    it('reads text, JSON, blob and templated resources, and completes the template', async () => {
      const hello = await connected.client.readResource({ uri: 'demo://static/hello.txt' });
      expect(hello.contents[0]).toMatchObject({ mimeType: 'text/plain' });
      const blob = await connected.client.readResource({ uri: 'demo://static/pixel.png' });
      expect('blob' in blob.contents[0] && Buffer.from(blob.contents[0].blob, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
      const item = await connected.client.readResource({ uri: 'demo://items/3' });
      expect('text' in item.contents[0] && JSON.parse(item.contents[0].text)).toMatchObject({ id: '3' });
      await expect(connected.client.readResource({ uri: 'demo://items/99' })).rejects.toThrow();
      const { resourceTemplates } = await connected.client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('demo://items/{id}');
      const completion = await connected.client.complete({
        ref: { type: 'ref/resource', uri: 'demo://items/{id}' },
        argument: { name: 'id', value: '1' },
      });
      expect(completion.completion.values).toEqual(['1', '10', '11', '12']);
    });

    it('sends demo://clock updates while subscribed, and tools/list_changed on toggle', async () => {
      const client = connected.client;
      const subscription =
        era === 'modern' ? await client.listen({ resourceSubscriptions: [CLOCK_URI], toolsListChanged: true }) : undefined;
      if (subscription === undefined) await client.subscribeResource({ uri: CLOCK_URI });
      else expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [CLOCK_URI], toolsListChanged: true });
      // Updates arriving also prove the server→client stream is open before the toggle.
      const updates = log.count('notifications/resources/updated');
      await log.untilCount('notifications/resources/updated', updates + 2, (n) => n.params?.uri === CLOCK_URI);

      const changes = log.count('notifications/tools/list_changed');
      await client.callTool({ name: 'toggle_extra_tool', arguments: {} });
      await log.untilCount('notifications/tools/list_changed', changes + 1);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('extra_tool');
      expect(textOf(await client.callTool({ name: 'extra_tool', arguments: {} }))).toContain('extra_tool says hi');
      await client.callTool({ name: 'toggle_extra_tool', arguments: {} });
      await log.untilCount('notifications/tools/list_changed', changes + 2);
      expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('extra_tool');

      if (subscription === undefined) await client.unsubscribeResource({ uri: CLOCK_URI });
      else await subscription.close();
    });
  });

  describe('prompts', () => {
    it('lists and gets prompts, with completion', async () => {
      const { prompts } = await connected.client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['greeting', 'summarize_item']));
      const greeting = await connected.client.getPrompt({ name: 'greeting' });
      expect(greeting.messages[0].content.type).toBe('text');
      const summary = await connected.client.getPrompt({ name: 'summarize_item', arguments: { id: '3', style: 'short' } });
      expect(summary.messages.map((m) => m.content.type)).toEqual(['text', 'resource', 'image']);
      const completion = await connected.client.complete({
        ref: { type: 'ref/prompt', name: 'summarize_item' },
        argument: { name: 'style', value: 'b' },
      });
      expect(completion.completion.values).toEqual(['bullet points']);
    });
  });
}
