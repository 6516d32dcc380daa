import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { formatCount } from '../../lib/format';

const ROW_HEIGHT = 18;
/** Up to this many rows are rendered as they are; past it only the visible rows are in the DOM. */
export const HEX_PLAIN_ROWS = 512;

/**
 * Characters a row needs with `perRow` bytes: offset (8), hex (3 a byte, one more space between
 * the two halves), ASCII (1 a byte), 2 between columns, 1 each side. Widths are in `ch` of the
 * monospace font, so a row's columns always fit what is measured.
 */
export function hexRowChars(perRow: number): number {
  return 8 + 2 + (perRow * 3 - 1 + (perRow > 8 ? 1 : 0)) + 2 + perRow + 2;
}

/** 16 bytes a row when they fit the width (in characters), else 8; 16 when the width is unknown. */
export function hexBytesPerRow(widthChars: number | undefined): 8 | 16 {
  return widthChars === undefined || widthChars >= hexRowChars(16) ? 16 : 8;
}

/** One line of the dump: offset, `perRow` bytes in hex (halves apart when 16), printable ASCII. */
export function hexRow(bytes: Uint8Array, row: number, perRow: number): { offset: string; hex: string; ascii: string } {
  const start = row * perRow;
  const end = Math.min(start + perRow, bytes.length);
  let hex = '';
  let ascii = '';
  for (let i = start; i < start + perRow; i++) {
    if (perRow > 8 && i === start + 8) hex += ' ';
    if (i < end) {
      const b = bytes[i]!;
      hex += `${b.toString(16).padStart(2, '0')} `;
      ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    } else hex += '   ';
  }
  return { offset: start.toString(16).padStart(8, '0'), hex: hex.trimEnd(), ascii };
}

/** The width of the element's content box in characters of its (monospace) font, as it resizes. */
function useWidthInChars(ref: RefObject<HTMLDivElement | null>, probe: RefObject<HTMLSpanElement | null>): number | undefined {
  const [chars, setChars] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const ch = (probe.current?.getBoundingClientRect().width ?? 0) / 10;
      if (ch > 0) setChars(Math.floor(el.clientWidth / ch));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, probe]);
  return chars;
}

/**
 * A hex dump (offset · bytes · ASCII). 16 bytes a row where they fit, 8 in a narrow pane; never
 * cut: narrower still, it scrolls sideways (its content is as wide as a row). Large dumps are
 * virtualized, so 10 MB scrolls.
 */
export function HexView({ bytes, maxHeight = 320 }: { bytes: Uint8Array; maxHeight?: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLSpanElement>(null);
  const perRow = hexBytesPerRow(useWidthInChars(scrollRef, probeRef));
  const rows = Math.ceil(bytes.length / perRow);
  const virtual = rows > HEX_PLAIN_ROWS;
  const width = { minWidth: `${hexRowChars(perRow)}ch` };
  return (
    <div
      ref={scrollRef}
      data-testid="resource-hex"
      data-rows={rows}
      data-bytes-per-row={perRow}
      data-virtualized={virtual}
      aria-label={`Hex dump, ${formatCount(bytes.length)} bytes`}
      tabIndex={0}
      className="relative overflow-auto rounded border border-line bg-panel font-mono text-[12px]"
      style={{ maxHeight, height: Math.min(maxHeight, rows * ROW_HEIGHT + 2) }}
    >
      <span ref={probeRef} aria-hidden className="invisible absolute whitespace-pre">
        0000000000
      </span>
      {virtual ? (
        <VirtualRows bytes={bytes} rows={rows} perRow={perRow} scrollRef={scrollRef} maxHeight={maxHeight} minWidth={width.minWidth} />
      ) : (
        <div style={width}>
          {Array.from({ length: rows }, (_, i) => (
            <HexLine key={i} bytes={bytes} row={i} perRow={perRow} />
          ))}
        </div>
      )}
    </div>
  );
}

function VirtualRows({
  bytes,
  rows,
  perRow,
  scrollRef,
  maxHeight,
  minWidth,
}: {
  bytes: Uint8Array;
  rows: number;
  perRow: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  maxHeight: number;
  minWidth: string;
}) {
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 16,
    initialRect: { width: 600, height: maxHeight },
  });
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth }}>
      {virtualizer.getVirtualItems().map((item) => (
        <HexLine key={item.index} bytes={bytes} row={item.index} perRow={perRow} top={item.start} />
      ))}
    </div>
  );
}

function HexLine({ bytes, row, perRow, top }: { bytes: Uint8Array; row: number; perRow: number; top?: number }) {
  const line = hexRow(bytes, row, perRow);
  const style = top === undefined ? { height: ROW_HEIGHT } : { height: ROW_HEIGHT, transform: `translateY(${top}px)` };
  return (
    <div
      className={`flex gap-[2ch] px-[1ch] whitespace-pre ${top === undefined ? '' : 'absolute left-0 w-full'}`}
      style={style}
      data-testid="hex-row"
    >
      <span className="text-subtle select-none">{line.offset}</span>
      <span className="text-fg">{line.hex.padEnd(hexRowChars(perRow) - 8 - 2 - 2 - perRow - 2)}</span>
      <span className="text-muted" data-testid="hex-ascii">
        {line.ascii}
      </span>
    </div>
  );
}
