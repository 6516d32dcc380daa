import { ownValue, UI_MIME_TYPE } from '@mcpscope/protocol';
import type { McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';

/**
 * A `ui://` resource as `resources/read` returned it (ext-apps spec 2026-01-26, "UI Resource
 * Format"): the HTML, its declared CSP (left `unknown` for buildAppCsp, which validates it) and
 * permissions. Hostile input: own keys only, every failure is a sentence for the app view.
 */
export interface UiResource {
  uri: string;
  html: string;
  mimeType: string;
  /** `_meta.ui.csp` as declared (validated later by buildAppCsp). */
  csp: unknown;
  /** The recognized `_meta.ui.permissions` (camera, microphone, geolocation, clipboardWrite). */
  permissions: McpUiResourcePermissions;
  prefersBorder?: boolean;
}

export type UiResourceRead = { ok: true; resource: UiResource } | { ok: false; reason: string };

/** The largest HTML document accepted (characters). */
export const MAX_UI_HTML = 8 * 1024 * 1024;

const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** `text/html;profile=mcp-app`, compared without case or spaces (`text/html; profile=mcp-app` is the same type). */
export function isUiMimeType(mimeType: string): boolean {
  return mimeType.toLowerCase().replace(/\s+/g, '') === UI_MIME_TYPE;
}

function decodeBase64(blob: string): string | undefined {
  try {
    const bin = atob(blob);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

export function readUiResource(result: unknown, uri: string): UiResourceRead {
  const contents = ownValue(record(result), 'contents');
  if (!Array.isArray(contents) || contents.length === 0) return { ok: false, reason: `resources/read returned no contents for ${uri}` };
  const items = contents.map(record);
  // "uri: Matching UI resource URI": prefer the entry for this uri; a single entry is taken as it.
  const content = items.find((c) => ownValue(c, 'uri') === uri) ?? (items.length === 1 ? items[0] : undefined);
  if (!content) return { ok: false, reason: `none of the ${contents.length} contents is ${uri}` };
  const mimeType = ownValue(content, 'mimeType');
  if (typeof mimeType !== 'string') return { ok: false, reason: `the resource has no mimeType (MUST be ${UI_MIME_TYPE})` };
  if (!isUiMimeType(mimeType))
    return { ok: false, reason: `wrong MIME type ${JSON.stringify(mimeType.slice(0, 100))}: an MCP App resource MUST be ${UI_MIME_TYPE}` };
  const text = ownValue(content, 'text');
  const blob = ownValue(content, 'blob');
  const html = typeof text === 'string' ? text : typeof blob === 'string' ? decodeBase64(blob) : undefined;
  if (html === undefined)
    return {
      ok: false,
      reason: typeof blob === 'string' ? 'the blob is not valid base64' : 'the resource has no HTML (neither text nor blob)',
    };
  if (html.trim() === '') return { ok: false, reason: 'the resource HTML is empty' };
  if (html.length > MAX_UI_HTML) return { ok: false, reason: `the resource HTML is larger than ${MAX_UI_HTML / 1024 / 1024} MiB` };
  const ui = record(ownValue(record(ownValue(content, '_meta')), 'ui'));
  const declared = record(ownValue(ui, 'permissions'));
  const permissions: McpUiResourcePermissions = {};
  for (const key of PERMISSIONS) {
    const value = ownValue(declared, key);
    // The spec's shape is `{}`; `true` (an early draft's) is read the same way.
    if (record(value) || value === true) permissions[key] = {};
  }
  const prefersBorder = ownValue(ui, 'prefersBorder');
  return {
    ok: true,
    resource: {
      uri,
      html,
      mimeType,
      csp: ownValue(ui, 'csp'),
      permissions,
      ...(typeof prefersBorder === 'boolean' ? { prefersBorder } : {}),
    },
  };
}

/** The sandbox page for a view: the sandbox origin + `/sandbox.html?csp=<JSON>`. */
export function sandboxUrl(sandboxOrigin: string, csp: unknown): string {
  const url = new URL('/sandbox.html', sandboxOrigin);
  if (csp !== undefined) url.searchParams.set('csp', JSON.stringify(csp));
  return url.href;
}

/**
 * Why the sandbox origin cannot be used, or undefined when it can: it must be an http(s) origin
 * of its own, different from mcpscope's (spec "Sandbox proxy": "The Host and the Sandbox MUST
 * have different origins").
 */
export function sandboxOriginProblem(sandboxOrigin: string | undefined, ownOrigin: string): string | undefined {
  if (!sandboxOrigin)
    return 'This mcpscope proxy runs no sandbox listener (an older proxy, or an offline trace), so the app cannot be rendered safely.';
  let url: URL;
  try {
    url = new URL(sandboxOrigin);
  } catch {
    return `The sandbox origin ${JSON.stringify(sandboxOrigin)} is not a URL.`;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== sandboxOrigin.replace(/\/$/, ''))
    return `The sandbox origin ${JSON.stringify(sandboxOrigin)} is not an http(s) origin.`;
  if (url.origin === ownOrigin)
    return 'The sandbox origin is mcpscope’s own origin; an app there could reach the token and the API, so it is not rendered.';
  return undefined;
}
