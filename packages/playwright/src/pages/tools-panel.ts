import { expect, type Locator, type Page } from '@playwright/test';

/** The Tools view as a person drives it: pick a tool, fill its arguments, call it, read the result. */
export class ToolsPanel {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('tab-tools').click();
    await expect(this.page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
  }

  items(): Locator {
    return this.page.getByTestId('tool-item');
  }

  item(name: string): Locator {
    return this.page.locator(`[data-testid="tool-item"][data-name="${cssString(name)}"]`);
  }

  async select(name: string): Promise<void> {
    await this.open();
    await this.item(name).click();
    await expect(this.page.getByTestId('tool-header')).toHaveAttribute('data-name', name);
  }

  /** The input of a form field by its path (`a.b` for nested objects). */
  field(path: string): Locator {
    return this.page.locator(`[data-testid="tool-field"][data-path="${cssString(path)}"]`).locator('input, textarea, select').first();
  }

  /**
   * Replaces the arguments with this JSON, pasted into the JSON editor as a person would (typed
   * text would be auto-closed and auto-indented by the editor).
   */
  async setArguments(args: Record<string, unknown>): Promise<void> {
    await this.page.getByTestId('tool-mode-json').click();
    const editor = this.page.locator('[data-testid="tool-json"] .monaco-editor');
    await expect(editor).toBeVisible();
    await editor.click();
    await this.page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify(args, null, 2));
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('ControlOrMeta+V');
    await expect(this.page.getByTestId('tool-args-validation')).not.toHaveAttribute('data-status', 'syntax');
  }

  /** Calls the selected tool (or `name`, with `args`) and waits for its outcome. */
  async call(name?: string, args?: Record<string, unknown>): Promise<Locator> {
    if (name !== undefined) await this.select(name);
    if (args !== undefined && Object.keys(args).length > 0) await this.setArguments(args);
    await this.page.getByTestId('tool-call').click();
    await expect(this.result()).toHaveAttribute('data-outcome', /.+/);
    return this.result();
  }

  /** The result panel; `data-outcome` is result, is-error, rpc-error, cancelled or timeout. */
  result(): Locator {
    return this.page.getByTestId('tool-result');
  }
}

/** A value for a CSS attribute selector in double quotes. */
export function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}
