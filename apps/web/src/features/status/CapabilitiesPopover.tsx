import { useEffect, useRef } from 'react';
import { JsonTree } from '../../ui/JsonTree';

/** Both sides' full capabilities and the server's instructions; Escape or a click outside closes it. */
export function CapabilitiesPopover(props: { server?: unknown; client?: unknown; instructions?: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && onClose();
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onDown);
    };
  }, [onClose]);
  return (
    <div
      ref={ref}
      className="fixed top-16 right-4 z-50 flex max-h-[70vh] w-[560px] max-w-[90vw] flex-col overflow-hidden rounded-md border border-line bg-surface shadow-xl"
      data-testid="capabilities-popover"
      role="dialog"
      aria-label="Capabilities"
    >
      <div className="flex items-center border-b border-line px-3 py-1.5 font-semibold">
        Capabilities <span className="flex-1" />
        <button className="text-subtle hover:text-fg" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-0 overflow-auto whitespace-normal">
        <section className="border-r border-line p-2">
          <div className="mb-1 text-[11px] font-semibold text-muted uppercase">Server</div>
          <JsonTree value={props.server ?? {}} openDepth={Infinity} />
        </section>
        <section className="p-2">
          <div className="mb-1 text-[11px] font-semibold text-muted uppercase">Client (mcpscope)</div>
          <JsonTree value={props.client ?? {}} openDepth={Infinity} />
        </section>
      </div>
      {props.instructions && (
        <div className="max-h-40 overflow-auto border-t border-line p-2 whitespace-pre-wrap">
          <div className="mb-1 text-[11px] font-semibold text-muted uppercase">Server instructions</div>
          {props.instructions}
        </div>
      )}
    </div>
  );
}
