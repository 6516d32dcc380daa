import type { FrameLocator, Locator } from '@playwright/test';
import type { TestSession } from '../test-session.js';
import type { McpFrame } from '../types.js';
import type { McpApp } from '../ui-types.js';

/** An app view of the inspector (see McpApp). */
export class AppHandle implements McpApp {
  constructor(
    readonly frame: FrameLocator,
    readonly view: Locator,
    readonly uri: string,
    readonly viewId: string,
    private readonly mcp: TestSession,
  ) {}

  async messages(): Promise<McpFrame[]> {
    return (await this.mcp.frames()).filter((f) => f.channel === 'app' && f.app?.view === this.viewId);
  }
}
