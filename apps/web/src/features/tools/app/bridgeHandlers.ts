import { toolUi } from '@mcpscope/protocol';
import type { AppBridge, McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { RpcError } from '../../../lib/workbenchApi';
import { contentText, type HostLog } from './hostLog';

/** "Implementation-defined" code the spec's examples use for a denied request. */
export const DENIED = -32000;

type Forwarded = 'oncalltool' | 'onreadresource' | 'onlistresources' | 'onlistresourcetemplates' | 'onlistprompts';
/** What the server answered, passed on as the result the bridge expects (the view validates it). */
type R<K extends Forwarded> = Awaited<ReturnType<NonNullable<AppBridge[K]>>>;

/** What the handlers need of the app's host (appHost.ts's AppHost is one), named here so neither file imports the other. */
export interface BridgeHost {
  readonly uri: string;
  forward(method: string, params: Record<string, unknown> | undefined): Promise<Record<string, unknown>>;
  lookupTool(name: string): Record<string, unknown> | undefined;
  onSandboxReady(): void;
  onInitialized(): void;
  onSizeChange(height: number | undefined): void;
  setDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  askOpenLink(url: string): Promise<boolean>;
  openWindow(url: string): void;
  close(reason: string): Promise<void>;
  warn(text: string): void;
}

/**
 * The params to send on: without `undefined` members, and without the view's `progressToken` —
 * it names the app⇄host request; the engine's request to the server is another one.
 */
function params(p: object | undefined): Record<string, unknown> | undefined {
  if (!p) return undefined;
  const out = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
  const meta = out._meta;
  if (meta !== null && typeof meta === 'object' && !Array.isArray(meta) && Object.hasOwn(meta, 'progressToken')) {
    const { progressToken: _token, ...rest } = meta as Record<string, unknown>;
    if (Object.keys(rest).length > 0) out._meta = rest;
    else delete out._meta;
  }
  return out;
}

/**
 * The view's requests and notifications (ext-apps spec 2026-01-26, "MCP Apps Specific Messages"
 * and "Standard MCP Messages"). Requests for the server go through mcpscope's engine with the
 * origin `app: <uri>`, so they are ordinary frames in the log; the rest is answered here.
 */
export function installBridgeHandlers(bridge: AppBridge, host: BridgeHost, log: HostLog): void {
  bridge.onsandboxready = () => host.onSandboxReady();
  bridge.oninitialized = () => host.onInitialized();
  bridge.onsizechange = ({ height }) => host.onSizeChange(height);

  bridge.oncalltool = async (p) => {
    const listed = host.lookupTool(p.name);
    // "Host MUST reject tools/call requests from apps for tools that don't include "app" in visibility".
    if (listed && !toolUi(listed).appCallable) {
      host.warn(`The app called “${p.name}”, whose _meta.ui.visibility does not include "app": rejected.`);
      throw new RpcError(DENIED, `Tool "${p.name}" is not callable by apps: its _meta.ui.visibility does not include "app"`);
    }
    return (await host.forward('tools/call', params(p))) as R<'oncalltool'>;
  };
  bridge.onreadresource = async (p) => (await host.forward('resources/read', params(p))) as R<'onreadresource'>;
  bridge.onlistresources = async (p) => (await host.forward('resources/list', params(p))) as R<'onlistresources'>;
  bridge.onlistresourcetemplates = async (p) => (await host.forward('resources/templates/list', params(p))) as R<'onlistresourcetemplates'>;
  bridge.onlistprompts = async (p) => (await host.forward('prompts/list', params(p))) as R<'onlistprompts'>;

  bridge.onmessage = async (p) => {
    log.add('message', `ui/message (${p.role})`, contentText(p.content), p);
    return {};
  };
  bridge.onupdatemodelcontext = async (p) => {
    const text = p.content !== undefined ? contentText(p.content) : '';
    const structured = p.structuredContent !== undefined ? JSON.stringify(p.structuredContent).slice(0, 2000) : '';
    log.add('model-context', 'ui/update-model-context', [text, structured].filter(Boolean).join(' · ') || '(empty)', p);
    return {};
  };
  bridge.onloggingmessage = (p) => {
    const data = typeof p.data === 'string' ? p.data : (JSON.stringify(p.data) ?? '');
    log.add('log', `log ${p.level}${p.logger ? ` (${p.logger})` : ''}`, data.slice(0, 2000), p);
  };

  bridge.onopenlink = async ({ url }) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      log.add('link', 'ui/open-link', `refused (not an http(s) URL): ${url.slice(0, 300)}`);
      throw new RpcError(DENIED, 'Invalid URL: only http and https links are opened');
    }
    const allowed = await host.askOpenLink(parsed.href);
    log.add('link', 'ui/open-link', `${allowed ? 'opened' : 'denied by the user'}: ${parsed.href.slice(0, 300)}`);
    if (!allowed) throw new RpcError(DENIED, 'Link opening denied by user');
    host.openWindow(parsed.href);
    return {};
  };

  bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: host.setDisplayMode(mode) });
  bridge.onrequestteardown = () => void host.close('the app asked to be closed');
}
