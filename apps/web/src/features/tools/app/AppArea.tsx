import { AppView } from './AppView';
import type { AppViews } from './useAppViews';

/**
 * The apps next to the selected tool's result: the shown view, the ones being torn down (hidden,
 * still mounted until teardown ends), or an "Open app" bar for a UI tool whose view is gone.
 */
export function AppArea({ apps, running, live }: { apps: AppViews; running: boolean; live: boolean }) {
  return (
    <>
      {apps.entries.map((e) => (
        <AppView key={e.host.view} host={e.host} hidden={e !== apps.shown} onReopen={e === apps.shown ? apps.reopen : undefined} />
      ))}
      {apps.uri && !apps.shown && (
        <div className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-1 text-[11px]" data-testid="app-launcher">
          <span className="chip">App</span>
          <code className="min-w-0 flex-1 truncate text-muted" title={apps.uri}>
            {apps.uri}
          </code>
          {!live ? (
            <span
              className="text-subtle"
              title="An offline trace or a closed session: the app is not run again. What it said to mcpscope is in the Frames tab (filter channel:app)."
            >
              not rendered: no live session
            </span>
          ) : apps.reopen ? (
            <button className="btn h-5 px-1.5" onClick={apps.reopen} data-testid="app-open" disabled={running}>
              Open app
            </button>
          ) : (
            <span className="text-subtle">{running ? 'opening…' : 'renders after a call'}</span>
          )}
        </div>
      )}
    </>
  );
}
