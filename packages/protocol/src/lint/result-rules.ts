import { uniqueNameUris } from './state.js';
import type { FrameRule } from './rule.js';

const TOOLS = '2025-11-25/server/tools';
/** outputSchemas a result is checked against when its tool's name is listed more than once. */
const MAX_SCHEMAS_CHECKED = 8;

function toolOf(ctx: Parameters<FrameRule['onFrame']>[0]) {
  if (ctx.request?.method !== 'tools/call') return undefined;
  const name = ctx.request.params.name;
  return typeof name === 'string' ? { name, def: ctx.state.tools.get(name) } : undefined;
}

export const structuredContent: FrameRule = {
  id: 'structured-content-schema',
  severity: 'error',
  spec: `${TOOLS}#output-schema`,
  quote: 'Servers MUST provide structured results that conform to this schema.',
  description:
    'A tool with an outputSchema returns structuredContent that conforms to it. A name listed more than once is checked against every definition with an outputSchema: a result that conforms to one of them passes.',
  onFrame: (ctx) => {
    const tool = toolOf(ctx);
    const result = ctx.msg.result as { structuredContent?: unknown; isError?: unknown } | undefined;
    if (!tool || !result || result.isError === true) return undefined;
    const defs = ctx.state.toolDefs(tool.name);
    // A hostile listing may repeat a name thousands of times: a result is checked against the first few schemas.
    const typed = defs.map((d) => d.outputSchema).filter((s) => s !== undefined && s !== null);
    const schemas = typed.slice(0, MAX_SCHEMAS_CHECKED);
    if (schemas.length === 0) return undefined;
    // Which of the same-named tools answered is unknown: say so, and judge against each.
    const against = schemas.length === typed.length ? 'each' : `the first ${schemas.length}`;
    const ambiguous =
      defs.length > 1
        ? ` (the name is ambiguous: listed ${defs.length} times, ${typed.length} with an outputSchema; checked against ${against})`
        : '';
    if (result.structuredContent === undefined)
      return `tool "${tool.name}" declares an outputSchema but returned no structuredContent${ambiguous}`;
    const failures = schemas.map((schema) => ctx.validate?.(schema, result.structuredContent) ?? []);
    if (failures.some((errors) => errors.length === 0)) return undefined;
    const what = defs.length > 1 ? `any of the outputSchemas listed under its name${ambiguous}` : 'its outputSchema';
    return `structuredContent of "${tool.name}" does not match ${what}: ${failures[0].slice(0, 3).join('; ')}`;
  },
};

