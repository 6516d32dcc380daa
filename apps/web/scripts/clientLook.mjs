// Screenshots of the client side of a running `mcpscope --demo` (dev aid, not a test): the sampling and
// elicitation dialogs answered, the Client tab, the palette and the shortcuts help.
//   node apps/web/scripts/clientLook.mjs 'http://127.0.0.1:PORT/#token=…' out-dir [light|dark]
import { chromium } from '@playwright/test';

const [url, outDir = '/tmp/mcpscope-shots', colorScheme = 'light'] = process.argv.slice(2);
const { origin } = new URL(url);
const token = new URL(url).hash.replace('#token=', '');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme });
page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(url);
await page.getByTestId('session-item').first().click();
const sessionId = await page.getByTestId('session-item').first().getAttribute('data-session-id');
const call = (name, args = {}) =>
  page.request.post(`${origin}/api/sessions/${sessionId}/requests`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { method: 'tools/call', params: { name, arguments: args } },
  });
const llm = call('ask_llm', { question: 'What is the capital of France?' });
await page.getByTestId('sampling-dialog').waitFor();
await page.screenshot({ path: `${outDir}/sampling.png` });
await page.getByTestId('sampling-reply-text').fill('Paris.');
await page.getByTestId('sampling-approve').click();
console.log('ask_llm →', JSON.stringify((await (await llm).json()).result?.content));
const user = call('ask_user', { message: 'Tell us about yourself' });
await page.getByTestId('elicitation-dialog').waitFor();
await page.getByTestId('elicitation-accept').click();
await page.screenshot({ path: `${outDir}/elicitation.png` });
await page.locator('[data-testid=elicitation-field][data-name=name] input').fill('Ada');
await page.locator('[data-testid=elicitation-field][data-name=colour] select').selectOption('blue');
await page.getByTestId('elicitation-accept').click();
console.log('ask_user →', JSON.stringify((await (await user).json()).result?.content));
await page.getByTestId('tab-client').click();
await page.getByTestId('roots-add').click();
await page.getByTestId('root-uri').last().fill('file:///tmp/project');
await page.getByTestId('root-name').last().fill('Project');
await page.getByTestId('roots-save').click();
await page.getByTestId('ping-button').click();
await page.waitForTimeout(500);
console.log('list_roots →', JSON.stringify((await (await call('list_roots')).json()).result?.content));
await page.waitForTimeout(300);
await page.screenshot({ path: `${outDir}/client.png` });
await page.keyboard.press('Control+k');
await page.getByTestId('palette-input').fill('askl');
await page.screenshot({ path: `${outDir}/palette.png` });
await page.keyboard.press('Enter');
await page.waitForTimeout(300);
await page.screenshot({ path: `${outDir}/palette-jump.png` });
await page.keyboard.press('?');
await page.screenshot({ path: `${outDir}/help.png` });
await browser.close();
