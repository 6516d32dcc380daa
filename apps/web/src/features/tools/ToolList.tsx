import { toolUi } from '@mcpscope/protocol';
import { annotationClaims, safeIconSrc, toolLabel, type Tool } from './tool';
import type { ToolsModel } from './useToolsModel';
import { ListChangesToggle } from '../../ui/ListChangesToggle';

/** Search and the list of tools, with icon, title vs name and the annotations as claims. */
export function ToolList({ m }: { m: ToolsModel }) {
  const { list } = m;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex shrink-0 items-center gap-1 border-b border-line px-2 py-1">
        <input
          className="input"
          placeholder="Search tools…"
          value={m.search}
          onChange={(e) => m.setSearch(e.target.value)}
          data-testid="tool-search"
          aria-label="Search tools"
        />
        <button
          className="btn btn-ghost"
          title={m.blockedReason ?? 'List again (tools/list)'}
          onClick={m.relist}
          disabled={list.isFetching || m.blockedReason !== undefined}
          data-testid="tool-relist"
        >
          ↻
        </button>
      </div>
      {m.session && (
        <div className="shrink-0 px-2 pt-0.5">
          <ListChangesToggle sessionId={m.session.id} />
        </div>
      )}
      <div className="shrink-0 px-2 py-0.5 text-[11px] text-subtle">
        {list.isLoading
          ? 'Listing…'
          : `${m.filtered.length}${m.search ? ` of ${m.tools.length}` : ''} tool${m.tools.length === 1 ? '' : 's'}`}
        {list.pages > 1 && ` · ${list.pages} pages`}
        {list.isFetching && !list.isLoading && ' · refreshing…'}
        {list.invalid > 0 && (
          <span className="text-warn">
            {' '}
            · {list.invalid} malformed entr{list.invalid === 1 ? 'y' : 'ies'} skipped
          </span>
        )}
      </div>
      {list.error && (
        <div className="mx-2 rounded border border-danger/40 bg-danger/5 p-1.5 text-[11px] text-danger" role="alert">
          tools/list failed: {list.error.message}
        </div>
      )}
      <ul className="min-h-0 flex-1 overflow-auto" role="listbox" aria-label="Tools">
        {m.filtered.map((t) => (
          <ToolItem key={t.name} tool={t} selected={m.tool?.name === t.name} onSelect={() => m.select(t.name)} />
        ))}
      </ul>
      {list.hasMore && !list.isFetching && (
        <button className="btn m-2" onClick={list.loadMore} data-testid="tool-load-more">
          Load more (nextCursor)
        </button>
      )}
    </div>
  );
}

function ToolItem({ tool, selected, onSelect }: { tool: Tool; selected: boolean; onSelect: () => void }) {
  const label = toolLabel(tool);
  return (
    <li
      role="option"
      aria-selected={selected}
      data-testid="tool-item"
      data-name={tool.name}
      className={`cursor-pointer border-b border-line/60 px-2 py-1 ${selected ? 'bg-selected' : 'hover:bg-hover'}`}
      onClick={onSelect}
      title={tool.description}
    >
      <div className="flex items-center gap-1.5">
        <ToolIcon tool={tool} />
        <span className="min-w-0 truncate font-medium">{label}</span>
      </div>
      {label !== tool.name && <div className="truncate pl-[22px] font-mono text-[11px] text-muted">{tool.name}</div>}
      <div className="pl-[22px]">
        <AppBadges tool={tool} />
        <ClaimBadges tool={tool} compact />
      </div>
    </li>
  );
}

export function ToolIcon({ tool, size = 16 }: { tool: Tool; size?: number }) {
  const icon = safeIconSrc(tool.icons);
  if (icon.src) return <img src={icon.src} alt="" width={size} height={size} className="shrink-0 rounded-sm object-contain" />;
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center rounded-sm border border-line bg-raised text-[9px] text-subtle"
      style={{ width: size, height: size }}
      title={icon.remote ? `Remote icon not loaded (nothing leaves localhost): ${icon.remote}` : undefined}
      data-testid={icon.remote ? 'tool-icon-remote' : undefined}
    >
      {icon.remote ? '⇣' : 'ƒ'}
    </span>
  );
}

/** MCP Apps (ext-apps spec "Resource Discovery", "Visibility"): a UI resource, and app-only tools. */
/** `inList`: the test ids the e2e specs look for belong to the list entries only. */
export function AppBadges({ tool, inList = true }: { tool: Tool; inList?: boolean }) {
  const ui = toolUi(tool.raw);
  if (!ui.resourceUri && !ui.appOnly) return null;
  return (
    <span className="mr-0.5 inline-flex gap-0.5">
      {ui.resourceUri && (
        <span
          className="rounded-sm bg-accent/10 px-1 text-[10px] text-accent"
          title={`Renders an MCP App: ${ui.resourceUri} (shown next to the result after a call)`}
          data-testid={inList ? 'tool-ui-badge' : undefined}
        >
          UI
        </span>
      )}
      {ui.appOnly && (
        <span
          className="rounded-sm bg-raised px-1 text-[10px] text-muted"
          title='App-only (_meta.ui.visibility: ["app"]): hidden from the agent, callable by its app'
          data-testid={inList ? 'tool-app-only-badge' : undefined}
        >
          app-only
        </span>
      )}
    </span>
  );
}

/** `compact` (the list) keeps the claims that matter at a glance: read-only, destructive, open-world. */
export function ClaimBadges({ tool, compact }: { tool: Tool; compact?: boolean }) {
  const claims = annotationClaims(tool.annotations).filter((c) => !compact || c.tone !== 'muted');
  if (claims.length === 0) return null;
  return (
    <span
      className="inline-flex flex-wrap gap-0.5"
      title="Annotations are hints from the server, not verified facts (spec: clients MUST treat them as untrusted)."
    >
      {claims.map((c) => (
        <span
          key={c.hint}
          data-hint={c.hint}
          className={`rounded-sm px-1 text-[10px] ${c.tone === 'ok' ? 'bg-ok/10 text-ok' : c.tone === 'warn' ? 'bg-warn/10 text-warn' : 'bg-raised text-muted'}`}
        >
          {c.label}
        </span>
      ))}
    </span>
  );
}
