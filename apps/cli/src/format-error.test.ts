import { describe, expect, it } from 'vitest';
import { describeConnectError } from './format-error.js';

describe('describeConnectError', () => {
  it('says what failed with exit code and stderr tail, without repeating itself', () => {
    const err = Object.assign(new Error('The server exited during connect'), {
      details: { code: 'ENGINE_EXITED', message: 'The server exited during connect', exitCode: 3, stderrTail: ['a', 'missing API_KEY'] },
      cause: new Error('Connection closed'),
    });
    expect(describeConnectError('node server.js', err)).toBe(
      [
        'mcpscope: could not connect to node server.js',
        '  The server exited during connect [ENGINE_EXITED]',
        '  caused by: Connection closed',
        '  the server exited with code 3',
        '  last lines of its stderr:',
        '    | a',
        '    | missing API_KEY',
      ].join('\n'),
    );
  });

  it('shows the HTTP status and the headers that matter', () => {
    const err = {
      details: {
        code: 'ENGINE_HTTP_STATUS',
        message: 'POST http://h/mcp answered HTTP 401',
        httpStatus: 401,
        httpHeaders: { date: 'x', 'www-authenticate': 'Bearer realm="a"' },
      },
    };
    const text = describeConnectError('http://h/mcp', err);
    expect(text).toContain('  HTTP status 401\n    www-authenticate: Bearer realm="a"');
    expect(text).not.toContain('date:');
  });

  it('shows the body of an error response, line by line', () => {
    const err = {
      details: {
        code: 'ENGINE_HTTP_STATUS',
        message: 'POST http://h/mcp answered HTTP 403: forbidden',
        httpStatus: 403,
        httpBody: 'forbidden\r\nneeds X-Api-Key',
      },
    };
    expect(describeConnectError('http://h/mcp', err)).toContain('  response body:\n    | forbidden\n    | needs X-Api-Key');
  });

  it('copes with plain errors', () => {
    expect(describeConnectError('x', new Error('boom'))).toBe('mcpscope: could not connect to x\n  boom [ENGINE_CONNECT_FAILED]');
  });

  it('keeps each piece of server text on its own line: a newline in it cannot print a line of its own', () => {
    const fake = 'x\nmcpscope: all good';
    const err = {
      details: {
        code: 'ENGINE_HTTP_STATUS',
        message: `refused: ${fake}`,
        httpStatus: 500,
        httpHeaders: { 'x-why': fake },
        sentInstead: [fake],
        stderrTail: [fake],
      },
    };
    const text = describeConnectError('http://h/mcp', err);
    expect(text).not.toMatch(/^\s*mcpscope: all good/m);
    expect(text).toContain('  refused: x\\nmcpscope: all good [ENGINE_HTTP_STATUS]');
    expect(text).toContain('    x-why: x\\nmcpscope: all good');
  });
});
