import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestInfo,
  type TestType,
} from '@playwright/test';
import { Engine, flushRecordings } from '@mcpscope/engine';
import { generateToken, startProxy } from '@mcpscope/proxy';
import { InspectorPage, type InspectorAddress } from './inspector.js';
import { SessionHandle } from './session-handle.js';
import { TestSession } from './test-session.js';
import { WorkerSessions } from './worker-sessions.js';
import type { McpServer, McpSession } from './types.js';
import type { Inspector } from './ui-types.js';
import { webDir } from './web-dir.js';

/** Options, set in playwright.config `use:`, or with `test.use` in a file or a describe block. */
export interface McpscopeOptions {
  /** The server under test: `{ command, args?, env?, cwd? }` (stdio) or `{ url, headers?, bearer?, oauth? }`. */
  mcpServer: McpServer | undefined;
  /**
   * `test` (default): a session per test. `worker`: one session per worker and server, opened by
   * the first test that needs it and shared by the worker's later tests in turn.
   */
  mcpSessionScope: 'test' | 'worker';
  /** How long connecting may take (default 15 000 ms, inside the default 30 s test timeout). */
  mcpConnectTimeout: number;
}

export interface McpscopeFixtures {
  /** A headless session through mcpscope's engine, its trace attached to the test. */
  mcp: McpSession;
  /** mcpscope's UI for the same session, in the test's `page`. */
  inspector: Inspector;
}

interface Internal {
  _mcpscopeEngine: Engine;
  _mcpscopeWorkerSessions: WorkerSessions;
  _mcpscopeUi: InspectorAddress;
}

const TRACE = 'mcpscope-trace';

async function attachTrace(testInfo: TestInfo, path: string): Promise<void> {
  flushRecordings(); // a worker session's file is still being written
  await testInfo.attach(TRACE, { path, contentType: 'application/x-ndjson' });
}

/** A server request the test did not answer is a note on the test (the server got a refusal). */
function noteRefusals(testInfo: TestInfo, handle: SessionHandle): void {
  for (const method of handle.answers.refused)
    testInfo.annotations.push({ type: 'mcpscope', description: `refused ${method}: the test set no handler for it` });
}

const extended = base.extend<McpscopeOptions & McpscopeFixtures, Internal>({
  mcpServer: [undefined, { option: true }],
  mcpSessionScope: ['test', { option: true }],
  mcpConnectTimeout: [15_000, { option: true }],

  _mcpscopeEngine: [
    async ({}, use) => {
      // No traces folder: each session records to the file the fixtures name, attached to its test.
      const engine = new Engine({ recordAll: false });
      await use(engine);
      await engine.dispose();
    },
    { scope: 'worker', box: true },
  ],

  _mcpscopeWorkerSessions: [
    async ({ _mcpscopeEngine }, use, workerInfo) => {
      const sessions = new WorkerSessions(_mcpscopeEngine, (n) =>
        join(workerInfo.project.outputDir, `${TRACE}-worker${workerInfo.workerIndex}-${n}.ndjson`),
      );
      await use(sessions);
      await sessions.closeAll();
    },
    { scope: 'worker', box: true },
  ],

  _mcpscopeUi: [
    async ({ _mcpscopeEngine }, use) => {
      const proxy = await startProxy({ engine: _mcpscopeEngine, staticDir: webDir(), token: generateToken() });
      await use({ url: proxy.url, baseUrl: proxy.baseUrl });
      await proxy.close();
    },
    { scope: 'worker', box: true },
  ],

  mcp: async ({ _mcpscopeEngine, _mcpscopeWorkerSessions, mcpServer, mcpSessionScope, mcpConnectTimeout }, use, testInfo) => {
    if (mcpSessionScope === 'worker') {
      const shared = await _mcpscopeWorkerSessions.get(mcpServer, mcpConnectTimeout);
      try {
        await use(new TestSession(shared.handle, shared.nextFrom));
      } finally {
        shared.nextFrom = shared.handle.lastSeq;
        noteRefusals(testInfo, shared.handle);
        await attachTrace(testInfo, shared.handle.tracePath);
      }
      return;
    }
    const trace = testInfo.outputPath(`${TRACE}.ndjson`);
    mkdirSync(testInfo.outputDir, { recursive: true });
    let handle: SessionHandle;
    try {
      handle = await SessionHandle.open(_mcpscopeEngine, mcpServer, { trace, connectTimeoutMs: mcpConnectTimeout });
    } catch (err) {
      // A failed connect has a trace too (what the server printed, the handshake it did not finish).
      await attachTrace(testInfo, trace).catch(() => undefined);
      throw err;
    }
    try {
      await use(new TestSession(handle, 0));
    } finally {
      noteRefusals(testInfo, handle);
      await handle.close();
      await attachTrace(testInfo, trace);
    }
  },

  inspector: async ({ mcp, page, _mcpscopeUi }, use) => {
    await use(await InspectorPage.open(page, _mcpscopeUi, mcp as TestSession));
    // The test is over: the page stops talking to the session before it closes (an MCP App
    // still posting its messages would be refused).
    await page.goto('about:blank').catch(() => undefined);
  },
});

/**
 * Playwright's `test` with mcpscope's fixtures: `mcp` (a session through mcpscope's engine) and
 * `inspector` (mcpscope's UI for that same session), configured by the `mcpServer` option.
 */
export const test = extended as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & McpscopeOptions & McpscopeFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;
