import { JsonEditor } from '../../ui/JsonEditor';
import { ObjectFields, SchemaField } from './SchemaField';
import type { ArgsModel } from './useArgsModel';

/** The arguments of the selected tool, as a generated form or as JSON (the same text). */
export function ArgsEditor({ m, toolName, onSubmit }: { m: ArgsModel; toolName: string; onSubmit: () => void }) {
  const byPath = m.shownErrors;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-focus-target={`tool:${toolName}`}>
      {/* Wraps rather than pushing Reset under the next pane in a narrow column. */}
      <div className="flex shrink-0 flex-wrap items-center gap-x-1.5 gap-y-1 border-b border-line px-2 py-1">
        <span className="section-title px-0">Arguments</span>
        <div className="flex shrink-0 overflow-hidden rounded border border-line" role="group" aria-label="Arguments view">
          {(['form', 'json'] as const).map((mode) => (
            <button
              key={mode}
              data-testid={`tool-mode-${mode}`}
              aria-pressed={m.mode === mode}
              className={`h-6 px-2 text-xs ${m.mode === mode ? 'bg-selected text-fg' : 'bg-raised text-muted hover:bg-hover'}`}
              onClick={() => m.setMode(mode)}
            >
              {mode === 'form' ? 'Form' : 'JSON'}
            </button>
          ))}
        </div>
        <span className="flex-1" />
        <ValidationChip m={m} />
        <button className="btn btn-ghost" title="Back to the schema defaults" onClick={m.reset}>
          Reset
        </button>
      </div>
      {m.inexact.length > 0 && (
        <div className="shrink-0 border-b border-line bg-warn/10 px-2 py-0.5 text-[11px] text-warn">
          {m.inexact.join(', ')} cannot be represented exactly by a JavaScript number; the proxy or the server will likely round it.
        </div>
      )}
      {m.mode === 'json' ? (
        <div className="min-h-[160px] flex-1">
          <JsonEditor
            value={m.text}
            onChange={(text) => (m.touchAll(), m.setText(text))}
            onSubmit={onSubmit}
            modelPath={`inmemory://mcpscope/tools/${encodeURIComponent(toolName)}.json`}
            ariaLabel={`Arguments of ${toolName}`}
            testId="tool-json"
          />
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-auto p-2" data-testid="tool-form">
          {!m.parsed.ok ? (
            <div className="rounded border border-danger/40 bg-danger/5 p-2 text-xs" role="alert">
              The arguments are not valid JSON, so the form cannot show them: {m.parsed.error}{' '}
              <button className="text-accent underline" onClick={() => m.setMode('json')}>
                Fix them in JSON
              </button>
            </div>
          ) : m.parsed.value !== undefined &&
            (m.parsed.value === null || typeof m.parsed.value !== 'object' || Array.isArray(m.parsed.value)) ? (
            <div className="text-xs text-warn">The arguments are not a JSON object; tools/call expects one. Edit them in JSON.</div>
          ) : m.spec?.kind === 'object' ? (
            <ObjectFields m={m} spec={m.spec} path={[]} value={m.parsed.value ?? {}} errors={byPath} />
          ) : m.spec ? (
            <SchemaField m={m} spec={m.spec} path={[]} name="arguments" required errors={byPath} />
          ) : null}
          <RootIssues m={m} />
        </div>
      )}
    </div>
  );
}

function ValidationChip({ m }: { m: ArgsModel }) {
  const v = m.validation;
  const issues = v.status === 'invalid' ? v.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('\n') : undefined;
  // Before the user touched anything, what is missing is a to-do, not an error.
  const shown = [...(m.shownErrors?.values() ?? [])].reduce((n, list) => n + list.length, 0);
  const [text, cls, title] =
    v.status === 'valid'
      ? ['✓ matches inputSchema', 'text-ok', undefined]
      : v.status === 'invalid' && shown === 0
        ? [`${v.issues.length} to fill in`, 'text-subtle', issues]
        : v.status === 'invalid'
          ? [`✕ ${shown} problem${shown === 1 ? '' : 's'}`, 'text-danger', issues]
          : v.status === 'syntax'
            ? ['✕ invalid JSON', 'text-danger', v.error]
            : v.status === 'unusable'
              ? ['⚠ schema unusable', 'text-warn', v.reason]
              : ['validating…', 'text-subtle', undefined];
  return (
    <span
      className={`shrink-0 truncate text-[11px] ${cls}`}
      title={title}
      data-testid="tool-args-validation"
      data-status={v.status}
      data-shown={shown > 0 || undefined}
    >
      {text}
    </span>
  );
}

/** Problems that belong to no single field (the root, or keys the form does not show). */
function RootIssues({ m }: { m: ArgsModel }) {
  const v = m.validation;
  if (v.status === 'unusable')
    return <div className="mt-2 text-[11px] text-warn">The inputSchema cannot be used for validation: {v.reason}</div>;
  if (v.status !== 'invalid' || !m.shownErrors) return null;
  const shown = collectPaths(m.spec);
  const rest = [...m.shownErrors].filter(([k]) => !shown.some((s) => k === s || k.startsWith(`${s}.`)));
  if (rest.length === 0) return null;
  return (
    <ul className="mt-2 rounded border border-danger/30 bg-danger/5 px-2 py-1 text-[11px] text-danger">
      {rest.map(([k, msgs]) =>
        msgs.map((msg, i) => (
          <li key={`${k}-${i}`}>
            <code>{k || '(arguments)'}</code>: {msg}
          </li>
        )),
      )}
    </ul>
  );
}

function collectPaths(spec: ArgsModel['spec'], prefix = ''): string[] {
  if (spec?.kind !== 'object') return [];
  return (spec.properties ?? []).flatMap((p) => {
    const key = prefix ? `${prefix}.${p.name}` : p.name;
    return [key, ...collectPaths(p.spec, key)];
  });
}
