import type { SchemaCheck, ValidateFn } from '../../lib/schemaValidator';

/**
 * structuredContent against the tool's outputSchema (spec server/tools#output-schema: servers
 * MUST conform, clients SHOULD validate). A missing structuredContent when an outputSchema
 * exists is itself a finding — except on an isError result, which carries no output.
 */
export type OutputCheck =
  | { kind: 'none' } // no outputSchema and no structuredContent
  | { kind: 'unchecked' } // structuredContent without an outputSchema
  | { kind: 'missing'; isError: boolean }
  | { kind: 'pending' }
  | ({ kind: 'checked' } & SchemaCheck);

export function checkOutput(result: Record<string, unknown>, outputSchema: unknown, validate: ValidateFn | null): OutputCheck {
  const has = 'structuredContent' in result && result.structuredContent !== undefined;
  if (outputSchema === undefined) return has ? { kind: 'unchecked' } : { kind: 'none' };
  if (!has) return { kind: 'missing', isError: result.isError === true };
  if (!validate) return { kind: 'pending' };
  return { kind: 'checked', ...validate(outputSchema, result.structuredContent) };
}
