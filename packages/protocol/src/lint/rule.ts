import type { Finding, FrameEvent, HttpEvent, Severity } from '../events.js';
import { internalErrorFinding } from './findings.js';
import type { MessageKind } from '../jsonrpc.js';
import type { AppInFlight, AppViewState } from './app-state.js';
import type { InFlight, LintState } from './state.js';

/** What a rule sees: the event, and for a response the request it answers. */
export interface FrameContext {
  frame: FrameEvent;
  msg: Record<string, unknown>;
  state: LintState;
  /** For responses: the request they answer, if known. */
  request?: InFlight;
  /** For responses: their id was answered before (a second answer). */
  repeatAnswer?: boolean;
  validate?: SchemaValidator;
}

/** Validates `value` against a JSON Schema (2020-12); returns error messages, empty when valid. */
export type SchemaValidator = (schema: unknown, value: unknown) => string[];

/**
 * A rule's catalogue entry. Severity follows the spec text it quotes: `error` only for a
 * MUST / MUST NOT / REQUIRED / SHALL, `warning` for a SHOULD or advice, `info` for a check of
 * mcpscope's own with no spec sentence behind it (then `spec` is '' and `quote` is absent).
 * spec-quotes.test.ts holds every quote against ../shared/spec.
 */
export interface RuleMeta {
  id: string;
  severity: Severity;
  /** Spec section the rule enforces (revision/page#anchor), '' for mcpscope's own checks. */
  spec: string;
  /**
   * The spec sentence the rule rests on, as the page reads: verbatim from the markdown with
   * emphasis markers and link targets dropped and line breaks as spaces.
   */
  quote?: string;
  /**
   * The same rule in the 2026-07-28 text, where that era words it on another page: a finding of
   * a modern session quotes this one (its own era's sentence), a legacy one `spec`/`quote`.
   */
  modern?: { spec: string; quote: string };
  description: string;
}

/** The era a finding is judged in (a session's negotiated era; undefined before it is known). */
export type FindingEra = 'legacy' | 'modern' | undefined;

export interface FrameRule extends RuleMeta {
  onFrame(ctx: FrameContext): string | string[] | undefined;
}

/**
 * What an app rule sees: a frame of one MCP App view's postMessage conversation (`dir: 'in'` =
 * app → host), that view's state, and what the server connection taught the linter (its tools).
 */
export interface AppFrameContext {
  frame: FrameEvent;
  msg: Record<string, unknown>;
  kind: MessageKind;
  view: AppViewState;
  server: LintState;
  /** For responses: the request of this view they answer, if known. */
  request?: AppInFlight;
}

export interface AppRule extends RuleMeta {
  onAppFrame(ctx: AppFrameContext): string | string[] | undefined;
}

export interface HttpRule extends RuleMeta {
  onHttp(event: HttpEvent, state: LintState): string | string[] | undefined;
}

/**
 * A finding of `rule`: it carries the rule's spec section and quote, so every consumer shows them.
 * In a modern session a rule with a 2026-07-28 wording quotes that one.
 */
export function findingOf(rule: RuleMeta, message: string, era?: FindingEra): Finding {
  const text = era === 'modern' && rule.modern ? rule.modern : rule;
  return {
    rule: rule.id,
    severity: rule.severity,
    message,
    ...(text.spec ? { spec: text.spec } : {}),
    ...(text.quote ? { quote: text.quote } : {}),
  };
}

export function toFindings(rule: RuleMeta, out: string | string[] | undefined, era?: FindingEra): Finding[] {
  if (out === undefined) return [];
  const messages = Array.isArray(out) ? out : [out];
  return messages.map((message) => findingOf(rule, message, era));
}

/** One rule's findings; a rule that throws on hostile input fails only itself, on this event. */
export function guarded(rule: RuleMeta, run: () => string | string[] | undefined, era?: FindingEra): Finding[] {
  try {
    return toFindings(rule, run(), era);
  } catch (err) {
    return [internalErrorFinding(`rule ${rule.id}`, err)];
  }
}
