import type { SpanNode } from '@mcpscope/protocol';
import { formatDuration } from '../../lib/format';
import { ROW_PX } from './layout';
import type { TimelineModel } from './useTimelineModel';
import { tToX } from './zoom';

/**
 * One span the server exported, nested under the request it belongs to: its name indented by
 * depth, a thin bar from its start to its end on the session's clock. Text only (the server's).
 */
export function SpanRow({
  m,
  top,
  node,
  requestSeq,
  labelWidth,
  t1,
}: {
  m: TimelineModel;
  top: number;
  node: SpanNode;
  requestSeq: number;
  labelWidth: number;
  t1: number;
}) {
  const { span } = node;
  const failed = span.status?.code === 'error';
  const title = `${span.name} — ${span.kind} span of ${span.service ?? 'the server'}, ${formatDuration(span.end - span.start)}${failed ? `, error${span.status?.message ? `: ${span.status.message}` : ''}` : ''} (click to open the request)`;
  const visible = span.end >= m.view.start && span.start <= t1;
  const x0 = tToX(m.view, span.start);
  const left = Math.max(-2, x0);
  const width = Math.max(2, Math.min(m.width + 2, tToX(m.view, span.end)) - left);
  return (
    <div
      className="absolute inset-x-0 flex hover:bg-hover"
      style={{ top, height: ROW_PX }}
      data-testid="timeline-span-row"
      data-request-seq={requestSeq}
      data-name={span.name}
      data-depth={node.depth}
    >
      <div
        className="shrink-0 truncate border-r border-line px-2 font-mono text-[11px] leading-5 text-muted"
        style={{ width: labelWidth, paddingLeft: 8 + (node.depth + 1) * 10 }}
        title={title}
      >
        <span aria-hidden className="text-subtle">
          ↳{' '}
        </span>
        {span.name}
      </div>
      <div className="relative min-w-0 flex-1 overflow-hidden">
        {visible && (
          <button
            data-testid="timeline-span"
            data-name={span.name}
            data-request-seq={requestSeq}
            aria-label={`server span ${span.name}`}
            title={title}
            className={`absolute top-[7px] h-1.5 cursor-pointer rounded-sm ${failed ? 'bg-danger/80' : 'bg-accent/70'}`}
            style={{ left, width }}
            onClick={() => m.open(requestSeq)}
          />
        )}
      </div>
    </div>
  );
}
