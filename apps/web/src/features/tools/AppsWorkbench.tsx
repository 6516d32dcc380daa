import { toolUi } from '@mcpscope/protocol';
import { useState } from 'react';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { EmptyState } from '../../ui/EmptyState';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { AppConversation } from './app/AppConversation';
import { AppView } from './app/AppView';
import { ArgsEditor } from './ArgsEditor';
import { ToolIcon } from './ToolList';
import { toolLabel, type Tool } from './tool';
import { ToolResult } from './ToolResult';
import { APPS_TAB, useAppsModel, type AppsModel } from './useAppsModel';

/**
 * The Apps view: the server's tools with a `ui://` interface; the selected one's app rendered
 * at full width (or fullscreen), its app⇄host conversation beside it. The app host is the
 * Tools tab's (AppHost), with a view of its own. Default export, for React.lazy.
 */
export default function AppsWorkbench() {
  const sessionId = useValue(activeSessionStore);
  const m = useAppsModel(sessionId);
  if (!sessionId)
    return (
      <EmptyState title="No session selected" testId="apps-empty">
        <p>
          Connect to a server: the tools that come with an interface (MCP Apps, a <code>ui://</code> resource) are listed here and rendered
          at full width.
        </p>
      </EmptyState>
    );
  if (!m.availability.available && !m.availability.declared)
    return <FeatureUnavailable feature="tools" reason={m.availability.reason ?? 'Tools are unavailable'} />;
  return (
    <div className="flex h-full min-h-0" data-testid="apps-view">
      {!m.wide && <AppList m={m} />}
      {m.tool ? <AppStage key={m.tool.name} m={m} tool={m.tool} sessionId={sessionId} /> : <AppsNone m={m} />}
    </div>
  );
}

function AppList({ m }: { m: AppsModel }) {
  return (
    <nav className="flex w-48 shrink-0 flex-col border-r border-line" aria-label="Tools with an interface">
      <div className="shrink-0 border-b border-line px-2 py-1 text-[11px] text-subtle">
        {m.list.isLoading ? 'Listing tools…' : `${m.appTools.length} of ${m.list.items.length} tools have an app`}
      </div>
      <ul className="min-h-0 flex-1 overflow-auto">
        {m.appTools.map((t) => (
          <li key={t.name}>
            <button
              type="button"
              className={`flex w-full items-start gap-1.5 px-2 py-1 text-left ${t === m.tool ? 'bg-selected' : 'hover:bg-hover'}`}
              aria-current={t === m.tool}
              onClick={() => m.select(t.name)}
              data-testid="apps-item"
              data-name={t.name}
            >
              <ToolIcon tool={t} />
              <span className="min-w-0">
                {/* Wrapped, not cut: the list is narrow and the URI is how an app is told apart. */}
                <span className="block text-xs break-words">{toolLabel(t)}</span>
                <code className="block text-[11px] break-all text-muted">{toolUi(t.raw).resourceUri}</code>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AppsNone({ m }: { m: AppsModel }) {
  return (
    <EmptyState title={m.list.isLoading ? 'Listing tools…' : 'No tool of this server has an app'} testId="apps-none">
      <p>
        An MCP App is a tool whose definition names an HTML interface in <code>_meta.ui.resourceUri</code> (a <code>ui://</code> resource).
        mcpscope renders it in a sandbox of another origin and records every message between it and mcpscope.
      </p>
    </EmptyState>
  );
}

function AppStage({ m, tool, sessionId }: { m: AppsModel; tool: Tool; sessionId: string }) {
  const [showArgs, setShowArgs] = useState(false);
  const shown = m.apps.shown;
  const hasArgs = (m.args.spec?.properties?.length ?? 0) > 0;
  return (
    <div className="flex min-w-0 flex-1 flex-col" data-app-bounds>
      <header
        className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-line px-2 py-1"
        data-testid="apps-header"
        data-name={tool.name}
      >
        <button
          type="button"
          className="btn btn-ghost h-6 px-1.5"
          aria-pressed={m.wide}
          onClick={() => m.setWide(!m.wide)}
          title={
            m.wide ? 'Show the list of apps and the conversation' : 'Give the app the whole width (hide the list and the conversation)'
          }
          data-testid="apps-wide"
        >
          {m.wide ? '⇤ List' : '⇔ Full width'}
        </button>
        <span className="min-w-0 truncate font-semibold" title={tool.name}>
          {toolLabel(tool)}
        </span>
        <code className="min-w-0 truncate text-[11px] text-muted">{m.apps.uri}</code>
        <span className="flex-1" />
        {hasArgs && (
          <button
            type="button"
            className="btn"
            aria-expanded={showArgs}
            onClick={() => setShowArgs((s) => !s)}
            data-testid="apps-args-toggle"
          >
            {showArgs ? 'Hide arguments' : 'Arguments…'}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={!m.canRun}
          title={m.whyNot ?? 'Call the tool: its app renders here with the call’s input and result'}
          onClick={() => m.run()}
          data-testid="apps-run"
          data-focus-fallback
        >
          {m.call.running ? 'Running…' : shown ? 'Run again' : 'Run and render'}
        </button>
        {m.whyNot && !m.call.running && <span className="text-[11px] text-warn">{m.whyNot}</span>}
      </header>
      {showArgs && (
        <div className="flex max-h-[40%] min-h-[120px] shrink-0 flex-col border-b border-line" data-testid="apps-args">
          <ArgsEditor m={m.args} toolName={tool.name} onSubmit={() => m.run()} />
        </div>
      )}
      {/* Below 1536 px the conversation goes under the app: beside it, the app got a third of the width. */}
      <div className="flex min-h-0 flex-1 flex-col 2xl:flex-row">
        {/* Not positioned: a fullscreen app (absolute, inset 0) fills the whole Apps panel. */}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          {m.apps.entries.map((e) => (
            <AppView
              key={e.host.view}
              host={e.host}
              hidden={e !== shown}
              onReopen={e === shown ? m.apps.reopen : undefined}
              tab={APPS_TAB}
              fill
            />
          ))}
          {!shown && (
            <div className="flex flex-1 items-center justify-center p-4 text-xs text-muted" data-testid="apps-stage-empty">
              {!m.live ? (
                'Not rendered: no live session (an offline trace or a closed session).'
              ) : m.call.running ? (
                'Opening the app…'
              ) : m.apps.reopen ? (
                <button type="button" className="btn" onClick={m.apps.reopen} data-testid="apps-reopen">
                  Open the app of the last call again
                </button>
              ) : (
                'Run the tool to render its app here, at full width.'
              )}
            </div>
          )}
          {m.last && !m.call.running && <ResultStrip m={m} tool={tool} />}
        </div>
        {!m.wide && (
          <div
            className="flex h-44 shrink-0 flex-col border-t border-line 2xl:h-auto 2xl:w-72 2xl:border-t-0 2xl:border-l"
            data-testid="apps-conversation-pane"
          >
            <AppConversation sessionId={sessionId} view={shown?.host.view} />
          </div>
        )}
      </div>
    </div>
  );
}

/** The call's result, folded under the app (the app shows it; the raw one is a click away). */
function ResultStrip({ m, tool }: { m: AppsModel; tool: Tool }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`shrink-0 border-t border-line ${open ? 'max-h-[40%] overflow-auto' : ''}`}>
      <button
        type="button"
        className="w-full px-2 py-0.5 text-left text-[11px] text-muted hover:bg-hover"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="apps-result-toggle"
      >
        {open ? '▾' : '▸'} The call’s result ({m.last!.settled.outcome})
      </button>
      {open && <ToolResult key={m.last!.callId} last={m.last!} outputSchema={tool.outputSchema} />}
    </div>
  );
}
