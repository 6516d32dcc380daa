import { useId, useState } from 'react';
import { useCompletion, type CompletionRef } from '../lib/useCompletion';

export interface CompletionFieldProps {
  sessionId: string | null;
  completionRef: CompletionRef;
  name: string;
  value: string;
  onChange(value: string): void;
  /** The other arguments' current values, sent as `context.arguments`. */
  context: Record<string, string>;
  /** Completion available? When not, `disabledReason` says why (the input's tooltip; the form says it once). */
  completionEnabled: boolean;
  disabledReason?: string;
  required?: boolean;
  placeholder?: string;
  inputTestId?: string;
  optionTestId: string;
  onEnter?(): void;
}

/**
 * A text input with server-side completion (`completion/complete`): suggestions while it has
 * focus, ↑/↓ to move, Enter or click to pick, Escape to close. Shows `total`/`hasMore`.
 */
export function CompletionField(p: CompletionFieldProps) {
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const c = useCompletion({
    sessionId: p.sessionId, ref: p.completionRef, name: p.name, value: p.value, context: p.context,
    active: focused && p.completionEnabled,
    origin: p.completionRef.type === 'ref/prompt' ? 'prompts: complete' : 'resources: complete',
  });
  const shown = open && focused && p.completionEnabled && (c.values.length > 0 || c.error !== null);
  const pick = (v: string) => {
    p.onChange(v);
    setOpen(false);
    setActive(-1);
  };
  return (
    <div className="relative">
      <input
        className="input font-mono"
        value={p.value}
        placeholder={p.placeholder}
        required={p.required}
        aria-required={p.required}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        role="combobox"
        data-testid={p.inputTestId}
        data-arg={p.name}
        spellCheck={false}
        title={p.completionEnabled ? 'Suggestions come from the server (completion/complete); ↑/↓ and Enter to pick' : p.disabledReason}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          p.onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && shown) {
            e.preventDefault();
            setActive((i) => Math.min(i + 1, c.values.length - 1));
          } else if (e.key === 'ArrowUp' && shown) {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter') {
            if (shown && active >= 0 && c.values[active] !== undefined) {
              e.preventDefault();
              pick(c.values[active]);
            } else p.onEnter?.();
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {focused && p.completionEnabled && c.pending && <span className="absolute top-1 right-1.5 text-[10px] text-subtle">…</span>}
      {shown && (
        <ul id={listId} role="listbox" className="absolute z-20 mt-0.5 max-h-56 w-full overflow-auto rounded border border-line bg-surface py-0.5 shadow-lg">
          {c.error && <li className="px-2 py-1 text-[11px] text-danger">completion failed: {c.error.message}</li>}
          {c.values.map((v, i) => (
            <li
              key={v}
              role="option"
              aria-selected={i === active}
              data-testid={p.optionTestId}
              className={`cursor-pointer truncate px-2 py-0.5 font-mono text-[12px] ${i === active ? 'bg-selected' : 'hover:bg-hover'}`}
              onMouseDown={(e) => {
                e.preventDefault(); // keep focus in the input
                pick(v);
              }}
            >
              {v}
            </li>
          ))}
          {(c.total !== undefined || c.hasMore) && (
            <li className="border-t border-line px-2 py-0.5 text-[10px] text-subtle" data-testid="completion-total">
              {c.values.length} shown{c.total !== undefined ? ` of ${c.total}` : ''}{c.hasMore ? ' · more available, keep typing' : ''}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
