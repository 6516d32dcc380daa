import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { JSON_SECRET_NAMES, mayRedact, QUERY_SECRETS, redactEvent, SECRET_KEYS } from './redact.js';
import { SecretValues } from './secret-values.js';
import { TraceWriter } from './writer.js';

/**
 * mayRedact (the writer's pre-check) must never say "nothing to redact" for an event the walk
 * would change: table-driven over every key name, pattern and kind of secret value, in every
 * place an event holds text (a key, a string, a raw line, stderr, HTTP headers, a number), plus
 * a seeded random search over the characters that make the rules subtle.
 */
const base = { seq: 7, t: 1.5, sessionId: 's1' };
const SECRET_VALUES = [
  'sk-live-abcdef0123456789',
  'p"ss\\word-1234567', // JSON-escaped in the text
  'tab\there\nnewline-secret', // control characters: escaped, and each line of it
  '9876543210123', // a numeric secret, echoed as a JSON number too
  'pässwörd-sécret-99', // non-ASCII, kept as is by JSON.stringify
  'a b/c?d=e&f-secret', // URI-encoded inside URLs
  'line-one-of-a-secret-key\nline-two-of-a-secret-key', // each line on its own
  'emoji😀-secret-123', // a surrogate pair
  '\ud83d-lone-high-surrogate-secret', // a lone surrogate at the start: its escaping is context-free
  'lone-high-surrogate-at-the-end\ud83d', // paired by a following low surrogate in some texts below
  'quote"and-lone-high-at-the-end\ud83d', // … and then in the text neither as itself nor JSON-escaped
];
const secrets = new SecretValues(SECRET_VALUES);

/** Every way a name can be spelled that normalizeKey folds to it. */
function spellings(name: string): string[] {
  const camel = name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  const mid = Math.max(1, Math.floor(name.length / 2));
  const kelvin = name.replace(/k/g, '\u212a'); // KELVIN SIGN lower-cases to "k"
  return [
    name,
    name.toUpperCase(),
    camel,
    `${name.slice(0, mid)}-${name.slice(mid)}`,
    `${name.slice(0, mid)}__${name.slice(mid)}`,
    `X-${name}`,
    kelvin,
  ];
}

/** The places a text can sit in an event. */
function placements(text: string): SessionEvent[] {
  return [
    {
      ...base,
      type: 'frame',
      dir: 'in',
      size: 1,
      msg: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { [text]: 'value-of-it' } } },
    },
    { ...base, type: 'frame', dir: 'in', size: 1, msg: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } } },
    {
      ...base,
      type: 'frame',
      dir: 'out',
      size: 1,
      msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: { nested: [[{ deep: text }]] } } },
    },
    { ...base, type: 'frame', dir: 'in', size: 1, raw: text },
    { ...base, type: 'frame', dir: 'in', size: 1, raw: JSON.stringify({ note: text }) },
    { ...base, type: 'stderr', text },
    {
      ...base,
      type: 'http',
      method: 'POST',
      url: `https://example.test/mcp?x=${text}`,
      status: 200,
      requestHeaders: { [text]: 'h-value', accept: text },
      responseHeaders: {},
    } as unknown as SessionEvent,
    { ...base, type: 'lifecycle', phase: 'error', message: text },
  ] as SessionEvent[];
}

const KEY_NAMES = [...SECRET_KEYS].flatMap(spellings);
const QUERY_TEXTS = QUERY_SECRETS.flatMap((q) => [`https://a.test/cb?${q}=abc123`, `x#${q.toUpperCase()}=zz`, `/p?a=1&${q}=v`]);
const BEARER_TEXTS = ['Authorization: Bearer abc.def-123', 'bEaReR    tok/en+==', 'see Bearer\tx'];
const JSON_TEXTS = JSON_SECRET_NAMES.flatMap((n) => [`{"${n}": "v1"}`, `{"${n}"\n:\t"v2"}`, `body={"${n}":"a\\"b"}`]);
const uri = (v: string) => (/[\ud800-\udfff]/.test(v) && !/😀/.test(v) ? v : encodeURIComponent(v));
const VALUE_TEXTS = SECRET_VALUES.flatMap((v) => [
  v,
  `before ${v} after`,
  uri(v),
  JSON.stringify({ v }),
  v.split('\n')[1] ?? v,
  `${v}\ude00`,
  `\udc00${v}`,
]);
const ESCAPED_TEXTS = ['{"\\u0041uthorization":"Bearer abc"}', '{"\\u0061ccess_token":"x"}', 'to\\u006ben=abc', '"pass\\u0077ord":"x"'];

function check(event: SessionEvent, opts: { secrets?: SecretValues } = {}): boolean {
  const changed = redactEvent(event, opts.secrets) !== event;
  const flagged = mayRedact(JSON.stringify(event), { oauth: event.type === 'oauth', secrets: opts.secrets });
  if (changed && !flagged) throw new Error(`pre-check skipped an event the walk changes: ${JSON.stringify(event)}`);
  return changed;
}

