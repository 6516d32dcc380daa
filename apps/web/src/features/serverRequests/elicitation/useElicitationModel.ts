import { useMemo, useState } from 'react';
import type { PendingServerRequest } from '@mcpscope/wire';
import type { AnswerFn } from '../useServerRequestQueue';
import { buildContent, initialValues, readRequestedSchema, type FieldValue } from './elicitSchema';
import { analyzeElicitationUrl, openExternally } from './urlSafety';
import { isRecord } from '@mcpscope/protocol';

/**
 * Presenter of the elicitation dialog (spec client/elicitation): form mode builds `content`
 * from the requested schema; URL mode shows where the link goes and opens it only when the
 * person asks. Either way the answer is accept, decline or cancel ("Response Actions").
 */
export function useElicitationModel(request: PendingServerRequest, answer: AnswerFn, open: (href: string) => void = openExternally) {
  const params = isRecord(request.params) ? request.params : {};
  // spec: a request without `mode` is form mode.
  const mode: 'form' | 'url' = params.mode === 'url' ? 'url' : 'form';
  const message = typeof params.message === 'string' ? params.message : '';
  const schema = useMemo(() => readRequestedSchema(params.requestedSchema), [params.requestedSchema]);
  const [values, setValues] = useState(() => initialValues(schema.fields));
  const [attempted, setAttempted] = useState(false);
  const built = useMemo(() => buildContent(schema.fields, values), [schema.fields, values]);
  const url = typeof params.url === 'string' ? params.url : '';
  const analysis = useMemo(() => analyzeElicitationUrl(url), [url]);
  const [opened, setOpened] = useState(false);
  const [riskAccepted, setRiskAccepted] = useState(false);
  const dangerous = analysis.warnings.some((w) => w.level === 'danger');
  const errorCount = Object.keys(built.errors).length;

  return {
    mode,
    message,
    elicitationId: typeof params.elicitationId === 'string' ? params.elicitationId : undefined,
    // form
    fields: schema.fields,
    schemaProblems: schema.problems,
    values,
    setValue: (name: string, value: FieldValue) => setValues((v) => ({ ...v, [name]: value })),
    errors: attempted ? built.errors : {},
    errorCount,
    /** What Accept sends, shown before sending ("allow users to review… their responses"). */
    preview: mode === 'form' ? { action: 'accept', content: built.content } : { action: 'accept' },
    // url
    url,
    analysis,
    opened,
    dangerous,
    riskAccepted,
    setRiskAccepted,
    canOpen: analysis.openable && (!dangerous || riskAccepted),
    openUrl() {
      if (!analysis.openable || (dangerous && !riskAccepted)) return;
      open(analysis.href);
      setOpened(true);
    },
    // actions
    accept(): boolean {
      setAttempted(true);
      if (mode === 'url') {
        answer({ result: { action: 'accept' } });
        return true;
      }
      if (errorCount > 0) return false;
      answer({ result: { action: 'accept', content: built.content } });
      return true;
    },
    decline: () => answer({ result: { action: 'decline' } }),
    cancel: () => answer({ result: { action: 'cancel' } }),
  };
}

export type ElicitationModel = ReturnType<typeof useElicitationModel>;
