import { useEffect, useMemo, useState } from 'react';
import { formatDuration } from '../../lib/format';
import { loadSchemaValidator, type ValidateFn } from '../../lib/schemaValidator';
import { JsonTree } from '../../ui/JsonTree';
import { JsonView } from '../../ui/JsonView';
import { rpcCodeName, type CallSettled } from './callOutcome';
import { ContentItem } from './ContentItem';
import { checkOutput, type OutputCheck } from './outputValidation';
import type { FinishedCall } from './useToolCall';

const HEADLINE: Record<CallSettled['outcome'], { text: string; cls: string }> = {
  result: { text: 'Result', cls: 'border-ok/40 text-ok' },
  'is-error': { text: 'The tool reported an error', cls: 'border-warn/50 bg-warn/10 text-warn' },
  'rpc-error': { text: 'The server rejected the request', cls: 'border-danger/50 bg-danger/10 text-danger' },
  cancelled: { text: 'Cancelled', cls: 'border-line text-muted' },
  timeout: { text: 'Timed out: no response in time', cls: 'border-danger/50 bg-danger/10 text-danger' },
  refused: { text: 'The server’s answer was refused', cls: 'border-danger/50 bg-danger/10 text-danger' },
  failed: { text: 'Not sent or no answer (mcpscope proxy)', cls: 'border-danger/50 bg-danger/10 text-danger' },
};

/** A finished call: what kind of outcome, the content items, structured output and its check. */
export function ToolResult({ last, outputSchema }: { last: FinishedCall; outputSchema: unknown }) {
  const s = last.settled;
  const [raw, setRaw] = useState(false);
  const head =
    s.outcome === 'rpc-error'
      ? {
          ...HEADLINE['rpc-error'],
          text: `The server rejected the request (JSON-RPC ${s.error.code}${rpcCodeName(s.error.code) ? ` ${rpcCodeName(s.error.code)}` : ''})`,
        }
      : HEADLINE[s.outcome];
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="tool-result" data-outcome={s.outcome}>
      <div className={`flex shrink-0 items-center gap-2 border-b px-2 py-1 ${head.cls}`}>
        <span className="min-w-0 truncate font-semibold" title={head.text}>
          {head.text}
        </span>
        {s.outcome === 'is-error' && (
          <span
            className="chip shrink-0"
            title="A tool execution error: the tool ran and said it failed (spec server/tools#error-handling)"
          >
            isError: true
          </span>
        )}
        <span className="min-w-0 flex-1 truncate font-mono text-[11px] text-muted">{last.tool}</span>
        <span className="chip shrink-0" data-testid="tool-latency">
          {formatDuration(s.latencyMs)}
        </span>
        {'result' in s && (
          <button className="btn btn-ghost shrink-0" aria-pressed={raw} onClick={() => setRaw((r) => !r)}>
            {raw ? 'Rendered' : 'Raw JSON'}
          </button>
        )}
      </div>
      {raw && 'result' in s ? (
        <JsonView value={s.result} />
      ) : (
        <div className="min-h-0 flex-1 overflow-auto p-2">
          <Body s={s} outputSchema={outputSchema} />
        </div>
      )}
    </div>
  );
}

function Body({ s, outputSchema }: { s: CallSettled; outputSchema: unknown }) {
  switch (s.outcome) {
    case 'result':
    case 'is-error':
      return <ResultBody result={s.result} outputSchema={outputSchema} />;
    case 'rpc-error': {
      const name = rpcCodeName(s.error.code);
      return (
        <div className="text-xs">
          <p className="font-medium text-danger">
            JSON-RPC error {s.error.code}
            {name ? ` (${name})` : ''}: {s.error.message}
          </p>
          <p className="mt-1 text-muted">
            A protocol error: the server did not run the tool (unknown tool, invalid params, server failure). Compare a tool error, which
            comes back as a result with isError: true.
          </p>
          {s.error.data !== undefined && (
            <div className="mt-2">
              <JsonTree value={s.error.data} rootName="data" />
            </div>
          )}
        </div>
      );
    }
    case 'cancelled':
      return (
        <p className="text-xs text-muted">
          The call was cancelled; the server was told to stop. Any late response is ignored (see the Frames tab).
        </p>
      );
    case 'refused':
      return (
        <div className="text-xs">
          <p className="font-medium text-danger">{s.message}</p>
          <p className="mt-1 text-muted">
            The server answered, but its answer is past what mcpscope reads safely (nesting or size): the server’s answer is at fault, not
            the request. It is kept as text in the Frames tab, with a finding.
          </p>
        </div>
      );
    case 'timeout':
    case 'failed':
      return <p className="text-xs text-danger">{s.message}</p>;
  }
}

