import { useEffect, useRef } from 'react';
import { formatBytes, formatCount } from '../../lib/format';
import type { PagedList } from '../../lib/usePagedList';
import { displayName, type Resource, type ResourceTemplate } from './schemas';
import type { ResourcesModel } from './useResourcesModel';

/** The left column: resources (paginated) and templates, with search. */
export function ResourceList({ m }: { m: ResourcesModel }) {
  const sel = m.selection;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" role="listbox" aria-label="Resources and templates">
      <SectionTitle title="Resources" list={m.resources} shown={m.visibleResources.length} />
      {m.visibleResources.map((r) => (
        <ResourceRow key={r.uri} r={r} m={m} selected={sel?.kind === 'resource' && sel.uri === r.uri} />
      ))}
      <PageControls list={m.resources} testId="resources-more" noun="resources" />
      <SectionTitle title="Templates" list={m.templates} shown={m.visibleTemplates.length} />
      {m.visibleTemplates.map((t) => (
        <TemplateRow key={t.uriTemplate} t={t} m={m} selected={sel?.kind === 'template' && sel.uriTemplate === t.uriTemplate} />
      ))}
      <PageControls list={m.templates} testId="resource-templates-more" noun="templates" />
    </div>
  );
}

function SectionTitle({ title, list, shown }: { title: string; list: PagedList<unknown>; shown: number }) {
  const total = list.items.length;
  return (
    <div className="sticky top-0 z-10 flex items-center gap-1 border-b border-line bg-panel section-title">
      <span>{title}</span>
      <span className="font-normal text-subtle normal-case tabular-nums">
        {list.isLoading ? 'loading…' : shown === total ? formatCount(total) : `${formatCount(shown)} of ${formatCount(total)}`}
        {list.hasMore && ' loaded, more on the server'}
        {list.invalid > 0 && (
          <span className="ml-1 text-danger" title="Entries that do not match the spec's shape">
            · {list.invalid} invalid
          </span>
        )}
      </span>
    </div>
  );
}

function PageControls({ list, testId, noun }: { list: PagedList<unknown>; testId: string; noun: string }) {
  if (list.error)
    return (
      <p className="px-2 py-1 text-[11px] text-danger" role="alert">
        {list.error.message}
      </p>
    );
  if (!list.hasMore)
    return list.pages > 0 && list.items.length === 0 ? <p className="px-2 py-1 text-[11px] text-subtle">No {noun}.</p> : null;
  return (
    <div className="flex items-center gap-1 px-2 py-1">
      <button
        className="btn"
        data-testid={testId}
        onClick={list.loadMore}
        disabled={list.isFetching}
        title="Fetch the next page (nextCursor)"
      >
        {list.isFetching ? 'Loading…' : `Load more (page ${list.pages + 1})`}
      </button>
      <button className="btn btn-ghost" onClick={() => void list.loadAll()} disabled={list.isFetching}>
        Load all
      </button>
    </div>
  );
}

function ResourceRow({ r, m, selected }: { r: Resource; m: ResourcesModel; selected: boolean }) {
  const update = m.updateOf(r.uri);
  const subscribed = m.isSubscribed(r.uri);
  const ref = useRef<HTMLDivElement>(null);
  // A resource opened from elsewhere (a link in a result) is brought into view.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <div
      ref={ref}
      role="option"
      aria-selected={selected}
      data-testid="resource-item"
      data-uri={r.uri}
      tabIndex={0}
      className={`cursor-pointer border-b border-line/50 px-2 py-1 ${selected ? 'bg-selected' : 'hover:bg-hover'}`}
      onClick={() => m.select({ kind: 'resource', uri: r.uri })}
      onKeyDown={(e) => e.key === 'Enter' && m.select({ kind: 'resource', uri: r.uri })}
      title={r.description}
    >
      <div className="flex items-center gap-1.5">
        <span className="min-w-0 flex-1 truncate font-medium">{displayName(r, r.uri)}</span>
        {subscribed && (
          <span className="text-[10px] text-accent" title="Subscribed to updates">
            ◉ sub
          </span>
        )}
        {update && (
          <span
            className="rounded-full bg-accent/15 px-1.5 text-[10px] text-accent tabular-nums"
            title={`notifications/resources/updated × ${update.count}`}
          >
            ↻ {update.count}
          </span>
        )}
        {r.mimeType && <span className="chip">{r.mimeType}</span>}
      </div>
      <div className="flex gap-2 truncate font-mono text-[11px] text-muted">
        <span className="truncate">{r.uri}</span>
        {r.size !== undefined && <span className="shrink-0 text-subtle">{formatBytes(r.size)}</span>}
      </div>
    </div>
  );
}

function TemplateRow({ t, m, selected }: { t: ResourceTemplate; m: ResourcesModel; selected: boolean }) {
  return (
    <div
      role="option"
      aria-selected={selected}
      data-testid="resource-template-item"
      data-uri-template={t.uriTemplate}
      tabIndex={0}
      className={`cursor-pointer border-b border-line/50 px-2 py-1 ${selected ? 'bg-selected' : 'hover:bg-hover'}`}
      onClick={() => m.select({ kind: 'template', uriTemplate: t.uriTemplate })}
      onKeyDown={(e) => e.key === 'Enter' && m.select({ kind: 'template', uriTemplate: t.uriTemplate })}
      title={t.description}
    >
      <div className="flex items-center gap-1.5">
        <span className="min-w-0 flex-1 truncate font-medium">{displayName(t, t.uriTemplate)}</span>
        {t.mimeType && <span className="chip">{t.mimeType}</span>}
      </div>
      <div className="truncate font-mono text-[11px] text-muted">{t.uriTemplate}</div>
    </div>
  );
}
