import { EmptyState } from '../../ui/EmptyState';

/** In place of the frame table: why there is nothing to show, and what would fill it. */
export function FramesEmpty({
  reason,
  onClearFilter,
}: {
  reason: 'no-session' | 'waiting' | 'none' | 'no-match';
  onClearFilter?: () => void;
}) {
  if (reason === 'no-session') {
    return (
      <EmptyState title="No session selected" testId="frames-empty">
        <p>
          Connect to a server (or start the demo) in the sidebar, or select a session: every JSON-RPC frame it exchanges appears here, both
          ways, as it happens.
        </p>
      </EmptyState>
    );
  }
  if (reason === 'waiting') {
    return (
      <EmptyState title="Waiting for frames…" testId="frames-empty">
        <p>
          The connection is being set up: the handshake comes first. Then every request you send (from Tools, Resources, Prompts or
          Composer) and everything the server sends is a row here.
        </p>
      </EmptyState>
    );
  }
  if (reason === 'none') {
    return (
      <EmptyState title="No frames in this session" testId="frames-empty">
        <p>The session ended before any message was exchanged. The Console tab shows the server's stderr and how the process exited.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No frames match the filter" testId="frames-empty">
      <p>The filter text, method, direction or kind above hides every frame (Esc in the filter box clears the text).</p>
      <button className="btn mt-2" onClick={onClearFilter} data-testid="frames-empty-clear">
        Clear the filter
      </button>
    </EmptyState>
  );
}
