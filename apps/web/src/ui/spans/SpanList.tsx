import { useState } from 'react';
import type { SpanAttribute, SpanNode, SpanValue } from '@mcpscope/protocol';
import { formatDuration, formatOffset } from '../../lib/format';

/** An attribute's value as text: strings as they are, the rest as JSON. Never markup. */
export function spanValueText(value: SpanValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Attributes({ list, testId }: { list: readonly SpanAttribute[]; testId: string }) {
  if (list.length === 0) return null;
  return (
    <table className="mt-0.5 w-full table-fixed border-collapse text-[11px]" data-testid={testId}>
      <tbody>
        {list.map((a, i) => (
          <tr key={`${a.key}-${i}`} className="align-top">
            <td className="w-2/5 truncate py-px pr-2 font-mono text-muted" title={a.key}>
              {a.key}
            </td>
            <td className="break-all py-px font-mono">{spanValueText(a.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Spans a server exported (a request's, or a session's), indented by depth under their parents:
 * name, kind, duration, status, service; each opens to its attributes and events. All of it is
 * the server's text, shown as text.
 */
export function SpanList({ nodes, testId = 'span-list' }: { nodes: readonly SpanNode[]; testId?: string }) {
  return (
    <ul className="text-[12px]" data-testid={testId}>
      {nodes.map((node) => (
        <SpanItem key={`${node.seq}-${node.span.spanId}`} node={node} />
      ))}
    </ul>
  );
}

function SpanItem({ node }: { node: SpanNode }) {
  const [open, setOpen] = useState(false);
  const { span } = node;
  const failed = span.status?.code === 'error';
  return (
    <li
      style={{ paddingLeft: node.depth * 12 }}
      data-testid="span-item"
      data-name={span.name}
      data-depth={node.depth}
      data-kind={span.kind}
    >
      <button
        type="button"
        className="flex w-full items-center gap-1.5 rounded px-1 py-0.5 text-left hover:bg-hover"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden className="w-2.5 shrink-0 text-subtle">
          {open ? '▾' : '▸'}
        </span>
        <span className="truncate font-mono font-semibold" title={span.name}>
          {span.name}
        </span>
        <span className="chip">{span.kind}</span>
        <span className="tabular-nums text-muted" data-testid="span-duration">
          {formatDuration(span.end - span.start)}
        </span>
        {failed ? (
          <span className="text-danger" data-testid="span-status">
            error{span.status?.message ? `: ${span.status.message}` : ''}
          </span>
        ) : span.status?.code === 'ok' ? (
          <span className="text-ok" data-testid="span-status">
            ok
          </span>
        ) : null}
        <span className="flex-1" />
        {span.service && (
          <span className="truncate text-[11px] text-subtle" title="service.name">
            {span.service}
          </span>
        )}
      </button>
      {open && (
        <div className="mb-1 ml-4 border-l border-line pl-2" data-testid="span-detail">
          <div className="text-[11px] text-muted">
            {formatOffset(span.start)} → {formatOffset(span.end)} · trace <span className="font-mono">{span.traceId}</span> · span{' '}
            <span className="font-mono">{span.spanId}</span>
            {span.parentSpanId && (
              <>
                {' '}
                · parent <span className="font-mono">{span.parentSpanId}</span>
              </>
            )}
            {span.scope && (
              <>
                {' '}
                · scope <span className="font-mono">{span.scope}</span>
              </>
            )}
            {span.dropped ? <> · {span.dropped} left out (the server's or mcpscope's limits)</> : null}
          </div>
          <Attributes list={span.attributes} testId="span-attributes" />
          {span.events && span.events.length > 0 && (
            <ul className="mt-0.5" data-testid="span-events">
              {span.events.map((e, i) => (
                <li key={i} className="text-[11px]">
                  <span className="font-mono">{formatOffset(e.time)}</span> <span className="font-semibold">{e.name}</span>
                  {e.attributes && <Attributes list={e.attributes} testId="span-event-attributes" />}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
