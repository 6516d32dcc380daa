import type { Page } from '@playwright/test';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * An MCP App's HTML (untrusted, from the server under test) runs in mcpscope's sandbox
 * listener, another origin (ext-apps spec "Sandbox proxy"). This injects the sandbox iframe into
 * the real mcpscope page the way the web does, loads a probe app through the relay, and checks
 * what the app can and cannot do: its inline script runs, under the app CSP; it cannot touch
 * mcpscope's document, location or API; messages relay both ways, sandbox-* ones do not.
 */

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

interface Logged {
  origin: string;
  data: { method?: string; params?: Record<string, unknown> };
}

/** The probe app: reports what it could do, echoes what the host sends, reports CSP violations. */
function probeHtml(mcpscope: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>probe</title></head><body><p>probe app</p>
<script>
(function () {
  var MCPSCOPE = ${JSON.stringify(mcpscope)};
  function send(method, params) { parent.postMessage({ jsonrpc: '2.0', method: method, params: params }, '*'); }
  function attempt(f) { try { return 'ok ' + String(f()); } catch (e) { return e.name; } }
  function settle(p) { return p.then(function (r) { return 'status ' + r.status; }, function (e) { return e.name; }); }
  document.addEventListener('securitypolicyviolation', function (e) { send('test/violation', { directive: e.effectiveDirective, blocked: e.blockedURI }); });
  window.addEventListener('message', function (event) {
    if (event.source === parent) send('test/echo', { method: event.data && event.data.method, origin: event.origin });
  });
  var report = {
    origin: location.origin,
    allow: window.frameElement.getAttribute('allow'),
    sandbox: window.frameElement.getAttribute('sandbox'),
    readHostDocument: attempt(function () { return parent.parent.document.title; }),
    readTopLocation: attempt(function () { return top.location.href; }),
    navigateTop: attempt(function () { top.location = MCPSCOPE + '/#pwned'; return 'assigned'; }),
    evalRan: attempt(function () { return eval('1 + 1'); }),
  };
  Promise.all([settle(fetch(MCPSCOPE + '/api/sessions?probe=1')), settle(fetch('https://undeclared.example/x'))]).then(function (r) {
    report.fetchMcpscope = r[0];
    report.fetchUndeclared = r[1];
    send('test/report', report);
    send('ui/notifications/sandbox-proxy-ready', {});
    send('test/after-forged', {});
  });
})();
</script>
<script type="module">parent.postMessage({ jsonrpc: '2.0', method: 'test/module', params: {} }, '*');</script></body></html>`;
}

/** Adds `<iframe src=sandbox.html?csp=…>` to mcpscope's page and answers its proxy-ready with the html. */
async function mountView(page: Page, id: string, sandboxOrigin: string, csp: unknown, html: string, permissions?: unknown): Promise<void> {
  const src = `${sandboxOrigin}/sandbox.html${csp === undefined ? '' : `?csp=${encodeURIComponent(JSON.stringify(csp))}`}`;
  await page.evaluate(
    ({ id, src, sandboxOrigin, html, permissions }) => {
      const w = window as unknown as { __views?: Record<string, unknown[]> };
      const log: unknown[] = ((w.__views ??= {})[id] = []);
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
      frame.dataset.view = id;
      frame.src = src;
      let sent = false;
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow) return;
        log.push({ origin: event.origin, data: event.data });
        if ((event.data as { method?: string })?.method === 'ui/notifications/sandbox-proxy-ready' && !sent) {
          sent = true;
          frame.contentWindow!.postMessage(
            { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html, permissions } },
            sandboxOrigin,
          );
        }
      });
      document.body.appendChild(frame);
    },
    { id, src, sandboxOrigin, html, permissions },
  );
}

const viewLog = (page: Page, id: string) =>
  page.evaluate((id) => (window as unknown as { __views: Record<string, unknown[]> }).__views[id], id) as Promise<Logged[]>;
const methods = (log: Logged[]) => log.map((m) => m.data.method);
const postToView = (page: Page, id: string, sandboxOrigin: string, message: unknown) =>
  page.evaluate(
    ({ id, sandboxOrigin, message }) =>
      document.querySelector<HTMLIFrameElement>(`iframe[data-view="${id}"]`)!.contentWindow!.postMessage(message, sandboxOrigin),
    { id, sandboxOrigin, message },
  );

test('an MCP App runs in the sandbox origin: contained, under its CSP, relayed both ways', async ({ page, expectConsoleError }, info) => {
  expectConsoleError(
    /violates the (following Content Security Policy directive|document's Content Security Policy)|X-Frame-Options|Unsafe attempt to initiate navigation|Blocked opening|sessions\?probe=1:0\): Failed to load resource: net::ERR_FAILED/,
  ); // the app's attempts, reported by its frames
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const title = await page.title();
  const mcpscopeUrl = page.url();
  const infoRes = await page.request.get(`${app.origin}/api/info`, { headers: { authorization: `Bearer ${app.token}` } });
  const { sandboxOrigin } = (await infoRes.json()) as { sandboxOrigin: string };
  expect(sandboxOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(sandboxOrigin).not.toBe(app.origin);
  // What reaches mcpscope's /api from the views, as the network saw it (CDP: a response the
  // browser then blocks, CORS or CORP, never shows up as a Playwright response).
  const urls = new Map<string, string>();
  const origins = new Map<string, string | undefined>();
  const statuses = new Map<string, number>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // The *ExtraInfo events may come before or after requestWillBeSent: joined by requestId below.
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => origins.set(e.requestId, e.headers.Origin ?? e.headers.origin));
  cdp.on('Network.responseReceivedExtraInfo', (e) => statuses.set(e.requestId, e.statusCode));
  const apiResponses = () =>
    [...urls]
      .filter(([, url]) => url.startsWith(`${app.origin}/api/sessions?probe=`))
      .map(([id, url]) => ({ url, origin: origins.get(id), status: statuses.get(id) }));

  // 1. The restrictive default (no ui.csp), with permissions asked for.
  await mountView(page, 'a', sandboxOrigin, undefined, probeHtml(app.origin), { camera: {}, clipboardWrite: {}, evil: {} });
  await expect.poll(async () => methods(await viewLog(page, 'a'))).toContain('test/after-forged');
  const log = await viewLog(page, 'a');
  // (3) one proxy-ready, from the sandbox origin; the View's forged one was dropped (6).
  expect(methods(log).filter((m) => m === 'ui/notifications/sandbox-proxy-ready')).toHaveLength(1);
  expect(methods(log)).toContain('test/module'); // module scripts too (how bundled apps ship)
  expect(new Set(log.map((m) => m.origin))).toEqual(new Set([sandboxOrigin]));
  const report = log.find((m) => m.data.method === 'test/report')!.data.params!;
  expect(report).toEqual({
    origin: sandboxOrigin, // the inline script ran, in the sandbox's origin
    allow: 'camera; clipboard-write',
    sandbox: 'allow-scripts allow-same-origin allow-forms',
    readHostDocument: 'SecurityError',
    readTopLocation: 'SecurityError',
    navigateTop: 'SecurityError',
    evalRan: 'EvalError',
    fetchMcpscope: 'TypeError',
    fetchUndeclared: 'TypeError',
  });
  await expect
    .poll(async () => (await viewLog(page, 'a')).filter((m) => m.data.method === 'test/violation').map((m) => m.data.params))
    .toEqual(
      expect.arrayContaining([
        { directive: 'connect-src', blocked: `${app.origin}/api/sessions?probe=1` },
        { directive: 'connect-src', blocked: 'https://undeclared.example/x' },
      ]),
    );
  expect(apiResponses()).toEqual([]); // blocked before it left the browser

  // Host → View: relayed, except sandbox-* notifications and a second resource.
  await postToView(page, 'a', sandboxOrigin, { jsonrpc: '2.0', method: 'ui/notifications/sandbox-sneaky', params: {} });
  await postToView(page, 'a', sandboxOrigin, {
    jsonrpc: '2.0',
    method: 'ui/notifications/sandbox-resource-ready',
    params: { html: '<script>parent.postMessage({method:"test/second"},"*")</script>' },
  });
  await postToView(page, 'a', sandboxOrigin, { jsonrpc: '2.0', method: 'test/ping', params: {} });
  await expect.poll(async () => methods(await viewLog(page, 'a'))).toContain('test/echo');
  const echoes = (await viewLog(page, 'a')).filter((m) => m.data.method === 'test/echo' || m.data.method === 'test/second');
  expect(echoes.map((m) => m.data.params)).toEqual([{ method: 'test/ping', origin: sandboxOrigin }]);

  // 2. A declared ui.csp that names mcpscope's origin: the request leaves, and mcpscope refuses
  // it for its Origin (403 before the token check), which the app could not read anyway (CORS).
  await mountView(page, 'b', sandboxOrigin, { connectDomains: [app.origin, "'unsafe-eval'"] }, probeHtml(app.origin));
  await expect.poll(async () => methods(await viewLog(page, 'b'))).toContain('test/report');
  const declared = (await viewLog(page, 'b')).find((m) => m.data.method === 'test/report')!.data.params!;
  expect(declared).toMatchObject({ fetchMcpscope: 'TypeError', fetchUndeclared: 'TypeError', evalRan: 'EvalError', allow: null });
  await expect.poll(apiResponses).toEqual([{ url: `${app.origin}/api/sessions?probe=1`, origin: sandboxOrigin, status: 403 }]);

  // 3. Navigation away. The View's sandbox flags keep it from navigating its parent, and the
  // sandbox page's frame-src 'none' holds its own frame (a blocked frame shows an error page, so
  // the violation is reported by a listener the View puts into the sandbox page: same origin).
  const breakOut = `<script>
function send(method, params) { parent.postMessage({ jsonrpc: '2.0', method: method, params: params }, '*'); }
try { parent.location.href = 'https://evil.example/parent'; send('test/parent', 'assigned'); } catch (e) { send('test/parent', e.name); }
var s = parent.document.createElement('script');
s.textContent = "document.addEventListener('securitypolicyviolation', function (e) { parent.postMessage({ jsonrpc: '2.0', method: 'test/violation', params: { directive: e.effectiveDirective, blocked: e.blockedURI } }, '*'); });";
parent.document.body.appendChild(s);
location.href = 'https://evil.example/self';
</script>`;
  await mountView(page, 'c', sandboxOrigin, undefined, breakOut);
  const evil = expect.stringMatching(/^https:\/\/evil\.example(\/\w+)?$/) as unknown; // Chromium may report a cross-origin target's origin only
  await expect
    .poll(async () => (await viewLog(page, 'c')).map((m) => m.data).filter((d) => d.method !== 'ui/notifications/sandbox-proxy-ready'))
    .toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', method: 'test/parent', params: 'SecurityError' },
        { jsonrpc: '2.0', method: 'test/violation', params: { directive: 'frame-src', blocked: evil } },
      ]),
    );
  // And the sandbox page itself, whose realm the View can reach, is held by mcpscope's frame-src.
  const violation = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener(
          'securitypolicyviolation',
          (e) => e.effectiveDirective === 'frame-src' && resolve(`${e.effectiveDirective} ${e.blockedURI}`),
        ),
      ),
  );
  const phish = `<script>var s = parent.document.createElement('script'); s.textContent = "location.href = 'https://evil.example/phish'"; parent.document.body.appendChild(s);</script>`;
  await mountView(page, 'd', sandboxOrigin, undefined, phish);
  expect(await violation).toMatch(/^frame-src https:\/\/evil\.example(\/phish)?$/);

  // mcpscope itself is untouched. Its page may frame its own host on any port (each session's
  // apps get a sandbox port of their own, started after the page loaded), but never a page of
  // mcpscope itself (frame-ancestors 'none' and X-Frame-Options: the frame holds the browser's
  // error page, which the page cannot read) and nothing on another host (frame-src).
  expect(page.url()).toBe(mcpscopeUrl);
  await expect(page).toHaveTitle(title);
  const framedSelf = await page.evaluate(async (self) => {
    const frame = document.createElement('iframe');
    frame.src = `${self}/`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.appendChild(frame);
    await loaded;
    const doc = frame.contentDocument;
    frame.remove();
    return doc === null ? 'unreadable' : `read: ${doc.title}`;
  }, app.origin);
  expect(framedSelf).toBe('unreadable');
  const otherHost = app.origin.replace('127.0.0.1', 'localhost');
  const refused = await page.evaluate(
    (other) =>
      new Promise<string>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) =>
            e.effectiveDirective === 'frame-src' && e.blockedURI.startsWith(other) && resolve(`${e.effectiveDirective} ${e.blockedURI}`),
        );
        const frame = document.createElement('iframe');
        frame.src = `${other}/`;
        document.body.appendChild(frame);
      }),
    otherHost,
  );
  expect([`frame-src ${otherHost}/`, `frame-src ${otherHost}`]).toContain(refused); // Chromium may report a cross-origin target's origin only
  const shot = info.outputPath('app-sandbox.png');
  await page.screenshot({ path: shot, fullPage: true });
  await info.attach('app-sandbox', { path: shot, contentType: 'image/png' });
});
