import type { FrameEvent } from '@mcpscope/protocol';
import { useMemo } from 'react';
import { formatOffset } from '../../../lib/format';
import { framesNavigation } from '../../../lib/navigation';
import { useSessionLog } from '../../../lib/services';
import { isRecord } from '@mcpscope/protocol';

/** Rows shown at most; the rest is in the Frames tab (filter channel:app). */
const SHOWN = 300;
/** Frames looked back through for this view's (the newest ones). */
const SCAN = 20_000;

function viewOf(f: FrameEvent): string | undefined {
  if (f.channel !== 'app' || !isRecord(f.app)) return undefined;
  return typeof f.app.view === 'string' ? f.app.view : undefined;
}

/** The newest app-channel frames of one view, oldest first. */
export function conversationOf(
  frames: { readonly length: number; get(i: number): FrameEvent | undefined },
  view: string,
  shown = SHOWN,
): { rows: FrameEvent[]; more: boolean } {
  const rows: FrameEvent[] = [];
  let more = false;
  for (let i = frames.length - 1; i >= 0 && i >= frames.length - SCAN; i--) {
    const f = frames.get(i);
    if (!f || viewOf(f) !== view) continue;
    if (rows.length === shown) {
      more = true;
      break;
    }
    rows.push(f);
  }
  return { rows: rows.reverse(), more };
}

const label = (f: FrameEvent): string => {
  const msg = f.msg;
  if (!msg) return 'raw';
  if (typeof msg.method === 'string') return msg.method.slice(0, 80);
  return Object.hasOwn(msg, 'error') ? '↩ error' : '↩ result';
};

/**
 * Beside an app in the Apps view: its conversation with mcpscope as the host (ui/initialize,
 * tool-input, size-changed, the app's tools/call…), host → app and app → host, newest last.
 */
export function AppConversation({ sessionId, view }: { sessionId: string; view: string | undefined }) {
  const { log, version } = useSessionLog(sessionId);
  const { rows, more } = useMemo(() => (log && view ? conversationOf(log.frames, view) : { rows: [], more: false }), [log, version, view]); // the log changes in place: `version` says when
  return (
    <section className="flex min-h-0 flex-col" aria-label="App ⇄ host conversation" data-testid="app-conversation">
      <header className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-1">
        <span className="section-title px-0">App ⇄ host</span>
        <span className="text-[11px] text-subtle">
          {rows.length}
          {more ? '+' : ''} message{rows.length === 1 ? '' : 's'}
        </span>
        <span className="flex-1" />
        <button
          type="button"
          className="btn btn-ghost h-5 px-1.5 text-[11px]"
          onClick={() => framesNavigation.showFiltered(sessionId, 'channel:app')}
          title="Every app message of the session in the Frames tab (filter channel:app)"
        >
          In Frames ↗
        </button>
      </header>
      {rows.length === 0 && (
        <p className="px-2 py-1 text-[11px] text-subtle">
          {view ? 'No message yet: the app is loading.' : 'Run the tool to render its app; its messages with mcpscope show here.'}
        </p>
      )}
      <ol className="min-h-0 flex-1 overflow-auto font-mono text-[11px]">
        {rows.map((f) => (
          <li
            key={f.seq}
            className="flex items-baseline gap-1.5 border-b border-line/40 px-2 py-0.5"
            data-testid="app-conversation-row"
            data-dir={f.dir}
            data-method={typeof f.msg?.method === 'string' ? f.msg.method : ''}
          >
            <span className="shrink-0 text-subtle tabular-nums" title="since the session started">
              {formatOffset(f.t)}
            </span>
            <span
              className={`shrink-0 font-sans font-bold ${f.dir === 'out' ? 'text-out' : 'text-in'}`}
              title={f.dir === 'out' ? 'mcpscope (host) → app' : 'app → mcpscope (host)'}
            >
              {f.dir === 'out' ? '→' : '←'}
            </span>
            <button
              type="button"
              className="min-w-0 text-left break-all hover:underline"
              title={`#${f.seq}: open in Frames`}
              onClick={() => framesNavigation.showFrame(sessionId, f.seq)}
            >
              {label(f)}
            </button>
          </li>
        ))}
      </ol>
      {more && (
        <p className="shrink-0 border-t border-line px-2 py-0.5 text-[11px] text-subtle">Earlier messages: in Frames (channel:app).</p>
      )}
    </section>
  );
}
