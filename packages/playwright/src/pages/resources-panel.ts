import { expect, type Locator, type Page } from '@playwright/test';
import { boxedStep } from './boxed-step.js';
import { cssString } from './tools-panel.js';

/** The Resources view: the listed resources and templates, and what reading one shows. */
export class ResourcesPanel {
  constructor(readonly page: Page) {}

  open(): Promise<void> {
    return boxedStep('mcpscope: open Resources', async () => {
      await this.page.getByTestId('tab-resources').click();
      await expect(this.page.getByTestId('tab-resources')).toHaveAttribute('aria-selected', 'true');
    });
  }

  items(): Locator {
    return this.page.getByTestId('resource-item');
  }

  item(uri: string): Locator {
    return this.page.locator(`[data-testid="resource-item"][data-uri="${cssString(uri)}"]`);
  }

  templates(): Locator {
    return this.page.getByTestId('resource-template-item');
  }

  /** Selects a listed resource, which reads it (resources/read), and returns its content. */
  read(uri: string): Promise<Locator> {
    return boxedStep(`mcpscope Resources: read ${uri}`, async () => {
      await this.open();
      await this.item(uri).click();
      const content = this.content(uri);
      await expect(content.first()).toBeVisible();
      return content;
    });
  }

  /** The contents shown (`data-kind`: text, json, image, binary…). */
  content(uri?: string): Locator {
    return this.page.locator(uri ? `[data-testid="resource-content"][data-uri="${cssString(uri)}"]` : '[data-testid="resource-content"]');
  }
}
