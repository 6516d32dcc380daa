import { ownValue } from './limits.js';

/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865, ext-apps spec 2026-01-26):
 * the names and the tool metadata every layer reads. The host side of the protocol itself is
 * `@modelcontextprotocol/ext-apps/app-bridge` in the web; these helpers only read a tool
 * definition (hostile input: own keys only, wrong types read as absent).
 */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';
/** The ext-apps protocol version the pinned `@modelcontextprotocol/ext-apps` 2.0.4 speaks. */
export const UI_PROTOCOL_VERSION = '2026-01-26';
/** What mcpscope declares under `capabilities.extensions` (both eras). */
export const UI_EXTENSION_SETTINGS = { mimeTypes: [UI_MIME_TYPE] };

export type UiVisibility = 'model' | 'app';

export interface ToolUi {
  /** The `ui://` resource the tool renders with (`_meta.ui.resourceUri`, else the deprecated `_meta["ui/resourceUri"]`). */
  resourceUri?: string;
  /** `_meta.ui.visibility`; defaults to ["model", "app"] when absent or malformed. */
  visibility: UiVisibility[];
  /** Visible to the app only (`visibility` without "model"): a host hides it from the agent. */
  appOnly: boolean;
  /** Callable by the app (`visibility` includes "app"). */
  appCallable: boolean;
}

const DEFAULT_VISIBILITY: UiVisibility[] = ['model', 'app'];

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A tool definition's MCP Apps metadata (spec: Resource Discovery, Visibility). */
export function toolUi(tool: unknown): ToolUi {
  const meta = record(ownValue(record(tool), '_meta'));
  const ui = record(ownValue(meta, 'ui'));
  const nested = ownValue(ui, 'resourceUri');
  const flat = ownValue(meta, 'ui/resourceUri');
  const uri = typeof nested === 'string' ? nested : typeof flat === 'string' ? flat : undefined;
  const raw = ownValue(ui, 'visibility');
  const visibility = Array.isArray(raw) ? raw.filter((v): v is UiVisibility => v === 'model' || v === 'app') : DEFAULT_VISIBILITY;
  return {
    ...(uri?.startsWith('ui://') ? { resourceUri: uri } : {}),
    visibility,
    appOnly: visibility.includes('app') && !visibility.includes('model'),
    appCallable: visibility.includes('app'),
  };
}
