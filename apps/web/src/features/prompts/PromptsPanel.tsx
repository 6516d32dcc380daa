import { formatCount } from '../../lib/format';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { RequestHistoryList } from '../../ui/RequestHistoryList';
import { getLabel } from './getHistory';
import { PromptForm } from './PromptForm';
import { PromptMessages } from './PromptMessages';
import { PromptsEmpty } from './PromptsEmpty';
import { EmptyState } from '../../ui/EmptyState';
import { usePromptsModel, type PromptsModel } from './usePromptsModel';

/** Prompts: the list on the left; the selected prompt's arguments and its messages on the right. */
export function PromptsPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = usePromptsModel(sessionId);
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="prompts-empty">
        <p>Connect to a server (or start the demo) in the sidebar: its prompts are listed here, with a form for their arguments.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex h-full min-h-0">
      <div className="flex w-[300px] min-w-[220px] shrink-0 flex-col border-r border-line">
        <div className="flex shrink-0 items-center gap-1 border-b border-line bg-panel px-2 py-1">
          <input
            className="input"
            placeholder="Filter prompts"
            value={m.search}
            onChange={(e) => m.setSearch(e.target.value)}
            aria-label="Filter prompts"
          />
          <button
            className="btn btn-ghost"
            title={m.blockedReason ?? 'List again (prompts/list)'}
            disabled={!m.connected || (!m.feature.declared && !m.forced)}
            onClick={m.prompts.refetch}
          >
            ↻
          </button>
        </div>
        {!m.feature.declared && m.feature.reason && (
          <FeatureUnavailable feature="prompts" reason={m.feature.reason}>
            {m.connected && !m.forced && (
              <button className="btn btn-ghost ml-1 h-5 text-accent" onClick={m.forceList}>
                List anyway
              </button>
            )}
          </FeatureUnavailable>
        )}
        <PromptList m={m} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        {m.selected ? (
          <>
            <PromptForm m={m} />
            <PromptMessages m={m} />
          </>
        ) : (
          <PromptsEmpty m={m} />
        )}
        <RequestHistoryList
          noun="get"
          entries={m.history}
          label={getLabel}
          title={(e) => `prompts/get ${getLabel(e)}`}
          onRerun={m.rerun}
          onEdit={m.editInComposer}
          onClear={m.clearHistory}
          blockedReason={m.blockedReason}
          testId="prompt-history"
        />
      </div>
    </div>
  );
}

function PromptList({ m }: { m: PromptsModel }) {
  const list = m.prompts;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" role="listbox" aria-label="Prompts">
      <div className="section-title sticky top-0 border-b border-line bg-panel">
        Prompts{' '}
        <span className="font-normal normal-case text-subtle">
          {list.isLoading ? 'loading…' : formatCount(list.items.length)}
          {list.invalid > 0 && ` · ${list.invalid} invalid`}
        </span>
      </div>
      {m.visible.map((p) => (
        <div
          key={p.name}
          role="option"
          aria-selected={m.selected?.name === p.name}
          tabIndex={0}
          data-testid="prompt-item"
          data-name={p.name}
          className={`cursor-pointer border-b border-line/50 px-2 py-1 ${m.selected?.name === p.name ? 'bg-selected' : 'hover:bg-hover'}`}
          onClick={() => m.select(p.name)}
          onKeyDown={(e) => e.key === 'Enter' && m.select(p.name)}
        >
          <div className="flex items-center gap-1.5">
            <span className="min-w-0 flex-1 truncate font-medium">{p.title ?? p.name}</span>
            {(p.arguments?.length ?? 0) > 0 && (
              <span className="chip" title="arguments">
                {p.arguments!.length} arg{p.arguments!.length === 1 ? '' : 's'}
              </span>
            )}
          </div>
          {p.title && <div className="truncate font-mono text-[11px] text-muted">{p.name}</div>}
          {p.description && <div className="truncate text-[11px] text-subtle">{p.description}</div>}
        </div>
      ))}
      {list.error && (
        <p className="px-2 py-1 text-[11px] text-danger" role="alert">
          {list.error.message}
        </p>
      )}
      {list.pages > 0 && list.items.length === 0 && !list.hasMore && <p className="px-2 py-1 text-[11px] text-subtle">No prompts.</p>}
      {list.hasMore && (
        <div className="flex gap-1 px-2 py-1">
          <button className="btn" data-testid="prompts-more" onClick={list.loadMore} disabled={list.isFetching}>
            {list.isFetching ? 'Loading…' : `Load more (page ${list.pages + 1})`}
          </button>
          <button className="btn btn-ghost" onClick={() => void list.loadAll()} disabled={list.isFetching}>
            Load all
          </button>
        </div>
      )}
    </div>
  );
}
