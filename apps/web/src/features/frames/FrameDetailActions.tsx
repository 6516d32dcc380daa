import { PinIcon } from './PinIcon';
import type { FrameActions } from './useFrameReplay';

interface Props {
  actions: FrameActions;
  pinned: boolean;
  onReplay: () => void;
  onEdit: (targetId: string) => void;
  onTogglePin: () => void;
}

/**
 * The frame detail's buttons: Replay and Edit and replay for an outgoing request or
 * notification (none for what the server or an app view sent), and the pin.
 */
export function FrameDetailActions({ actions: a, pinned, onReplay, onEdit, onTogglePin }: Props) {
  return (
    <>
      {a.replayable && (
        <>
          <button
            className={`btn h-5 px-1.5 ${a.replayBlocked ? 'cursor-not-allowed opacity-50' : ''}`}
            data-testid="frame-detail-replay"
            aria-disabled={a.replayBlocked !== undefined || undefined}
            title={a.replayBlocked ?? 'Replay: send this message again as is, with a new id'}
            onClick={() => a.replayBlocked === undefined && onReplay()}
          >
            ↻ Replay
          </button>
          {a.editTargets.length > 1 ? (
            <select
              className="input h-5 w-40 py-0"
              data-testid="frame-detail-edit-target"
              value=""
              aria-label="Edit and replay in a live session"
              title="Open it in the Composer of a live session, ready to edit and send"
              onChange={(e) => e.target.value && onEdit(e.target.value)}
            >
              <option value="">✎ Edit and replay in…</option>
              {a.editTargets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          ) : (
            <button
              className={`btn h-5 px-1.5 ${a.editBlocked ? 'cursor-not-allowed opacity-50' : ''}`}
              data-testid="frame-detail-edit"
              aria-disabled={a.editBlocked !== undefined || undefined}
              title={
                a.editBlocked ??
                (a.fromTrace
                  ? `Open it in the Composer of the live session “${a.editTargets[0]?.name}”, ready to edit and send`
                  : 'Open it in the Composer, ready to edit and send')
              }
              onClick={() => a.editTargets[0] && onEdit(a.editTargets[0].id)}
            >
              ✎ Edit and replay
            </button>
          )}
        </>
      )}
      <span className="flex-1" />
      <button
        className={`btn h-5 px-1.5 ${pinned ? 'text-accent' : ''}`}
        data-testid="frame-detail-pin"
        aria-pressed={pinned}
        title={pinned ? 'Unpin' : 'Pin to the top of the log'}
        onClick={onTogglePin}
      >
        <PinIcon filled={pinned} /> {pinned ? 'Pinned' : 'Pin'}
      </button>
    </>
  );
}
