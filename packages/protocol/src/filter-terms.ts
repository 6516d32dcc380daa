import type { FrameEvent } from './events.js';
import { classifyMessage, messageMethod } from './jsonrpc.js';

/**
 * What a term may look up beyond the frame itself. `is:failed` asks whether a request was
 * answered with an error: the answer comes after the request, so a caller that streams frames
 * in order makes a first pass (engine: frame-reader.ts) or re-tests a request when its answer
 * arrives (web: frameFilterIndex.ts). Without it no request is known to have failed.
 */
export interface FrameFilterContext {
  answeredWithError?(requestSeq: number): boolean;
}

export type FramePredicate = (frame: FrameEvent, text: () => string, ctx?: FrameFilterContext) => boolean;

export function frameMethod(frame: FrameEvent): string | undefined {
  return messageMethod(frame.msg) ?? frame.pair?.method;
}

export function frameKind(frame: FrameEvent): 'raw' | ReturnType<typeof classifyMessage> {
  return frame.msg ? classifyMessage(frame.msg) : 'raw';
}

/** A value of a key with a closed set of them: what it matches, said for the help. */
export interface FilterValue {
  value: string;
  meaning: string;
  /** The term reads a request's answer (FrameFilterContext). */
  needsAnswers?: true;
}

/** One `key:value` term of the grammar. The help and the parser both read this table. */
export interface FilterKey {
  key: string;
  /** Every value the key takes; a value outside them is a diagnostic. Absent: any text. */
  values?: readonly FilterValue[];
  /** Of an open key: the value's placeholder in the help (`<glob>`), its meaning and an example. */
  open?: { placeholder: string; meaning: string; example: string };
  /** Of an open key: common values, listed in the help before the placeholder. */
  presets?: readonly FilterValue[];
  predicate(value: string): FramePredicate;
}

function globToRegExp(glob: string): RegExp {
  // Runs of `*` collapse to one `.*`: `a****b` must not become a backtracking bomb on a long method.
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*+/g, '.*');
  return new RegExp(`^${escaped}`, 'i');
}

/** Frames without an origin (incoming ones, wrap and older traces) match no origin term. */
function originPredicate(want: string): FramePredicate {
  if (want === 'user') return (f) => f.origin?.by === 'user';
  if (want === 'auto' || want === 'mcpscope') return (f) => f.origin?.by === 'mcpscope';
  return (f) => typeof f.origin?.reason === 'string' && f.origin.reason.toLowerCase().includes(want);
}

function kindPredicate(want: string): FramePredicate {
  if (want === 'failed') {
    return (f, _text, ctx) => {
      const kind = frameKind(f);
      return kind === 'error' || (kind === 'request' && ctx?.answeredWithError?.(f.seq) === true);
    };
  }
  // `is:error` is the error responses themselves, never the requests they answer.
  return (f) => frameKind(f) === want;
}

export const FILTER_KEYS: readonly FilterKey[] = [
  {
    key: 'method',
    open: {
      placeholder: '<glob>',
      meaning: 'the method; a response matches the method of the request it answers',
      example: 'method:tools/*',
    },
    predicate: (value) => {
      const re = globToRegExp(value);
      return (f) => re.test(frameMethod(f) ?? '');
    },
  },
  {
    key: 'dir',
    values: [
      { value: 'out', meaning: 'sent by mcpscope: client → server (on the app channel: mcpscope → app view)' },
      { value: 'in', meaning: 'received: server → client (on the app channel: app view → mcpscope)' },
    ],
    predicate: (value) => (f) => f.dir === value,
  },
  {
    key: 'is',
    values: [
      { value: 'request', meaning: 'requests (a method and an id)' },
      { value: 'notification', meaning: 'notifications (a method, no id)' },
      { value: 'response', meaning: 'successful responses (a result)' },
      { value: 'error', meaning: 'error responses only (a JSON-RPC error), not the requests they answer' },
      {
        value: 'failed',
        meaning: 'failed exchanges: each error response and the request it answers (add is:request for the requests alone)',
        needsAnswers: true,
      },
      { value: 'raw', meaning: 'lines that are not JSON (e.g. a server printing to stdout)' },
      { value: 'invalid', meaning: 'JSON that is not a valid JSON-RPC message' },
    ],
    predicate: kindPredicate,
  },
  {
    key: 'has',
    values: [
      { value: 'finding', meaning: 'frames with a lint finding of any severity' },
      { value: 'error', meaning: 'frames with an error finding (a spec violation)' },
      { value: 'warning', meaning: 'frames with a warning finding' },
      { value: 'info', meaning: 'frames with an info finding' },
    ],
    predicate: (value) => (f) => f.findings?.some((x) => value === 'finding' || x.severity === value) === true,
  },
  {
    key: 'origin',
    presets: [
      { value: 'user', meaning: 'outgoing frames a person caused (a UI action, a CLI command)' },
      { value: 'auto', meaning: 'outgoing frames mcpscope sent on its own (handshake, probes, replies); origin:mcpscope is the same' },
    ],
    open: {
      placeholder: '<word>',
      meaning: 'outgoing frames whose origin reason contains the word (handshake, fallback, cli, app…)',
      example: 'origin:handshake',
    },
    predicate: (value) => originPredicate(value.toLowerCase()),
  },
  {
    key: 'channel',
    values: [
      { value: 'app', meaning: 'the conversation between mcpscope and an MCP App view (postMessage)' },
      { value: 'server', meaning: 'the server connection (every frame not on the app channel)' },
    ],
    predicate: (value) => (value === 'app' ? (f) => f.channel === 'app' : (f) => f.channel !== 'app'),
  },
  {
    key: 'app',
    open: { placeholder: '<text>', meaning: "app-channel frames whose view's ui:// URI contains the text", example: 'app:budget' },
    predicate: (value) => {
      const want = value.toLowerCase();
      return (f) => f.channel === 'app' && typeof f.app?.uri === 'string' && f.app.uri.toLowerCase().includes(want);
    },
  },
];

/** One line of the filter help: a term, an example that uses it, what it matches. */
export interface FilterHelpRow {
  term: string;
  example: string;
  meaning: string;
}

/** The help of the grammar, generated from FILTER_KEYS so the two cannot drift. */
export const FILTER_HELP: readonly FilterHelpRow[] = [
  { term: '<word>', example: 'echo', meaning: "the frame's text (method and JSON) contains the word, ignoring case" },
  ...FILTER_KEYS.flatMap((k): FilterHelpRow[] => [
    ...[...(k.values ?? []), ...(k.presets ?? [])].map((v) => ({
      term: `${k.key}:${v.value}`,
      example: `${k.key}:${v.value}`,
      meaning: v.meaning,
    })),
    ...(k.open ? [{ term: `${k.key}:${k.open.placeholder}`, example: k.open.example, meaning: k.open.meaning }] : []),
  ]),
  { term: '-<term>', example: '-method:ping', meaning: 'negates any term' },
];
