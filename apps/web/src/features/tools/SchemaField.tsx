import { getArgAt, hasArgAt, insertArgAt, rawArgAt, removeArgAt, setArgAt, type ArgsPath } from './argsDocument';
import { ScalarField } from './ScalarField';
import type { FieldSpec } from './schemaForm';
import { blankValue, matchVariant } from './schemaValues';
import { pathKey, type ArgsModel } from './useArgsModel';

interface FieldProps {
  m: ArgsModel;
  spec: FieldSpec;
  path: ArgsPath;
  name: string;
  required: boolean;
  errors: ReadonlyMap<string, string[]> | undefined;
}

/** One field of the generated form: label, required marker, description, input, errors. */
export function SchemaField({ m, spec, path, name, required, errors }: FieldProps) {
  const key = pathKey(path);
  const fieldErrors = errors?.get(key);
  const present = hasArgAt(m.text, path);
  const id = `tool-arg-${key || 'root'}`;
  const container = spec.kind === 'object' || spec.kind === 'array' || spec.kind === 'variants';
  const label = (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <label htmlFor={container ? undefined : id} className="font-mono text-[12px] font-medium text-fg">
        {name}
      </label>
      {required && (
        <span className="text-danger" title="Required">
          *
        </span>
      )}
      <span className="text-[10px] text-subtle">
        {spec.kind === 'variants' ? spec.variantKeyword : spec.kind}
        {spec.format ? ` · ${spec.format}` : ''}
        {spec.nullable ? ' · nullable' : ''}
      </span>
      {spec.title && spec.title !== name && <span className="text-[11px] text-muted">{spec.title}</span>}
      {!present && !container && spec.hasDefault && (
        <span className="text-[10px] text-subtle">(default {JSON.stringify(spec.default)} when omitted)</span>
      )}
    </span>
  );
  const body = container ? (
    <ContainerBody m={m} spec={spec} path={path} present={present} errors={errors} />
  ) : (
    <ScalarField
      spec={spec}
      value={getArgAt(m.text, path)}
      raw={rawArgAt(m.text, path)}
      present={present}
      required={required}
      id={id}
      invalid={!!fieldErrors}
      onChange={(v) => {
        m.touch(path);
        m.update((t) => (v === undefined ? removeArgAt(t, path) : setArgAt(t, path, v)));
      }}
      onBlur={() => m.touch(path)}
    />
  );
  return (
    <div className="min-w-0" data-testid="tool-field" data-path={key} data-kind={spec.kind}>
      {container ? (
        <fieldset className="rounded border border-line px-2 pt-0.5 pb-1.5">
          <legend className="px-1">{label}</legend>
          {spec.description && <p className="mb-1 text-[11px] text-muted">{spec.description}</p>}
          {body}
        </fieldset>
      ) : (
        <>
          {label}
          {spec.description && <p className="mb-0.5 text-[11px] text-muted">{spec.description}</p>}
          {body}
        </>
      )}
      {fieldErrors?.map((e, i) => (
        <div key={i} className="mt-0.5 text-[11px] text-danger" role="alert">
          {e}
        </div>
      ))}
    </div>
  );
}

function ContainerBody({
  m,
  spec,
  path,
  present,
  errors,
}: {
  m: ArgsModel;
  spec: FieldSpec;
  path: ArgsPath;
  present: boolean;
  errors: FieldProps['errors'];
}) {
  const value = getArgAt(m.text, path);
  if (spec.kind === 'object') {
    if (!present && path.length > 0)
      return (
        <button className="btn" onClick={() => m.setAt(path, blankValue(spec))}>
          + Add {String(path[path.length - 1])}
        </button>
      );
    return <ObjectFields m={m} spec={spec} path={path} value={value} errors={errors} />;
  }
  if (spec.kind === 'array') return <ArrayItems m={m} spec={spec} path={path} value={value} present={present} errors={errors} />;
  return <Variants m={m} spec={spec} path={path} value={present ? value : undefined} errors={errors} />;
}

