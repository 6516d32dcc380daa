import { useState } from 'react';
import type { PendingServerRequest, SessionInfo } from '@mcpscope/wire';
import { formatClock } from '../../lib/format';
import { sessionName } from '../../lib/sessionLabel';
import { displayRequestId } from './answerTemplates';
import { describeOrigin, type RequestOrigin } from './correlate';
import { ElicitationDialog } from './elicitation/ElicitationDialog';
import { RawAnswerEditor } from './RawAnswerEditor';
import { SamplingDialog } from './sampling/SamplingDialog';
import type { AnswerFn } from './useServerRequestQueue';

interface Props {
  request: PendingServerRequest;
  session: SessionInfo | undefined;
  origin: RequestOrigin | null;
  answer: AnswerFn;
  busy: boolean;
  viewFrame: (seq: number) => void;
}

const DIALOGS = new Set(['sampling/createMessage', 'elicitation/create']);

/** One pending request: who asks and why, then its dialog (or the raw answer editor). */
export default function ServerRequestBody({ request, session, origin, answer, busy, viewFrame }: Props) {
  const [raw, setRaw] = useState(!DIALOGS.has(request.method));
  const serverName = session ? sessionName(session) : 'The server';
  const originText = describeOrigin(origin);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-line px-2 py-1 text-[11px] text-muted"
        data-testid="server-request-meta"
      >
        <span className="chip text-fg">{request.method}</span>
        <span>
          from <span className="font-medium text-fg">{serverName}</span>
        </span>
        {request.inputKey !== undefined ? (
          <span title="The key of this request in the inputRequests of an input_required result (2026-07-28)">
            inputRequests[{JSON.stringify(request.inputKey)}]
          </span>
        ) : (
          <span title="JSON-RPC id of the server's request">id {displayRequestId(request.requestId)}</span>
        )}
        <span title="Received at">{formatClock(request.receivedAt)}</span>
        {originText && (
          <span className="text-fg" data-testid="server-request-origin">
            {originText}
          </span>
        )}
        {origin && (
          <button
            className="text-accent underline-offset-2 hover:underline"
            onClick={() => viewFrame(origin.questionSeq ?? origin.requestSeq)}
          >
            view in Frames
          </button>
        )}
        <span className="flex-1" />
        {DIALOGS.has(request.method) && (
          <button
            className="btn btn-ghost h-5 text-[11px]"
            onClick={() => setRaw((r) => !r)}
            aria-pressed={raw}
            title="Write any result or JSON-RPC error by hand"
          >
            {raw ? 'Back to the dialog' : 'Raw answer…'}
          </button>
        )}
      </div>
      {raw ? (
        <RawAnswerEditor request={request} answer={answer} busy={busy} />
      ) : request.method === 'sampling/createMessage' ? (
        <SamplingDialog request={request} session={session} answer={answer} busy={busy} />
      ) : (
        <ElicitationDialog request={request} serverName={serverName} answer={answer} busy={busy} />
      )}
    </div>
  );
}
