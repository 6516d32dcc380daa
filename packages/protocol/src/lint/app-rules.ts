import { toolUi } from '../apps.js';
import { MAX_JSON_DEPTH } from '../limits.js';
import type { AppFrameContext, AppRule, RuleMeta } from './rule.js';

/**
 * Rules for the conversation between an MCP App view and its host (mcpscope). Quotes
 * are the ext-apps spec (SEP-1865, stable 2026-01-26), vendored at
 * packages/protocol/spec/ext-apps/2026-01-26/apps.mdx. Every rule judges what the APP sent
 * (`dir: 'in'`): mcpscope is the host, and its own host behaviour is no finding about the
 * server or its app. `error` only where the quoted sentence is a MUST for the view.
 */
const SPEC = 'ext-apps/2026-01-26/apps';

/**
 * What a view may send the host: the spec's lists (Standard MCP Messages, MCP Apps Specific
 * Messages) and what the pinned `@modelcontextprotocol/ext-apps` 2.0.4 `App` sends
 * (spec.types.d.ts: ui/download-file, ui/notifications/request-teardown; app.d.ts:
 * listServerResources, createSamplingMessage, sendToolListChanged; the SDK's cancelled/progress).
 */
const APP_TO_HOST = new Set([
  'ui/initialize',
  'ui/open-link',
  'ui/download-file',
  'ui/message',
  'ui/request-display-mode',
  'ui/update-model-context',
  'ui/notifications/initialized',
  'ui/notifications/size-changed',
  'ui/notifications/request-teardown',
  // Reserved (spec "Reserved Messages (Sandbox Proxy)"): the sandbox proxy → host; the web records it on the app channel.
  'ui/notifications/sandbox-proxy-ready',
  'tools/call',
  'resources/read',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'sampling/createMessage',
  'ping',
  'notifications/message',
  'notifications/tools/list_changed',
  'notifications/cancelled',
  'notifications/progress',
]);

/** An app's value in a message: short, quoted, never the whole of what it sent. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}

const params = (msg: Record<string, unknown>): Record<string, unknown> => {
  const p = msg.params;
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
};

/** A request the app sent (app → host), with its method. */
const appRequest = ({ frame, kind, msg }: AppFrameContext): string | undefined =>
  frame.dir === 'in' && kind === 'request' && typeof msg.method === 'string' ? msg.method : undefined;

export const appBeforeInitialize: AppRule = {
  id: 'app-before-initialize',
  severity: 'warning',
  spec: `${SPEC}#standard-mcp-messages`,
  quote: '`ui/initialize` → `ui/notifications/initialized` - MCP-like handshake (replaces custom iframe-ready pattern in MCP-UI)',
  description:
    'An MCP App view opens with the ui/initialize handshake: it sends no request other than ui/initialize or ping before the host answered its ui/initialize (as an MCP client SHOULD NOT before initialize is answered, 2025-11-25/basic/lifecycle). No MUST in the ext-apps text: a warning.',
  onAppFrame: (ctx) => {
    const method = appRequest(ctx);
    if (method === undefined || method === 'ui/initialize' || method === 'ping' || ctx.view.initializeAnswered) return undefined;
    return `the app sent ${shown(method)} before its ui/initialize was answered`;
  },
};

export const appInitializeCapabilities: AppRule = {
  id: 'app-initialize-capabilities',
  severity: 'error',
  spec: `${SPEC}#app-capabilities-in-uiinitialize`,
  quote: 'When the View sends an `ui/initialize` request to the Host, it MUST include its capabilities in the `appCapabilities` field',
  description: "An MCP App view's ui/initialize request carries its capabilities as an `appCapabilities` object.",
  onAppFrame: (ctx) => {
    if (appRequest(ctx) !== 'ui/initialize') return undefined;
    const caps = params(ctx.msg).appCapabilities;
    if (caps !== null && typeof caps === 'object' && !Array.isArray(caps)) return undefined;
    return caps === undefined ? 'ui/initialize has no appCapabilities' : `ui/initialize has appCapabilities ${shown(caps)}, not an object`;
  },
};

