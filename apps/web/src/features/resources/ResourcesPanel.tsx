import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { RequestHistoryList } from '../../ui/RequestHistoryList';
import { ResourceList } from './ResourceList';
import { ResourceReader } from './ResourceReader';
import { ResourcesEmpty } from './ResourcesEmpty';
import { EmptyState } from '../../ui/EmptyState';
import { TemplateForm } from './TemplateForm';
import { useResourcesModel, type ResourcesModel } from './useResourcesModel';
import { useTemplateForm } from './useTemplateForm';

/** Resources: the list and templates on the left, the selected one read on the right. */
export function ResourcesPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useResourcesModel(sessionId);
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="resources-empty">
        <p>Connect to a server (or start the demo) in the sidebar: its resources and templates are listed here, and read on a click.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex h-full min-h-0">
      <div className="flex w-[340px] min-w-[240px] shrink-0 flex-col border-r border-line">
        <div className="flex shrink-0 items-center gap-1 border-b border-line bg-panel px-2 py-1">
          <input
            className="input"
            placeholder="Filter by name or URI"
            value={m.search}
            onChange={(e) => m.setSearch(e.target.value)}
            aria-label="Filter resources"
            data-testid="resource-search"
          />
          <button
            className="btn btn-ghost"
            title={m.blockedReason ?? 'List again (resources/list and resources/templates/list)'}
            disabled={!m.connected || (!m.feature.declared && !m.forced)}
            onClick={() => {
              m.resources.refetch();
              m.templates.refetch();
            }}
          >
            ↻
          </button>
        </div>
        {!m.feature.declared && m.feature.reason && (
          <FeatureUnavailable feature="resources" reason={m.feature.reason}>
            {m.connected && !m.forced && (
              <button
                className="btn btn-ghost ml-1 h-5 text-accent"
                onClick={m.forceList}
                title="Send resources/list anyway and see what the server answers"
              >
                List anyway
              </button>
            )}
          </FeatureUnavailable>
        )}
        <ResourceList m={m} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <Detail m={m} />
        <RequestHistoryList
          noun="read"
          entries={m.history}
          label={(e) => e.uri}
          title={(e) => `resources/read ${e.uri}`}
          onRerun={m.rerun}
          onEdit={m.editInComposer}
          onClear={m.clearHistory}
          blockedReason={m.blockedReason}
          testId="resource-history"
        />
      </div>
    </div>
  );
}

function Detail({ m }: { m: ResourcesModel }) {
  const sel = m.selection;
  if (sel?.kind === 'template') {
    const t = m.templates.items.find((x) => x.uriTemplate === sel.uriTemplate) ?? { uriTemplate: sel.uriTemplate };
    return <TemplateDetail key={sel.uriTemplate} m={m} t={t} />;
  }
  if (sel?.kind === 'resource') return <ResourceReader m={m} uri={sel.uri} />;
  return <ResourcesEmpty m={m} />;
}

function TemplateDetail({ m, t }: { m: ResourcesModel; t: { uriTemplate: string } }) {
  const f = useTemplateForm(t.uriTemplate);
  return (
    <>
      <TemplateForm m={m} t={t} f={f} />
      <ResourceReader m={m} uri={f.missing.length === f.variables.length && f.variables.length > 0 ? null : f.uri} />
    </>
  );
}
