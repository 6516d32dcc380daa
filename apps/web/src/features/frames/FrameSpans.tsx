import type { FrameEvent } from '@mcpscope/protocol';
import { useSessionLog } from '../../lib/services';
import { SpanList } from '../../ui/spans/SpanList';

/**
 * The server's own spans of a request mcpscope sent with trace context (and of its answer): what
 * the server did inside the call, nested as the server reported it. Nothing when it sent none.
 */
export function FrameSpans({ sessionId, frame }: { sessionId: string; frame: FrameEvent }) {
  const { log } = useSessionLog(sessionId);
  const requestSeq = frame.dir === 'in' && frame.pair ? frame.pair.requestSeq : frame.seq;
  const nodes = log?.spans.underRequest(requestSeq) ?? [];
  if (nodes.length === 0) return null;
  return (
    <section className="shrink-0 border-b border-line px-2 py-1" data-testid="frame-detail-spans" data-request-seq={requestSeq}>
      <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">Server spans ({nodes.length})</h3>
      <div className="max-h-64 overflow-auto">
        <SpanList nodes={nodes} testId="frame-span-list" />
      </div>
    </section>
  );
}
