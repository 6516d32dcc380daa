import { useMemo, useState } from 'react';
import { formatBytes } from '../../lib/format';
import { CopyButton } from '../CopyButton';
import { JsonView } from '../JsonView';
import { analyzeContent, fileNameFor, isTextualMime, type AnalyzedContent, type ResourceContentsLike } from './contentKind';
import { HexView } from './HexView';
import { Markdown } from './Markdown';
import { dataUrlOf, downloadBytes, openImageInNewTab } from './mediaUrl';

const TEXT_LIMIT = 100_000;

/**
 * One resource content (text or blob) with the best preview for its kind: JSON tree, rendered
 * markdown, plain text, image, audio player, or a hex dump; mime type and size always shown,
 * and a download made from the bytes in the page.
 */
export function ResourceContents({ content, maxBodyHeight = 420 }: { content: ResourceContentsLike; maxBodyHeight?: number }) {
  const a = useMemo(() => analyzeContent(content), [content]);
  const [view, setView] = useState<0 | 1>(0);
  const views = viewsOf(a.kind, content.mimeType);
  return (
    <section
      className="flex min-w-0 flex-col rounded border border-line"
      data-testid="resource-content"
      data-kind={a.kind}
      data-uri={content.uri}
    >
      <header className="flex flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1">
        {content.uri && (
          <span className="truncate font-mono text-[12px]" title={content.uri}>
            {content.uri}
          </span>
        )}
        <span className="chip" title="mimeType">
          {content.mimeType ?? 'no mimeType'}
        </span>
        <span className="chip" title={`${a.size.toLocaleString('en-US')} bytes`}>
          {formatBytes(a.size)}
        </span>
        <span className="chip text-accent">{a.kind}</span>
        <span className="flex-1" />
        {views && (
          <div className="flex overflow-hidden rounded border border-line">
            {views.map((label, i) => (
              <button
                key={label}
                className={`h-6 px-2 text-xs ${view === i ? 'bg-selected text-fg' : 'bg-raised text-muted hover:bg-hover'}`}
                onClick={() => setView(i as 0 | 1)}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        {'text' in a && a.kind !== 'json' && <CopyButton text={() => a.text} label="Copy" />}
        {a.kind === 'image' && (
          <button
            className="btn"
            data-testid="resource-open-tab"
            title="Show the image in a new tab, as an image: scripts in an SVG never run"
            onClick={() => openImageInNewTab(dataUrlOf(a.bytes, content.mimeType), content.uri ?? 'image')}
          >
            ↗ Open
          </button>
        )}
        {a.kind !== 'invalid' && (
          <button
            className="btn"
            data-testid="resource-download"
            title="Save these bytes as a file (made in the page; nothing is fetched)"
            onClick={() => downloadBytes('bytes' in a ? a.bytes : a.text, content.mimeType, fileNameFor(content.uri, content.mimeType))}
          >
            ⤓ Download
          </button>
        )}
      </header>
      <div className="min-w-0 overflow-auto p-2" style={{ maxHeight: maxBodyHeight }}>
        <ContentBody a={a} mimeType={content.mimeType} view={view} maxHeight={maxBodyHeight - 20} />
      </div>
    </section>
  );
}

/** The two views a kind can switch between (the first is the default), if any. */
function viewsOf(kind: AnalyzedContent['kind'], mimeType?: string): [string, string] | null {
  if (kind === 'markdown') return ['Preview', 'Source'];
  if (kind === 'image' || kind === 'audio') return ['Preview', 'Hex'];
  if (kind === 'binary' && isTextualMime(mimeType)) return ['Hex', 'Text'];
  return null;
}

function ContentBody({ a, mimeType, view, maxHeight }: { a: AnalyzedContent; mimeType?: string; view: 0 | 1; maxHeight: number }) {
  switch (a.kind) {
    case 'json':
      return <JsonBody text={a.text} maxHeight={maxHeight} />;
    case 'markdown':
      return view === 0 ? <Markdown text={a.text} /> : <PlainText text={a.text} />;
    case 'text':
      return <PlainText text={a.text} />;
    case 'image':
    case 'audio':
      return view === 0 ? (
        <MediaPreview kind={a.kind} bytes={a.bytes} mimeType={mimeType} />
      ) : (
        <HexView bytes={a.bytes} maxHeight={maxHeight} />
      );
    case 'binary':
      // A text mime type sent as a blob: the bytes first (what came), the decoded text on request.
      return view === 0 ? <HexView bytes={a.bytes} maxHeight={maxHeight} /> : <PlainText text={new TextDecoder().decode(a.bytes)} />;
    case 'invalid':
      return <p className="text-danger">Cannot show this content: {a.error}.</p>;
  }
}

function JsonBody({ text, maxHeight }: { text: string; maxHeight: number }) {
  const value = useMemo(() => JSON.parse(text) as unknown, [text]);
  return (
    <div className="-m-2 flex flex-col" style={{ height: Math.min(maxHeight, 60 + text.split('\n').length * 18), minHeight: 120 }}>
      <JsonView value={value} />
    </div>
  );
}

function PlainText({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  return (
    <pre className="font-mono text-[12px] leading-[18px] break-all whitespace-pre-wrap">
      {all ? text : text.slice(0, TEXT_LIMIT)}
      {!all && text.length > TEXT_LIMIT && (
        <button className="btn mt-2" onClick={() => setAll(true)}>
          Show all {text.length.toLocaleString('en-US')} characters
        </button>
      )}
    </pre>
  );
}

/** Small images (icons, 32×32 test pixels) are shown enlarged, pixel for pixel, with their real size. */
const SMALL_IMAGE = 96;

/** A `data:` URL, never `blob:` (see mediaUrl.ts): an SVG's scripts must not get mcpscope's origin. */
function MediaPreview({ kind, bytes, mimeType }: { kind: 'image' | 'audio'; bytes: Uint8Array; mimeType?: string }) {
  const url = useMemo(() => dataUrlOf(bytes, mimeType), [bytes, mimeType]);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  if (kind === 'audio') return <audio controls src={url} className="w-full max-w-md" data-testid="resource-audio" />;
  const scale = size && size.w > 0 && size.w < SMALL_IMAGE ? Math.min(8, Math.floor((SMALL_IMAGE * 2) / size.w)) : 1;
  return (
    <figure className="inline-flex flex-col items-start gap-1">
      <img
        src={url}
        alt="resource preview"
        className="max-h-80 max-w-full rounded border border-line bg-[repeating-conic-gradient(var(--raised)_0_25%,transparent_0_50%)] bg-[length:16px_16px]"
        style={scale > 1 && size ? { width: size.w * scale, imageRendering: 'pixelated' } : undefined}
        data-testid="resource-image"
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
      />
      {size && (
        <figcaption className="text-[11px] text-subtle">
          {size.w}×{size.h} px{scale > 1 ? ` · shown at ${scale}×` : ''}
        </figcaption>
      )}
    </figure>
  );
}
