import { expect, type Locator, type Page } from '@playwright/test';
import { boxedStep } from './boxed-step.js';
import { cssString } from './tools-panel.js';

/** The Prompts view: pick a prompt, fill its arguments, get its messages. */
export class PromptsPanel {
  constructor(readonly page: Page) {}

  open(): Promise<void> {
    return boxedStep('mcpscope: open Prompts', async () => {
      await this.page.getByTestId('tab-prompts').click();
      await expect(this.page.getByTestId('tab-prompts')).toHaveAttribute('aria-selected', 'true');
    });
  }

  items(): Locator {
    return this.page.getByTestId('prompt-item');
  }

  item(name: string): Locator {
    return this.page.locator(`[data-testid="prompt-item"][data-name="${cssString(name)}"]`);
  }

  argument(name: string): Locator {
    return this.page
      .locator(`[data-testid="prompt-arg"][data-arg="${cssString(name)}"]`)
      .locator('input, textarea, select')
      .first();
  }

  /** Selects the prompt, fills these arguments, gets it (prompts/get) and returns its messages. */
  get(name: string, args: Record<string, string> = {}): Promise<Locator> {
    return boxedStep(`mcpscope Prompts: get ${name}`, async () => {
      await this.open();
      await this.item(name).click();
      for (const [key, value] of Object.entries(args)) await this.argument(key).fill(value);
      await this.page.getByTestId('prompt-get').click();
      await expect(this.messages().or(this.page.getByTestId('prompt-error')).first()).toBeVisible();
      return this.messages();
    });
  }

  messages(role?: 'user' | 'assistant'): Locator {
    return this.page.locator(role ? `[data-testid="prompt-message"][data-role="${role}"]` : '[data-testid="prompt-message"]');
  }
}
