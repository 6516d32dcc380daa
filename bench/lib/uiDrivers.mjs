// How bench/ui.mjs drives each UI in Chromium (Playwright). Selectors were read off the live DOM
// of mcpscope (data-testid) and of the official inspector 2.12 (Mantine: roles, labels, text).
export const TIMEOUT = 30_000;

const step = (what, fn) =>
  fn().catch((err) => {
    throw new Error(`${what}: ${String(err.message).split('\n')[0]}`);
  });

/** How each UI is driven. `url` is what the tool prints (it carries its token). */
export const uiDrivers = (demo) => {
  const drivers = {
    mcpscope: {
      url: (out, port) => `http://127.0.0.1:${port}/#token=bench-token`,
      ready: (page) => page.getByTestId('tab-tools').waitFor({ timeout: TIMEOUT }),
      async toolsListed(page) {
        await page.getByTestId('tab-tools').click({ timeout: TIMEOUT });
        await page.locator('[data-testid="tool-item"][data-name="echo"]').waitFor({ timeout: TIMEOUT });
      },
      async prepareEcho(page, message) {
        await page.locator('[data-testid="tool-item"][data-name="echo"]').click();
        await page.locator('[data-testid="tool-field"][data-path="message"]').locator('input, textarea').first().fill(message);
      },
      async echo(page, message) {
        await page.getByTestId('tool-call').click();
        await page.getByTestId('tool-result').getByText(message, { exact: true }).first().waitFor({ timeout: TIMEOUT });
      },
    },
    // Launched with no server: the page's Connect form spawns it, as the inspector's switch does.
    mcpscopeForm: {
      url: (out, port) => `http://127.0.0.1:${port}/#token=bench-token`,
      ready: (page) => page.getByTestId('conn-connect').waitFor({ timeout: TIMEOUT }),
      async toolsListed(page) {
        await page.getByTestId('conn-command').fill('node', { timeout: TIMEOUT });
        await page.getByTestId('conn-args').fill(demo);
        await page.getByTestId('conn-connect').click();
        // The UI shows the new session's Frames tab once it is connected; then open Tools.
        await page.getByTestId('status-state').getByText('connected', { exact: true }).waitFor({ timeout: TIMEOUT });
        await drivers.mcpscope.toolsListed(page);
      },
      prepareEcho: (page, message) => drivers.mcpscope.prepareEcho(page, message),
      echo: (page, message) => drivers.mcpscope.echo(page, message),
    },
    inspector: {
      // "MCP Inspector Web is up and running at: http://127.0.0.1:P?MCP_INSPECTOR_API_TOKEN=…"
      ready: (page) => page.getByRole('switch', { name: /Connect or disconnect/ }).waitFor({ state: 'attached', timeout: TIMEOUT }),
      url: (out) => /(http:\/\/127\.0\.0\.1:\d+\?MCP_INSPECTOR_API_TOKEN=\S+)/.exec(out)?.[1],
      async toolsListed(page) {
        // Its server card has a connect switch (the stdio child is spawned only now).
        await step('connect switch', () =>
          page.getByRole('switch', { name: /Connect or disconnect/ }).click({ force: true, timeout: TIMEOUT }),
        );
        await step('Tools tab', () =>
          page
            .locator('label', { hasText: /^Tools$/ })
            .first()
            .click({ timeout: TIMEOUT }),
        );
        await step('tool list', () =>
          page.locator('button[data-variant=listItem]', { hasText: /^Echo\s*echo$/ }).waitFor({ timeout: TIMEOUT }),
        );
      },
      async prepareEcho(page, message) {
        await page.locator('button[data-variant=listItem]', { hasText: /^Echo\s*echo$/ }).click();
        await page.getByRole('textbox', { name: 'message' }).fill(message);
      },
      async echo(page, message) {
        await page.getByRole('button', { name: 'Execute Tool' }).click();
        await page.getByText(message, { exact: true }).first().waitFor({ timeout: TIMEOUT });
      },
    },
  };
  return drivers;
};
