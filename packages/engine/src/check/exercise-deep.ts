import { EXERCISE_RULES, findingOf, validationErrorsAreToolErrors } from '@mcpscope/protocol/lint';
import type { Session } from '../session/session.js';
import { argumentsFor } from './args-from-schema.js';
import type { CheckSteps } from './check-steps.js';
import type { ExerciseFinding } from './exercise-finding.js';
import { invalidArgumentsFor, type InvalidArguments } from './invalid-args.js';
import { SCHEMA_INVALID, sharedSchemaValidator } from '../requests/schema-validator.js';

type Item = Record<string, unknown>;

/** What one request came to, in words a note can carry ('skipped': the server was already gone). */
type Outcome =
  | { kind: 'result'; result: Item }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'failed'; message: string; crashed: boolean }
  | { kind: 'skipped' };

const rule = (id: string) => EXERCISE_RULES.find((r) => r.id === id)!;
/** A server's text for a note or a message: one line (its whitespace runs as one space), clipped. */
const clip = (text: string, n = 80) => {
  const s = text.replace(/\s+/g, ' ');
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};

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
    private readonly steps: CheckSteps,
    private readonly validate = sharedSchemaValidator(),
  ) {}

  /** One step: `label` names it in the notes, and in the crash finding or the skipped list. */
  private async request(label: string, method: string, params: Item): Promise<Outcome> {
    // maxTotalTimeoutMs: a 2026-07-28 input_required round (sampling, elicitation) nobody answers headless ends too.
    const step = await this.steps.run(label, () =>
      this.session.request(method, params, { timeoutMs: this.timeoutMs, maxTotalTimeoutMs: this.timeoutMs }),
    );
    if (!step) return { kind: 'skipped' };
    if ('error' in step) return { kind: 'failed', message: (step.error as Error).message, crashed: this.steps.exit !== undefined };
    const out = step.value;
    if (out.outcome === 'result') return { kind: 'result', result: out.result };
    if (out.outcome === 'error') return { kind: 'error', code: out.error.code, message: out.error.message };
    return { kind: 'failed', message: 'cancelled', crashed: false };
  }

  /** A failed request in words; a crash is told once, by the server-exited finding, not by the rule of the step. */
  private failure(out: Extract<Outcome, { kind: 'failed' }>): string {
    return `${out.crashed ? 'the server went away' : 'no answer'} (${out.message})`;
  }

  async tools(tools: Item[]): Promise<void> {
    for (const tool of tools) {
      if (typeof tool.name !== 'string') continue;
      const name = tool.name;
      const label = `tool "${clip(name)}"`;
      const ok = await this.request(label, 'tools/call', { name, arguments: argumentsFor(tool.inputSchema) });
      if (ok.kind !== 'skipped') this.notes.push(`${label}: ${this.describe(ok, tool)}`);
      await this.invalidCall(name, tool.inputSchema);
    }
  }

  private describe(out: Exclude<Outcome, { kind: 'skipped' }>, tool: Item): string {
    if (out.kind === 'error') return `JSON-RPC error ${out.code}: ${clip(out.message)}`;
    if (out.kind === 'failed') return this.failure(out);
    const text = firstText(out.result);
    const structured =
      tool.outputSchema !== undefined && out.result.isError !== true
        ? out.result.structuredContent === undefined
          ? ', no structuredContent'
          : ', structuredContent checked against outputSchema'
        : '';
    return `${out.result.isError === true ? 'isError: true' : 'ok'}${structured}${text ? ` (${text})` : ''}`;
  }

  private async invalidCall(name: string, inputSchema: unknown): Promise<void> {
    const invalid = invalidArgumentsFor(inputSchema);
    const tool = `tool "${clip(name)}"`;
    if (!invalid) {
      if (this.steps.alive()) this.notes.push(`${tool} (invalid arguments): not tried, its inputSchema accepts any object`);
      return;
    }
    const label = `${tool} (invalid arguments: ${clip(invalid.what)})`;
    const out = await this.request(label, 'tools/call', { name, arguments: invalid.args });
    if (out.kind === 'skipped') return;
    if (out.kind === 'result') {
      if (out.result.isError === true) return void this.notes.push(`${label}: isError: true, as SEP-1303 asks (${firstText(out.result)})`);
      return this.accepted(tool, label, invalid, inputSchema);
    }
    if (out.kind === 'error' && out.code === -32602)
      return void this.notes.push(`${label}: JSON-RPC error -32602 (see validation-as-protocol-error)`);
    const what = out.kind === 'error' ? `JSON-RPC error ${out.code} (${clip(out.message)})` : this.failure(out);
    const info = this.session.info();
    const judged = validationErrorsAreToolErrors(info);
    this.notes.push(`${label}: ${what}${judged ? '' : ` (not judged: protocol ${info.protocolVersion ?? '?'} predates SEP-1303)`}`);
    if ((out.kind === 'failed' && out.crashed) || !judged) return;
    this.findings.push({
      ...findingOf(
        rule('tool-invalid-arguments'),
        `${tool} answered arguments that break its inputSchema (${invalid.what}) with ${what}, not a result with isError: true`,
      ),
      excerpt: `→ tools/call ${clip(name)} ${clip(JSON.stringify(invalid.args))}`,
    });
  }

  /**
   * Arguments that break the inputSchema came back as a success. An error ("Servers MUST:
   * Validate all tool inputs") only when they certainly break it: a kind of break no server
   * tolerates on purpose (invalid-args.ts) that the JSON Schema validator also finds invalid.
   */
  private accepted(tool: string, label: string, invalid: InvalidArguments, inputSchema: unknown): void {
    const errors = invalid.certain ? this.validate(inputSchema, invalid.args) : [];
    const judged = errors.length > 0 && !errors.some((e) => e.startsWith(SCHEMA_INVALID));
    this.notes.push(
      `${label}: accepted (a success)${judged ? '' : ', not judged (a break a server may tolerate, or one the schema validator does not confirm)'}`,
    );
    if (!judged) return;
    this.findings.push({
      ...findingOf(
        rule('tool-invalid-arguments-accepted'),
        `${tool} returned success for arguments that break its inputSchema (${invalid.what}; ${clip(errors.slice(0, 2).join('; '))})`,
        this.session.info().era,
      ),
      excerpt: `→ tools/call ${clip(JSON.stringify(invalid.args))}`,
    });
  }

  async prompts(prompts: Item[]): Promise<void> {
    for (const p of prompts) {
      if (typeof p.name !== 'string') continue;
      const args = Array.isArray(p.arguments) ? (p.arguments as Item[]) : [];
      const required = args.filter((a) => a && a.required === true && typeof a.name === 'string').map((a) => a.name as string);
      if (required.length === 0) continue;
      const values = Object.fromEntries(required.slice(1).map((n) => [n, 'test']));
      const label = `prompt "${clip(p.name)}" (required "${clip(required[0])}" left out)`;
      const out = await this.request(label, 'prompts/get', { name: p.name, arguments: values });
      if (out.kind === 'skipped') continue;
      if (out.kind === 'error') {
        this.notes.push(`${label}: JSON-RPC error ${out.code}`);
        continue;
      }
      const what = out.kind === 'result' ? 'a result' : this.failure(out);
      this.notes.push(`${label}: ${what}`);
      if (out.kind === 'failed' && out.crashed) continue;
      this.findings.push({
        ...findingOf(
          rule('prompt-missing-argument'),
          `prompt "${clip(p.name)}" without its required argument "${clip(required[0])}" got ${what}, not a JSON-RPC error -32602`,
        ),
        excerpt: `→ prompts/get ${clip(p.name)} ${clip(JSON.stringify(values))}`,
      });
    }
  }

  /** 2026-07-28/basic/patterns/subscriptions: a listen stream for one resource, acknowledged, then closed. */
  async listen(resources: Item[]): Promise<void> {
    const uri = resources.find((r) => typeof r.uri === 'string')?.uri as string | undefined;
    if (!uri) {
      this.notes.push('subscriptions/listen: not tried (no resource to listen to)');
      return;
    }
    const label = `subscriptions/listen ${clip(uri)}`;
    const step = await this.steps.run(label, async () => {
      await this.session.subscribe(uri);
      await this.session.unsubscribe(uri);
    });
    if (step) this.notes.push(`${label}: ${'error' in step ? (step.error as Error).message : 'acknowledged, then closed'}`);
  }
}
