import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProcessAlive, readTraceFile } from '@mcpscope/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a user's Playwright project runs it (test-fixtures/, against the built dist/):
 * what failing matchers say, the trace each test carries, a worker-scoped session, and that no
 * server process survives a test that times out or a worker that is killed.
 */
const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(pkg, 'node_modules/@playwright/test/cli.js');

interface Attachment {
  name: string;
  path?: string;
}
interface Result {
  status: string;
  errors: Array<{ message?: string }>;
  attachments: Attachment[];
}
interface Spec {
  title: string;
  tests: Array<{ results: Result[] }>;
}
interface Suite {
  specs: Spec[];
  suites?: Suite[];
}

let out: string;
let child: ReturnType<typeof spawn> | undefined;
let report: { suites: Suite[] };
let output = '';
const marker = `pw-fixture-${process.pid}-${Date.now()}`;
// A token of 28 characters (letters, digits, - and _): random ones show ~4.4 bits a character, far above what marks a
// credential (looksLikeCredential), so every run's value is one the recorder must keep out.
const secret = `Zx${randomBytes(18).toString('base64url')}Q7`;

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

function specs(suites: Suite[]): Spec[] {
  return suites.flatMap((s) => [...s.specs, ...specs(s.suites ?? [])]);
}

function result(title: string): Result {
  const spec = specs(report.suites).find((s) => s.title === title);
  if (!spec) throw new Error(`no test "${title}" in the report; the run printed:\n${output}`);
  return spec.tests[0].results[0];
}

const message = (title: string) =>
  plain(
    result(title)
      .errors.map((e) => e.message ?? '')
      .join('\n'),
  );
const expectPassed = (title: string) => expect(result(title).status, message(title)).toBe('passed');
const tracePath = (title: string) => result(title).attachments.find((a) => a.name === 'mcpscope-trace')?.path;

/** Processes whose command line holds the marker. */
function withMarker(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) && isProcessAlive(pid);
      } catch {
        return false;
      }
    });
}

