import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type RefObject } from 'react';
import { formatCount } from '../../lib/format';
import { hexLine, hexRowCount } from './contentKind';

const ROW_HEIGHT = 18;
/** Up to this many rows (8 KB) are rendered as they are; past it only the visible rows are in the DOM. */
export const HEX_PLAIN_ROWS = 512;

/** A hex dump (offset · 16 bytes · ASCII). Large dumps are virtualized, so 10 MB scrolls. */
export function HexView({ bytes, maxHeight = 320 }: { bytes: Uint8Array; maxHeight?: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = hexRowCount(bytes.length);
  const virtual = rows > HEX_PLAIN_ROWS;
  return (
    <div
      ref={scrollRef}
      data-testid="resource-hex"
      data-rows={rows}
      data-virtualized={virtual}
      aria-label={`Hex dump, ${formatCount(bytes.length)} bytes`}
      tabIndex={0}
      className="overflow-auto rounded border border-line bg-panel font-mono text-[12px]"
      style={{ maxHeight, height: Math.min(maxHeight, rows * ROW_HEIGHT + 2) }}
    >
      {virtual ? <VirtualRows bytes={bytes} rows={rows} scrollRef={scrollRef} maxHeight={maxHeight} /> : (
        <div style={{ minWidth: 560 }}>
          {Array.from({ length: rows }, (_, i) => <HexRow key={i} bytes={bytes} row={i} />)}
        </div>
      )}
    </div>
  );
}

function VirtualRows({ bytes, rows, scrollRef, maxHeight }: { bytes: Uint8Array; rows: number; scrollRef: RefObject<HTMLDivElement | null>; maxHeight: number }) {
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 16,
    initialRect: { width: 600, height: maxHeight },
  });
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: 560 }}>
      {virtualizer.getVirtualItems().map((item) => (
        <HexRow key={item.index} bytes={bytes} row={item.index} top={item.start} />
      ))}
    </div>
  );
}

function HexRow({ bytes, row, top }: { bytes: Uint8Array; row: number; top?: number }) {
  const line = hexLine(bytes, row);
  const style = top === undefined ? { height: ROW_HEIGHT } : { height: ROW_HEIGHT, transform: `translateY(${top}px)` };
  return (
    <div className={`flex gap-3 px-2 whitespace-pre ${top === undefined ? '' : 'absolute left-0 w-full'}`} style={style}>
      <span className="text-subtle select-none">{line.offset}</span>
      <span className="text-fg">{line.hex.padEnd(48)}</span>
      <span className="text-muted">{line.ascii}</span>
    </div>
  );
}
