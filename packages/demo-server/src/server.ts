import { McpServer } from '@modelcontextprotocol/server';

import { DemoState } from './demoState.js';
import { registerPrompts } from './prompts/registerPrompts.js';
import { registerResources } from './resources/registerResources.js';
import { ResourceSubscriptions } from './resources/resourceSubscriptions.js';
import { registerBasicTools } from './tools/basicTools.js';
import { registerClientRequestTools } from './tools/clientRequestTools.js';
import { registerExtraToolSwitch } from './tools/extraTool.js';
import { registerLongTask } from './tools/longTask.js';
import { registerMediaTools } from './tools/mediaTools.js';
import { registerRichSchemaTool } from './tools/richSchemaTool.js';

export const DEMO_SERVER_INFO = { name: 'mcpscope-demo-server', title: 'mcpscope demo server', version: '0.1.0' } as const;

export interface DemoServerOptions {
  /** Shared state (extra-tool switch, clock). Default: a fresh one for this instance. */
  state?: DemoState;
  /** The era the instance will serve, when the serving entry knows it. Default 'legacy'. */
  era?: 'legacy' | 'modern';
  /**
   * Whether this instance follows shared-state changes and turns them into notifications
   * on its own connection. True for long-lived instances (stdio, 2025-era HTTP sessions);
   * false for the per-request instances of the 2026-07-28 HTTP leg, whose changes reach
   * clients through the entry's `subscriptions/listen` bus instead. Default true.
   */
  live?: boolean;
}

/** Builds the demo server. No IO: connect it to a transport (or hand it to a serving entry). */
export function createDemoServer(options: DemoServerOptions = {}): McpServer {
  const state = options.state ?? new DemoState();
  const server = new McpServer(DEMO_SERVER_INFO, {
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
    },
    instructions:
      'Demo target for mcpscope. Every MCP feature has a tool, resource or prompt here: try echo, add, long_task, ask_llm, ask_user, list_roots, toggle_extra_tool, demo://clock.',
    // Also makes list_changed sends asynchronous with their errors reported to onerror.
    debouncedNotificationMethods: [
      'notifications/tools/list_changed',
      'notifications/resources/list_changed',
      'notifications/prompts/list_changed',
    ],
  });

  registerBasicTools(server);
  registerMediaTools(server);
  registerLongTask(server);
  registerClientRequestTools(server);
  registerRichSchemaTool(server);
  const extraTool = registerExtraToolSwitch(server, state);
  registerResources(server);
  registerPrompts(server);
  const subscriptions = new ResourceSubscriptions(state);
  subscriptions.install(server);

  let unsubscribe: (() => void) | undefined;
  if (options.live ?? true) {
    // On the 2026-07-28 era every update goes out and the SDK's listen router filters it
    // per subscription; on a 2025-era connection only subscribed URIs are notified.
    const modern = options.era === 'modern';
    unsubscribe = state.subscribe((event) => {
      if (event.kind === 'tools_changed') {
        extraTool.sync();
      } else if (server.isConnected() && (modern || subscriptions.has(event.uri))) {
        server.server.sendResourceUpdated({ uri: event.uri }).catch((error: unknown) => {
          process.stderr.write(`demo-server: resources/updated not sent: ${String(error)}\n`);
        });
      }
    });
  }
  server.server.onclose = () => {
    unsubscribe?.();
    subscriptions.clear();
  };
  return server;
}
