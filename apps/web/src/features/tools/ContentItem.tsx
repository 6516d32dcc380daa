import { useMemo, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { JsonTree } from '../../ui/JsonTree';
import { Markdown } from '../../ui/content/Markdown';
import { ResourceContents } from '../../ui/content/ResourceContents';
import { OpenInResources } from '../../ui/content/OpenInResources';
import { textKind } from '../../ui/content/contentKind';

type Item = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const TEXT_LIMIT = 50_000;
/** Headings, lists, fences, emphasis, links or tables: worth rendering as markdown. */
const MARKDOWN_HINT = /(^|\n)(#{1,6} |[-*] |\d+\. |```|> |\|.+\|)|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)/;

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_HINT.test(text.slice(0, 20_000));
}

/** One item of a tool result's `content` (spec server/tools#tool-result), by its type. */
export function ContentItem({ item, index }: { item: Item; index: number }) {
  const type = str(item.type) ?? '?';
  const embeddedUri =
    type === 'resource' && item.resource && typeof item.resource === 'object' ? str((item.resource as Item).uri) : undefined;
  return (
    <section className="min-w-0 rounded border border-line" data-testid="tool-content" data-type={type}>
      <header className="flex items-center gap-1.5 border-b border-line bg-panel px-2 py-0.5 text-[11px] text-muted">
        <span className="font-mono">{index}</span>
        <span className="chip text-accent">{type}</span>
        {str(item.mimeType) && <span className="chip">{str(item.mimeType)}</span>}
        {item.annotations !== undefined && (
          <span className="chip" title={JSON.stringify(item.annotations)}>
            annotations
          </span>
        )}
        {embeddedUri && (
          <>
            <span className="flex-1" />
            <OpenInResources uri={embeddedUri} compact />
          </>
        )}
      </header>
      <div className="min-w-0 p-2">
        <ItemBody item={item} type={type} />
      </div>
    </section>
  );
}

function ItemBody({ item, type }: { item: Item; type: string }) {
  switch (type) {
    case 'text':
      return typeof item.text === 'string' ? (
        <TextBody text={item.text} />
      ) : (
        <Malformed item={item} why="text content without a string text" />
      );
    case 'image':
    case 'audio': {
      const data = str(item.data);
      const mime = str(item.mimeType);
      if (!data || !mime || !new RegExp(`^${type}/[\\w.+-]+$`, 'i').test(mime))
        return <Malformed item={item} why={`${type} content needs base64 data and an ${type}/* mimeType`} />;
      const url = `data:${mime};base64,${data.replace(/\s+/g, '')}`;
      return type === 'image' ? (
        <img
          src={url}
          alt="image content"
          className="max-h-80 min-h-16 min-w-16 max-w-full rounded object-contain border border-line bg-[repeating-conic-gradient(#8882_0_25%,transparent_0_50%)] bg-[length:16px_16px] [image-rendering:pixelated]"
          data-testid="tool-image"
        />
      ) : (
        <AudioContent url={url} mime={mime} />
      );
    }
    case 'resource_link':
      return <ResourceLink item={item} />;
    case 'resource': {
      const r = item.resource;
      if (!r || typeof r !== 'object') return <Malformed item={item} why="embedded resource without a resource object" />;
      return <ResourceContents content={r as { uri?: string; mimeType?: string; text?: string; blob?: string }} maxBodyHeight={320} />;
    }
    default:
      return <Malformed item={item} why={`unknown content type "${type}"`} />;
  }
}

function TextBody({ text }: { text: string }) {
  const kind = useMemo(() => (text.length > 2_000_000 ? 'text' : textKind(text)), [text]);
  const markdown = kind === 'text' && looksLikeMarkdown(text);
  const [view, setView] = useState<'rendered' | 'plain'>('rendered');
  const [all, setAll] = useState(false);
  const json = useMemo(() => (kind === 'json' && view === 'rendered' ? JSON.parse(text) : undefined), [kind, view, text]);
  return (
    <div data-testid="tool-text" data-kind={markdown ? 'markdown' : kind}>
      {(kind === 'json' || markdown) && (
        <div className="mb-1 flex gap-1 text-[11px]">
          {(['rendered', 'plain'] as const).map((v) => (
            <button
              key={v}
              className={`rounded px-1.5 ${view === v ? 'bg-selected text-fg' : 'text-muted hover:bg-hover'}`}
              onClick={() => setView(v)}
            >
              {v === 'rendered' ? (kind === 'json' ? 'JSON tree' : 'Markdown') : 'Plain text'}
            </button>
          ))}
        </div>
      )}
      {view === 'rendered' && kind === 'json' ? (
        <JsonTree value={json} openDepth={3} />
      ) : view === 'rendered' && markdown ? (
        <Markdown text={text} />
      ) : (
        <pre className="font-mono text-[12px] break-words whitespace-pre-wrap">
          {all ? text : text.slice(0, TEXT_LIMIT)}
          {!all && text.length > TEXT_LIMIT && (
            <button className="btn mt-1 block" onClick={() => setAll(true)}>
              Show all {text.length.toLocaleString('en-US')} characters
            </button>
          )}
        </pre>
      )}
    </div>
  );
}

function AudioContent({ url, mime }: { url: string; mime: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <audio controls src={url} data-testid="tool-audio" className="w-full max-w-md" onError={() => setFailed(true)} />
      {failed && (
        <p className="mt-1 text-[11px] text-warn">
          The browser could not play this {mime} clip (unsupported format, or blocked by the page's media policy). Raw JSON shows the base64
          data.
        </p>
      )}
    </div>
  );
}

/** A link to a resource: shown, never fetched by itself; Open reads it in Resources, a click on the URI copies it. */
function ResourceLink({ item }: { item: Item }) {
  const [copied, setCopied] = useState(false);
  const uri = str(item.uri) ?? '';
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs" data-testid="tool-resource-link" data-uri={uri}>
      <button
        className="min-w-0 truncate font-mono text-accent underline"
        title="Copy the URI"
        onClick={async () => setCopied(await copyText(uri))}
      >
        {uri}
      </button>
      {str(item.name) && <span className="font-medium">{str(item.name)}</span>}
      {str(item.title) && <span className="text-muted">{str(item.title)}</span>}
      {copied && <span className="text-ok">✓ URI copied</span>}
      <span className="flex-1" />
      {uri && <OpenInResources uri={uri} />}
      {str(item.description) && <p className="w-full text-[11px] text-muted">{str(item.description)}</p>}
    </div>
  );
}

function Malformed({ item, why }: { item: Item; why: string }) {
  return (
    <div>
      <div className="mb-1 text-[11px] text-warn">⚠ {why}; shown as JSON.</div>
      <JsonTree value={item} openDepth={2} />
    </div>
  );
}