export function ObjectFields({
  m,
  spec,
  path,
  value,
  errors,
}: {
  m: ArgsModel;
  spec: FieldSpec;
  path: ArgsPath;
  value: unknown;
  errors: FieldProps['errors'];
}) {
  const declared = new Set((spec.properties ?? []).map((p) => p.name));
  const extra = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).filter((k) => !declared.has(k)) : [];
  return (
    <div className="flex flex-col gap-2">
      {(spec.properties ?? []).map((p) => (
        <SchemaField key={p.name} m={m} spec={p.spec} path={[...path, p.name]} name={p.name} required={p.required} errors={errors} />
      ))}
      {extra.length > 0 && (
        <div className="rounded border border-dashed border-line px-2 py-1 text-[11px] text-muted" data-testid="tool-extra-keys">
          {spec.additional ? 'Other keys' : 'Keys the schema does not allow'}, kept as they are (edit in JSON):{' '}
          {extra.map((k) => (
            <code key={k} className="chip mr-1">
              {k}
            </code>
          ))}
        </div>
      )}
      {(spec.properties ?? []).length === 0 && extra.length === 0 && path.length === 0 && (
        <p className="text-[11px] text-muted">This tool takes no arguments.</p>
      )}
    </div>
  );
}

function ArrayItems({
  m,
  spec,
  path,
  value,
  present,
  errors,
}: {
  m: ArgsModel;
  spec: FieldSpec;
  path: ArgsPath;
  value: unknown;
  present: boolean;
  errors: FieldProps['errors'];
}) {
  const items = Array.isArray(value) ? value : [];
  const itemSpec = spec.items!;
  return (
    <div className="flex flex-col gap-1">
      {items.map((_, i) => (
        <div key={i} className="flex items-start gap-1">
          <span className="mt-1 w-5 shrink-0 text-right font-mono text-[10px] text-subtle">{i}</span>
          <div className="min-w-0 flex-1">
            <SchemaField m={m} spec={itemSpec} path={[...path, i]} name={`[${i}]`} required errors={errors} />
          </div>
          <button
            className="btn btn-ghost px-1 text-danger"
            title="Remove item"
            aria-label={`Remove item ${i}`}
            onClick={() => m.update((t) => removeArgAt(t, [...path, i]))}
          >
            ✕
          </button>
        </div>
      ))}
      <div className="flex gap-1">
        <button className="btn" data-testid="tool-array-add" onClick={() => m.update((t) => insertArgAt(t, path, blankValue(itemSpec)))}>
          + Add item
        </button>
        {present && items.length === 0 && (
          <button className="btn btn-ghost" onClick={() => m.update((t) => removeArgAt(t, path))}>
            Omit
          </button>
        )}
      </div>
    </div>
  );
}

function Variants({
  m,
  spec,
  path,
  value,
  errors,
}: {
  m: ArgsModel;
  spec: FieldSpec;
  path: ArgsPath;
  value: unknown;
  errors: FieldProps['errors'];
}) {
  const variants = spec.variants ?? [];
  const index = matchVariant(spec, value);
  const current = index >= 0 ? variants[index] : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <select
        className="input w-auto font-mono"
        data-testid="tool-variant"
        value={value === undefined ? '' : index < 0 ? 'none' : String(index)}
        onChange={(e) => (
          m.touch(path),
          e.target.value === '' ? m.update((t) => removeArgAt(t, path)) : m.setAt(path, blankValue(variants[Number(e.target.value)].spec))
        )}
      >
        <option value="">(omitted)</option>
        {value !== undefined && index < 0 && <option value="none">matches no variant (edit in JSON)</option>}
        {variants.map((v, i) => (
          <option key={i} value={i}>
            {v.label}
          </option>
        ))}
      </select>
      {current &&
        (current.spec.kind === 'object' ? (
          <ObjectFields m={m} spec={current.spec} path={path} value={value} errors={errors} />
        ) : (
          <ScalarField
            spec={current.spec}
            value={value}
            raw={rawArgAt(m.text, path)}
            present
            required
            id={`tool-arg-${pathKey(path)}-variant`}
            invalid={!!errors?.get(pathKey(path))}
            onChange={(v) => (m.touch(path), m.update((t) => (v === undefined ? removeArgAt(t, path) : setArgAt(t, path, v))))}
            onBlur={() => m.touch(path)}
          />
        ))}
    </div>
  );
}
