import { Client, type JSONRPCMessage, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { demoStdioEntry } from '../entryPaths.js';

/** Test-only helpers: real clients (SDK v2) against the real demo server. Not built. */

export type Era = 'legacy' | 'modern';

export const SAMPLING_ANSWER = 'forty-two';
export const ELICITED_PROFILE = { name: 'Ada', colour: 'blue', subscribe: true } as const;
export const CLIENT_ROOT = { uri: 'file:///tmp/demo-root', name: 'demo root' } as const;

/** A client that declares sampling, form elicitation and roots, and answers all three. */
export function createTestClient(era: Era): Client {
  const client = new Client(
    { name: 'demo-server-tests', version: '0.0.0' },
    {
      capabilities: { sampling: {}, elicitation: { form: {} }, roots: {} },
      ...(era === 'modern' && { versionNegotiation: { mode: 'auto' as const } }),
    },
  );
  client.setRequestHandler('sampling/createMessage', async () => ({
    model: 'test-model',
    role: 'assistant' as const,
    content: { type: 'text' as const, text: SAMPLING_ANSWER },
  }));
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept' as const, content: { ...ELICITED_PROFILE } }));
  client.setRequestHandler('roots/list', async () => ({ roots: [{ ...CLIENT_ROOT }] }));
  return client;
}

/** Collects a child's stderr and resolves waits as soon as the text shows up. */
export class TextLog {
  private text = '';
  private readonly waiters = new Set<{ needle: string; resolve: () => void }>();

  append(chunk: string): void {
    this.text += chunk;
    for (const waiter of [...this.waiters]) {
      if (this.text.includes(waiter.needle)) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  get value(): string {
    return this.text;
  }

  waitFor(needle: string): Promise<void> {
    if (this.text.includes(needle)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ needle, resolve }));
  }
}

export interface Connected {
  client: Client;
  /** Every message the client transport received, in arrival order (tapped below the SDK). */
  inbound: JSONRPCMessage[];
  stderr?: TextLog;
  close(): Promise<void>;
}

/**
 * Records inbound frames at the transport, before the client dispatches them. Needed for
 * progress: the v2 client runs notification handlers on a microtask but settles responses
 * synchronously, so a progress notification that arrives in the same chunk as the result
 * never reaches `onprogress`.
 */
function tapInbound(transport: Transport): JSONRPCMessage[] {
  const inbound: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    inbound.push(message);
    deliver?.(message, extra);
  };
  return inbound;
}

/** Spawns the built `dist/stdio.js` as a real child process and connects to it. */
export async function connectStdio(era: Era): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [demoStdioEntry()],
    env: { ...getDefaultEnvironment(), DEMO_CLOCK_INTERVAL_MS: '50' },
    stderr: 'pipe',
  });
  const stderr = new TextLog();
  transport.stderr?.on('data', (chunk: Buffer) => stderr.append(chunk.toString('utf8')));
  const client = createTestClient(era);
  await client.connect(transport);
  return { client, inbound: tapInbound(transport), stderr, close: () => client.close() };
}

export async function connectHttp(url: string, era: Era): Promise<Connected & { transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = createTestClient(era);
  await client.connect(transport);
  return { client, transport, inbound: tapInbound(transport), close: () => client.close() };
}

type WatchedMethod =
  | 'notifications/tools/list_changed'
  | 'notifications/resources/updated'
  | 'notifications/message'
  | 'notifications/progress';

export interface SeenNotification {
  method: string;
  params?: Record<string, unknown>;
}

/** Records notifications of the watched methods; `until` waits for a condition on them. */
export class NotificationLog {
  readonly seen: SeenNotification[] = [];
  private readonly waiters = new Set<{ test: (seen: SeenNotification[]) => boolean; resolve: () => void }>();

  constructor(client: Client, methods: WatchedMethod[]) {
    for (const method of methods) {
      client.setNotificationHandler(method, (notification) => {
        this.seen.push(notification as SeenNotification);
        for (const waiter of [...this.waiters]) {
          if (waiter.test(this.seen)) {
            this.waiters.delete(waiter);
            waiter.resolve();
          }
        }
      });
    }
  }

  count(method: string, test: (n: SeenNotification) => boolean = () => true): number {
    return this.seen.filter((n) => n.method === method && test(n)).length;
  }

  until(test: (seen: SeenNotification[]) => boolean): Promise<void> {
    if (test(this.seen)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ test, resolve }));
  }

  /** Waits until at least `atLeast` notifications of `method` (matching `test`) were seen. */
  untilCount(method: string, atLeast: number, test?: (n: SeenNotification) => boolean): Promise<void> {
    return this.until(() => this.count(method, test) >= atLeast);
  }
}
