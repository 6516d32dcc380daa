import { formatDuration } from '../../lib/format';
import type { FrameReplayModel } from './useFrameReplay';

const STATUS: Record<NonNullable<FrameReplayModel['last']>['status'], { text: string; cls: string }> = {
  pending: { text: 'awaiting the response…', cls: 'text-muted' },
  ok: { text: 'answered', cls: 'text-ok' },
  'rpc-error': { text: 'answered with an error', cls: 'text-danger' },
  sent: { text: 'sent (a notification has no response)', cls: 'text-muted' },
  failed: { text: 'failed', cls: 'text-danger' },
};

/** What the last Replay did: the new request and its response in the log, one click away. */
export function ReplayBanner({ replay, onShow }: { replay: FrameReplayModel; onShow: (seq: number) => void }) {
  const r = replay.last;
  if (!r) return null;
  const status = STATUS[r.status];
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-line bg-accent/5 px-2 py-0.5 text-[11px]" data-testid="frame-replay-result" data-state={r.status} data-request={r.requestSeq} data-response={r.responseSeq}>
      <span>
        ↻ Replayed <button className="text-accent hover:underline" onClick={() => onShow(r.sourceSeq)}>#{r.sourceSeq}</button> <span className="font-mono">{r.method}</span>
      </span>
      {r.requestSeq !== undefined && (
        <button className="text-accent hover:underline" onClick={() => onShow(r.requestSeq!)} data-testid="frame-replay-request">as #{r.requestSeq}</button>
      )}
      <span className={status.cls}>{status.text}{r.error ? `: ${r.error}` : ''}</span>
      {r.responseSeq !== undefined && (
        <button className="text-accent hover:underline" onClick={() => onShow(r.responseSeq!)} data-testid="frame-replay-response">response #{r.responseSeq}</button>
      )}
      {r.latencyMs !== undefined && <span className="text-muted tabular-nums">{formatDuration(r.latencyMs)}</span>}
      <span className="flex-1" />
      <button className="text-subtle hover:text-fg" onClick={replay.dismiss} aria-label="Dismiss">✕</button>
    </div>
  );
}