describe('mayRedact: never skips an event the walk would change', () => {
  it.each([
    ['every secret key name, in every spelling', KEY_NAMES],
    ['every secret query parameter', QUERY_TEXTS],
    ['bearer tokens', BEARER_TEXTS],
    ['secret names inside JSON text', JSON_TEXTS],
    ['escaped forms in raw text', ESCAPED_TEXTS],
  ])('%s', (_, texts) => {
    let changed = 0;
    for (const text of texts) for (const event of placements(text)) if (check(event)) changed++;
    if (texts !== ESCAPED_TEXTS) expect(changed).toBeGreaterThanOrEqual(texts.length); // each one is a real positive somewhere
  });

  it("the session's own secret values, wherever they occur (keys, strings, raw text, numbers)", () => {
    let changed = 0;
    for (const text of VALUE_TEXTS) for (const event of placements(text)) if (check(event, { secrets })) changed++;
    expect(changed).toBeGreaterThan(VALUE_TEXTS.length);
    const number = {
      ...base,
      type: 'frame',
      dir: 'in',
      size: 1,
      msg: { jsonrpc: '2.0', id: 3, result: { pin: 9876543210123 } },
    } as SessionEvent;
    expect(check(number, { secrets })).toBe(true);
  });

  it('`code` in OAuth events, and subtrees deeper than the cap', () => {
    const oauth = { ...base, type: 'oauth', step: 'token', request: { body: { code: 'abc' } } } as unknown as SessionEvent;
    expect(check(oauth)).toBe(true);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 300; i++) deep = [deep];
    expect(
      check({ ...base, type: 'frame', dir: 'in', size: 1, msg: { jsonrpc: '2.0', method: 'x', params: { deep } } } as SessionEvent),
    ).toBe(true);
    let ok: unknown = 'leaf';
    for (let i = 0; i < 250; i++) ok = [ok];
    const shallow = { ...base, type: 'frame', dir: 'in', size: 1, msg: { jsonrpc: '2.0', method: 'x', params: { ok } } } as SessionEvent;
    expect(check(shallow)).toBe(false);
    expect(mayRedact(JSON.stringify(shallow))).toBe(false);
  });

  it('holds over a seeded random search of keys and strings built from the tricky pieces', () => {
    const pieces = [
      'auth',
      'orization',
      'tok',
      'en',
      'to\u212aen',
      'cook',
      'ie',
      'api',
      'key',
      'K',
      '\u212a',
      'pass',
      'word',
      'client',
      'secret',
      'code',
      'verifier',
      'bear',
      'er',
      'Bearer ',
      '-',
      '_',
      '=',
      '?',
      '&',
      '#',
      '"',
      '\\',
      ':',
      ' ',
      '\n',
      '\t',
      'İ',
      'ſ',
      'x',
      '\ud83d',
      '\ude00',
      'sk-live-',
      'abcdef0123456789',
      '9876543210123',
      'pässwörd',
      '-sécret-99',
    ];
    let seed = 15;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const text = () => Array.from({ length: 1 + random(6) }, () => pieces[random(pieces.length)]).join('');
    let changed = 0;
    for (let i = 0; i < 4000; i++) {
      const [key, value] = [text(), text()];
      const event = {
        ...base,
        type: 'frame',
        dir: 'in',
        size: 1,
        msg: { jsonrpc: '2.0', method: 'm', params: { [key]: value, list: [value] } },
      } as SessionEvent;
      if (check(event, i % 2 ? { secrets } : {})) changed++;
      check({ ...base, type: 'frame', dir: 'in', size: 1, raw: `${key}${value}` }, i % 2 ? { secrets } : {});
    }
    expect(changed).toBeGreaterThan(30);
  });
});

describe('mayRedact: lets ordinary events through', () => {
  it('says nothing to redact for a flood notification, a tool call and its result', () => {
    const events = [
      {
        ...base,
        type: 'frame',
        dir: 'in',
        size: 1,
        msg: {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', logger: 'flood', data: { tag: 'frame-000042', pad: 'x'.repeat(900) } },
        },
      },
      {
        ...base,
        type: 'frame',
        dir: 'out',
        size: 1,
        origin: { kind: 'user', label: 'tools: call' },
        msg: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello' } } },
      },
      // Every call the Tools tab makes carries a progress token: a key that merely ends in "token".
      {
        ...base,
        type: 'frame',
        dir: 'out',
        size: 1,
        msg: {
          jsonrpc: '2.0',
          id: 6,
          method: 'tools/call',
          params: { name: 'echo', arguments: { tokens: 3, token_count: 2 }, _meta: { progressToken: 7 } },
        },
      },
      {
        ...base,
        type: 'frame',
        dir: 'in',
        size: 1,
        pair: { method: 'tools/call', requestSeq: 6, latencyMs: 1.2 },
        msg: { jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'Echo: hello' }] } },
      },
    ] as SessionEvent[];
    const usual = new SecretValues(SECRET_VALUES.filter((v) => !v.endsWith('\ud83d')));
    for (const event of events) expect(mayRedact(JSON.stringify(event), { secrets: usual })).toBe(false);
  });

  it('always walks with a secret that ends in a high or starts with a low surrogate (its escaping depends on its neighbours)', () => {
    expect(new SecretValues(['lone-high-surrogate-at-the-end\ud83d']).mayOccurIn('{"a":"nothing here"}')).toBe(true);
    expect(new SecretValues(['\ude00-lone-low-surrogate-first']).mayOccurIn('{"a":"nothing here"}')).toBe(true);
    expect(new SecretValues(['\ud83d-lone-high-surrogate-secret', 'emoji😀-secret-123']).mayOccurIn('{"a":"nothing here"}')).toBe(false);
  });
});

describe('TraceWriter with the pre-check', () => {
  it("writes exactly the walk's output for every event of the tables", () => {
    const lines: string[] = [];
    const writer = new TraceWriter({ write: (line) => void lines.push(line) }, { secrets });
    writer.writeHeader({ tool: { name: 't', version: '0' }, session: { id: 's1', name: 's', transport: 'stdio', target: 'x' } });
    const events = [...KEY_NAMES, ...QUERY_TEXTS, ...BEARER_TEXTS, ...JSON_TEXTS, ...ESCAPED_TEXTS, ...VALUE_TEXTS, 'plain text'].flatMap(
      placements,
    );
    for (const event of events) writer.write(event);
    expect(lines.slice(1)).toEqual(events.map((e) => `${JSON.stringify(redactEvent(e, secrets))}\n`));
  });
});
