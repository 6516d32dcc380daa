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

export interface RuleMeta {
  id: string;
  severity: Severity;
  /** Spec section the rule enforces (revision/page#anchor). */
  spec: string;
  description: string;
}

export interface FrameRule extends RuleMeta {
  onFrame(ctx: FrameContext): string | string[] | undefined;
}

export interface HttpRule extends RuleMeta {
  onHttp(event: HttpEvent, state: LintState): string | string[] | undefined;
}

export function toFindings(rule: RuleMeta, out: string | string[] | undefined): Finding[] {
  if (out === undefined) return [];
  const messages = Array.isArray(out) ? out : [out];
  return messages.map((message) => ({ rule: rule.id, severity: rule.severity, message, spec: rule.spec }));
}
