import { formatDuration } from '../../lib/format';
import type { FrameReplayModel } from './useFrameReplay';

type Run = NonNullable<FrameReplayModel['last']>;

const STATUS: Record<Run['status'], { text: string; cls: string }> = {
  pending: { text: 'awaiting the response…', cls: 'text-muted' },
  ok: { text: 'answered', cls: 'text-ok' },
  'rpc-error': { text: 'answered with an error', cls: 'text-danger' },
  sent: { text: 'sent (a notification has no response)', cls: 'text-muted' },
  failed: { text: 'failed', cls: 'text-danger' },
};

/**
 * What the last Replay did: the new request and its response in the log, one click away. Above
 * the log (`variant="top"`), and in the detail of the replayed frame, under its Replay button
 * (`variant="detail"`).
 */
export function ReplayBanner({
  replay,
  onShow,
  variant = 'top',
}: {
  replay: FrameReplayModel;
  onShow: (seq: number) => void;
  variant?: 'top' | 'detail';
}) {
  const r = replay.last;
  if (!r) return null;
  const status = STATUS[r.status];
  const look = variant === 'top' ? 'border-b border-line bg-accent/5 px-2 py-0.5' : 'border-b border-line bg-accent/10 px-2 py-1';
  return (
    <div
      className={`flex shrink-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] ${look}`}
      data-testid={variant === 'top' ? 'frame-replay-result' : 'frame-detail-replay-result'}
      data-variant={variant}
      data-state={r.status}
      data-request={r.requestSeq}
      data-response={r.responseSeq}
    >
      <span>
        ↻ Replayed{' '}
        {variant === 'top' ? (
          <button className="text-accent hover:underline" onClick={() => onShow(r.sourceSeq)}>
            #{r.sourceSeq}
          </button>
        ) : (
          <>this frame</>
        )}{' '}
        {variant === 'top' && <span className="font-mono">{r.method}</span>}
      </span>
      {r.requestSeq !== undefined && (
        <button
          className="text-accent hover:underline"
          onClick={() => onShow(r.requestSeq!)}
          data-testid={variant === 'top' ? 'frame-replay-request' : undefined}
        >
          as #{r.requestSeq}
        </button>
      )}
      <span className={status.cls}>
        {status.text}
        {r.error ? `: ${r.error}` : ''}
      </span>
      {r.responseSeq !== undefined && (
        <button
          className="text-accent hover:underline"
          onClick={() => onShow(r.responseSeq!)}
          data-testid={variant === 'top' ? 'frame-replay-response' : undefined}
        >
          response #{r.responseSeq}
        </button>
      )}
      {r.latencyMs !== undefined && <span className="text-muted tabular-nums">{formatDuration(r.latencyMs)}</span>}
      <span className="flex-1" />
      <button className="text-subtle hover:text-fg" onClick={replay.dismiss} aria-label="Dismiss">
        ✕
      </button>
    </div>
  );
}

/** What a screen reader is told of the last replay (FramesPanel's status region). */
export function replayStatusText(r: Run | null): string {
  if (!r) return '';
  const status = STATUS[r.status].text;
  return `Replay of frame ${r.sourceSeq} (${r.method})${r.requestSeq !== undefined ? ` as frame ${r.requestSeq}` : ''}: ${status}${r.error ? `: ${r.error}` : ''}${r.responseSeq !== undefined ? `, response frame ${r.responseSeq}` : ''}`;
}
