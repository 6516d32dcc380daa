import { useState } from 'react';
import { CompletionField } from '../../ui/CompletionField';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import type { PromptsModel } from './usePromptsModel';

/**
 * The selected prompt's arguments (required ones marked), with server completion, and Get. A
 * required argument left empty is said so once it was touched (left) or on Get, not before.
 */
export function PromptForm({ m }: { m: PromptsModel }) {
  const p = m.selected!;
  const args = p.arguments ?? [];
  // Per prompt: switching prompts starts untouched.
  const [touched, setTouched] = useState<{ prompt: string; names: ReadonlySet<string>; submitted: boolean }>({
    prompt: p.name,
    names: new Set(),
    submitted: false,
  });
  const t = touched.prompt === p.name ? touched : { prompt: p.name, names: new Set<string>(), submitted: false };
  const touch = (name: string) => setTouched({ ...t, names: new Set([...t.names, name]) });
  const complain = (name: string) => t.submitted || t.names.has(name);
  const missingShown = m.missing.filter(complain);
  return (
    <form
      className="shrink-0 border-b border-line p-2"
      data-focus-target={`prompt:${p.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched({ ...t, submitted: true });
        m.getPrompt();
      }}
    >
      <div className="mb-1 flex items-baseline gap-2">
        <h2 className="text-[13px] font-semibold">{p.title ?? p.name}</h2>
        {p.title && <code className="text-[12px] text-muted">{p.name}</code>}
      </div>
      {p.description && <p className="mb-1.5 text-[12px] text-muted">{p.description}</p>}
      {args.length > 0 && !m.completions.available && m.completions.reason && (
        <FeatureUnavailable feature="completions" reason={m.completions.reason} compact />
      )}
      {args.length === 0 && <p className="text-[12px] text-subtle">This prompt takes no arguments.</p>}
      <div className="mt-1 space-y-1.5">
        {args.map((a) => (
          <label
            key={a.name}
            className="grid grid-cols-[minmax(80px,max-content)_minmax(0,1fr)] items-start gap-x-2"
            data-testid="prompt-arg"
            data-arg={a.name}
            data-required={a.required ?? false}
          >
            <span className="min-w-[80px] pt-1 font-mono text-[12px] text-muted" title={a.description}>
              {a.title ?? a.name}
              {a.required && (
                <span className="ml-0.5 text-danger" aria-label="required">
                  *
                </span>
              )}
            </span>
            <div>
              <CompletionField
                sessionId={m.sessionId}
                completionRef={{ type: 'ref/prompt', name: p.name }}
                name={a.name}
                value={m.values[a.name] ?? ''}
                onChange={(v) => m.setValue(a.name, v)}
                context={m.values}
                completionEnabled={m.completions.available}
                disabledReason={m.completions.reason}
                required={a.required}
                placeholder={a.required ? 'required' : 'optional'}
                inputTestId="prompt-arg-input"
                optionTestId="prompt-completion-option"
                onBlur={() => touch(a.name)}
                invalid={missingShown.includes(a.name)}
              />
              {missingShown.includes(a.name) && (
                <p className="mt-0.5 text-[11px] text-warn" data-testid="prompt-arg-missing">
                  Required: the server may refuse the prompt without it.
                </p>
              )}
              {a.description && <p className="mt-0.5 text-[11px] text-subtle">{a.description}</p>}
            </div>
          </label>
        ))}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="prompt-get"
          disabled={!m.canGet}
          title={m.blockedReason ?? 'prompts/get'}
        >
          {m.get.isPending ? 'Getting…' : 'Get prompt'}
        </button>
        {missingShown.length > 0 && (
          <span
            className="text-[11px] text-warn"
            title="The request is still sent if you press Get: see how the server answers"
            data-testid="prompt-missing"
          >
            required but empty: {missingShown.join(', ')}
          </span>
        )}
      </div>
    </form>
  );
}
