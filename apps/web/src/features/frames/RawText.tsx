import type { FrameEvent } from '@mcpscope/protocol';
import { formatBytes } from '../../lib/format';
import { CopyButton } from '../../ui/CopyButton';

/** The most of a raw line laid out at once: a 64 MiB line kept at the cap took the tab ~18 s to lay out. */
export const RAW_SHOWN_CHARS = 256 * 1024;

/** What the text is, from the verdict it carries: over one of mcpscope's own limits, or no JSON-RPC message. */
function rawLabel(frame: FrameEvent): string {
  const rules = new Set((frame.findings ?? []).map((f) => f.rule));
  if (rules.has('message-too-large')) return "Not parsed — longer than mcpscope's line cap; the start of it, as text";
  if (rules.has('message-too-deep')) return "Not parsed — nested past mcpscope's depth cap; kept as text";
  const who = frame.channel === 'app' ? (frame.dir === 'in' ? 'the app' : 'mcpscope') : frame.dir === 'in' ? 'the server' : 'the client';
  return `Not JSON-RPC — a line ${who} wrote`;
}

/** A frame kept as text: its label, Copy (all of it), and at most RAW_SHOWN_CHARS of it laid out. */
export function RawText({ frame }: { frame: FrameEvent }) {
  const raw = frame.raw ?? '';
  const cut = raw.length > RAW_SHOWN_CHARS;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center border-b border-line px-2 py-1">
        <span className="text-[11px] text-warn" data-testid="frame-detail-raw-label">
          {rawLabel(frame)}
        </span>
        <span className="flex-1" />
        <CopyButton text={() => raw} label="Copy text" testId="frame-detail-copy" />
      </div>
      {cut && (
        <div className="border-b border-line px-2 py-1 text-[11px] text-muted" data-testid="frame-detail-raw-cut">
          Showing the first {formatBytes(RAW_SHOWN_CHARS)} of {formatBytes(frame.size)}; Copy text copies all of it.
        </div>
      )}
      <pre
        className="min-h-0 flex-1 overflow-auto bg-raw/40 p-2 font-mono text-[12px] break-all whitespace-pre-wrap"
        data-testid="frame-detail-raw"
      >
        {cut ? raw.slice(0, RAW_SHOWN_CHARS) : raw}
      </pre>
    </div>
  );
}
