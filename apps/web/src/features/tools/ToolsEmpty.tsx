import { listEmptyReason } from '../../lib/listEmptyReason';
import { navigate } from '../../lib/navigation';
import { EmptyState } from '../../ui/EmptyState';
import type { ToolsModel } from './useToolsModel';

/** The Tools tab's right side when no tool is shown: why, and what would fill it. */
export function ToolsEmpty({ m }: { m: ToolsModel }) {
  const session = m.session;
  if (m.missing) {
    return (
      <EmptyState title={`“${m.missing}” is no longer listed by the server`} testId="tools-empty">
        <p className="text-warn">
          The server removed it from tools/list. Pick another tool on the left; the banner above shows what changed.
        </p>
      </EmptyState>
    );
  }
  if (m.tools.length > 0) {
    return (
      <EmptyState title={m.filtered.length === 0 ? `No tool matches “${m.search}”` : 'No tool selected'} testId="tools-empty">
        <p>
          {m.filtered.length === 0
            ? 'The search looks at names, titles and descriptions. Clear it to see every tool.'
            : 'Pick a tool on the left to fill in its arguments and call it.'}
        </p>
        {m.filtered.length === 0 && (
          <button className="btn mt-2" onClick={() => m.setSearch('')}>
            Clear the search
          </button>
        )}
      </EmptyState>
    );
  }
  const reason = listEmptyReason(m.list, {
    declared: m.availability.declared,
    offline: session?.offline === true,
    connected: session?.state === 'connected',
  });
  switch (reason) {
    case 'loading':
    case null:
      return (
        <EmptyState title="Listing tools…" testId="tools-empty">
          <p>tools/list is on its way; every page the server sends is listed on the left.</p>
        </EmptyState>
      );
    case 'failed':
      return (
        <EmptyState title="tools/list failed" testId="tools-empty">
          <p>The error is on the left, and the exchange is in the Frames tab. ↻ lists again.</p>
        </EmptyState>
      );
    case 'not-recorded':
      return (
        <EmptyState title="No tool list in this trace" testId="tools-empty">
          <p>
            The recorded session never received a tools/list result, so there is nothing to show. A live session lists its tools when this
            tab opens.
          </p>
        </EmptyState>
      );
    case 'not-connected':
      return (
        <EmptyState title="The session is not connected" testId="tools-empty">
          <p>Tools are listed once the server is up. The Console tab shows its stderr and how it exited.</p>
          <button className="btn mt-2" onClick={() => navigate('console')}>
            Open the Console
          </button>
        </EmptyState>
      );
    default:
      return (
        <EmptyState title="This server offers no tools" testId="tools-empty">
          <p>
            tools/list came back empty. A server that adds tools later says so with notifications/tools/list_changed (↻ lists again).
            Resources, Prompts and the Composer still work.
          </p>
        </EmptyState>
      );
  }
}

/** Below "tools not declared": what still works, or where to look when the session is down. */
export function ToolsUndeclared({ connected }: { connected: boolean }) {
  return connected ? (
    <EmptyState title="No tools to call" testId="tools-empty">
      <p>
        This server did not declare the tools capability. Resources, Prompts and the Composer (any JSON-RPC request by hand) still work;
        Capabilities shows everything it declared.
      </p>
      <button className="btn mt-2" onClick={() => navigate('capabilities')}>
        Open Capabilities
      </button>
    </EmptyState>
  ) : (
    <EmptyState title="No tools yet" testId="tools-empty">
      <p>Tools are listed once the session connects. The Console tab shows the server's stderr and how it exited.</p>
      <button className="btn mt-2" onClick={() => navigate('console')}>
        Open the Console
      </button>
    </EmptyState>
  );
}
