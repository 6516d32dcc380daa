import { EmptyState } from '../../ui/EmptyState';
import type { NotificationsModel } from './useNotificationsModel';

/**
 * What the list would show and how to fill it, in place of an empty list: nothing received yet,
 * or a filter that hides everything (with the way out).
 */
export function NotificationsEmpty({ m }: { m: NotificationsModel }) {
  if (m.older && (m.view === 'all' ? m.total : m.logTotal) === 0) {
    return (
      <EmptyState title="Nothing left in memory" testId="notifications-empty">
        <p>
          The older ones are on disk: <strong>Show all in Frames</strong> (above) pages through them.
        </p>
      </EmptyState>
    );
  }
  if (m.view === 'all') {
    if (m.total > 0) {
      return (
        <EmptyState title="No notification matches the filter" testId="notifications-empty">
          <p>
            {m.total} notification{m.total === 1 ? ' is' : 's are'} hidden by the text, method or direction above.
          </p>
          <button className="btn mt-2" onClick={m.clearFilter} data-testid="notifications-empty-clear">
            Clear the filter
          </button>
        </EmptyState>
      );
    }
    return (
      <EmptyState title="No notifications yet" testId="notifications-empty">
        <p>
          The server notifies when something changes: its tool, resource or prompt lists (<code>list_changed</code>), a resource you
          subscribe to in Resources (<code>resources/updated</code>), the progress of a long call, and its log messages. mcpscope's own
          notifications (<code>initialized</code>, cancellations) are listed too.
        </p>
      </EmptyState>
    );
  }
  if (m.logTotal > 0) {
    return (
      <EmptyState title="No log message matches the filter" testId="notifications-empty">
        <p>
          {m.logTotal} message{m.logTotal === 1 ? ' is' : 's are'} hidden by the level, logger or text above.
        </p>
        <button className="btn mt-2" onClick={m.clearLogFilter} data-testid="notifications-empty-clear">
          Show all levels
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No log messages yet" testId="notifications-empty">
      <p>
        A server that declares <code>logging</code> sends its log lines as <code>notifications/message</code>. Choose a{' '}
        <strong>Log level</strong> above (debug shows the most) to tell it how much to send, then use its tools: their log lines appear
        here, coloured by level.
      </p>
    </EmptyState>
  );
}