async function until(check: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  if (!existsSync(join(pkg, 'dist/index.js'))) throw new Error('packages/playwright/dist is not built: run `pnpm build` first');
  out = mkdtempSync(join(tmpdir(), 'mcpscope-pw-run-'));
  child = spawn(process.execPath, [cli, 'test', '-c', 'test-fixtures/playwright.config.ts'], {
    cwd: pkg,
    env: { ...process.env, PW_FIXTURE_OUT: out, PW_FIXTURE_MARKER: marker, PW_FIXTURE_SECRET: secret, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise((resolve) => child!.on('close', resolve));
  report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
}, 480_000);

afterAll(() => {
  // A run cut short by the hook's timeout: Playwright stops its workers, and their servers' supervisors stop the rest.
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('failing matchers say what to look at', () => {
  it('toHaveNoFindings quotes the finding, the spec sentence and the frame by # and ordinal', async () => {
    const text = message('toHaveNoFindings quotes the finding, the spec sentence and the frame');
    expect(text).toContain('error stdio-non-json-stdout');
    expect(text).toContain(
      'spec 2025-11-25/basic/transports#stdio: "The server MUST NOT write anything to its `stdout` that is not a valid MCP message."',
    );
    const [, seq, ordinal] = /at frame #(\d+) \(ordinal (\d+)\) ← Server starting/.exec(text) ?? [];
    expect(seq, text).toBeDefined();
    expect(text).toContain('attached to this test as "mcpscope-trace"');
    // The frame it names is that frame in the attached trace.
    const trace = await readTraceFile(tracePath('toHaveNoFindings quotes the finding, the spec sentence and the frame')!);
    const frames = trace.events.filter((e) => e.type === 'frame');
    expect(frames[Number(ordinal)].seq).toBe(Number(seq));
    expect(frames[Number(ordinal)]).toMatchObject({ dir: 'in', raw: expect.stringContaining('Server starting') });
  });

  it("toPassCheck fails with the check's verdict and findings", () => {
    const text = message('toPassCheck fails as mcpscope check does');
    expect(text).toMatch(/mcpscope check of .*raw-server\.mjs: [1-9]\d* error\(s\)/);
    expect(text).toContain('error stdio-non-json-stdout');
    expect(text).toMatch(/at frame #\d+ \(ordinal \d+\)/);
    expect(text).toContain('tools/list: 1 tools in 1 page(s)');
  });

  it("toMatchOutputSchema names the mismatch, the rule's sentence and the response frame", () => {
    const text = message('toMatchOutputSchema names the mismatch and the response frame');
    expect(text).toContain('structured-content-schema: structuredContent of "sum" does not match its outputSchema');
    expect(text).toContain('/sum');
    expect(text).toContain(
      'spec 2025-11-25/server/tools#output-schema: "Servers MUST provide structured results that conform to this schema."',
    );
    expect(text).toMatch(/at frame #\d+ \(ordinal \d+\) ← \{"jsonrpc":"2.0","id":\d+,"result":\{"content"/);
  });

  it('toHaveSent lists the frames that came close', () => {
    const text = message('toHaveSent lists the frames that came close');
    expect(text).toContain('Expected a frame mcpscope sent the server to match');
    expect(text).toMatch(/None matched; the 1 with method tools\/list:\n {2}frame #\d+ \(ordinal \d+\) → \{"method":"tools\/list"/);
    expect(text).toContain('[user: test: tools/list]');
  });
});

describe('a server that cannot be connected to', () => {
  it("fails the test with the reason and the server's stderr, and attaches the trace", async () => {
    const title = "the fixture says why it could not connect, with the server's stderr";
    const text = message(title);
    expect(text).toMatch(/mcpscope could not connect to .*raw-server\.mjs/);
    expect(text).toContain('last lines of its stderr:');
    expect(text).toContain('| fatal: MY_API_KEY is not set');
    const trace = await readTraceFile(tracePath(title)!);
    expect(trace.events.some((e) => e.type === 'stderr' && e.text.includes('MY_API_KEY'))).toBe(true);
  });
});

describe('evidence', () => {
  it('every test carries its trace, redacted, readable by mcpscope', async () => {
    for (const title of ['toHaveSent lists the frames that came close', 'first test of the worker', 'a test that times out']) {
      const path = tracePath(title);
      expect(path, title).toBeDefined();
      const text = readFileSync(path!, 'utf8');
      expect(text).not.toContain(secret);
      const trace = await readTraceFile(path!);
      expect(trace.header.format).toBe('mcpscope-trace');
      expect(trace.events.some((e) => e.type === 'frame')).toBe(true);
    }
    // The tool's description was the secret: the tools/list answer keeps its place, not its value.
    expect(readFileSync(tracePath('first test of the worker')!, 'utf8')).toContain('"description":"[REDACTED]"');
  });

  it('an OAuth-protected HTTP server: client credentials, and an authorization code followed headless', () => {
    expectPassed('client credentials: the session authorizes itself; the secret stays out of the trace');
    expectPassed('an auto-approving authorization server is followed without a browser');
  });

  it('a session per test: each test has its own server, stopped when the test ends', () => {
    expectPassed('a test has its own server');
    expectPassed("the next test has another one, and the first test's has stopped");
  });

  it('a worker session is shared by its tests in turn, each with its own frames', () => {
    expectPassed('first test of the worker');
    expectPassed('second test of the worker');
  });
});

describe('inspector', () => {
  it('its page objects drive the real UI on the mcp session', () => {
    expectPassed('tools, resources, prompts and frames, driven from the UI, on the mcp session');
    expectPassed('the Findings view groups the finding a matcher names');
  });
});

describe('no process survives', () => {
  it('a test that times out, or a worker that is killed, leaves no server process (nor its grandchild)', async () => {
    expect(result('a test that times out').status).toBe('timedOut');
    expect(result('a test whose worker is killed').status).toBe('failed');
    const pids = ['timeout', 'killed'].flatMap((name) => JSON.parse(readFileSync(join(out, `pids-${name}.json`), 'utf8')) as number[]);
    expect(pids).toHaveLength(4);
    await until(() => pids.every((pid) => !isProcessAlive(pid)), 'every server and grandchild to be gone', 5_000);
    expect(withMarker()).toEqual([]);
  });
});

describe('the bundle', () => {
  it("inlines zod's English messages only (scripts/esbuild-english-zod.mjs)", () => {
    // Not minified: esbuild names each inlined file in a comment.
    const text = readFileSync(join(pkg, 'dist/index.js'), 'utf8');
    const locales = [...text.matchAll(/^\/\/ (zod-english:)?\S*node_modules\/zod\/v4\/locales\/([\w-]+\.js)$/gm)];
    // The index that re-exports every language is the plugin's own (its namespace), English alone.
    expect(locales.map(([, ours, file]) => `${ours ? 'ours:' : ''}${file}`).sort()).toEqual(['en.js', 'ours:index.js']);
  });
});
