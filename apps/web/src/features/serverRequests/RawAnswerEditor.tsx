import { useState } from 'react';
import type { PendingServerRequest } from '@mcpscope/wire';
import { JsonTree } from '../../ui/JsonTree';
import { defaultResult, parseErrorAnswer, parseResult } from './answerTemplates';
import type { AnswerFn } from './useServerRequestQueue';

/**
 * Any answer, written by hand: a result object or a JSON-RPC error. For methods without a
 * dedicated dialog, and for answering a known one with something its dialog would not send
 * (it is a debugger: a malformed answer on purpose is a valid test).
 */
export function RawAnswerEditor({ request, answer, busy }: { request: PendingServerRequest; answer: AnswerFn; busy: boolean }) {
  const [mode, setMode] = useState<'result' | 'error'>('result');
  const [result, setResult] = useState(() => JSON.stringify(defaultResult(request.method, request.params), null, 2));
  const [code, setCode] = useState('-32603');
  const [message, setMessage] = useState('Declined by the user');
  const [data, setData] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = mode === 'result' ? parseResult(result) : parseErrorAnswer(code, message, data);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    answer(parsed.body);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1 p-2" data-testid="server-request-raw">
      <div className="max-h-56 min-h-0 overflow-auto rounded border border-line bg-surface p-1.5">
        <div className="mb-1 text-[11px] font-semibold text-muted">{request.method} — params</div>
        <JsonTree value={request.params ?? {}} openDepth={3} />
      </div>
      <div className="flex items-center gap-2 text-[11px]">
        {(['result', 'error'] as const).map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input type="radio" checked={mode === m} onChange={() => setMode(m)} /> {m === 'result' ? 'Result' : 'JSON-RPC error'}
          </label>
        ))}
      </div>
      {mode === 'result' ? (
        <textarea
          className="input min-h-24 flex-1 resize-none py-1 font-mono"
          spellCheck={false}
          value={result}
          onChange={(e) => setResult(e.target.value)}
          data-testid="server-request-result"
          aria-label="Result JSON"
        />
      ) : (
        <div className="flex flex-col gap-1">
          <div className="flex gap-1">
            <input className="input w-24 font-mono" value={code} onChange={(e) => setCode(e.target.value)} aria-label="Error code" />
            <input className="input font-mono" value={message} onChange={(e) => setMessage(e.target.value)} aria-label="Error message" />
          </div>
          <textarea
            className="input min-h-12 resize-none py-1 font-mono"
            placeholder="data (optional JSON)"
            value={data}
            onChange={(e) => setData(e.target.value)}
            aria-label="Error data"
          />
        </div>
      )}
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-[11px] text-danger" role="alert">
          {error}
        </span>
        <button className="btn btn-primary" onClick={submit} disabled={busy} data-testid="server-request-answer">
          {busy ? 'Sending…' : mode === 'result' ? 'Send result' : 'Send error'}
        </button>
      </div>
    </div>
  );
}
