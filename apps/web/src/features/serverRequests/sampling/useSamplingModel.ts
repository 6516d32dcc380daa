import { useMemo, useState } from 'react';
import type { PendingServerRequest, SessionInfo } from '@mcpscope/wire';
import type { AnswerFn } from '../useServerRequestQueue';
import { buildSamplingResult, initialSamplingDraft, REJECT_SAMPLING, switchMode, type SamplingDraft } from './samplingReply';
import { readSamplingRequest } from './samplingRequest';
import { isRecord } from '@mcpscope/protocol';

/**
 * Presenter of the sampling dialog (spec client/sampling "User Interaction Model": a human in
 * the loop who can review the request, write or edit the reply, and deny it).
 */
export function useSamplingModel(request: PendingServerRequest, session: SessionInfo | undefined, answer: AnswerFn) {
  const declared = session?.clientCapabilities?.sampling;
  const caps = { tools: isRecord(declared) && 'tools' in declared, context: isRecord(declared) && 'context' in declared };
  const view = useMemo(() => readSamplingRequest(request.params, caps), [request.params, caps.tools, caps.context]); // `caps` is a new object every render; its two flags are what it says
  const [draft, setDraft] = useState<SamplingDraft>(() => initialSamplingDraft(view));
  const [attempted, setAttempted] = useState(false);
  const build = useMemo(() => buildSamplingResult(draft, view), [draft, view]);

  return {
    view,
    draft,
    update: (patch: Partial<SamplingDraft>) => setDraft((d) => ({ ...d, ...patch })),
    setMode: (mode: SamplingDraft['mode']) => setDraft((d) => switchMode(d, mode)),
    /** Errors show once the user tried to send, not while typing the first character. */
    errors: attempted && !build.ok ? build.errors : [],
    warnings: build.warnings,
    valid: build.ok,
    /** The exact result that Approve sends, for the preview. */
    preview: build.ok ? build.result : undefined,
    approve(): boolean {
      setAttempted(true);
      if (!build.ok) return false;
      answer({ result: build.result });
      return true;
    },
    reject: () => answer(REJECT_SAMPLING),
  };
}
