import { expect as base, type Expect, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';
import { mcpscopeMatchers as matchers } from './matchers/index.js';
import type { CheckOptions, FrameQuery, McpSession, McpToolResult, Severity } from './types.js';

export { test, type McpscopeFixtures, type McpscopeOptions } from './fixtures.js';
export { McpError } from './mcp-error.js';
export { McpServerOptionError } from './server-option-error.js';
export { ToolsPanel } from './pages/tools-panel.js';
export { ResourcesPanel } from './pages/resources-panel.js';
export { PromptsPanel } from './pages/prompts-panel.js';
export { FramesPanel } from './pages/frames-panel.js';
export { FindingsPanel } from './pages/findings-panel.js';
export type { Inspector, McpApp } from './ui-types.js';
export type {
  CheckOptions,
  ElicitationHandler,
  ElicitResult,
  FrameOrigin,
  FrameQuery,
  McpFinding,
  McpFrame,
  McpHttpServer,
  McpOAuth,
  McpServer,
  McpSession,
  McpSessionInfo,
  McpStdioServer,
  McpTask,
  McpTool,
  McpToolResult,
  RequestOptions,
  SamplingHandler,
  ServerRequestHandler,
  Severity,
} from './types.js';

/** mcpscope's matchers: on `expect(mcp)`, and `toMatchOutputSchema` on a result of `mcp.callTool`. */
export type McpscopeMatchers = {
  /** No finding at `severity` or worse (default `warning`) on this test's frames. */
  toHaveNoFindings(this: ExpectMatcherState, mcp: McpSession, opts?: { severity?: Severity }): Promise<MatcherReturnType>;
  /** The result's structuredContent conforms to the tool's outputSchema (rule structured-content-schema). */
  toMatchOutputSchema(this: ExpectMatcherState, result: McpToolResult): Promise<MatcherReturnType>;
  /** mcpscope sent a frame matching the query in this test (waits up to the expect timeout). */
  toHaveSent(this: ExpectMatcherState, mcp: McpSession, query?: FrameQuery): Promise<MatcherReturnType>;
  /** A frame matching the query came in this test (waits up to the expect timeout). */
  toHaveReceived(this: ExpectMatcherState, mcp: McpSession, query?: FrameQuery): Promise<MatcherReturnType>;
  /** The session passes `mcpscope check` (no error finding). */
  toPassCheck(this: ExpectMatcherState, mcp: McpSession, opts?: CheckOptions): Promise<MatcherReturnType>;
};

/** For your own `expect.extend(mcpscopeMatchers)` (the `expect` below has them already). */
export const mcpscopeMatchers = matchers as unknown as McpscopeMatchers;

/** Playwright's `expect` with mcpscope's matchers. */
export const expect: Expect<McpscopeMatchers> = base.extend(mcpscopeMatchers);
