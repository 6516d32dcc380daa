import { ownValue } from '@mcpscope/protocol';

/**
 * SEP-2243 custom headers (2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters):
 * "When a server's tool definition includes `x-mcp-header` annotations, conforming clients MUST
 * mirror the designated parameter values into HTTP headers." The engine learns each tool's
 * inputSchema from the tools/list answers it receives and adds `Mcp-Param-{Name}` to that
 * tool's tools/call. The schema is the server's text: own keys only, bounded depth and size.
 */

const X_MCP_HEADER = 'x-mcp-header';
/** RFC 9110 §5.1 field-name token (1*tchar). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords whose subschemas are not "statically reachable" (the annotation is invalid under them). */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
  'dependentSchemas',
  'contains',
  'unevaluatedProperties',
  'propertyNames',
];
const MAX_DEPTH = 32;
const MAX_TOOLS = 10_000;

export interface ParamDeclaration {
  path: string[];
  header: string;
  type: 'string' | 'integer' | 'boolean';
}

export type HeaderScan = { valid: true; declarations: ParamDeclaration[] } | { valid: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `x-mcp-header` declarations of an inputSchema, or why the tool definition is invalid
 * (empty, not a token, not on a primitive, not case-insensitively unique, or not reachable
 * through `properties` alone: "An x-mcp-header annotation anywhere else makes the annotation —
 * and thus the tool definition — invalid").
 */
export function scanParamHeaders(inputSchema: unknown): HeaderScan {
  const declarations: ParamDeclaration[] = [];
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean, depth: number): string | undefined => {
    if (!isObject(node)) return undefined;
    if (depth > MAX_DEPTH) return 'the inputSchema is nested too deeply to check its x-mcp-header annotations';
    const where = path.length ? path.join('.') : '(root)';
    if (Object.hasOwn(node, X_MCP_HEADER)) {
      const raw = node[X_MCP_HEADER];
      if (!reachable || path.length === 0)
        return `${where}: x-mcp-header is only allowed on properties reached through "properties" keys alone`;
      if (typeof raw !== 'string' || raw.length === 0) return `${where}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(raw)) return `${where}: x-mcp-header ${JSON.stringify(raw)} is not an RFC 9110 token`;
      const type = ownValue(node, 'type');
      if (typeof type !== 'string' || !PRIMITIVE.has(type))
        return `${where}: x-mcp-header is only allowed on string, integer or boolean properties (got ${JSON.stringify(type ?? null)})`;
      const prior = seen.get(raw.toLowerCase());
      if (prior !== undefined)
        return `x-mcp-header ${JSON.stringify(raw)} is not case-insensitively unique (also ${JSON.stringify(prior)})`;
      seen.set(raw.toLowerCase(), raw);
      declarations.push({ path, header: raw, type: type as ParamDeclaration['type'] });
    }
    const props = ownValue(node, 'properties');
    if (isObject(props)) {
      for (const key of Object.keys(props)) {
        const fault = visit(props[key], [...path, key], reachable, depth + 1);
        if (fault) return fault;
      }
    }
    for (const keyword of UNREACHABLE) {
      const sub = ownValue(node, keyword);
      const branches = Array.isArray(sub)
        ? sub
        : isObject(sub) &&
            (keyword === '$defs' || keyword === 'definitions' || keyword === 'patternProperties' || keyword === 'dependentSchemas')
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false, depth + 1);
        if (fault) return fault;
      }
    }
    return undefined;
  };
  const fault = visit(inputSchema, [], true, 0);
  return fault ? { valid: false, reason: fault } : { valid: true, declarations };
}

/** Visible ASCII and inner spaces/tabs travel as they are; anything else, or the sentinel itself, as `=?base64?…?=`. */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e\t]*$/.test(value) && value === value.trim() && !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * "string: as is; integer: decimal; boolean: lowercase true/false". A value that is not of the
 * declared type (or an integer outside the safe range) is omitted, never sent malformed.
 */
function headerText(value: unknown, type: ParamDeclaration['type']): string | undefined {
  if (type === 'string' && typeof value === 'string') return value;
  if (type === 'boolean' && typeof value === 'boolean') return value ? 'true' : 'false';
  if (type === 'integer' && typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** The `Mcp-Param-*` headers of one tools/call; a declared value that is absent or null is omitted. */
export function paramHeaders(declarations: ParamDeclaration[], args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, header, type } of declarations) {
    let value: unknown = args;
    for (const key of path) value = isObject(value) ? ownValue(value, key) : undefined;
    const text = value === null || value === undefined ? undefined : headerText(value, type);
    if (text !== undefined) out[`Mcp-Param-${header}`] = encodeHeaderValue(text);
  }
  return out;
}

/** Each tool's header declarations, from the last tools/list answer that named it. */
export class ParamHeaderBook {
  private readonly scans = new Map<string, HeaderScan>();

  /** A tools/list result as received (any page). */
  learn(result: unknown): void {
    const tools = isObject(result) ? ownValue(result, 'tools') : undefined;
    if (!Array.isArray(tools)) return;
    for (const tool of tools.slice(0, MAX_TOOLS)) {
      const name = isObject(tool) ? ownValue(tool, 'name') : undefined;
      if (typeof name !== 'string') continue;
      if (this.scans.size >= MAX_TOOLS && !this.scans.has(name)) continue;
      this.scans.set(name, scanParamHeaders(ownValue(tool as Record<string, unknown>, 'inputSchema')));
    }
  }

  /** What mcpscope knows about `name`'s annotations (undefined: never listed). */
  scan(name: string): HeaderScan | undefined {
    return this.scans.get(name);
  }

  /** The headers for a tools/call of a listed tool with valid annotations; else none. */
  headersFor(params: Record<string, unknown> | undefined): Record<string, string> {
    const name = params ? ownValue(params, 'name') : undefined;
    const scan = typeof name === 'string' ? this.scans.get(name) : undefined;
    return scan?.valid ? paramHeaders(scan.declarations, ownValue(params!, 'arguments')) : {};
  }
}
