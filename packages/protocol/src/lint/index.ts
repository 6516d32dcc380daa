export { Linter, NEW_SESSION, TRANSPORT_ATTEMPT, type LinterOptions } from './linter.js';
export { RULE_CATALOGUE, FRAME_RULES, HTTP_RULES, PROBE_RULES, EXERCISE_RULES, TAP_RULES, ruleMeta } from './rules.js';
export { findingOf, type RuleMeta, type SchemaValidator } from './rule.js';
export { APP_RULES, APP_BOUNDARY_RULES } from './app-rules.js';
export { validationErrorsAreToolErrors } from './result-rules.js';
export { SPAN_RULES, type SpanRule } from './telemetry-rules.js';
