// No zod here: the CLI's fast paths (`mcpscope sessions`) print labels without loading it (see ./plain.ts).

/**
 * Characters that hide or reorder text instead of showing it: C0/C1 controls and DEL (newlines
 * and tabs too: a label is one line), the soft hyphen, the Arabic letter mark, the Mongolian
 * vowel separator, zero-width spaces/joiners, LRM/RLM, line/paragraph separators, bidi
 * embeddings, overrides and isolates, word joiner and invisible operators, the BOM, the Unicode
 * tag characters, and lone surrogates.
 */
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text from an untrusted source (a server's serverInfo, a trace header) made fit for a one-line
 * label: a string only, invisible and control characters dropped, whitespace collapsed, cut at
 * `max` code points with an ellipsis. Undefined when nothing printable is left.
 */
export function cleanLabelText(raw: unknown, max: number): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw
    .slice(0, max * 8)
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  const points = Array.from(text);
  return points.length > max
    ? `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/** How long a label's name and version may be. */
export const LABEL_NAME_MAX = 48;
export const LABEL_VERSION_MAX = 24;

/** Which name a session shows, and where it came from. */
export interface DisplayName {
  name: string;
  /** The server's version as it should read ("v2.0.0"), whoever named the session; none before the handshake. */
  version?: string;
  source: 'user' | 'server' | 'derived';
}

const stringField = (obj: Record<string, unknown> | undefined, key: 'title' | 'name' | 'version'): unknown =>
  obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;

/**
 * A session's name for people (the web and `mcpscope sessions`): the user's own name wins; else
 * the server's `serverInfo` (its `title`, else its `name`, with its `version`) once the handshake
 * told it; else the name derived from the command or URL (before initialize, or when it failed).
 * Everything from the server is cleaned (cleanLabelText) and capped.
 */
export function displayNameOf(s: { name: string; named?: boolean; serverInfo?: Record<string, unknown> }): DisplayName {
  const own = cleanLabelText(s.name, LABEL_NAME_MAX);
  const raw = cleanLabelText(stringField(s.serverInfo, 'version'), LABEL_VERSION_MAX);
  const version = raw === undefined ? {} : { version: /^\d/.test(raw) ? `v${raw}` : raw };
  if (s.named === true && own) return { name: own, ...version, source: 'user' };
  const server =
    cleanLabelText(stringField(s.serverInfo, 'title'), LABEL_NAME_MAX) ?? cleanLabelText(stringField(s.serverInfo, 'name'), LABEL_NAME_MAX);
  if (server) return { name: server, ...version, source: 'server' };
  return { name: own ?? 'unnamed session', source: 'derived' };
}

/** The name and version in one string: "Everything v2.0.0", "dev v2.0.0", "index.js". */
export const displayNameText = (d: DisplayName): string => (d.version ? `${d.name} ${d.version}` : d.name);
