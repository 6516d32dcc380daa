import type { Session } from '../session/session.js';
import { argumentsFor } from './args-from-schema.js';
import { CheckSteps } from './check-steps.js';
import { DeepExercise } from './exercise-deep.js';
import type { ExerciseFinding } from './exercise-finding.js';

export interface ExerciseOptions {
  /** Call tools annotated readOnlyHint (with arguments from their inputSchema). */
  callTools?: boolean;
  /**
   * `check --exercise`: call EVERY tool (side effects included) with schema-derived arguments
   * and once with invalid ones, get each prompt with a required argument left out, and on
   * 2026-07-28 open a subscriptions/listen stream (exercise-deep.ts).
   */
  exercise?: boolean;
  /** How many resources to read and prompts to get. */
  sample?: number;
  timeoutMs?: number;
  /** Longest pagination walk per list (a loop is cut here and reported by the linter). */
  maxPages?: number;
}

type Item = Record<string, unknown>;

/** Resources `--exercise` reads (every listed one, up to this many). */
const EXERCISE_READS = 25;
const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Lists and exercises what the server declared, so that every rule sees real traffic. Each step
 * tells what happened in `notes`; a failing step is a note, not an exception (the linter judges).
 */
export class Exerciser {
  readonly notes: string[] = [];
  /** Findings of the exercise rules (what --exercise provoked that traffic rules cannot judge). */
  readonly findings: ExerciseFinding[] = [];
  /** The tools the first tools/list walk returned (check's MCP Apps step reads their UI resources). */
  listedTools: Item[] = [];
  /** Every request of the exercise is a step: a server that goes away is told, the rest skipped. */
  readonly steps: CheckSteps;

  constructor(
    private readonly session: Session,
    private readonly opts: ExerciseOptions = {},
  ) {
    this.steps = new CheckSteps(session);
  }

  /** `label` names what was asked (`tool "echo"`); default the method. */
  private async call(method: string, params: Record<string, unknown> = {}, label = method): Promise<Item | undefined> {
    const timeoutMs = this.opts.timeoutMs ?? 15_000;
    const step = await this.steps.run(label, () => this.session.request(method, params, { timeoutMs, maxTotalTimeoutMs: timeoutMs }));
    if (!step) return undefined;
    if ('error' in step) {
      this.notes.push(`${label}: ${(step.error as Error).message}`);
      return undefined;
    }
    const out = step.value;
    if (out.outcome === 'result') return out.result;
    if (out.outcome === 'error') this.notes.push(`${label}: JSON-RPC error ${out.error.code}: ${out.error.message}`);
    return undefined;
  }

  private deep(): DeepExercise {
    const deep = new DeepExercise(this.session, this.notes, this.opts.timeoutMs ?? 15_000, this.steps);
    this.deepRuns.push(deep);
    return deep;
  }

  private readonly deepRuns: DeepExercise[] = [];

  /** Every page of a list (cursors followed until none, a repeat, or maxPages). */
  async listAll(method: string, key: string): Promise<Item[]> {
    if (this.steps.skip(method)) return [];
    const items: Item[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    for (; pages < (this.opts.maxPages ?? 20); pages++) {
      const result = await this.call(
        method,
        cursor === undefined ? {} : { cursor },
        pages === 0 ? method : `${method} (page ${pages + 1})`,
      );
      if (!result) break;
      if (Array.isArray(result[key])) items.push(...(result[key] as Item[]));
      const next = result.nextCursor;
      if (typeof next !== 'string') {
        pages++;
        break;
      }
      if (seen.has(next)) {
        this.notes.push(`${method}: cursor ${JSON.stringify(next)} came back; stopped following it`);
        pages++;
        break;
      }
      seen.add(next);
      cursor = next;
    }
    this.notes.push(`${method}: ${items.length} ${key} in ${pages} page(s)`);
    return items;
  }

  async run(): Promise<void> {
    try {
      await this.all();
    } finally {
      for (const deep of this.deepRuns) this.findings.push(...deep.findings);
    }
  }

  private async all(): Promise<void> {
    const caps = this.session.info().serverCapabilities ?? {};
    const sample = this.opts.sample ?? 3;
    if (caps.tools) await this.tools();
    if (caps.resources) {
      const resources = await this.listAll('resources/list', 'resources');
      await this.listAll('resources/templates/list', 'resourceTemplates');
      // --exercise reads every listed resource (up to a bound): one it lists but cannot read is judged by resource-read-error-code.
      const reads = resources.filter((r) => typeof r.uri === 'string').slice(0, this.opts.exercise ? EXERCISE_READS : sample);
      if (this.opts.exercise && resources.length > EXERCISE_READS)
        this.notes.push(`resources/read: the first ${EXERCISE_READS} of ${resources.length} resources read`);
      for (const r of reads) await this.call('resources/read', { uri: r.uri }, `resource ${clip(JSON.stringify(r.uri))}`);
      // A second listing: URIs that change between listings are caught by resource-uri-stable.
      await this.listAll('resources/list', 'resources');
      if (this.opts.exercise && this.session.info().era === 'modern') await this.deep().listen(resources);
    }
    if (caps.prompts) await this.prompts(sample, Boolean(caps.completions));
    if (this.session.info().era !== 'modern') await this.call('ping');
    if (caps.logging) {
      const step = await this.steps.run('logging/setLevel', () => this.session.setLogLevel('info'));
      if (step) this.notes.push(`logging/setLevel: ${'error' in step ? (step.error as Error).message : 'info'}`);
    }
  }

  private async tools(): Promise<void> {
    const tools = await this.listAll('tools/list', 'tools');
    this.listedTools = tools;
    // Listed twice: tool definitions that change between listings are caught by tool-changed.
    await this.listAll('tools/list', 'tools');
    if (this.opts.exercise) return this.deep().tools(tools);
    if (!this.opts.callTools) return;
    for (const tool of tools) {
      const readOnly = (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true;
      if (!readOnly || typeof tool.name !== 'string') continue;
      const label = `tool "${tool.name}"`;
      const result = await this.call('tools/call', { name: tool.name, arguments: argumentsFor(tool.inputSchema) }, label);
      if (result) this.notes.push(`${label}: ${result.isError === true ? 'isError: true' : 'ok'}`);
    }
  }

  private async prompts(sample: number, completions: boolean): Promise<void> {
    const prompts = await this.listAll('prompts/list', 'prompts');
    for (const p of prompts.slice(0, sample)) {
      if (typeof p.name !== 'string') continue;
      const args = Array.isArray(p.arguments) ? (p.arguments as Item[]) : [];
      const values = Object.fromEntries(
        args.filter((a) => a && a.required === true && typeof a.name === 'string').map((a) => [a.name as string, 'test']),
      );
      await this.call('prompts/get', { name: p.name, arguments: values }, `prompt "${p.name}"`);
      const first = args.find((a) => a && typeof a.name === 'string');
      if (completions && first) {
        await this.call(
          'completion/complete',
          { ref: { type: 'ref/prompt', name: p.name }, argument: { name: first.name, value: '' } },
          `completion of prompt "${p.name}"`,
        );
      }
    }
    if (this.opts.exercise) await this.deep().prompts(prompts);
  }
}
