import { useLayoutEffect, useRef, useState } from 'react';
import { fitCount } from './fitCount';

type Capability = { name: string; flags: string[] };

const GAP = 2;

/**
 * The server's capabilities as chips, as many as fit in the room the status bar leaves, then
 * "+N"; the whole row opens the full capabilities. Widths come from an invisible row of every
 * chip, re-measured when the room changes.
 */
export function CapsChips({ caps, onOpen }: { caps: Capability[]; onOpen: () => void }) {
  const areaRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(caps.length);
  const signature = caps.map((c) => `${c.name}:${c.flags.length}`).join(' ');

  useLayoutEffect(() => {
    const area = areaRef.current;
    const measure = measureRef.current;
    if (!area || !measure || typeof ResizeObserver === 'undefined') return setShown(caps.length);
    const update = () => {
      const widths = [...measure.children].map((c) => (c as HTMLElement).offsetWidth);
      const more = widths.pop() ?? 0;
      const available = area.clientWidth - (labelRef.current?.offsetWidth ?? 0) - 4;
      setShown(fitCount(widths, available, GAP, more));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(area);
    return () => observer.disconnect();
    // `signature` stands for `caps`: a new array with the same chips needs no new measurement.
  }, [signature]);

  const hidden = caps.length - shown;
  return (
    <div ref={areaRef} className="relative flex min-w-[4.5rem] flex-1 basis-0 items-center gap-1 overflow-hidden">
      <span ref={labelRef} className="shrink-0 text-subtle">
        caps
      </span>
      <button
        className="flex min-w-0 items-center gap-0.5"
        onClick={onOpen}
        title={
          caps.length
            ? `Capabilities: ${caps.map((c) => c.name).join(', ')} — click for the full capabilities of both sides`
            : 'Show the full capabilities of both sides'
        }
        data-testid="status-caps"
        data-hidden={hidden}
      >
        {caps.length === 0 && <span className="chip">none</span>}
        {caps.slice(0, shown).map((c) => (
          <Chip key={c.name} cap={c} />
        ))}
        {hidden > 0 && (
          <span className="chip shrink-0 hover:border-accent hover:text-fg" data-testid="status-caps-more">
            {shown === 0 ? caps.length : `+${hidden}`}
          </span>
        )}
      </button>
      <div ref={measureRef} className="pointer-events-none invisible absolute top-0 left-0 flex gap-0.5 whitespace-nowrap" aria-hidden>
        {caps.map((c) => (
          <Chip key={c.name} cap={c} />
        ))}
        <span className="chip">+{caps.length}</span>
      </div>
    </div>
  );
}

function Chip({ cap }: { cap: Capability }) {
  return (
    <span
      className="chip shrink-0 hover:border-accent hover:text-fg"
      title={cap.flags.length ? `${cap.name}: ${cap.flags.join(', ')}` : cap.name}
    >
      {cap.name}
      {cap.flags.length > 0 && <span className="ml-0.5 text-subtle">+</span>}
    </span>
  );
}