function ResultBody({ result, outputSchema }: { result: Record<string, unknown>; outputSchema: unknown }) {
  const content = Array.isArray(result.content) ? result.content : undefined;
  return (
    <div className="flex flex-col gap-2">
      {content === undefined && <p className="text-[11px] text-warn">⚠ The result has no content array.</p>}
      {content?.length === 0 && <p className="text-[11px] text-muted">Empty content.</p>}
      {content?.map((item, i) =>
        item && typeof item === 'object' ? (
          <ContentItem key={i} item={item as Record<string, unknown>} index={i} />
        ) : (
          <pre key={i} className="text-warn">
            {JSON.stringify(item)}
          </pre>
        ),
      )}
      <StructuredOutput result={result} outputSchema={outputSchema} />
    </div>
  );
}

function StructuredOutput({ result, outputSchema }: { result: Record<string, unknown>; outputSchema: unknown }) {
  const [validate, setValidate] = useState<ValidateFn | null>(null);
  useEffect(() => {
    let live = true;
    loadSchemaValidator().then(
      (fn) => live && setValidate(() => fn),
      () => undefined,
    );
    return () => void (live = false);
  }, []);
  const check = useMemo(() => checkOutput(result, outputSchema, validate), [result, outputSchema, validate]);
  if (check.kind === 'none') return null;
  return (
    <section className="rounded border border-line">
      <header className="flex items-center gap-2 border-b border-line bg-panel px-2 py-0.5 text-[11px]">
        <span className="font-semibold text-muted">structuredContent</span>
        <span className="flex-1" />
        <OutputBadge check={check} />
      </header>
      {check.kind === 'checked' && check.status === 'invalid' && (
        <ul className="border-b border-line bg-danger/5 px-2 py-1 text-[11px] text-danger">
          {check.issues.map((i, n) => (
            <li key={n}>
              <code>{i.path.join('.') || '(root)'}</code>: {i.message}
            </li>
          ))}
        </ul>
      )}
      {'structuredContent' in result && (
        <div className="p-2">
          <JsonTree value={result.structuredContent} openDepth={3} />
        </div>
      )}
    </section>
  );
}

function OutputBadge({ check }: { check: OutputCheck }) {
  const [text, cls, valid] =
    check.kind === 'unchecked'
      ? ['no outputSchema to check against', 'text-muted', 'unchecked']
      : check.kind === 'missing'
        ? [
            check.isError
              ? 'outputSchema declared; no structuredContent (an error result)'
              : '✕ outputSchema declared but structuredContent is missing',
            check.isError ? 'text-muted' : 'text-danger',
            'missing',
          ]
        : check.kind === 'pending'
          ? ['validating…', 'text-subtle', 'pending']
          : check.kind === 'checked' && check.status === 'valid'
            ? ['✓ matches outputSchema', 'text-ok', 'true']
            : check.kind === 'checked' && check.status === 'invalid'
              ? [`✕ does not match outputSchema (${check.issues.length})`, 'text-danger', 'false']
              : check.kind === 'checked' && check.status === 'unusable'
                ? [`⚠ outputSchema unusable: ${check.reason}`, 'text-warn', 'unusable']
                : ['', '', ''];
  return (
    <span className={cls} data-testid="tool-output-validation" data-valid={valid}>
      {text}
    </span>
  );
}
