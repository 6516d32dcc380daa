import type { CapabilitySide } from '../../lib/capabilities';

/**
 * The rows of the capabilities table: every feature the spec defines for a side in its era
 * (spec 2025-11-25 / 2026-07-28 schema: ServerCapabilities, ClientCapabilities), declared or
 * not, then whatever else the side declared (marked as not in the spec).
 */
export interface CapabilityRow {
  /** Dotted path, e.g. `resources.subscribe`. */
  feature: string;
  depth: number;
  declared: boolean;
  /** Declared, but not a capability this era's spec defines. */
  unknown: boolean;
  description: string;
  value: unknown;
}

type Era = 'legacy' | 'modern' | undefined;

const DESCRIPTIONS: Record<string, string> = {
  tools: 'offers tools to call',
  'tools.listChanged': 'notifies when the tool list changes',
  resources: 'offers resources to read',
  'resources.subscribe': 'supports subscribing to resource updates',
  'resources.listChanged': 'notifies when the resource list changes',
  prompts: 'offers prompt templates',
  'prompts.listChanged': 'notifies when the prompt list changes',
  logging: 'sends log messages',
  completions: 'suggests argument values (completion/complete)',
  tasks: 'supports task-augmented requests',
  'tasks.list': 'tasks/list',
  'tasks.cancel': 'tasks/cancel',
  'tasks.requests.tools.call': 'task-augmented tools/call',
  'tasks.requests.sampling.createMessage': 'task-augmented sampling/createMessage',
  'tasks.requests.elicitation.create': 'task-augmented elicitation/create',
  experimental: 'non-standard capabilities',
  extensions: 'MCP extensions (e.g. io.modelcontextprotocol/tasks)',
  roots: 'exposes filesystem roots',
  'roots.listChanged': 'notifies when roots change',
  sampling: 'lets the server ask for LLM completions',
  'sampling.context': 'supports includeContext',
  'sampling.tools': 'supports tool use in sampling',
  elicitation: 'lets the server ask the user for input',
  'elicitation.form': 'form mode',
  'elicitation.url': 'URL mode',
};

const SERVER: Record<'legacy' | 'modern', string[]> = {
  legacy: [
    'tools',
    'tools.listChanged',
    'resources',
    'resources.subscribe',
    'resources.listChanged',
    'prompts',
    'prompts.listChanged',
    'logging',
    'completions',
    'tasks',
    'tasks.list',
    'tasks.cancel',
    'tasks.requests.tools.call',
    'experimental',
  ],
  modern: [
    'tools',
    'tools.listChanged',
    'resources',
    'resources.subscribe',
    'resources.listChanged',
    'prompts',
    'prompts.listChanged',
    'logging',
    'completions',
    'extensions',
    'experimental',
  ],
};
const CLIENT: Record<'legacy' | 'modern', string[]> = {
  legacy: [
    'roots',
    'roots.listChanged',
    'sampling',
    'sampling.context',
    'sampling.tools',
    'elicitation',
    'elicitation.form',
    'elicitation.url',
    'tasks',
    'tasks.list',
    'tasks.cancel',
    'tasks.requests.sampling.createMessage',
    'tasks.requests.elicitation.create',
    'experimental',
  ],
  modern: [
    'roots',
    'sampling',
    'sampling.context',
    'sampling.tools',
    'elicitation',
    'elicitation.form',
    'elicitation.url',
    'extensions',
    'experimental',
  ],
};

/** Keys one level down that are containers of named entries, listed one row each. */
const OPEN_ENDED = new Set(['experimental', 'extensions']);

export function knownFeatures(side: CapabilitySide, era: Era): string[] {
  return (side === 'server' ? SERVER : CLIENT)[era ?? 'legacy'];
}

function valueAt(caps: Record<string, unknown> | undefined, path: readonly string[]): unknown {
  let node: unknown = caps;
  for (const key of path) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

const declaredValue = (v: unknown) => v === true || (v !== null && typeof v === 'object');

export function capabilityRows(caps: Record<string, unknown> | undefined, side: CapabilitySide, era: Era): CapabilityRow[] {
  const known = knownFeatures(side, era);
  const rows: CapabilityRow[] = [];
  // Segments, not the dotted name: extension keys (io.modelcontextprotocol/tasks) contain dots.
  const row = (path: string[], unknown: boolean, description?: string): CapabilityRow => {
    const feature = path.join('.');
    return {
      feature,
      depth: path.length - 1,
      // What was literally declared: the parent and the path itself.
      declared: path.every((_, i) => declaredValue(valueAt(caps, path.slice(0, i + 1)))),
      unknown,
      description: description ?? DESCRIPTIONS[feature] ?? (unknown ? 'not defined by the spec for this protocol version' : ''),
      value: valueAt(caps, path),
    };
  };
  for (const feature of known) {
    rows.push(row(feature.split('.'), false));
    if (OPEN_ENDED.has(feature)) {
      const entries = valueAt(caps, [feature]);
      if (entries && typeof entries === 'object') {
        for (const key of Object.keys(entries))
          rows.push(row([feature, key], false, feature === 'extensions' ? 'extension' : 'experimental capability'));
      }
    }
  }
  // Declared keys the spec does not define: sub-flags of known features under their parent,
  // unknown top-level keys at the end.
  for (const [key, value] of Object.entries(caps ?? {})) {
    if (!known.includes(key)) rows.push(row([key], true));
    else if (!OPEN_ENDED.has(key) && value && typeof value === 'object') {
      for (const sub of Object.keys(value)) {
        const path = `${key}.${sub}`;
        if (known.some((k) => k === path || k.startsWith(`${path}.`))) continue;
        const last = rows.findLastIndex((r) => r.feature === key || r.feature.startsWith(`${key}.`));
        rows.splice(last + 1, 0, row([key, sub], true));
      }
    }
  }
  if (era === 'modern' && side === 'server') {
    const logging = rows.find((r) => r.feature === 'logging');
    if (logging) logging.description += ' (deprecated in 2026-07-28: per-request, via _meta)';
  }
  return rows;
}
