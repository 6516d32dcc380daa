import { expect, type Page } from '@playwright/test';
import { FindingsPanel } from './pages/findings-panel.js';
import { FramesPanel } from './pages/frames-panel.js';
import { AppHandle } from './pages/app-handle.js';
import { boxedStep } from './pages/boxed-step.js';
import { PromptsPanel } from './pages/prompts-panel.js';
import { ResourcesPanel } from './pages/resources-panel.js';
import { ToolsPanel } from './pages/tools-panel.js';
import type { TestSession } from './test-session.js';
import type { Inspector, McpApp } from './ui-types.js';

/** How long the UI may take to load and list the session (a busy CI machine, a cold browser). */
const UI_LOAD_MS = 30_000;

/** Where the worker's mcpscope UI listens: `url` carries the token in its fragment. */
export interface InspectorAddress {
  url: string;
  baseUrl: string;
}

/**
 * The `inspector` fixture (see Inspector): the UI is served by the worker's proxy over the same
 * engine as the `mcp` session. Page objects drive it by test ids, not by visible labels.
 */
export class InspectorPage implements Inspector {
  readonly tools: ToolsPanel;
  readonly resources: ResourcesPanel;
  readonly prompts: PromptsPanel;
  readonly frames: FramesPanel;
  readonly findings: FindingsPanel;

  constructor(
    readonly page: Page,
    readonly url: string,
    private readonly mcp: TestSession,
  ) {
    this.tools = new ToolsPanel(page);
    this.resources = new ResourcesPanel(page);
    this.prompts = new PromptsPanel(page);
    this.frames = new FramesPanel(page);
    this.findings = new FindingsPanel(page);
  }

  static open(page: Page, address: InspectorAddress, mcp: TestSession): Promise<InspectorPage> {
    return boxedStep('mcpscope: open the inspector on the session', () => InspectorPage.openNow(page, address, mcp));
  }

  private static async openNow(page: Page, address: InspectorAddress, mcp: TestSession): Promise<InspectorPage> {
    // The Tools view's JSON editor takes pasted arguments (setArguments).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(address.baseUrl).origin });
    await page.goto(address.url);
    const item = page.locator(`[data-testid="session-item"][data-session-id="${mcp.handle.session.id}"]`);
    // Loading the UI is the fixture's setup, not an action of the test: it gets its own time.
    await expect(item).toBeVisible({ timeout: UI_LOAD_MS });
    await item.click();
    await expect(item).toHaveAttribute('aria-selected', 'true');
    await expect(item).toHaveAttribute('data-state', 'connected');
    return new InspectorPage(page, address.baseUrl, mcp);
  }

  app(toolName: string, args: Record<string, unknown> = {}): Promise<McpApp> {
    return boxedStep(`mcpscope: render the app of ${toolName}`, () => this.renderApp(toolName, args));
  }

  private async renderApp(toolName: string, args: Record<string, unknown>): Promise<McpApp> {
    await this.tools.call(toolName, args);
    const view = this.page.locator('[data-testid="app-view"]:not([hidden])');
    await expect(view).toHaveAttribute('data-state', 'ready');
    const uri = (await view.getAttribute('data-uri')) ?? '';
    const viewId = (await view.getAttribute('data-view')) ?? '';
    const frame = view.getByTestId('app-frame').contentFrame().locator('iframe').contentFrame();
    return new AppHandle(frame, view, uri, viewId, this.mcp);
  }
}
