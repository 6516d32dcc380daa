import { SessionConfigSchema, type RecordedTarget, type SessionConfigInput } from '@mcpscope/wire';

/**
 * The replay dialog's draft: the exact target the user confirms. A trace's recorded target
 * (from the listing) only prefills it; a trace can be crafted, so nothing runs before the user
 * has seen and confirmed the argv/cwd or URL. The trace's env is never part of it.
 */
export interface ReplayDraft {
  transport: 'stdio' | 'url';
  /** The argv as a JSON array of strings: exact (no shell quoting) and every hidden character escaped. */
  argvText: string;
  cwd: string;
  url: string;
  /** For a URL: Streamable HTTP, legacy HTTP+SSE, or try both (the recorded one by default). */
  urlTransport: 'http' | 'sse' | 'auto';
  era?: 'auto' | 'legacy';
}

export type DraftResult = { ok: true; config: SessionConfigInput } | { ok: false; error: string };

// C1 controls and the bidi overrides/isolates, which JSON.stringify leaves as they are but which
// hide or reorder text on screen.
const HIDDEN = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g;
const hex = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A string as a JSON literal with every control and bidi character escaped (so it can be seen). */
export function visibleJson(value: string): string {
  return JSON.stringify(value).replace(HIDDEN, hex);
}

/** An argv as `["cmd", "arg"]`, every word escaped like visibleJson (parses back to the same argv). */
export function argvText(argv: readonly string[]): string {
  return `[${argv.map(visibleJson).join(', ')}]`;
}

/** The draft the dialog opens with: the recorded target, or an empty command when there is none. */
export function draftFromRecorded(recorded: RecordedTarget | undefined): ReplayDraft {
  if (!recorded) return { transport: 'stdio', argvText: '[]', cwd: '', url: '', urlTransport: 'auto' };
  const era = recorded.era ? { era: recorded.era } : {};
  if (recorded.transport === 'stdio')
    return {
      transport: 'stdio',
      argvText: argvText([recorded.command, ...recorded.args]),
      cwd: recorded.cwd ?? '',
      url: '',
      urlTransport: 'auto',
      ...era,
    };
  return { transport: 'url', argvText: '[]', cwd: '', url: recorded.url, urlTransport: recorded.transport, ...era };
}

/** The argv of the draft, or why it is not one. */
export function parseArgv(text: string): { ok: true; argv: string[] } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The command must be a JSON array of strings, e.g. ["node", "server.js"]' };
  }
  if (!Array.isArray(value) || !value.every((w) => typeof w === 'string'))
    return { ok: false, error: 'The command must be a JSON array of strings' };
  if (value.length === 0 || value[0] === '') return { ok: false, error: 'Enter the command to run' };
  return { ok: true, argv: value };
}

/** The config sent to POST /api/traces/:id/replay (no env, no headers), validated with the wire schema. */
export function draftToConfig(draft: ReplayDraft): DraftResult {
  const era = draft.era ? { era: draft.era } : {};
  let candidate: SessionConfigInput;
  if (draft.transport === 'stdio') {
    const parsed = parseArgv(draft.argvText);
    if (!parsed.ok) return parsed;
    const [command, ...args] = parsed.argv as [string, ...string[]];
    candidate = { transport: 'stdio', command, args, env: {}, ...(draft.cwd.trim() ? { cwd: draft.cwd } : {}), ...era };
  } else {
    candidate = { transport: draft.urlTransport, url: draft.url.trim(), headers: {}, ...era };
  }
  const checked = SessionConfigSchema.safeParse(candidate);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? 'invalid target' };
  return { ok: true, config: candidate };
}

/** How a trace row names what a replay would run (the recorded target, not the trace's label). */
export function recordedLabel(recorded: RecordedTarget | undefined): string {
  if (!recorded) return 'no recorded target';
  if (recorded.transport !== 'stdio') return recorded.url.replace(/[\u0000-\u001f\u007f]/g, hex).replace(HIDDEN, hex);
  return argvText([recorded.command, ...recorded.args]) + (recorded.cwd ? ` in ${visibleJson(recorded.cwd)}` : '');
}
