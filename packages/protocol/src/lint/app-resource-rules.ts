import type { RuleMeta } from './rule.js';

/**
 * Rules `mcpscope check` applies to the UI resources of MCP Apps tools: for each
 * tool whose `_meta.ui.resourceUri` names a resource, check reads it with `resources/read` and
 * judges the answer (packages/engine/src/check/app-resources.ts). Quotes are the ext-apps spec
 * (SEP-1865, stable 2026-01-26), vendored at packages/protocol/spec/ext-apps/2026-01-26/apps.mdx.
 */
export const APP_RESOURCE_RULES: readonly RuleMeta[] = [
  {
    id: 'app-resource-missing',
    severity: 'error',
    spec: 'ext-apps/2026-01-26/apps#behavior',
    quote: 'Resource MUST exist on the server',
    description:
      "The ui:// resource a tool's `_meta.ui.resourceUri` names can be read: resources/read answers with a content for that URI, not an error, no contents, or nothing.",
  },
  {
    id: 'app-resource-uri-scheme',
    severity: 'error',
    spec: 'ext-apps/2026-01-26/apps#content-requirements',
    quote: 'URI MUST start with `ui://` scheme',
    description:
      'A tool\'s UI resource URI (`_meta.ui.resourceUri`, or the deprecated `_meta["ui/resourceUri"]`) starts with ui://; mcpscope does not read or render any other.',
  },
  {
    id: 'app-resource-mime-type',
    severity: 'error',
    spec: 'ext-apps/2026-01-26/apps#content-requirements',
    quote: '`mimeType` MUST be `text/html;profile=mcp-app` (other types reserved for future extensions)',
    description:
      'The content resources/read returns for a UI resource has mimeType text/html;profile=mcp-app (case and spaces around ";" aside); a plain text/html is not an MCP App.',
  },
  {
    id: 'app-resource-content',
    severity: 'error',
    spec: 'ext-apps/2026-01-26/apps#content-requirements',
    quote: 'Content MUST be provided via either `text` (string) or `blob` (base64-encoded) - Content MUST be valid HTML5 document',
    description:
      'The UI resource content loads: a `text` string or a base64 `blob` that decodes, and not empty (an empty document renders nothing).',
  },
];
