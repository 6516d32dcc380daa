import type { FrameRule } from './rule.js';
import type { ToolDef } from './state.js';

const SPEC_TOOLS = '2025-11-25/server/tools';
const NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const PLACEHOLDER = /^(todo|tbd|fixme|xxx|description|tool|test|n\/?a|none|null|undefined|placeholder|lorem ipsum.*|\.\.\.|-)$/i;
const INJECTION = [
  /ignore (all |any )?(previous|prior|above|earlier) (instructions|prompts|messages)/i,
  /disregard (all |any )?(previous|prior|above) /i,
  /<\s*(important|system|instructions?)\s*>/i,
  /do not (tell|inform|mention|reveal)[^.]{0,40}\b(user|human)/i,
  /without (telling|informing|asking) the user/i,
  /(read|send|exfiltrate|upload)[^.]{0,60}(~\/\.ssh|id_rsa|\.env\b|api[_ -]?key|password|credentials)/i,
  /before (using|calling) (this|any other) tool,? (you must|always)/i,
  /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/,
];

/** Tools of a tools/list answer (the page), or undefined for anything else. */
function listedTools({ msg, request }: Parameters<FrameRule['onFrame']>[0]): ToolDef[] | undefined {
  if (request?.method !== 'tools/list') return undefined;
  const tools = (msg.result as { tools?: unknown } | undefined)?.tools;
  return Array.isArray(tools) ? (tools.filter((t) => t && typeof t === 'object') as ToolDef[]) : undefined;
}

function each(tools: ToolDef[] | undefined, check: (t: ToolDef) => string | undefined): string[] | undefined {
  const out = (tools ?? []).map(check).filter((m): m is string => m !== undefined);
  return out.length > 0 ? out : undefined;
}

export const toolDescription: FrameRule = {
  id: 'tool-description',
  severity: 'warning',
  spec: `${SPEC_TOOLS}#tool`,
  quote: '`description`: Human-readable description of functionality',
  description: 'Every tool has a real description: models choose tools by it.',
  onFrame: (ctx) =>
    each(listedTools(ctx), (t) => {
      const d = typeof t.description === 'string' ? t.description.trim() : '';
      if (d === '') return `tool "${t.name}" has no description`;
      return PLACEHOLDER.test(d) ? `tool "${t.name}" has a placeholder description (${JSON.stringify(d)})` : undefined;
    }),
};

/** A missing or non-object inputSchema breaks the MUST; a schema of another type is judged by toolInputSchemaType. */
export const toolInputSchema: FrameRule = {
  id: 'tool-input-schema',
  severity: 'error',
  spec: `${SPEC_TOOLS}#tool`,
  quote: 'MUST be a valid JSON Schema object (not `null`)',
  description: 'inputSchema is a JSON Schema object.',
  onFrame: (ctx) =>
    each(listedTools(ctx), (t) => {
      const s = t.inputSchema;
      return !s || typeof s !== 'object' || Array.isArray(s) ? `tool "${t.name}" has no inputSchema object` : undefined;
    }),
};

/** Arguments are an object, so an inputSchema of another type accepts no call (the spec's examples; schema.json has the const). */
export const toolInputSchemaType: FrameRule = {
  id: 'tool-input-schema-type',
  severity: 'warning',
  spec: `${SPEC_TOOLS}#tool`,
  quote:
    'For tools with no parameters, use one of these valid approaches: - `{ "type": "object", "additionalProperties": false }` - Recommended: explicitly accepts only empty objects - `{ "type": "object" }` - accepts any object (including with properties)',
  description: 'inputSchema has "type": "object" (tool arguments are an object).',
  onFrame: (ctx) =>
    each(listedTools(ctx), (t) => {
      const s = t.inputSchema as { type?: unknown } | undefined;
      if (!s || typeof s !== 'object' || Array.isArray(s)) return undefined;
      return s.type === 'object' ? undefined : `tool "${t.name}": inputSchema.type is ${JSON.stringify(s.type)}, not "object"`;
    }),
};

export const toolName: FrameRule = {
  id: 'tool-name',
  severity: 'warning',
  spec: `${SPEC_TOOLS}#tool-names`,
  quote: 'Tool names SHOULD be between 1 and 128 characters in length (inclusive).',
  description: 'Tool names are 1–128 characters of A-Z a-z 0-9 _ - .',
  onFrame: (ctx) =>
    each(listedTools(ctx), (t) =>
      typeof t.name !== 'string' || !NAME.test(t.name)
        ? `tool name ${JSON.stringify(t.name)} has characters or a length the spec advises against`
        : undefined,
    ),
};

/**
 * Two tools of one listing (all its pages) under one name: a call by that name is ambiguous.
 * Judged on the last page, once per name, with how many definitions carry it.
 */
export const toolNameUnique: FrameRule = {
  id: 'tool-name-unique',
  severity: 'warning',
  spec: `${SPEC_TOOLS}#tool-names`,
  quote: 'Tool names SHOULD be unique within a server.',
  description:
    'No two tools of a listing share a name (a tools/call by that name is ambiguous; mcpscope checks a result against every definition with an outputSchema).',
  onFrame: (ctx) => {
    const tools = listedTools(ctx);
    if (!tools || typeof (ctx.msg.result as { nextCursor?: unknown }).nextCursor === 'string') return undefined;
    const counts = new Map<string, number>();
    for (const t of [...ctx.state.pendingTools, ...tools])
      if (typeof t.name === 'string') counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
    const out = [...counts]
      .filter(([, n]) => n > 1)
      .map(([name, n]) => `tool name ${JSON.stringify(name)} is listed ${n} times: a call by that name is ambiguous`);
    return out.length > 0 ? out : undefined;
  },
};

export const toolInjection: FrameRule = {
  id: 'tool-prompt-injection',
  severity: 'info',
  spec: '',
  description:
    "mcpscope's own heuristic, no spec rule: tool descriptions that read like instructions to the model (ignore previous instructions, hidden characters, secrets) are suspicious.",
  onFrame: (ctx) =>
    each(listedTools(ctx), (t) => {
      const text = [t.title, t.description, JSON.stringify(t.inputSchema ?? {})].filter((x) => typeof x === 'string').join('\n');
      const hit = INJECTION.find((re) => re.test(text));
      return hit ? `tool "${t.name}" has text that looks like prompt injection (matches ${hit.source.slice(0, 40)}…)` : undefined;
    }),
};

function fingerprint(t: ToolDef): string {
  return JSON.stringify([t.description, t.inputSchema, t.outputSchema, t.annotations]);
}

/** Runs on the last page of a listing; compares the whole listing with the previous one. */
export const toolChanged: FrameRule = {
  id: 'tool-definition-changed',
  severity: 'info',
  spec: '',
  description: `mcpscope's own heuristic, no spec rule: a tool whose description or schema changed between two listings (a "rug pull") deserves a look.`,
  onFrame: (ctx) => {
    const tools = listedTools(ctx);
    const done = tools && !(ctx.msg.result as { nextCursor?: unknown }).nextCursor;
    if (!done || ctx.state.tools.size === 0) return undefined;
    const out: string[] = [];
    const said = new Set<string>();
    for (const t of [...ctx.state.pendingTools, ...tools]) {
      // A name listed twice is compared with every definition it had: a change is one that matches none.
      const before = ctx.state.toolDefs(t.name).map(fingerprint);
      if (before.length === 0 || before.includes(fingerprint(t)) || said.has(t.name)) continue;
      said.add(t.name);
      out.push(`tool "${t.name}" changed its description or schema since the last listing`);
    }
    return out.length > 0 ? out : undefined;
  },
};
