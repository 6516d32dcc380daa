import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { demoConfig } from '../../test-fixtures/demo.js';
import { everythingEntry } from '../../test-fixtures/servers.js';
import { invalidArgumentsFor } from './invalid-args.js';
import { runCheck } from './run-check.js';

const EXERCISE_SERVER = fileURLToPath(new URL('../../test-fixtures/exercise-server.mjs', import.meta.url));
let engine: Engine;
afterEach(async () => {
  await engine?.closeAll();
});

describe('invalidArgumentsFor', () => {
  it('leaves out a required property, else gives a property the wrong type, else an unknown one', () => {
    expect(
      invalidArgumentsFor({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a', 'b'] }),
    ).toEqual({ args: { b: 1 }, what: 'required "a" left out', certain: true });
    expect(invalidArgumentsFor({ type: 'object', properties: { n: { type: 'integer' } } })?.args).toEqual({ n: 'not a number' });
    expect(invalidArgumentsFor({ type: 'object', additionalProperties: false })?.args).toEqual({ mcpscope_unexpected_argument: 1 });
    expect(invalidArgumentsFor({ type: 'object' })).toBeUndefined();
    const hostile = invalidArgumentsFor(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'));
    expect(Object.hasOwn(hostile!.args, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(hostile!.args)).toBe(Object.prototype);
  });
});

describe('check --exercise', () => {
  it('calls every tool of server-everything, valid and invalid, with a note naming each tool and no error finding', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const config = { transport: 'stdio' as const, command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} };
    const { report, session } = await runCheck(engine, config, { exercise: true, timeoutMs: 2000 });
    const notes = report.notes!.join('\n');
    const listed = await session.request('tools/list', {});
    const names = (listed.outcome === 'result' ? (listed.result.tools as Array<{ name: string }>) : []).map((t) => t.name);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      expect(notes, name).toContain(`- tool "${name}": `);
      expect(notes, name).toContain(`- tool "${name}" (invalid arguments`);
    }
    // SEP-1303: server-everything reports input validation errors as isError results.
    expect(notes).toMatch(/tool "echo" \(invalid arguments: required "message" left out\): isError: true/);
    expect(notes).toMatch(/prompt "args-prompt" \(required "city" left out\): JSON-RPC error -32602/);
    const calls = session.events().filter((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call');
    expect(calls.length).toBeGreaterThanOrEqual(names.length + 1);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // Its sampling and elicitation tools ask the client: answered at once (headless), so the tool
    // ends with that answer instead of being reported as a server that gave none.
    expect(notes).toMatch(
      /tool "trigger-sampling-request": isError: true \(MCP error -1: mcpscope check is headless: no one to answer sampling\/createMessa/,
    );
    expect(notes).toMatch(
      /tool "trigger-elicitation-request": isError: true \(MCP error -1: mcpscope check is headless: no one to answer elicitation\/create/,
    );
    expect(notes).not.toMatch(/tool "trigger-(sampling|elicitation)-request[^"]*": no answer/);
    expect(report.notes).toContain(
      '- the server asked the client for sampling/createMessage: answered with JSON-RPC error -1 at once (check is headless; no one to answer)',
    );
    const answers = session
      .events()
      .filter((e) => e.type === 'frame' && e.dir === 'out' && e.msg !== undefined && 'error' in e.msg && e.msg.error.code === -1);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const a of answers) expect(a.type === 'frame' && a.origin).toEqual({ by: 'mcpscope', reason: 'check: headless answer' });
  }, 60_000);

  it('opens and closes a subscriptions/listen stream on 2026-07-28 (the demo server, modern era)', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report, session } = await runCheck(engine, demoConfig('modern'), { exercise: true, timeoutMs: 1500 });
    expect(session.info().era).toBe('modern');
    expect(report.notes!.join('\n')).toMatch(/subscriptions\/listen \S+: acknowledged, then closed/);
    const listen = session.events().find((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'subscriptions/listen');
    expect(listen).toBeDefined();
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
  }, 60_000);

  it('reports a tool that answers invalid arguments with a JSON-RPC error, broken structuredContent, and a prompt that crashes the server (with stderr)', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const config = { transport: 'stdio' as const, command: process.execPath, args: [EXERCISE_SERVER], env: {} };
    const { report } = await runCheck(engine, config, { exercise: true, timeoutMs: 5000 });
    const byRule = (rule: string) => report.findings.filter((f) => f.rule === rule);
    expect(byRule('tool-invalid-arguments').map((f) => f.message)).toEqual([
      expect.stringMatching(/^tool "strict" .*JSON-RPC error -32603/),
    ]);
    expect(byRule('tool-invalid-arguments')[0]).toMatchObject({
      severity: 'warning',
      spec: '2025-11-25/server/tools#error-handling',
      quote: expect.stringContaining('isError: true'),
    });
    expect(byRule('structured-content-schema')[0]).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('"shape"'),
      quote: 'Servers MUST provide structured results that conform to this schema.',
    });
    // The prompt that answers without its required argument is a warning; the one that crashes the
    // server is told once, as the crash (with its stderr), not also as a missing -32602.
    expect(byRule('prompt-missing-argument').map((f) => [f.severity, f.message])).toEqual([
      ['warning', 'prompt "lax" without its required argument "topic" got a result, not a JSON-RPC error -32602'],
    ]);
    const crash = byRule('server-exited-mid-request');
    expect(crash).toHaveLength(1);
    expect(crash[0].message).toMatch(
      /^the server exited with code 1 during prompt "crashy" \(required "topic" left out\), its request unanswered; 1 later step\(s\) skipped/,
    );
    expect(crash[0].message).toContain(
      `"TypeError: Cannot read properties of undefined (reading 'toUpperCase')" | "    at crashy (exercise-server.mjs)"`,
    );
    expect(report.skipped).toEqual(['ping']);
    const notes = report.notes!.join('\n');
    expect(notes).toContain('tool "polite" (invalid arguments: required "n" left out): isError: true');
    expect(notes).toContain('tool "shape": ok, structuredContent checked against outputSchema');
  }, 30_000);
});
