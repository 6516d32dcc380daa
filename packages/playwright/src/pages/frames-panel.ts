import { expect, type Locator, type Page } from '@playwright/test';
import { boxedStep } from './boxed-step.js';

/** The Frames view: the frame log, its filter, one frame's detail. */
export class FramesPanel {
  constructor(readonly page: Page) {}

  open(): Promise<void> {
    return boxedStep('mcpscope: open Frames', async () => {
      await this.page.getByTestId('tab-frames').click();
      await expect(this.page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
    });
  }

  /** Rows by method and direction (`out`: to the server; on the app channel, to the app). */
  rows(method?: string, dir?: 'in' | 'out'): Locator {
    let selector = '[data-testid="frame-row"]';
    if (method) selector += `[data-method="${method.replace(/["\\]/g, '\\$&')}"]`;
    if (dir) selector += `[data-dir="${dir}"]`;
    return this.page.locator(selector);
  }

  /** The row with this `#` (a frame's seq, as failure messages name it). */
  row(seq: number): Locator {
    return this.page.locator(`[data-testid="frame-row"][data-seq="${seq}"]`);
  }

  /** Types a filter (`method:tools/call`, `channel:app`, `origin:app`…, the grammar of the filter box). */
  filter(text: string): Promise<void> {
    return boxedStep(`mcpscope Frames: filter ${text}`, async () => {
      await this.open();
      await this.page.getByTestId('frame-filter').fill(text);
    });
  }

  /** Opens frame `#seq` in the detail pane. */
  show(seq: number): Promise<Locator> {
    return boxedStep(`mcpscope Frames: show #${seq}`, async () => {
      await this.open();
      await this.row(seq).click();
      const detail = this.page.getByTestId('frame-detail');
      await expect(detail).toBeVisible();
      return detail;
    });
  }
}
