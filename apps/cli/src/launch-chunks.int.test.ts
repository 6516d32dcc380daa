import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error build.mjs is plain JS without types; tests only.
import { buildCli } from '../build.mjs';

interface Output {
  bytes: number;
  inputs: Record<string, unknown>;
  imports: Array<{ path: string; kind: string; external?: boolean }>;
}

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(cliDir, '.tmp', `chunks-${process.pid}-${Date.now()}`);
let outputs: Record<string, Output>;

beforeAll(async () => {
  outputs = ((await buildCli({ outdir, web: 'skip', quiet: true })) as { metafile: { outputs: Record<string, Output> } }).metafile.outputs;
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const output = (pattern: RegExp): string => {
  const found = Object.keys(outputs).filter((file) => pattern.test(file));
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** The output files a file loads before its own code runs (static imports, transitively). */
function staticGraph(file: string): string[] {
  const seen = new Set([file]);
  const visit = (f: string): void => {
    for (const imp of outputs[f]!.imports) {
      if (imp.external || imp.kind === 'dynamic-import' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      visit(imp.path);
    }
  };
  visit(file);
  return [...seen];
}

/** What may run before a plain launch's UI listens: mcpscope's own small modules and node: builtins. */
const ALLOWED_INPUT = [
  /apps\/cli\/src\/(mcpscope|launch-argv|call-argv|live-argv|argv-option|heap-tuning|paths|prespawn-channel)\.ts$/,
  /^(required-builtin|builtin-exports):node:/, // build.mjs requireBuiltins: a builtin taken with require(), re-exported once
  /apps\/cli\/src\/commands\/launch-early\.ts$/,
  /apps\/proxy\/src\/(early\/[\w-]+|hostPolicy|hosts|paths|errorCatalogue|plugins\/securityHeaders|sandbox\/origins)\.ts$/,
  /node_modules\/fastify-plugin\//, // securityHeaders' fp(): a 2 KiB wrapper, not Fastify
];

describe('the bundle (a plain launch listens before commander and the rest load)', () => {
  it('mcpscope.js loads only the argv decision and launch-early.cjs (one file) before the UI listens, then the rest in slices', () => {
    const entry = output(/\/mcpscope\.js$/);
    const early = output(/\/launch-early\.cjs$/);
    // Each chunk once, however many places import it (a one-shot call's server and a launch's both take prespawn).
    const dynamic = (file: string) => [
      ...new Set(outputs[file]!.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path)),
    ];
    const prespawn = output(/\/chunks\/prespawn-\w+\.js$/);
    const channel = output(/\/chunks\/prespawn-channel-\w+\.js$/);
    const slices = output(/\/chunks\/launch-slices-\w+\.js$/);
    expect(dynamic(entry).sort()).toEqual([output(/\/chunks\/bin-\w+\.js$/), prespawn, channel, slices].sort());
    // The channel's code may sit in a chunk it shares with launch (which takes the session it names).
    expect([...new Set(staticGraph(channel).flatMap(dynamic))]).toEqual([prespawn]);

    const beforeListen = [...staticGraph(entry), early, ...staticGraph(channel)];
    const inputs = beforeListen.flatMap((file) => Object.keys(outputs[file]!.inputs));
    expect(inputs.filter((input) => !ALLOWED_INPUT.some((re) => re.test(input)))).toEqual([]);
    const externals = beforeListen.flatMap((file) =>
      outputs[file]!.imports.filter((i) => i.external && i.kind !== 'dynamic-import').map((i) => i.path),
    );
    expect(externals.filter((path) => !path.startsWith('node:'))).toEqual([]);
    // Small: the early path is a few KiB of code, the rest (Fastify, the engine, the SDK, zod) MiBs.
    expect(beforeListen.reduce((sum, file) => sum + outputs[file]!.bytes, 0)).toBeLessThan(40 * 1024);
  });

  it("a one-shot call's early spawn loads the engine's spawn code only (not the engine, the SDK or zod)", () => {
    const graph = staticGraph(output(/\/chunks\/prespawn-\w+\.js$/));
    const inputs = graph.flatMap((file) => Object.keys(outputs[file]!.inputs));
    expect(
      inputs.filter(
        (input) =>
          !/packages\/engine\/src\/transports\/(prespawn|watchdog|early-output|shell-supervisor|server-env|process-tree|pid-namespace|descendants)\.ts$|^(required-builtin|builtin-exports):node:/.test(
            input,
          ),
      ),
    ).toEqual([]);
    const externals = graph.flatMap((file) =>
      outputs[file]!.imports.filter((i) => i.external && i.kind !== 'dynamic-import').map((i) => i.path),
    );
    expect(externals.filter((path) => !path.startsWith('node:'))).toEqual([]);
    expect(graph.reduce((sum, file) => sum + outputs[file]!.bytes, 0)).toBeLessThan(24 * 1024);
  });

  it('call/check --session, sessions and connect take a path without commander, zod, the SDK or the engine', () => {
    const entry = output(/\/mcpscope\.js$/);
    // One file of its own (build.mjs APART), which mcpscope.js require()s.
    const fast = output(/\/fast-live\.cjs$/);
    const graph = [...staticGraph(entry), fast];
    const inputs = graph.flatMap((file) => Object.keys(outputs[file]!.inputs));
    const allowed = [
      ...ALLOWED_INPUT,
      /apps\/cli\/src\/(live-argv|exit-codes|io|terminal-text|call-params|ui-registry|server-log-line)\.ts$/,
      /apps\/cli\/src\/live\/(fast-live|call-on-session|call-lines|session-call|session-list|check-on-session|connect-with|background|pick-session|locate|api|ui-link)\.ts$/,
      /apps\/cli\/src\/format-error\.ts$/,
      /apps\/cli\/src\/commands\/(call-report|emit-report|escape-control|sessions)\.ts$/,
      /packages\/protocol\/src\/(?!lint\/(?!findings))[\w/-]+\.ts$/, // pure, no dependencies; not the rules
      /packages\/wire\/src\/(plain|display-name|origin-header)\.ts$/,
      /packages\/engine\/src\/(data-dir|transports\/process-tree|transports\/server-env|check\/report)\.ts$/,
    ];
    expect(inputs.filter((input) => !allowed.some((re) => re.test(input)))).toEqual([]);
    const externals = graph.flatMap((file) =>
      outputs[file]!.imports.filter((i) => i.external && i.kind !== 'dynamic-import').map((i) => i.path),
    );
    expect(externals.filter((path) => !path.startsWith('node:'))).toEqual([]);
    expect(graph.reduce((sum, file) => sum + outputs[file]!.bytes, 0)).toBeLessThan(80 * 1024);
  });
});

describe("the bundle's zod", () => {
  it('carries English messages only (scripts/esbuild-english-zod.mjs), and speaks English', async () => {
    const inputs = Object.values(outputs).flatMap((o) => Object.keys(o.inputs));
    const locales = inputs.filter((input) => /node_modules\/zod\/v4\/locales\//.test(input));
    // The index that re-exports every language is the plugin's own (its namespace), English alone.
    expect(locales.map((input) => `${input.startsWith('zod-english:') ? 'ours:' : ''}${input.split('/').pop()}`).sort()).toEqual([
      'en.js',
      'ours:index.js',
    ]);

    // The bundled demo server validates a tool's arguments with that zod: its message is zod's English one.
    const server = spawn(process.execPath, [join(outdir, 'demo-server.js')], { stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      const lines = createInterface({ input: server.stdout! });
      const send = (msg: object) => server.stdin!.write(`${JSON.stringify(msg)}\n`);
      const answer = (id: number) =>
        new Promise<{ result?: { content?: Array<{ text?: string }> } }>((resolve) =>
          lines.on('line', (line) => {
            const msg = JSON.parse(line) as { id?: number };
            if (msg.id === id) resolve(msg);
          }),
        );
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
      });
      await answer(1);
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 42 } } });
      const text = (await answer(2)).result?.content?.[0]?.text ?? '';
      expect(text).toMatch(/Invalid input: expected string, received number/);
    } finally {
      server.kill();
    }
  });
});
