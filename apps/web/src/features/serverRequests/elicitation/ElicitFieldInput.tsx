import type { ElicitField, FieldValue } from './elicitSchema';

interface Props {
  field: ElicitField;
  value: FieldValue | undefined;
  error?: string;
  onChange: (value: FieldValue) => void;
}

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

/** One field of an elicitation form, labelled with its title, description and constraints. */
export function ElicitFieldInput({ field, value, error, onChange }: Props) {
  const id = `elicit-${field.name}`;
  const hint = constraintHint(field);
  return (
    <div className="flex flex-col gap-0.5" data-testid="elicitation-field" data-name={field.name} data-kind={field.kind}>
      <label htmlFor={id} className="text-xs font-medium">
        {field.title}
        {field.required && (
          <span className="ml-0.5 text-danger" title="required">
            *
          </span>
        )}
        <span className="ml-1.5 font-mono text-[10px] font-normal text-subtle">{field.name}</span>
      </label>
      {field.description && <span className="text-[11px] text-muted">{field.description}</span>}
      <Control id={id} field={field} value={value} onChange={onChange} invalid={!!error} />
      {hint && <span className="text-[10px] text-subtle">{hint}</span>}
      {error && (
        <span className="text-[11px] text-danger" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function Control({
  id,
  field,
  value,
  onChange,
  invalid,
}: {
  id: string;
  field: ElicitField;
  value: FieldValue | undefined;
  onChange: (v: FieldValue) => void;
  invalid: boolean;
}) {
  const cls = `input ${invalid ? 'border-danger' : ''}`;
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="flex items-center gap-1.5 text-xs">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />{' '}
          {value === true ? 'true' : 'false'}
        </label>
      );
    case 'select':
      return (
        <select id={id} className={cls} value={text} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid}>
          <option value="">{field.required ? '— choose —' : '(leave out)'}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label === o.value ? o.label : `${o.label} (${o.value})`}
            </option>
          ))}
        </select>
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <div id={id} role="group" className="flex flex-wrap gap-x-3 gap-y-0.5">
          {field.options.map((o) => (
            <label key={o.value} className="flex items-center gap-1 text-xs">
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
              />
              {o.label}
            </label>
          ))}
        </div>
      );
    }
    case 'number':
      return (
        <input
          id={id}
          className={cls}
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid}
        />
      );
    case 'string':
      return (
        <input
          id={id}
          className={cls}
          type={field.format ? INPUT_TYPE[field.format] : 'text'}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid}
          autoComplete="off"
        />
      );
    default:
      return <span className="text-[11px] text-danger">{field.reason}: this field cannot be filled in.</span>;
  }
}

function constraintHint(f: ElicitField): string | null {
  const parts: string[] = [];
  if (f.kind === 'string') {
    if (f.format) parts.push(`format ${f.format}`);
    const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
    if (f.minLength !== undefined) parts.push(`at least ${chars(f.minLength)}`);
    if (f.maxLength !== undefined) parts.push(`at most ${chars(f.maxLength)}`);
  }
  if (f.kind === 'number') {
    parts.push(f.integer ? 'integer' : 'number');
    if (f.minimum !== undefined) parts.push(`≥ ${f.minimum}`);
    if (f.maximum !== undefined) parts.push(`≤ ${f.maximum}`);
  }
  if (f.kind === 'multiselect') {
    if (f.minItems !== undefined) parts.push(`choose at least ${f.minItems}`);
    if (f.maxItems !== undefined) parts.push(`at most ${f.maxItems}`);
  }
  return parts.length ? parts.join(' · ') : null;
}
