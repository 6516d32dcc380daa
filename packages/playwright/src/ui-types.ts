import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { FindingsPanel } from './pages/findings-panel.js';
import type { FramesPanel } from './pages/frames-panel.js';
import type { PromptsPanel } from './pages/prompts-panel.js';
import type { ResourcesPanel } from './pages/resources-panel.js';
import type { ToolsPanel } from './pages/tools-panel.js';
import type { McpFrame } from './types.js';

/**
 * An MCP App mcpscope rendered for a tools/call: its document (in the sandbox of another origin,
 * behind the real AppBridge) and its conversation with mcpscope as the host.
 */
export interface McpApp {
  /** The app's own document: click, fill and assert in it as in any page. */
  readonly frame: FrameLocator;
  /** mcpscope's view around it (`data-state`: loading, ready, closed…). */
  readonly view: Locator;
  /** The `ui://` resource it was rendered from. */
  readonly uri: string;
  /** The id mcpscope gave this rendering (its app-channel frames carry it as `app.view`). */
  readonly viewId: string;
  /** Every app⇄host message of this view, in order: `in` from the app, `out` from mcpscope (its AppBridge). */
  messages(): Promise<McpFrame[]>;
}

/**
 * The `inspector` fixture: mcpscope's UI in the test's page, showing the `mcp` session (the same
 * connection: what the test sends shows in Frames, what is clicked in the UI is in `mcp.frames()`).
 */
export interface Inspector {
  readonly page: Page;
  /** The UI's address, without its token. */
  readonly url: string;
  readonly tools: ToolsPanel;
  readonly resources: ResourcesPanel;
  readonly prompts: PromptsPanel;
  readonly frames: FramesPanel;
  readonly findings: FindingsPanel;
  /**
   * Calls a tool that has a `ui://` interface from the Tools view (arguments pasted as JSON) and
   * resolves when its app is ready: initialized through the AppBridge, given the tool's input and result.
   */
  app(toolName: string, args?: Record<string, unknown>): Promise<McpApp>;
}
