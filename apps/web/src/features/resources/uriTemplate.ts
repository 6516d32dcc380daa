import { parseTemplate } from 'url-template';

/**
 * RFC 6570 URI templates: the variables a form asks for, and the expansion (done by the
 * url-template library; only the variable names are read here, per RFC 6570 §2.2–2.4:
 * `{op var1:3,var2*}` with op one of + # . / ; ? & and = , ! @ | reserved).
 */
const EXPRESSION = /\{([^{}]*)\}/g;
const OPERATOR = /^[+#./;?&=,!@|]/;

export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, body] of template.matchAll(EXPRESSION)) {
    for (const spec of body.replace(OPERATOR, '').split(',')) {
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Whether the template is well-formed enough to expand (balanced braces, named variables). */
export function templateProblem(template: string): string | null {
  let depth = 0;
  for (const ch of template) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (depth < 0 || depth > 1) return 'unbalanced braces';
  }
  if (depth !== 0) return 'unbalanced braces';
  for (const [, body] of template.matchAll(EXPRESSION)) {
    if (
      body
        .replace(OPERATOR, '')
        .split(',')
        .some((s) => !/^[\w%.]+(?::\d+|\*)?$/.test(s.trim()))
    )
      return `bad expression {${body}}`;
  }
  return null;
}

/**
 * Expands with the given values; an empty value counts as undefined (RFC 6570 §2.3: an
 * undefined variable is skipped, e.g. `{?q}` disappears). `missing` lists empty variables.
 */
export function expandTemplate(template: string, values: Record<string, string>): { uri: string; missing: string[] } {
  const vars = templateVariables(template);
  const context: Record<string, string> = {};
  for (const name of vars) if (values[name]) context[name] = values[name];
  return { uri: parseTemplate(template).expand(context), missing: vars.filter((n) => !values[n]) };
}
