export { Linter, type LinterOptions } from './linter.js';
export { RULE_CATALOGUE, FRAME_RULES, HTTP_RULES, PROBE_RULES } from './rules.js';
export type { RuleMeta, SchemaValidator } from './rule.js';