export const appUnknownMethod: AppRule = {
  id: 'app-unknown-method',
  severity: 'warning',
  spec: `${SPEC}#standard-mcp-messages`,
  quote: 'UI iframes can use the following subset of standard MCP protocol messages:',
  description:
    "An MCP App view sends the host only methods the ext-apps spec defines for a view (ui/initialize, ui/open-link, ui/message, ui/request-display-mode, ui/update-model-context, ui/notifications/initialized and size-changed, tools/call, resources/read, notifications/message, ping) or that the pinned ext-apps 2.0.4 App sends (ui/download-file, ui/notifications/request-teardown, resources/list, resources/templates/list, prompts/list, sampling/createMessage, notifications/tools/list_changed, notifications/cancelled, notifications/progress). A host answers anything else with an error: the app's action does nothing.",
  onAppFrame: ({ frame, kind, msg }) => {
    if (frame.dir !== 'in' || (kind !== 'request' && kind !== 'notification') || typeof msg.method !== 'string') return undefined;
    if (APP_TO_HOST.has(msg.method)) return undefined;
    return `the app sent ${shown(msg.method)} (a ${kind}), which is no method a view sends its host`;
  },
};

export const appToolNotCallable: AppRule = {
  id: 'app-tool-not-callable',
  severity: 'warning',
  spec: `${SPEC}#visibility`,
  quote: 'Host MUST reject `tools/call` requests from apps for tools that don\'t include `"app"` in visibility',
  description:
    "An MCP App view calls only tools of its server that it may call: listed by the server, with \"app\" in `_meta.ui.visibility` (the default). A host must reject any other call, so the app's action fails. Judged once the server's tool listing was seen. The MUST is the host's; the app calling such a tool is a warning.",
  onAppFrame: (ctx) => {
    if (appRequest(ctx) !== 'tools/call' || !ctx.server.toolsListed) return undefined;
    const name = params(ctx.msg).name;
    if (typeof name !== 'string') return undefined;
    const tool = ctx.server.tools.get(name);
    if (!tool) return `the app called tool ${shown(name)}, which the server did not list`;
    const ui = toolUi(tool);
    return ui.appCallable
      ? undefined
      : `the app called tool ${shown(name)}, whose visibility ${JSON.stringify(ui.visibility)} does not include "app"`;
  },
};

export const appDisplayModeUndeclared: AppRule = {
  id: 'app-display-mode-undeclared',
  severity: 'error',
  spec: `${SPEC}#requirements`,
  quote: 'View MUST check if the requested mode is in `availableDisplayModes` from host context before requesting a mode change.',
  description:
    "An MCP App view requests (ui/request-display-mode) only a display mode the host listed in its host context's availableDisplayModes (the ui/initialize result, or a later host-context-changed). Judged once the host answered ui/initialize.",
  onAppFrame: (ctx) => {
    if (appRequest(ctx) !== 'ui/request-display-mode') return undefined;
    const modes = ctx.view.hostDisplayModes;
    if (modes === undefined) return undefined;
    const mode = params(ctx.msg).mode;
    if (typeof mode === 'string' && modes.includes(mode)) return undefined;
    const listed = modes.length > 0 ? `only ${modes.map((m) => shown(m)).join(', ')}` : 'no availableDisplayModes';
    return `the app requested display mode ${shown(mode)}, but the host context lists ${listed}`;
  },
};

/** The rules run on every app-channel frame, in this order. */
export const APP_RULES: readonly AppRule[] = [
  appBeforeInitialize,
  appInitializeCapabilities,
  appUnknownMethod,
  appToolNotCallable,
  appDisplayModeUndeclared,
];

/** Findings mcpscope raises where app messages enter (engine ingestion), listed for the catalogue. */
export const APP_BOUNDARY_RULES: readonly RuleMeta[] = [
  {
    id: 'app-message-refused',
    severity: 'info',
    spec: '',
    description: `mcpscope's own limit, not a spec rule: an app-channel message that is not a JSON object, nests deeper than ${MAX_JSON_DEPTH} levels or is larger than 4 MiB is kept as text (cut at 1 MiB) and judged by no rule; the other messages of its batch are recorded as usual.`,
  },
];
