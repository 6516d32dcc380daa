import { expect, type Locator, type Page } from '@playwright/test';
import { boxedStep } from './boxed-step.js';

/** The Tools view as a person drives it: pick a tool, fill its arguments, call it, read the result. */
export class ToolsPanel {
  constructor(readonly page: Page) {}

  open(): Promise<void> {
    return boxedStep('mcpscope: open Tools', async () => {
      await this.page.getByTestId('tab-tools').click();
      await expect(this.page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
    });
  }

  items(): Locator {
    return this.page.getByTestId('tool-item');
  }

  item(name: string): Locator {
    return this.page.locator(`[data-testid="tool-item"][data-name="${cssString(name)}"]`);
  }

  select(name: string): Promise<void> {
    return boxedStep(`mcpscope Tools: select ${name}`, async () => {
      await this.open();
      await this.item(name).click();
      await expect(this.page.getByTestId('tool-header')).toHaveAttribute('data-name', name);
    });
  }

  /** The input of a form field by its path (`a.b` for nested objects). */
  field(path: string): Locator {
    return this.page
      .locator(`[data-testid="tool-field"][data-path="${cssString(path)}"]`)
      .locator('input, textarea, select')
      .first();
  }

  /**
   * Replaces the arguments with this JSON, pasted into the JSON editor as a person would (typed
   * text would be auto-closed and auto-indented by the editor); while the editor still loads,
   * typed into the plain text box the view shows meanwhile.
   */
  setArguments(args: Record<string, unknown>): Promise<void> {
    return boxedStep('mcpscope Tools: set the arguments', async () => {
      const text = JSON.stringify(args, null, 2);
      await this.page.getByTestId('tool-mode-json').click();
      const box = this.page.getByTestId('tool-json');
      const editor = box.locator('.monaco-editor');
      const plain = box.locator('textarea:not(.monaco-editor textarea)');
      await expect(editor.or(plain).first()).toBeVisible();
      // The editor may replace the box as it loads (it starts from the text the box set): then paste.
      const typed =
        !(await editor.isVisible()) &&
        (await plain.fill(text, { timeout: 1_000 }).then(
          () => true,
          () => false,
        ));
      if (!typed) {
        await editor.click();
        await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
        await this.page.keyboard.press('ControlOrMeta+A');
        await this.page.keyboard.press('ControlOrMeta+V');
      }
      await expect(this.page.getByTestId('tool-args-validation')).not.toHaveAttribute('data-status', 'syntax');
    });
  }

  /** Calls the selected tool (or `name`, with `args`) and waits until this call has ended. */
  call(name?: string, args?: Record<string, unknown>): Promise<Locator> {
    return boxedStep(`mcpscope Tools: call${name === undefined ? '' : ` ${name}`}`, () => this.callNow(name, args));
  }

  private async callNow(name?: string, args?: Record<string, unknown>): Promise<Locator> {
    if (name !== undefined) await this.select(name);
    if (args !== undefined && Object.keys(args).length > 0) await this.setArguments(args);
    // A call ends as a new entry on top of the tool's history (its time to the millisecond):
    // the result panel may still show the previous call's outcome until then.
    const newest = this.page.getByTestId('tool-history-item').first();
    const text = async () => ((await newest.count()) > 0 ? await newest.innerText() : '');
    const before = await text();
    await this.page.getByTestId('tool-call').click();
    await expect.poll(text, { message: 'the tool call to end (a new entry in its history)' }).not.toBe(before);
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
