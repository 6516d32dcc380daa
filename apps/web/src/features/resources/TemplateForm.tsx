import { useState } from 'react';
import { CompletionField } from '../../ui/CompletionField';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { displayName, type ResourceTemplate } from './schemas';
import type { TemplateFormModel } from './useTemplateForm';
import type { ResourcesModel } from './useResourcesModel';

/** A form for a resource template's variables, with server completion, and the expanded URI. */
export function TemplateForm({ m, t, f }: { m: ResourcesModel; t: ResourceTemplate; f: TemplateFormModel }) {
  const ref = { type: 'ref/resource' as const, uri: t.uriTemplate };
  // An empty variable is said so once it was left or on Read, not before anything was typed.
  const [touched, setTouched] = useState<{ names: ReadonlySet<string>; submitted: boolean }>({ names: new Set(), submitted: false });
  const missingShown = f.missing.filter((n) => touched.submitted || touched.names.has(n));
  return (
    <form
      className="border-b border-line p-2"
      data-testid="resource-template-form"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched((x) => ({ ...x, submitted: true }));
        if (f.uri) m.readNow(f.uri);
      }}
    >
      <div className="mb-1 flex items-baseline gap-2">
        <h2 className="text-[13px] font-semibold">{displayName(t, t.uriTemplate)}</h2>
        <code className="truncate text-[12px] text-muted">{t.uriTemplate}</code>
      </div>
      {t.description && <p className="mb-1.5 text-[12px] text-muted">{t.description}</p>}
      {f.problem && <p className="mb-1 text-[12px] text-danger">This template cannot be expanded: {f.problem}.</p>}
      {!m.completions.available && m.completions.reason && (
        <FeatureUnavailable feature="completions" reason={m.completions.reason} compact />
      )}
      <div className="mt-1 space-y-1">
        {f.variables.map((name) => (
          <label key={name} className="grid grid-cols-[minmax(60px,max-content)_minmax(0,1fr)] items-center gap-x-2">
            <span className="font-mono text-[12px] text-muted">{name}</span>
            <CompletionField
              sessionId={m.sessionId}
              completionRef={ref}
              name={name}
              value={f.values[name] ?? ''}
              onChange={(v) => f.setValue(name, v)}
              context={f.values}
              completionEnabled={m.completions.available}
              disabledReason={m.completions.reason}
              placeholder={`{${name}}`}
              inputTestId="resource-template-arg"
              optionTestId="resource-completion-option"
              onBlur={() => setTouched((x) => ({ ...x, names: new Set([...x.names, name]) }))}
            />
          </label>
        ))}
      </div>
      <div className="mt-1.5 flex items-center gap-2 text-[12px]">
        <span className="text-muted">Expands to</span>
        <code className="min-w-0 truncate rounded bg-raised px-1.5 py-0.5" data-testid="resource-template-uri">
          {f.uri ?? '—'}
        </code>
        {missingShown.length > 0 && (
          <span className="text-[11px] text-warn" data-testid="resource-template-missing">
            empty: {missingShown.join(', ')}
          </span>
        )}
        {/* Enter in a field submits: the button keeps the form submittable by keyboard. */}
        <button type="submit" className="sr-only" tabIndex={-1}>
          Read
        </button>
      </div>
    </form>
  );
}
