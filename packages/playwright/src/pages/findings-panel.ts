import { expect, type Locator, type Page } from '@playwright/test';
import { boxedStep } from './boxed-step.js';
import { cssString } from './tools-panel.js';

/** The Findings view: the session's findings grouped by rule, each naming its frame. */
export class FindingsPanel {
  constructor(readonly page: Page) {}

  open(): Promise<void> {
    return boxedStep('mcpscope: open Findings', async () => {
      await this.page.getByTestId('tab-findings').click();
      await expect(this.page.getByTestId('tab-findings')).toHaveAttribute('aria-selected', 'true');
    });
  }

  /** One group per rule (`data-rule`, `data-severity`). */
  groups(): Locator {
    return this.page.getByTestId('finding-group');
  }

  group(rule: string): Locator {
    return this.page.locator(`[data-testid="finding-group"][data-rule="${cssString(rule)}"]`);
  }

  /** The findings of a group (or of every open group); `data-seq` is the frame's `#`. */
  items(rule?: string): Locator {
    return (rule ? this.group(rule) : this.page).getByTestId('finding-item');
  }
}
