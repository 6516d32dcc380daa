import { formatBytes } from '../../lib/format';
import { CopyButton } from '../CopyButton';
import { JsonTree } from '../JsonTree';
import { OpenInResources } from './OpenInResources';
import { ResourceContents } from './ResourceContents';
import type { ResourceContentsLike } from './contentKind';

/**
 * One MCP content block (spec server/prompts#content, shared with tool results): text, image,
 * audio, resource_link or an embedded resource. Anything else is shown as JSON, labelled, so
 * an unknown or malformed block is visible rather than dropped.
 */
export function ContentBlock({ block }: { block: unknown }) {
  const b = (block ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
  switch (b.type) {
    case 'text':
      if (str('text') === undefined) break;
      return (
        <pre className="font-sans text-[13px] leading-relaxed break-words whitespace-pre-wrap" data-testid="content-block" data-type="text">
          {str('text')}
        </pre>
      );
    case 'image':
    case 'audio':
      if (str('data') === undefined) break;
      return (
        <div data-testid="content-block" data-type={b.type}>
          <ResourceContents content={{ blob: str('data'), mimeType: str('mimeType') }} maxBodyHeight={360} />
        </div>
      );
    case 'resource_link':
      if (str('uri') === undefined) break;
      return (
        <ResourceLink
          uri={str('uri')!}
          name={str('title') ?? str('name')}
          description={str('description')}
          mimeType={str('mimeType')}
          size={typeof b.size === 'number' ? b.size : undefined}
        />
      );
    case 'resource': {
      const r = b.resource as ResourceContentsLike | undefined;
      if (!r || typeof r !== 'object') break;
      return (
        <div data-testid="content-block" data-type="resource">
          <div className="mb-0.5 flex items-center gap-1.5 text-[11px] text-subtle">
            embedded resource
            <span className="flex-1" />
            {typeof r.uri === 'string' && <OpenInResources uri={r.uri} compact />}
          </div>
          <ResourceContents content={r} maxBodyHeight={360} />
        </div>
      );
    }
  }
  return (
    <div className="rounded border border-warn/40 p-1.5" data-testid="content-block" data-type={String(b.type ?? 'unknown')}>
      <div className="mb-0.5 text-[11px] text-warn">
        {typeof b.type === 'string' ? `content of type "${b.type}"` : 'content without a type'} — shown as JSON
      </div>
      <JsonTree value={block} openDepth={2} />
    </div>
  );
}

/** A link to a resource: shown, never fetched by itself; Open reads it in the Resources tab. */
function ResourceLink(p: { uri: string; name?: string; description?: string; mimeType?: string; size?: number }) {
  return (
    <div className="flex items-center gap-2 rounded border border-line px-2 py-1" data-testid="content-block" data-type="resource_link">
      <span aria-hidden className="text-accent">
        🔗
      </span>
      <div className="min-w-0 flex-1">
        <div className="truncate font-medium">{p.name ?? p.uri}</div>
        <div className="truncate font-mono text-[11px] text-muted" title={p.uri}>
          {p.uri}
        </div>
        {p.description && <div className="truncate text-[11px] text-muted">{p.description}</div>}
      </div>
      {p.mimeType && <span className="chip">{p.mimeType}</span>}
      {p.size !== undefined && <span className="chip">{formatBytes(p.size)}</span>}
      <CopyButton text={() => p.uri} label="Copy URI" />
      <OpenInResources uri={p.uri} />
    </div>
  );
}
