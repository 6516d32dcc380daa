import { useId, useState, type FocusEvent } from 'react';
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
  /** Leaving the field (a form marks it touched). */
  onBlur?(e: FocusEvent<HTMLInputElement>): void;
  /** Shown as invalid (a red border), e.g. a required value left empty after it was touched. */
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A text input with server-side completion (`completion/complete`): suggestions as soon as it
 * has focus (an empty field asks too), the first one highlighted, ↑/↓ to move, Enter or click
 * takes the highlighted one, Escape closes the list (then Enter submits what was typed). Shows
 * `total`/`hasMore`, and says so when the server suggested nothing.
 */
export function CompletionField(p: CompletionFieldProps) {
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const c = useCompletion({
    sessionId: p.sessionId,
    ref: p.completionRef,
    name: p.name,
    value: p.value,
    context: p.context,
    active: focused && p.completionEnabled,
    origin: p.completionRef.type === 'ref/prompt' ? 'prompts: complete' : 'resources: complete',
  });
  const settledEmpty = !c.pending && c.values.length === 0 && c.error === null && c.settled;
  const shown = open && focused && p.completionEnabled && (c.values.length > 0 || c.error !== null || settledEmpty);
  const highlighted = shown && c.values.length > 0 ? Math.min(active, c.values.length - 1) : -1;
  const pick = (v: string) => {
    p.onChange(v);
    setOpen(false);
    setActive(0);
  };
  return (
    <div className="relative">
      <input
        className={`input font-mono ${p.invalid ? 'border-danger' : ''}`}
        aria-invalid={p.invalid || undefined}
        aria-describedby={p.describedBy}
        value={p.value}
        placeholder={p.placeholder}
        required={p.required}
        aria-required={p.required}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
        role="combobox"
        data-testid={p.inputTestId}
        data-arg={p.name}
        spellCheck={false}
        title={p.completionEnabled ? 'Suggestions come from the server (completion/complete); ↑/↓ and Enter to pick' : p.disabledReason}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
          setActive(0);
        }}
        onBlur={(e) => {
          setFocused(false);
          p.onBlur?.(e);
        }}
        onChange={(e) => {
          p.onChange(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            if (shown) setActive(Math.min(highlighted + 1, c.values.length - 1));
          } else if (e.key === 'ArrowUp' && shown) {
            e.preventDefault();
            setActive(Math.max(highlighted - 1, 0));
          } else if (e.key === 'Enter') {
            const value = highlighted >= 0 ? c.values[highlighted] : undefined;
            // The highlighted suggestion, unless it is what is typed already (then Enter submits).
            if (value !== undefined && value !== p.value) {
              e.preventDefault();
              pick(value);
            } else p.onEnter?.();
          } else if (e.key === 'Escape' && shown) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      {focused && p.completionEnabled && c.pending && <span className="absolute top-1 right-1.5 text-[10px] text-subtle">…</span>}
      {shown && (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-20 mt-0.5 max-h-56 w-full overflow-auto rounded border border-line bg-surface py-0.5 shadow-lg"
        >
          {c.error && <li className="px-2 py-1 text-[11px] text-danger">completion failed: {c.error.message}</li>}
          {settledEmpty && (
            <li className="px-2 py-1 text-[11px] text-subtle" data-testid="completion-none">
              The server suggests nothing for this value.
            </li>
          )}
          {c.values.map((v, i) => (
            <li
              key={v}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === highlighted}
              data-testid={p.optionTestId}
              className={`cursor-pointer truncate px-2 py-0.5 font-mono text-[12px] ${i === highlighted ? 'bg-selected' : 'hover:bg-hover'}`}
              onMouseMove={() => setActive(i)}
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
              {c.values.length} shown{c.total !== undefined ? ` of ${c.total}` : ''}
              {c.hasMore ? ' · more available, keep typing' : ''}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
