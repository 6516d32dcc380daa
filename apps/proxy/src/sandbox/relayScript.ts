/**
 * GET /sandbox.js: the MCP App sandbox proxy's relay (ext-apps spec 2026-01-26, "Sandbox proxy";
 * the numbers in its comments are that section's items). Plain browser JavaScript served as is:
 * it runs in the sandbox page, under the app CSP the page was served with ('self' allows it).
 * Kept as a string so the bundled CLI needs no asset file. No backticks or `${` inside.
 */
export const RELAY_SCRIPT = String.raw`// mcpscope MCP App sandbox proxy (ext-apps 2026-01-26, "Sandbox proxy").
// (1) This page has its own origin (another port than mcpscope's): the View it loads can reach
// neither mcpscope's token nor its API; it can only post messages, which this relay passes on.
(function () {
  'use strict';
  var PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
  var RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
  var SANDBOX_PREFIX = 'ui/notifications/sandbox-';
  // (5) Permission Policy features a View may ask for in _meta.ui.permissions, by spec key.
  var FEATURES = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  var has = Object.prototype.hasOwnProperty;

  // mcpscope's origin, written into this page by the server that checked the Host header. Never
  // document.referrer: it names whoever framed us (or nothing, under no-referrer), not whom we trust.
  var meta = document.querySelector('meta[name="mcpscope-host-origin"]');
  var hostOrigin = meta === null ? '' : meta.getAttribute('content') || '';
  var host = window.parent;
  var inner = null; // the View's frame, made when its HTML arrives

  function methodOf(data) {
    return data !== null && typeof data === 'object' && typeof data.method === 'string' ? data.method : '';
  }

  function allowFor(permissions) {
    var allow = [];
    if (permissions === null || typeof permissions !== 'object') return '';
    for (var key in FEATURES) {
      if (has.call(FEATURES, key) && has.call(permissions, key) && permissions[key]) allow.push(FEATURES[key]);
    }
    return allow.join('; ');
  }

  // (4) (5) Loads the View's raw HTML, once.
  function load(params) {
    var html = params !== null && typeof params === 'object' ? params.html : undefined;
    if (typeof html !== 'string') return;
    inner = document.createElement('iframe');
    // (2) Scripts and this sandbox's origin (the View needs both to run and to post messages),
    // forms; no popups, no top navigation, no modals.
    inner.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    var allow = allowFor(params.permissions);
    // Set before the frame is inserted: a frame's permissions are fixed when its document is made.
    if (allow !== '') inner.setAttribute('allow', allow);
    inner.title = 'MCP App';
    document.body.appendChild(inner);
    // (5) Written into the frame's initial about:blank document, not loaded from a URL: that
    // document keeps this page's origin and inherits its policy container, i.e. the app CSP this
    // page was served with (built from the declared ui.csp, restrictive when absent). A data: or
    // blob: URL would need a frame-src entry, and data: would lose the origin (no 'self').
    var doc = inner.contentDocument;
    doc.open();
    doc.write(html);
    doc.close();
  }

  window.addEventListener('message', function (event) {
    var method = methodOf(event.data);
    if (event.source === host && event.origin === hostOrigin) {
      if (method === RESOURCE_READY) {
        if (inner === null) load(event.data.params);
        return;
      }
      // (6) Everything else the host sends goes to the View, except sandbox notifications.
      if (method.indexOf(SANDBOX_PREFIX) === 0 || inner === null || inner.contentWindow === null) return;
      // To this origin only: a View that navigated its frame elsewhere gets nothing more.
      inner.contentWindow.postMessage(event.data, location.origin);
      return;
    }
    if (inner !== null && event.source === inner.contentWindow && event.origin === location.origin) {
      // (6) The View's messages go to the host; it may not speak for the sandbox.
      if (method.indexOf(SANDBOX_PREFIX) === 0) return;
      host.postMessage(event.data, hostOrigin);
    }
    // (7) Anything else is ignored: this relay never makes requests of its own.
  });

  // (3) Ready for sandbox-resource-ready.
  if (hostOrigin !== '' && host !== window) host.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, hostOrigin);
})();
`;
