import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_ERROR_CODES, ERROR_CATALOGUE, ProxyError, toProxyError, type ProxyErrorCode } from './errors.js';
import { EngineError, type EngineErrorCode } from '@mcpscope/engine';

/**
 * The catalogue, its docs and its types held together (fastify does the same in its own repository,
 * lib/errors.js and docs/Reference/Errors.md): every code has a line in docs/errors.md with the same status,
 * family and mapping, and the page names no code that does not exist.
 */
const DOC = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

/** The table rows whose first cell is a code in backticks: code → the other cells. */
function rows(prefix: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of DOC.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const m = /^`([A-Z_]+)`$/.exec(cells[0] ?? '');
    if (!m?.[1].startsWith(prefix)) continue;
    expect(found.has(m[1]), `${m[1]} has two lines`).toBe(false);
    found.set(m[1], cells.slice(1));
  }
  return found;
}

describe('the error catalogue and docs/errors.md', () => {
  it('documents every proxy code with its status and family, and nothing else', () => {
    const documented = rows('MCPSCOPE_ERR_');
    for (const [code, { status, family }] of Object.entries(ERROR_CATALOGUE)) {
      const cells = documented.get(code);
      expect(cells, `${code} has no line in docs/errors.md`).toBeDefined();
      expect(cells!.slice(0, 2), code).toEqual([String(status), family]);
      expect(cells![2]!.length, `${code}: say what it means`).toBeGreaterThan(20);
      expect(cells![3]!.length, `${code}: say what the user can do`).toBeGreaterThan(10);
    }
    expect([...documented.keys()].filter((code) => !Object.hasOwn(ERROR_CATALOGUE, code))).toEqual([]);
  });

  it('maps every engine code and documents the mapping, and nothing else', () => {
    const documented = rows('ENGINE_');
    for (const [engineCode, proxyCode] of Object.entries(ENGINE_ERROR_CODES)) {
      expect(documented.get(engineCode)?.[0], `${engineCode} has no line (or another mapping) in docs/errors.md`).toBe(`\`${proxyCode}\``);
      // The mapping is what a route answers.
      const err = toProxyError(new EngineError(engineCode as EngineErrorCode, 'x'));
      expect(err.code).toBe(proxyCode);
      expect(err.details).toMatchObject({ engineCode });
    }
    expect([...documented.keys()].filter((code) => !Object.hasOwn(ENGINE_ERROR_CODES, code))).toEqual([]);
  });

  it('names no code in prose that the catalogue lacks', () => {
    for (const [, code] of DOC.matchAll(/`(MCPSCOPE_ERR_[A-Z_]+|ENGINE_[A-Z_]+)`/g)) {
      expect(Object.hasOwn(ERROR_CATALOGUE, code!) || Object.hasOwn(ENGINE_ERROR_CODES, code!), code).toBe(true);
    }
  });

  it('keeps the families apart: only mcpscope’s own failures are 500, the server’s are 5xx of its family', () => {
    for (const [code, { status, family }] of Object.entries(ERROR_CATALOGUE)) {
      const err = new ProxyError(code as ProxyErrorCode, 'x');
      expect([err.statusCode, err.family]).toEqual([status, family]);
      if (status === 500) expect(family).toBe('mcpscope');
      if (family === 'request' || family === 'auth' || family === 'session') expect(status, code).toBeLessThan(500);
    }
    const refused = toProxyError(
      new EngineError('ENGINE_RESPONSE_REFUSED', "the server's answer was nested deeper than 256 levels; mcpscope refused it"),
    );
    expect([refused.statusCode, refused.family, refused.message]).toEqual([
      502,
      'server',
      "the server's answer was nested deeper than 256 levels; mcpscope refused it",
    ]);
  });
});
