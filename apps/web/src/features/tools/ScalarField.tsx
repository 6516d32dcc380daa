import { useEffect, useState } from 'react';
import { formatArgs, parseArgs } from './argsDocument';
import type { FieldSpec } from './schemaForm';

export interface ScalarProps {
  spec: FieldSpec;
  value: unknown;
  /** The literal text of the current value (numbers keep "1.0"). */
  raw: string | undefined;
  present: boolean;
  required: boolean;
  /** `undefined` removes the key. */
  onChange: (value: unknown) => void;
  /** Leaving the input: the field counts as touched (its validation messages show). */
  onBlur?: () => void;
  id: string;
  invalid: boolean;
}

const inputClass = (invalid: boolean) => `input ${invalid ? 'border-danger' : ''}`;

/** The input for a leaf value. Empty optional inputs remove their key; strings stay strings. */
export function ScalarField(p: ScalarProps) {
  switch (p.spec.kind) {
    case 'string':
      return <StringInput {...p} />;
    case 'number':
    case 'integer':
      return <NumberInput {...p} />;
    case 'boolean':
      return <BooleanInput {...p} />;
    case 'enum':
      return <EnumInput {...p} />;
    case 'const':
      return (
        <div className="flex items-center gap-1.5">
          <code className="chip">{JSON.stringify(p.spec.constValue)}</code>
          {!p.present && (
            <button className="btn" onClick={() => p.onChange(p.spec.constValue)}>
              Set
            </button>
          )}
        </div>
      );
    case 'null':
      return <code className="chip">null</code>;
    default:
      return <JsonInput {...p} />;
  }
}

function StringInput({ spec, value, required, onChange, onBlur, id, invalid }: ScalarProps) {
  const text = typeof value === 'string' ? value : '';
  const [multiline, setMultiline] = useState(spec.multiline || text.includes('\n'));
  const set = (v: string) => onChange(v === '' && !required ? undefined : v);
  const placeholder = spec.hasDefault ? `default: ${String(spec.default)}` : spec.format ? spec.format : required ? '' : '(omitted)';
  return (
    <div className="flex items-start gap-1">
      {multiline ? (
        <textarea
          id={id}
          className={`${inputClass(invalid)} h-auto min-h-[64px] resize-y py-1 font-mono`}
          rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
          value={text}
          placeholder={placeholder}
          onChange={(e) => set(e.target.value)}
          onBlur={onBlur}
        />
      ) : (
        <input
          id={id}
          className={inputClass(invalid)}
          value={text}
          placeholder={placeholder}
          onChange={(e) => set(e.target.value)}
          onBlur={onBlur}
          spellCheck={false}
        />
      )}
      <button
        className={`btn btn-ghost px-1 ${multiline ? 'text-accent' : 'text-subtle'}`}
        title={multiline ? 'Single line' : 'Multi-line text'}
        aria-pressed={multiline}
        onClick={() => setMultiline((m) => !m)}
      >
        ¶
      </button>
    </div>
  );
}

/** Text input, so "1.0", "-" or "1e" can be typed; only a complete number is written. */
function NumberInput({ spec, raw, present, required, onChange, onBlur, id, invalid }: ScalarProps) {
  const literal = present && raw !== undefined ? raw : '';
  const [draft, setDraft] = useState(literal);
  useEffect(() => {
    setDraft((d) => (Number(d) === Number(literal) && d.trim() !== '' && literal !== '' ? d : literal));
  }, [literal]);
  const n = draft.trim() === '' ? undefined : Number(draft);
  const bad = draft.trim() !== '' && (!Number.isFinite(n) || (spec.kind === 'integer' && !Number.isInteger(n)));
  return (
    <div className="flex items-center gap-1.5">
      <input
        id={id}
        inputMode={spec.kind === 'integer' ? 'numeric' : 'decimal'}
        className={`${inputClass(invalid || bad)} w-40 font-mono tabular-nums`}
        value={draft}
        placeholder={spec.hasDefault ? `default: ${String(spec.default)}` : required ? '' : '(omitted)'}
        onBlur={onBlur}
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          if (v.trim() === '') onChange(undefined);
          else if (Number.isFinite(Number(v))) onChange(Number(v));
        }}
      />
      {bad && <span className="text-[11px] text-danger">{spec.kind === 'integer' ? 'not an integer' : 'not a number'}</span>}
    </div>
  );
}

function BooleanInput({ value, present, required, onChange, onBlur, id }: ScalarProps) {
  if (required) {
    return (
      <label className="flex items-center gap-1.5 text-xs">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} />
        {present ? String(value) : <span className="text-subtle">(not set)</span>}
      </label>
    );
  }
  return (
    <select
      id={id}
      className="input w-32"
      value={present ? String(value) : ''}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
    >
      <option value="">(omitted)</option>
      <option value="true">true</option>
      <option value="false">false</option>
    </select>
  );
}

function EnumInput({ spec, value, present, onChange, onBlur, id, invalid }: ScalarProps) {
  const values = spec.enumValues ?? [];
  const index = present ? values.findIndex((v) => JSON.stringify(v) === JSON.stringify(value)) : -1;
  return (
    <select
      id={id}
      className={`${inputClass(invalid)} w-auto max-w-full font-mono`}
      value={present ? (index < 0 ? 'other' : String(index)) : ''}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value === '' ? undefined : values[Number(e.target.value)])}
    >
      <option value="">(omitted)</option>
      {index < 0 && present && <option value="other">{JSON.stringify(value)} (not in enum)</option>}
      {values.map((v, i) => (
        <option key={i} value={i}>
          {typeof v === 'string' ? v : JSON.stringify(v)}
        </option>
      ))}
    </select>
  );
}

/** Raw JSON for what the form cannot represent; applied when it parses. */
function JsonInput({ value, present, onChange, onBlur, id, invalid, spec }: ScalarProps) {
  const initial = present ? formatArgs(value) : '';
  const [draft, setDraft] = useState(initial);
  useEffect(
    () => setDraft((d) => (parseArgs(d).ok && formatArgs((parseArgs(d) as { value: unknown }).value) === initial ? d : initial)),
    [initial],
  );
  const parsed = parseArgs(draft);
  return (
    <div>
      <textarea
        id={id}
        className={`${inputClass(invalid || !parsed.ok)} h-auto min-h-[48px] resize-y py-1 font-mono`}
        rows={Math.min(10, draft.split('\n').length + 1)}
        value={draft}
        placeholder={spec.note ?? 'JSON value'}
        spellCheck={false}
        onBlur={onBlur}
        onChange={(e) => {
          setDraft(e.target.value);
          const p = parseArgs(e.target.value);
          if (p.ok) onChange(p.value);
        }}
      />
      {!parsed.ok && <div className="text-[11px] text-danger">{parsed.error}</div>}
    </div>
  );
}