/** A server's text for a message: one line, clipped. */
const oneLine = (text: unknown, max = 100) => {
  const flat = String(text).replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * A resource the server lists, read, and answered with an error code the spec does not give for
 * that case. Listed, it exists: a failure is an internal error (-32603), or the era's not-found
 * code when the server says it is gone (2025-11-25: -32002; 2026-07-28: -32602). Only listed URIs
 * are judged: a URI the client made up may fail any way the server likes.
 */
export const resourceReadError: FrameRule = {
  id: 'resource-read-error-code',
  severity: 'warning',
  spec: '2025-11-25/server/resources#error-handling',
  quote:
    'Servers SHOULD return standard JSON-RPC errors for common failure cases: - Resource not found: `-32002` - Internal errors: `-32603`',
  modern: {
    spec: '2026-07-28/server/resources#error-handling',
    quote:
      'If the requested resource does not exist, servers MUST return a JSON-RPC error with code `-32602` (Invalid Params). Servers SHOULD return `-32603` for internal errors.',
  },
  description:
    'Reading a resource the server lists either succeeds or fails with the code the spec gives (2025-11-25: -32002 not found, -32603 internal; 2026-07-28: -32602 not found, -32603 internal).',
  onFrame: ({ msg, request, state }) => {
    if (request?.method !== 'resources/read') return undefined;
    const error = msg.error as { code?: unknown; message?: unknown } | undefined;
    const uri = request.params.uri;
    if (!error || typeof error !== 'object' || typeof uri !== 'string' || !state.listedResourceUris.has(uri)) return undefined;
    const expected = state.era === 'modern' ? [-32602, -32603] : [-32002, -32603];
    if (expected.includes(error.code as number)) return undefined;
    return `resource ${oneLine(JSON.stringify(uri), 200)} is listed, but reading it failed with JSON-RPC error ${oneLine(JSON.stringify(error.code) ?? 'undefined', 40)} (${oneLine(error.message)}), not ${expected.join(' or ')}`;
  },
};

/**
 * SEP-1303 came with 2025-11-25 (its changelog: "Clarify that input validation errors should be
 * returned as Tool Execution Errors rather than Protocol Errors"); earlier revisions listed
 * invalid arguments among protocol errors. A session that negotiated an older version is not held to it.
 */
export function validationErrorsAreToolErrors(state: { era?: string; protocolVersion?: string }): boolean {
  return state.era === 'modern' || (state.protocolVersion !== undefined && state.protocolVersion >= '2025-11-25');
}

/** SEP-1303: input validation failures are tool errors the model can read, not protocol errors. */
export const validationAsProtocolError: FrameRule = {
  id: 'validation-as-protocol-error',
  severity: 'warning',
  spec: `${TOOLS}#error-handling`,
  quote:
    'Tool Execution Errors: Reported in tool results with `isError: true`: - API failures - Input validation errors (e.g., date in wrong format, value out of range)',
  description:
    'Argument validation failures of a known tool are reported as a result with isError: true, not as JSON-RPC -32602. Judged in sessions of 2025-11-25 or later (SEP-1303; earlier revisions listed invalid arguments among protocol errors).',
  onFrame: (ctx) => {
    const tool = toolOf(ctx);
    const error = ctx.msg.error as { code?: unknown; message?: unknown } | undefined;
    if (!tool?.def || error?.code !== -32602 || !validationErrorsAreToolErrors(ctx.state)) return undefined;
    return `tools/call "${tool.name}" failed validation as JSON-RPC -32602 (${String(error.message)}); report it as a tool result with isError: true so the model can correct itself`;
  },
};

const LISTS: Record<string, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
  'tasks/list': 'tasks',
};

export const paginationLoop: FrameRule = {
  id: 'pagination-cursor-loop',
  severity: 'warning',
  spec: '2025-11-25/server/utilities/pagination#implementation-guidelines',
  quote: 'Servers SHOULD: - Provide stable cursors - Handle invalid cursors gracefully',
  description: 'nextCursor never returns a cursor already followed in the same walk (a client following it would loop forever).',
  onFrame: ({ msg, request, state }) => {
    if (!request || !(request.method in LISTS)) return undefined;
    const next = (msg.result as { nextCursor?: unknown } | undefined)?.nextCursor;
    if (typeof next !== 'string') return undefined;
    const seen = state.cursors.get(request.method);
    return seen?.has(next) ? `${request.method} returned nextCursor ${JSON.stringify(next)} again: following it loops` : undefined;
  },
};

export const resourceUriStable: FrameRule = {
  id: 'resource-uri-unstable',
  severity: 'warning',
  spec: '2025-11-25/server/resources',
  quote: 'Each resource is uniquely identified by a URI.',
  description:
    'A resource keeps its URI between listings (clients cache and subscribe by URI). Judged only for names that occur once in both listings: a repeated name identifies nothing.',
  onFrame: ({ msg, request, state }) => {
    if (request?.method !== 'resources/list') return undefined;
    const list = (msg.result as { resources?: unknown } | undefined)?.resources;
    if (!Array.isArray(list)) return undefined;
    const out: string[] = [];
    for (const [name, uri] of uniqueNameUris(list)) {
      const before = state.resourceUris.get(name);
      if (before !== undefined && before !== uri) out.push(`resource "${name}" changed URI from ${before} to ${uri}`);
    }
    return out.length > 0 ? out : undefined;
  },
};

export const progressToken: FrameRule = {
  id: 'progress-unknown-token',
  severity: 'warning',
  spec: '2025-11-25/basic/utilities/progress#behavior-requirements',
  quote:
    'Progress notifications MUST only reference tokens that: - Were provided in an active request - Are associated with an in-progress operation',
  description: 'Progress notifications refer to the progressToken of a request still in flight.',
  onFrame: ({ msg, state }) => {
    if (msg.method !== 'notifications/progress') return undefined;
    const token = (msg.params as { progressToken?: unknown } | undefined)?.progressToken;
    return token !== undefined && !state.progressTokens.has(String(token))
      ? `progress for token ${JSON.stringify(token)}, which no request in flight uses`
      : undefined;
  },
};
