import { MAX_ORIGIN_REASON } from '@mcpscope/protocol';
import type {
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiResourcePermissions,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCspDomains } from '@mcpscope/protocol';
import type { OriginReason } from '../../../lib/api';

/** The display modes mcpscope offers: inline (next to the result) and fullscreen (the whole Tools panel). */
export const HOST_DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

/** The tallest an inline app may make its frame (size-changed is hostile input). */
export const MAX_APP_HEIGHT = 4000;

export interface ContainerSize {
  width: number;
  height: number;
}

/**
 * The `origin` of a request an app makes through mcpscope (`app: ui://…`): the header must be
 * printable ASCII (fetch refuses anything else), so other characters become `?`, and it is cut
 * to the proxy's limit.
 */
export function appOriginReason(uri: string): OriginReason {
  const text = `app: ${uri.replace(/[^\x20-\x7e]/g, '?')}`;
  return text.slice(0, MAX_ORIGIN_REASON) as OriginReason;
}

/**
 * What mcpscope tells a view about itself in the ui/initialize result (spec "Host Capabilities"):
 * it proxies tools/call and resources/* to the server, accepts logs, messages and context updates
 * (shown in the app's host log: mcpscope has no model), asks before opening links, and applies
 * exactly the sandbox it built (the CSP origins that survived validation, the permissions granted).
 */
export function hostCapabilities(csp: AppCspDomains, permissions: McpUiResourcePermissions): McpUiHostCapabilities {
  const all = { text: {}, image: {}, audio: {}, resource: {}, resourceLink: {} };
  const declared = Object.fromEntries(Object.entries(csp).filter(([, list]) => list.length > 0));
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: all,
    updateModelContext: { ...all, structuredContent: {} },
    sandbox: { permissions, csp: declared },
  };
}

export interface HostContextInput {
  theme: 'light' | 'dark';
  displayMode: McpUiDisplayMode;
  container: ContainerSize | undefined;
  tool: Record<string, unknown>;
}

/**
 * The host context (spec "Host Context in McpUiInitializeResult"): inline, the width is fixed
 * and the height grows with the view up to the panel (`maxHeight`); fullscreen, both are fixed.
 */
export function buildHostContext({ theme, displayMode, container, tool }: HostContextInput): McpUiHostContext {
  const dims =
    container && container.width > 0
      ? displayMode === 'fullscreen'
        ? { width: Math.round(container.width), height: Math.round(container.height) }
        : { width: Math.round(container.width), maxHeight: Math.round(Math.min(container.height, MAX_APP_HEIGHT)) }
      : undefined;
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return {
    theme,
    displayMode,
    availableDisplayModes: HOST_DISPLAY_MODES,
    ...(dims ? { containerDimensions: dims } : {}),
    locale: typeof navigator !== 'undefined' ? navigator.language : 'en-US',
    ...(timeZone ? { timeZone } : {}),
    platform: 'web',
    userAgent: 'mcpscope',
    // A tool definition from the server: passed on as listed (the view reads its own tool).
    toolInfo: { tool: tool as NonNullable<McpUiHostContext['toolInfo']>['tool'] },
  };
}
