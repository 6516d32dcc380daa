import { useMemo, useState } from 'react';
import { expandTemplate, templateProblem, templateVariables } from './uriTemplate';

/** Presenter of one URI template's form: a value per variable and the expansion (RFC 6570). */
export function useTemplateForm(uriTemplate: string) {
  const variables = useMemo(() => templateVariables(uriTemplate), [uriTemplate]);
  const problem = useMemo(() => templateProblem(uriTemplate), [uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const expanded = useMemo(() => (problem ? null : expandTemplate(uriTemplate, values)), [problem, uriTemplate, values]);
  return {
    variables,
    problem,
    values,
    setValue: (name: string, value: string) => setValues((prev) => ({ ...prev, [name]: value })),
    /** The URI to read, or null when the template cannot be expanded. */
    uri: expanded?.uri ?? null,
    missing: expanded?.missing ?? [],
  };
}

export type TemplateFormModel = ReturnType<typeof useTemplateForm>;
