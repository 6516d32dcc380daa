import { useState } from 'react';
import type { Finding } from '@mcpscope/protocol';
import type { OAuthEvent } from '@mcpscope/protocol';
import { HeadersTable } from '../../ui/HeadersTable';
import { stepInfo } from './stepInfo';
import { DpopChip, DpopProofCard } from './DpopProof';

interface HttpSide {
  method?: string;
  url?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

function Side({ label, side }: { label: string; side: HttpSide }) {
  return (
    <div className="min-w-0 flex-1 rounded border border-line p-1.5">
      <div className="mb-1 text-[11px] font-medium text-muted">{label}</div>
      {side.url && (
        <div className="mb-1 font-mono text-[11px] break-all">
          {side.method} {side.url}
        </div>
      )}
      {side.status !== undefined && <div className="mb-1 font-mono text-[11px]">HTTP {side.status}</div>}
      <HeadersTable headers={side.headers} />
      {side.body !== undefined && (
        <pre className="mt-1 max-h-48 overflow-auto rounded bg-surface p-1 font-mono text-[11px] whitespace-pre-wrap">
          {typeof side.body === 'string' ? side.body : JSON.stringify(side.body, null, 2)}
        </pre>
      )}
    </div>
  );
}

/**
 * One OAuth step: what happened on the wire (already redacted), what the spec expects, and the
 * findings. `recovered`: an optional step the server refused and the run got past (an RFC 7592
 * update answered 404, then a new registration): neutral, with why, not a red failure.
 */
export function StepCard({ event, index, recovered = false }: { event: OAuthEvent; index: number; recovered?: boolean }) {
  const info = stepInfo(event.step);
  const d = event.detail ?? {};
  const request = d.request as HttpSide | undefined;
  const response = d.response as HttpSide | undefined;
  const findings = (d.findings as Finding[] | undefined) ?? [];
  const failed = !recovered && (event.step === 'error' || event.step === 'state-mismatch' || (response?.status ?? 0) >= 400);
  const [open, setOpen] = useState(failed || findings.length > 0);
  const rest = Object.fromEntries(Object.entries(d).filter(([k]) => !['request', 'response', 'findings'].includes(k)));
  return (
    <li
      className={`rounded border ${failed ? 'border-danger/50' : 'border-line'} text-[12px]`}
      data-testid="oauth-step"
      data-step={event.step}
      data-recovered={recovered || undefined}
    >
      <button
        type="button"
        className="flex w-full items-center gap-2 bg-panel px-2 py-1 text-left"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        <span className="w-5 text-right font-mono text-[11px] text-muted">{index + 1}</span>
        <span className="font-semibold">{info.title}</span>
        {request && (
          <span className="truncate font-mono text-[11px] text-muted">
            {request.method} {request.url}
          </span>
        )}
        <DpopChip event={event} />
        {event.step === 'guided-pause' && typeof d.stage === 'string' && (
          <span className="text-muted">
            before {d.stage === 'token' ? 'the token exchange' : d.stage === 'client' ? 'the client identity' : `the ${d.stage} request`}
          </span>
        )}
        {(event.step === 'registration-scope' || event.step === 'registration-widened') && typeof d.path === 'string' && (
          <span className="chip" data-testid="oauth-step-path">
            {d.path}
          </span>
        )}
        {response?.status !== undefined && (
          <span className={`chip ${response.status >= 400 && !recovered ? 'text-danger' : ''}`}>{response.status}</span>
        )}
        {recovered && (
          <span className="text-muted" data-testid="oauth-step-recovered">
            optional: not offered here, registered again instead
          </span>
        )}
        {findings.length > 0 && (
          <span className="chip border-warn/50 text-warn">
            {findings.length} finding{findings.length > 1 ? 's' : ''}
          </span>
        )}
      </button>
      {open && (
        <div className="border-t border-line p-2">
          {info.spec && (
            <p className="mb-2 text-muted" data-testid="oauth-step-spec">
              {info.spec}
            </p>
          )}
          {recovered && (
            <p className="mb-2 text-muted">
              RFC 7592 client management is optional for an authorization server; this one does not offer the update, so mcpscope registered
              the client again with the wider scope (RFC 7591), and the run went on.
            </p>
          )}
          {findings.map((f, i) => (
            <div
              key={i}
              className="mb-1 rounded border border-warn/50 bg-warn/10 px-2 py-1 text-warn"
              data-testid="oauth-finding"
              data-rule={f.rule}
              data-severity={f.severity}
            >
              <span className="font-semibold">
                {f.severity} · {f.rule}
              </span>{' '}
              {f.message}
              {f.quote && <span className="italic"> “{f.quote}”</span>}{' '}
              {f.spec && <span className="font-mono text-[11px]">({f.spec})</span>}
            </div>
          ))}
          <DpopProofCard event={event} />
          {(request || response) && (
            <div className="flex flex-col gap-2 lg:flex-row">
              {request && <Side label="Request" side={request} />}
              {response && <Side label="Response" side={response} />}
            </div>
          )}
          {Object.keys(rest).length > 0 && (
            <pre className="mt-1 max-h-48 overflow-auto rounded bg-surface p-1 font-mono text-[11px] whitespace-pre-wrap">
              {JSON.stringify(rest, null, 2)}
            </pre>
          )}
        </div>
      )}
    </li>
  );
}
