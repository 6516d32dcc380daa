import type { ReactNode } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { formatBytes, formatClock, formatDuration, formatOffset } from '../../lib/format';
import { frameOrigin, originSentence } from '../../lib/frameOrigin';
import { JsonView } from '../../ui/JsonView';
import { directionLabel, frameAppChannel } from './frameChannel';
import { KIND_LABEL, type FrameSummary } from './frameSummary';
import { RawText } from './RawText';

interface Props {
  frame: FrameEvent;
  summary: FrameSummary;
  counterpart: FrameEvent | undefined;
  startedAt: number;
  live: boolean;
  onGoTo: () => void;
  onClose: () => void;
  /** A row of buttons under the header (replay, edit and replay, pin). */
  actions?: ReactNode;
  /** Under the buttons: what one of them did (the replay's result). */
  notice?: ReactNode;
  /** Under the findings: the server's spans of this request (FrameSpans). */
  spans?: ReactNode;
}

/** What a frame is read for, open at first sight: a call's arguments, a prompt's, a result's structured content. */
const OPEN_KEYS: ReadonlySet<string> = new Set(['arguments', 'structuredContent']);

/** The selected frame: header facts, pairing jump, lint findings and the message itself. */
export function FrameDetail({ frame, summary: s, counterpart, startedAt, live, onGoTo, onClose, actions, notice, spans }: Props) {
  const isRequest = s.kind === 'request';
  const isAnswer = s.kind === 'response' || s.kind === 'error';
  const origin = frameOrigin(frame);
  const app = frameAppChannel(frame);
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="frame-detail" data-seq={frame.seq}>
      <div className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-1">
        <span className={`font-bold ${frame.dir === 'out' ? 'text-out' : 'text-in'}`}>{frame.dir === 'out' ? '→' : '←'}</span>
        <span
          className="min-w-0 truncate font-mono font-semibold"
          title={s.target ? `${s.method} ${s.target}` : s.method}
          data-testid="frame-detail-method"
        >
          {s.method || 'raw line'}
          {s.target && <span className="ml-1.5 font-normal text-muted">{s.target}</span>}
        </span>
        <span className="chip shrink-0" title={s.expected?.reason}>
          {s.expected ? `expected · ${s.expected.label}` : KIND_LABEL[s.kind]}
        </span>
        <span className="flex-1" />
        <button className="text-subtle hover:text-fg" onClick={onClose} title="Close (Esc)" aria-label="Close detail">
          ✕
        </button>
      </div>
      {actions && (
        <div className="flex shrink-0 flex-wrap items-center gap-1 border-b border-line px-2 py-1" data-testid="frame-detail-actions">
          {actions}
        </div>
      )}
      {notice}
      <div className="flex shrink-0 flex-wrap gap-x-3 gap-y-0.5 border-b border-line px-2 py-1 text-[11px] text-muted">
        <span>#{frame.seq}</span>
        <span className="font-mono">
          {formatClock(startedAt + frame.t)} ({formatOffset(frame.t)})
        </span>
        <span>{directionLabel(frame, app)}</span>
        {app && (
          <span data-testid="frame-detail-app" data-channel="app">
            channel <span className="text-accent">app</span> · view <span className="font-mono text-fg">{app.view}</span> ·{' '}
            <span className="font-mono text-fg break-all">{app.uri}</span>
          </span>
        )}
        {origin && (
          <span data-testid="frame-detail-origin" data-origin={origin.by === 'user' ? 'user' : 'auto'}>
            origin <span className={origin.by === 'user' ? 'text-accent' : 'text-fg'}>{originSentence(origin)}</span>
          </span>
        )}
        {s.id && (
          <span>
            id <span className="font-mono text-fg">{s.id}</span>
          </span>
        )}
        {frame.added && frame.added.length > 0 && (
          <span
            data-testid="frame-detail-added"
            title="mcpscope added these fields to what was asked to send: W3C trace context, because trace context is on for this session"
          >
            added by mcpscope <span className="font-mono text-fg">{frame.added.join(', ')}</span>
          </span>
        )}
        <span>{formatBytes(frame.size)}</span>
        {s.latencyMs !== undefined && (
          <span>
            latency <span className="text-fg">{formatDuration(s.latencyMs)}</span>
          </span>
        )}
        {(isRequest || isAnswer) &&
          (counterpart ? (
            <button className="text-accent hover:underline" onClick={onGoTo} data-testid="frame-detail-goto">
              {isRequest ? `Go to response #${counterpart.seq}` : `Go to request #${counterpart.seq}`} ↗
            </button>
          ) : (
            <span className="text-subtle">
              {isRequest ? (live ? 'awaiting response…' : 'never answered (the session ended)') : 'request not in log'}
            </span>
          ))}
      </div>
      {s.expected && (
        <p className="shrink-0 border-b border-line px-2 py-1 text-[11px] text-muted" data-testid="frame-detail-expected">
          {s.expected.reason}
        </p>
      )}
      {frame.findings && frame.findings.length > 0 && (
        <ul className="shrink-0 border-b border-line px-2 py-1" data-testid="frame-detail-findings">
          {frame.findings.map((f, i) => (
            <li key={i} className="flex gap-1.5 py-0.5">
              <span className={f.severity === 'error' ? 'text-danger' : f.severity === 'warning' ? 'text-warn' : 'text-muted'}>
                {f.severity === 'error' ? '✕' : f.severity === 'warning' ? '⚠' : 'ℹ'}
              </span>
              <span className="min-w-0">
                <span className="font-mono text-[11px] text-muted">{f.rule}</span> {f.message}
                {f.spec && <span className="ml-1 font-mono text-[11px] text-subtle">spec: {f.spec}</span>}
                {typeof f.quote === 'string' && (
                  <span className="block text-[11px] text-subtle italic" data-testid="frame-finding-quote">
                    “{f.quote}”
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {spans}
      {frame.msg ? (
        <JsonView key={frame.seq} value={frame.msg} copyTestId="frame-detail-copy" openKeys={OPEN_KEYS} />
      ) : (
        <RawText frame={frame} />
      )}
    </div>
  );
}
