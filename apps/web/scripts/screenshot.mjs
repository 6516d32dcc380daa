// Takes screenshots of a running mcpscope (for looking at the UI, not a test).
//   node apps/web/scripts/screenshot.mjs 'http://127.0.0.1:PORT/#token=…' out-dir
import { chromium } from '@playwright/test';

const [url, outDir = '/tmp/mcpscope-shots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const external = [];
for (const scheme of ['light', 'dark']) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 }, colorScheme: scheme });
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !u.protocol.startsWith('data') && !u.protocol.startsWith('blob'))
      external.push(r.url());
  });
  page.on(
    'console',
    (m) =>
      (m.type() === 'error' || m.type() === 'warning') &&
      console.log(`[${scheme}] console ${m.type()}:`, m.text(), JSON.stringify(m.location())),
  );
  page.on('pageerror', (e) => console.log(`[${scheme}] page error:`, e.message));
  await page.goto(url);
  await page.getByTestId('session-item').first().waitFor();
  await page.getByTestId('session-item').filter({ hasText: 'demo' }).first().click();
  await page.getByTestId('frame-row').first().waitFor();
  if (scheme === 'light') {
    await page.getByTestId('tab-composer').click();
    for (const method of ['tools/list', 'resources/list', 'prompts/list', 'tools/call']) {
      await page.getByTestId('composer-template').selectOption(method);
      await page.getByTestId('composer-send').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=composer-response]')?.getAttribute('data-state') !== 'pending');
    }
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${outDir}/composer-${scheme}.png` });
    await page.getByTestId('tab-frames').click();
  }
  const rows = page.getByTestId('frame-row');
  await rows.nth(Math.min(3, (await rows.count()) - 1)).click();
  await page.getByTestId('frame-detail').waitFor();
  await page.screenshot({ path: `${outDir}/frames-${scheme}.png` });
  await page.getByTestId('tab-console').click();
  await page.screenshot({ path: `${outDir}/console-${scheme}.png` });
  await page.getByTestId('tab-frames').click();
  await page.close();
}
console.log(external.length ? `EXTERNAL REQUESTS: ${external.join(', ')}` : 'no external requests');
await browser.close();
