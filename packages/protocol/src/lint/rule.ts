import type { Finding, FrameEvent, HttpEvent, Severity } from '../events.js';
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
  description: string;
}

export interface FrameRule extends RuleMeta {
  onFrame(ctx: FrameContext): string | string[] | undefined;
}

export interface HttpRule extends RuleMeta {
  onHttp(event: HttpEvent, state: LintState): string | string[] | undefined;
}

/** A finding of `rule`: it carries the rule's spec section and quote, so every consumer shows them. */
export function findingOf(rule: RuleMeta, message: string): Finding {
  return { rule: rule.id, severity: rule.severity, message, ...(rule.spec ? { spec: rule.spec } : {}), ...(rule.quote ? { quote: rule.quote } : {}) };
}

export function toFindings(rule: RuleMeta, out: string | string[] | undefined): Finding[] {
  if (out === undefined) return [];
  const messages = Array.isArray(out) ? out : [out];
  return messages.map((message) => findingOf(rule, message));
}
