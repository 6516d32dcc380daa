// Seeded generator of hostile JSON-RPC traffic for the server-side fuzz harness.
// Every function is deterministic for a seed; nothing here does IO.

export const PROTO_NAMES = [
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'prototype',
  'then',
];

/** mulberry32: a small seeded PRNG. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}

/** JSON text nested `depth` levels deep (arrays or objects), built as text: no recursion anywhere. */
export function deepText(depth, kind = 'array') {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Ids of every JSON type, as JSON text. */
export const ID_TEXTS = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1.5',
  '1e308',
  '1e400',
  '""',
  '"constructor"',
  '"__proto__"',
  '[]',
  '{}',
  '{"__proto__":1}',
  JSON.stringify('x'.repeat(10_000)),
  '9007199254740993',
];

const ESCAPES = [
  '\u001b]52;c;cHduZWQ=\u0007',
  '\u001b[2J\u001b[H',
  '\u001b[8mhidden\u001b[0m',
  '\r\u001b[K',
  '\u202eevil',
  '\u0000',
  '\u009b31m',
];

/** A JSON object text with a hostile key set (prototype names, escapes). */
function hostileObjectText(r) {
  const parts = [];
  for (let i = 0; i < 3; i++)
    parts.push(`${JSON.stringify(r.pick(PROTO_NAMES))}:${r.pick(['1', '"x"', '{}', '[]', 'null', '{"polluted":true}'])}`);
  parts.push(`"text":${JSON.stringify(r.pick(ESCAPES))}`);
  return `{${parts.join(',')}}`;
}

/**
 * One unsolicited hostile line a server may send at any time (notifications, responses to ids
 * nobody used, junk). Returns a string (one line, no newline) or a Buffer for invalid UTF-8.
 */
export function hostileLine(r, opts = {}) {
  const maxDepth = opts.maxDepth ?? 10_000;
  const kind = r.int(12);
  switch (kind) {
    case 0:
      return `{"jsonrpc":"2.0","method":${JSON.stringify(r.pick(PROTO_NAMES))},"params":${hostileObjectText(r)}}`;
    case 1:
      return `{"jsonrpc":"2.0","id":${r.pick(ID_TEXTS)},"method":${JSON.stringify(r.pick([...PROTO_NAMES, 'sampling/createMessage', 'roots/list', 'elicitation/create', 'ping']))},"params":${hostileObjectText(r)}}`;
    case 2:
      return `{"jsonrpc":"2.0","id":${r.pick(ID_TEXTS)},"result":${hostileObjectText(r)}}`;
    case 3:
      return `{"jsonrpc":"2.0","id":${r.pick(ID_TEXTS)},"error":${r.pick(['{"code":-1,"message":"x"}', '"str"', 'null', '{"code":"constructor","message":{}}', hostileObjectText(r)])}}`;
    case 4: {
      const depth = r.pick([10, 255, 256, 257, 1000, 1800, 5000, maxDepth]);
      return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":${deepText(Math.min(depth, maxDepth), r.pick(['array', 'object']))}}}`;
    }
    case 5:
      return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":${JSON.stringify('y'.repeat(r.pick([1000, 100_000, 1_000_000])))}}}`;
    case 6:
      return Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from('"}}'),
      ]);
    case 7:
      return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"\\ud800\\udfff\\ud800${r.pick(ESCAPES).replace(/[\u0000-\u001f\u007f-\u009f\u202e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"}}`;
    case 8:
      return r.pick([
        'not json at all',
        '\u001b]52;c;cHduZWQ=\u0007',
        '[1,2,3]',
        '"just a string"',
        '{"jsonrpc":"2.0"',
        '{}',
        'null',
        '[{"jsonrpc":"2.0","method":"constructor"}]',
      ]);
    case 9:
      return `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${r.pick(ID_TEXTS)},"progress":${r.pick(['1', '"x"', '1e400', 'null'])}}}`;
    case 10:
      return `{"jsonrpc":"2.0","method":${JSON.stringify(r.pick(['notifications/resources/updated', 'notifications/tools/list_changed', 'notifications/cancelled']))},"params":${hostileObjectText(r)}}`;
    default:
      return `{"__proto__":{"jsonrpc":"2.0"},"constructor":{"prototype":{"x":1}},"method":"toString","id":${r.pick(ID_TEXTS)}}`;
  }
}

/** A tools/list result full of hostile definitions (names, schemas nested deep, escapes). */
export function hostileToolsText(r, opts = {}) {
  const maxDepth = opts.maxDepth ?? 10_000;
  const tools = [];
  for (const name of PROTO_NAMES.slice(0, 5))
    tools.push(
      `{"name":${JSON.stringify(name)},"description":${JSON.stringify(r.pick(ESCAPES))},"inputSchema":{"type":"object","properties":${hostileObjectText(r)}}}`,
    );
  tools.push(
    `{"name":"deep","description":"d","inputSchema":{"type":"object","properties":{"a":${deepText(Math.min(r.pick([300, 6000, maxDepth]), maxDepth), 'object')}}}}`,
  );
  tools.push(`{"name":"esc\\u001b]52;c;eA==\\u0007","inputSchema":"not an object","annotations":{"__proto__":{"readOnlyHint":true}}}`);
  tools.push('{"inputSchema":{"type":"object"}}', '42', 'null');
  return `{"tools":[${tools.join(',')}]}`;
}
