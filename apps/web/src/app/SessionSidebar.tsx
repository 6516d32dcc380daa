import { ConnectionPanel } from '../features/connection/ConnectionPanel';
import { SessionList } from '../features/sessions/SessionList';

/** Everything in the sidebar under its header: the sessions, then the Connect form. Fills the height. */
export function SessionSidebar() {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <SessionList />
      <div className="border-t border-line">
        <ConnectionPanel />
      </div>
    </div>
  );
}
