import { ConnectionPanel } from '../features/connection/ConnectionPanel';
import { SessionList } from '../features/sessions/SessionList';
import { useStoreSelector } from '../lib/services';

/**
 * Everything in the sidebar under its header: the sessions, then the Connect section. Each
 * scrolls on its own and both give way when space is short, so the Connect header stays in
 * sight however many sessions there are. With sessions, their region takes the spare height
 * (Connect sits at the bottom); with none, the form follows the empty list's hint.
 */
export function SessionSidebar() {
  const hasSessions = useStoreSelector((s) => s.sessions.length > 0);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className={`min-h-16 shrink overflow-y-auto ${hasSessions ? 'grow' : 'grow-0'}`} data-testid="sessions-region">
        <SessionList />
      </div>
      <div className={`flex min-h-9 shrink flex-col border-t border-line ${hasSessions ? 'grow-0' : 'grow'}`} data-testid="connect-section">
        <ConnectionPanel />
      </div>
    </div>
  );
}
