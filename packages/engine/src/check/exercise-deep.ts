import type { Finding } from '@mcpscope/protocol';
import { EXERCISE_RULES, findingOf } from '@mcpscope/protocol/lint';
import type { Session } from '../session.js';
import { argumentsFor } from './args-from-schema.js';
import { invalidArgumentsFor } from './invalid-args.js';

type Item = Record<string, unknown>;

/** What one request came to, in words a note can carry. */
type Outcome =
  | { kind: 'result'; result: Item }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'failed'; message: string; crashed: boolean };

/** A finding of an exercise rule, with where it came from (no frame of its own). */
export interface ExerciseFinding extends Finding {
  excerpt: string;
}

const rule = (id: string) => EXERCISE_RULES.find((r) => r.id === id)!;
const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The first text block of a tool result, for a note. */
function firstText(result: Item): string {
  const content = Array.isArray(result.content) ? (result.content as Item[]) : [];
  const text = content.find((c) => c && typeof c === 'object' && c.type === 'text' && typeof c.text === 'string');
  return text ? clip(String(text.text).replace(/\s+/g, ' ')) : '';
}

/**
 * `check --exercise`: calls every tool with arguments from its inputSchema and once with
 * arguments that break it (SEP-1303: 2025-11-25/server/tools#error-handling lists input
 * validation errors among tool execution errors, "Reported in tool results with `isError:
 * true`"), gets every prompt with a required argument left out (server/prompts#error-handling:
 * SHOULD answer -32602), and on 2026-07-28 opens and closes a subscriptions/listen stream. The
 * traffic goes through the linter like any other (structuredContent against outputSchema,
 * -32602 for a known tool). Every note names the tool or prompt.
 */
export class DeepExercise {
  readonly findings: ExerciseFinding[] = [];

  constructor(
    private readonly session: Session,
    private readonly notes: string[],
    private readonly timeoutMs: number,
  ) {}

  private alive(): boolean {
    return this.session.info().state === 'connected';
  }

  /** The last stderr lines of the server (stdio), for a crash report. */
  private stderrTail(lines = 8): string {
    const text = this.session
      .events()
      .filter((e) => e.type === 'stderr')
      .flatMap((e) => (e.type === 'stderr' ? e.text.split('\n') : []))
      .filter((l) => l.trim() !== '');
    return text.slice(-lines).join('\n');
  }

  private async request(method: string, params: Item): Promise<Outcome> {
    try {
      // maxTotalTimeoutMs: a 2026-07-28 input_required round (sampling, elicitation) nobody answers headless ends too.
      const out = await this.session.request(method, params, { timeoutMs: this.timeoutMs, maxTotalTimeoutMs: this.timeoutMs });
      if (out.outcome === 'result') return { kind: 'result', result: out.result };
      if (out.outcome === 'error') return { kind: 'error', code: out.error.code, message: out.error.message };
      return { kind: 'failed', message: 'cancelled', crashed: false };
    } catch (err) {
      return { kind: 'failed', message: (err as Error).message, crashed: !this.alive() };
    }
  }

  private failure(out: Extract<Outcome, { kind: 'failed' }>): string {
    const tail = out.crashed ? this.stderrTail() : '';
    return `${out.crashed ? 'the server went away' : 'no answer'} (${out.message})${tail ? `; stderr:\n${tail}` : ''}`;
  }

  async tools(tools: Item[]): Promise<void> {
    for (const tool of tools) {
      if (typeof tool.name !== 'string' || !this.alive()) continue;
      const name = tool.name;
      const ok = await this.request('tools/call', { name, arguments: argumentsFor(tool.inputSchema) });
      this.notes.push(`tool "${name}": ${this.describe(ok, tool)}`);
      if (ok.kind === 'failed' && ok.crashed) return;
      await this.invalidCall(name, tool.inputSchema);
    }
  }

  private describe(out: Outcome, tool: Item): string {
    if (out.kind === 'error') return `JSON-RPC error ${out.code}: ${clip(out.message)}`;
    if (out.kind === 'failed') return this.failure(out);
    const text = firstText(out.result);
    const structured = tool.outputSchema !== undefined && out.result.isError !== true ? (out.result.structuredContent === undefined ? ', no structuredContent' : ', structuredContent checked against outputSchema') : '';
    return `${out.result.isError === true ? 'isError: true' : 'ok'}${structured}${text ? ` (${text})` : ''}`;
  }

  private async invalidCall(name: string, inputSchema: unknown): Promise<void> {
    const invalid = invalidArgumentsFor(inputSchema);
    if (!invalid) {
      this.notes.push(`tool "${name}" (invalid arguments): not tried, its inputSchema accepts any object`);
      return;
    }
    const out = await this.request('tools/call', { name, arguments: invalid.args });
    const label = `tool "${name}" (invalid arguments: ${invalid.what})`;
    if (out.kind === 'result') {
      this.notes.push(`${label}: ${out.result.isError === true ? `isError: true, as SEP-1303 asks (${firstText(out.result)})` : 'accepted (ok)'}`);
    } else if (out.kind === 'error' && out.code === -32602) {
      this.notes.push(`${label}: JSON-RPC error -32602 (see validation-as-protocol-error)`);
    } else {
      const what = out.kind === 'error' ? `JSON-RPC error ${out.code} (${clip(out.message)})` : this.failure(out);
      this.notes.push(`${label}: ${what}`);
      this.findings.push({
        ...findingOf(rule('tool-invalid-arguments'), `tool "${name}" answered arguments that break its inputSchema (${invalid.what}) with ${what}, not a result with isError: true`),
        excerpt: `→ tools/call ${name} ${clip(JSON.stringify(invalid.args))}`,
      });
    }
  }

  async prompts(prompts: Item[]): Promise<void> {
    for (const p of prompts) {
      if (typeof p.name !== 'string' || !this.alive()) continue;
      const args = Array.isArray(p.arguments) ? (p.arguments as Item[]) : [];
      const required = args.filter((a) => a && a.required === true && typeof a.name === 'string').map((a) => a.name as string);
      if (required.length === 0) continue;
      const values = Object.fromEntries(required.slice(1).map((n) => [n, 'test']));
      const out = await this.request('prompts/get', { name: p.name, arguments: values });
      const label = `prompt "${p.name}" (required "${required[0]}" left out)`;
      if (out.kind === 'error') {
        this.notes.push(`${label}: JSON-RPC error ${out.code}`);
        continue;
      }
      const what = out.kind === 'result' ? 'a result' : this.failure(out);
      this.notes.push(`${label}: ${what}`);
      this.findings.push({
        ...findingOf(rule('prompt-missing-argument'), `prompt "${p.name}" without its required argument "${required[0]}" got ${what}, not a JSON-RPC error -32602`),
        excerpt: `→ prompts/get ${p.name} ${clip(JSON.stringify(values))}`,
      });
      if (out.kind === 'failed' && out.crashed) return;
    }
  }

  /** 2026-07-28/basic/patterns/subscriptions: a listen stream for one resource, acknowledged, then closed. */
  async listen(resources: Item[]): Promise<void> {
    const uri = resources.find((r) => typeof r.uri === 'string')?.uri as string | undefined;
    if (!uri || !this.alive()) {
      this.notes.push('subscriptions/listen: not tried (no resource to listen to)');
      return;
    }
    try {
      await this.session.subscribe(uri);
      await this.session.unsubscribe(uri);
      this.notes.push(`subscriptions/listen ${uri}: acknowledged, then closed`);
    } catch (err) {
      this.notes.push(`subscriptions/listen ${uri}: ${(err as Error).message}`);
    }
  }
}
