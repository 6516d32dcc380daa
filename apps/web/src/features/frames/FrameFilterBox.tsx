import { forwardRef, useEffect, useRef, useState } from 'react';
import type { FilterBoxModel } from './useFilterBoxModel';

interface Props {
  box: FilterBoxModel;
  text: string;
  setText(text: string): void;
  onEnter(): void;
}

/**
 * The filter input. Terms the grammar did not understand get a red wavy underline: a copy of
 * the text, transparent, laid over the input and scrolled with it. "?" opens the help.
 */
export const FrameFilterBox = forwardRef<HTMLInputElement, Props>(function FrameFilterBox({ box, text, setText, onEnter }, ref) {
  const [scroll, setScroll] = useState(0);
  const area = useRef<HTMLDivElement>(null);
  // Back to the filter box when the help closes (Escape, or an example applied).
  const focusBox = () => requestAnimationFrame(() => area.current?.querySelector('input')?.focus());
  const syncScroll = (e: { currentTarget: HTMLInputElement }) => setScroll(e.currentTarget.scrollLeft);
  const invalid = box.diagnostics.length > 0;
  return (
    <div ref={area} className="relative w-72 max-w-full">
      <input
        ref={ref}
        className={`input pr-10 font-mono ${invalid ? 'border-danger/70' : ''}`}
        data-testid="frame-filter"
        placeholder="Filter, e.g. is:error -dir:in"
        aria-label="Filter frames (? for the terms)"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'frame-filter-problem' : undefined}
        title="Filter frames: words and terms such as method:tools/*, is:error, has:warning, -dir:in (all must match). The ? button lists every term."
        spellCheck={false}
        value={text}
        onChange={(e) => (setText(e.target.value), syncScroll(e))}
        onScroll={syncScroll}
        onSelect={syncScroll}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter();
          if (e.key === 'Escape') setText('');
        }}
      />
      {invalid && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 overflow-hidden border border-transparent px-1.5 font-mono text-xs leading-[22px] whitespace-pre text-transparent"
        >
          <div style={{ transform: `translateX(${-scroll}px)` }} data-testid="frame-filter-marks">
            {box.segments.map((s) =>
              s.diagnostic ? (
                <span
                  key={s.start}
                  className="underline decoration-danger decoration-wavy underline-offset-2"
                  data-testid="frame-filter-flag"
                  title={s.diagnostic.message}
                >
                  {s.text}
                </span>
              ) : (
                <span key={s.start}>{s.text}</span>
              ),
            )}
          </div>
        </div>
      )}
      <button
        className={`absolute top-0 right-5 h-6 w-4 text-[11px] font-semibold ${box.helpOpen ? 'text-accent' : 'text-subtle hover:text-fg'}`}
        aria-label="Filter terms"
        aria-expanded={box.helpOpen}
        title="Every filter term, with an example"
        data-testid="frame-filter-help-toggle"
        onClick={() => box.setHelpOpen(!box.helpOpen)}
      >
        ?
      </button>
      {text && (
        <button className="absolute top-0 right-1 h-6 text-subtle hover:text-fg" aria-label="Clear filter text" onClick={() => setText('')}>
          ✕
        </button>
      )}
      {box.helpOpen && <FilterHelp box={box} onDone={focusBox} />}
    </div>
  );
});

/** Every term of the grammar (one table in @mcpscope/protocol) with an example to apply. */
function FilterHelp({ box, onDone }: { box: FilterBoxModel; onDone(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const away = (e: PointerEvent) => {
      const area = ref.current?.parentElement;
      if (area && !area.contains(e.target as Node)) box.setHelpOpen(false);
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, []); // once, when the help opens
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Filter terms"
      data-testid="frame-filter-help"
      className="absolute top-7 left-0 z-40 max-h-[60vh] w-[min(600px,85vw)] overflow-auto rounded-md border border-line bg-surface p-2 text-xs shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          box.setHelpOpen(false);
          onDone();
        }
      }}
    >
      <p className="mb-1.5 text-muted">Terms are separated by spaces and must all match. Click an example to filter by it.</p>
      <table className="w-full border-collapse">
        <tbody>
          {box.help.map((row) => (
            <tr key={row.term} className="border-t border-line/60 align-top" data-testid="frame-filter-help-row" data-term={row.term}>
              <td className="py-0.5 pr-2 font-mono whitespace-nowrap text-fg">{row.term}</td>
              <td className="py-0.5 pr-2 text-muted">{row.meaning}</td>
              <td className="py-0.5 text-right whitespace-nowrap">
                <button
                  className="font-mono text-accent hover:underline"
                  data-testid="frame-filter-example"
                  onClick={() => (box.applyExample(row.example), onDone())}
                >
                  {row.example}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1.5 text-subtle">Press / in the frame list to focus the filter box; Esc in the box clears it.</p>
    </div>
  );
}
