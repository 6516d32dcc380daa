import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernHttpServer, type ModernHttpServer } from '../../test-fixtures/modern-http-server.js';
import { Engine } from '../session/engine.js';
import { encodeHeaderValue, paramHeaders, scanParamHeaders } from './param-headers.js';

const prop = (type: string, header?: unknown) => ({ type, ...(header === undefined ? {} : { 'x-mcp-header': header }) });
const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

describe('x-mcp-header declarations (SEP-2243)', () => {
  it('finds annotations reached through properties alone, nested objects included', () => {
    const scan = scanParamHeaders(
      schema({
        region: prop('string', 'Region'),
        opts: { type: 'object', properties: { verbose: prop('boolean', 'Verbose') } },
        query: prop('string'),
      }),
    );
    expect(scan).toEqual({
      valid: true,
      declarations: [
        { path: ['region'], header: 'Region', type: 'string' },
        { path: ['opts', 'verbose'], header: 'Verbose', type: 'boolean' },
      ],
    });
  });

  it.each([
    ['empty', schema({ v: prop('string', '') }), /non-empty/],
    ['on an object', schema({ v: prop('object', 'Data') }), /string, integer or boolean/],
    ['on an array', schema({ v: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'Items' } }), /string, integer or boolean/],
    ['on null', schema({ v: prop('null', 'Nil') }), /string, integer or boolean/],
    ['on a number', schema({ v: prop('number', 'Score') }), /string, integer or boolean/],
    ['duplicated', schema({ a: prop('string', 'Region'), b: prop('string', 'Region') }), /unique/],
    ['duplicated in another case', schema({ a: prop('string', 'MyField'), b: prop('string', 'myfield') }), /unique/],
    ['with a space', schema({ v: prop('string', 'My Region') }), /token/],
    ['with a colon', schema({ v: prop('string', 'Region:Primary') }), /token/],
    ['non-ASCII', schema({ v: prop('string', 'Région') }), /token/],
    ['with a control character', schema({ v: prop('string', 'Region\t1') }), /token/],
    ['under items', schema({ list: { type: 'array', items: schema({ v: prop('string', 'X') }) } }), /reached through "properties"/],
    ['under anyOf', schema({}, { anyOf: [schema({ v: prop('string', 'X') })] }), /reached through "properties"/],
    ['under $defs', schema({}, { $defs: { d: prop('string', 'X') } }), /reached through "properties"/],
  ])('makes the tool definition invalid when %s', (_name, input, reason) => {
    const scan = scanParamHeaders(input);
    expect(scan.valid).toBe(false);
    expect(!scan.valid && scan.reason).toMatch(reason);
  });

  it('encodes values as the spec table says', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('us west 1')).toBe('us west 1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });

  it('mirrors present values by type, omits null/absent ones and values of another type', () => {
    const { declarations } = scanParamHeaders(
      schema({
        r: prop('string', 'Region'),
        p: prop('integer', 'Priority'),
        v: prop('boolean', 'Verbose'),
        d: prop('boolean', 'Debug'),
        n: prop('integer', 'N'),
      }),
    ) as { declarations: never };
    expect(paramHeaders(declarations, { r: 'eu', p: 42, v: false, d: null, n: '7' })).toEqual({
      'Mcp-Param-Region': 'eu',
      'Mcp-Param-Priority': '42',
      'Mcp-Param-Verbose': 'false',
    });
    expect(paramHeaders(declarations, { __proto__: { r: 'polluted' } })).toEqual({});
  });
});

describe('Mcp-Param-* on the wire (2026-07-28 over Streamable HTTP)', () => {
  let server: ModernHttpServer;
  let engine: Engine;
  beforeAll(async () => {
    server = await startModernHttpServer({ tools: {} }, (req) => {
      if (req.method === 'tools/list') {
        return {
          tools: [
            {
              name: 'sql',
              inputSchema: schema({ region: prop('string', 'Region'), priority: prop('integer', 'Priority'), query: prop('string') }),
            },
            { name: 'broken', inputSchema: schema({ v: prop('number', 'Score') }) },
          ],
        };
      }
      if (req.method === 'tools/call') return { content: [{ type: 'text', text: 'ok' }] };
      return undefined;
    });
  });
  afterAll(() => server.stop());
  afterEach(() => engine?.closeAll());

  it('a tools/call of a listed tool carries its annotated arguments as headers; an invalid definition gets none', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'http', url: server.url, headers: {} });
    expect(session.info().era).toBe('modern');
    await session.request('tools/list');
    await session.request('tools/call', { name: 'sql', arguments: { region: 'Hello, 世界', priority: 3, query: 'SELECT 1' } });
    await session.request('tools/call', { name: 'broken', arguments: { v: 1.5 } });
    const [sql, broken] = server.requests.filter((r) => r.method === 'tools/call');
    expect(sql.headers['mcp-param-region']).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(sql.headers['mcp-param-priority']).toBe('3');
    expect(sql.headers['mcp-param-query']).toBeUndefined();
    expect(sql.headers['mcp-name']).toBe('sql');
    expect(Object.keys(broken.headers).filter((h) => h.startsWith('mcp-param-'))).toEqual([]);
  });
});
