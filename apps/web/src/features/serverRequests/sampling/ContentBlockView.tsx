import { useMemo } from 'react';
import { JsonTree } from '../../../ui/JsonTree';
import { decodeBase64 } from '../../../ui/content/contentKind';
import { dataUrlOf } from '../../../ui/content/mediaUrl';
import type { ContentBlock } from './samplingRequest';

/** One content block of a sampling message: text, image, audio, tool use/result, or anything else as JSON. */
export function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return <pre className="font-sans text-xs break-words whitespace-pre-wrap">{String(block.text ?? '')}</pre>;
    case 'image':
    case 'audio':
      return (
        <MediaBlock
          kind={block.type}
          data={String(block.data ?? '')}
          mimeType={typeof block.mimeType === 'string' ? block.mimeType : undefined}
        />
      );
    case 'tool_use':
      return (
        <div>
          <div className="text-[11px] text-muted">
            <span className="chip">tool_use</span> <span className="font-mono text-fg">{String(block.name)}</span>{' '}
            <span className="text-subtle">id {String(block.id)}</span>
          </div>
          <JsonTree value={block.input ?? {}} openDepth={2} />
        </div>
      );
    case 'tool_result': {
      const inner = Array.isArray(block.content) ? (block.content as ContentBlock[]) : [];
      return (
        <div>
          <div className="text-[11px] text-muted">
            <span className="chip">tool_result</span> for <span className="font-mono">{String(block.toolUseId)}</span>
            {block.isError === true && <span className="ml-1 text-danger">isError</span>}
          </div>
          <div className="ml-2 border-l border-line pl-2">
            {inner.map((b, i) => (
              <ContentBlockView key={i} block={b} />
            ))}
          </div>
        </div>
      );
    }
    default:
      return (
        <div>
          <span className="chip">{String(block.type ?? 'unknown')}</span>
          <JsonTree value={block} openDepth={1} />
        </div>
      );
  }
}

function MediaBlock({ kind, data, mimeType }: { kind: 'image' | 'audio'; data: string; mimeType?: string }) {
  const bytes = useMemo(() => decodeBase64(data), [data]);
  // data:, never blob: (ui/content/mediaUrl.ts): an SVG's scripts must not get mcpscope's origin.
  const url = useMemo(() => (bytes ? dataUrlOf(bytes, mimeType) : null), [bytes, mimeType]);
  const label = `${kind} ${mimeType ?? '(no mimeType)'} · ${bytes ? `${bytes.length} bytes` : 'invalid base64'}`;
  return (
    <div>
      <div className="text-[11px] text-muted">{label}</div>
      {url && kind === 'image' && (
        <img
          data-testid="sampling-image"
          src={url}
          alt="image content of the message"
          className="max-h-40 max-w-full rounded border border-line"
        />
      )}
      {url && kind === 'audio' && <audio controls src={url} className="h-8" />}
    </div>
  );
}
