import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useConnectFocusRef } from '../../lib/connectFocus';
import { ConnectErrorView } from '../../ui/ConnectErrorView';
import type { TransportChoice } from './connectionForm';
import { KeyValueRows } from './KeyValueRows';
import { isSecretName } from './savedServers';
import { SavedServers } from './SavedServers';
import { TelemetryChoiceFields } from './TelemetryChoiceFields';
import { useConnectionModel } from './useConnectionModel';

const TRANSPORTS: Array<{ value: TransportChoice; label: string }> = [
  { value: 'stdio', label: 'stdio (spawn a process)' },
  { value: 'http', label: 'Streamable HTTP' },
  { value: 'sse', label: 'HTTP+SSE (legacy)' },
  { value: 'auto', label: 'HTTP, auto-detect' },
];

export function ConnectionPanel() {
  const m = useConnectionModel();
  const { form, fieldErrors } = m;
  const [showMore, setShowMore] = useState(false);
  const firstField = useConnectFocusRef<HTMLInputElement>(); // the Welcome screen's "Connect a server"
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    m.submit();
  };
  const extraCount = form.transport === 'stdio' ? form.env.length + (form.cwd ? 1 : 0) : form.headers.length + (form.bearerToken ? 1 : 0);

  return (
    <div className="flex min-h-0 flex-auto flex-col">
      <div className="flex shrink-0 items-center gap-1 pr-2">
        <button
          type="button"
          className="section-title flex min-w-0 flex-1 items-center gap-1 text-left hover:text-fg disabled:hover:text-muted"
          data-testid="connect-toggle"
          aria-expanded={m.sectionOpen}
          aria-controls="connect-body"
          disabled={!m.collapsible}
          title={
            m.collapsible
              ? m.sectionOpen
                ? 'Hide the Connect form (it is remembered)'
                : 'Show the Connect form'
              : 'Connect to a server to start'
          }
          onClick={m.toggleSection}
        >
          <span aria-hidden className="w-2.5 shrink-0 text-center">
            {m.sectionOpen ? '▾' : '+'}
          </span>
          <span className="truncate">Connect a server</span>
        </button>
        <button
          className="btn"
          data-testid="conn-demo"
          disabled={!m.demo || m.pending}
          title={m.demo ? 'Start the embedded demo server, which exercises every MCP feature' : 'This build ships no demo server'}
          onClick={m.connectDemo}
        >
          ▶ Demo server
        </button>
      </div>
      <div id="connect-body" className="min-h-0 flex-auto overflow-y-auto" data-testid="connect-body" hidden={!m.sectionOpen}>
        <form className="flex flex-col gap-2 px-2 pb-2" onSubmit={onSubmit} noValidate>
          <Field label="Transport">
            <select
              className="input"
              data-testid="conn-transport"
              value={form.transport}
              onChange={(e) => m.setTransport(e.target.value as TransportChoice)}
            >
              {TRANSPORTS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          {form.transport === 'stdio' ? (
            <>
              <Field label="Command" error={fieldErrors.command}>
                <input
                  ref={firstField}
                  className="input font-mono"
                  data-testid="conn-command"
                  placeholder="node, npx, uvx, python…"
                  spellCheck={false}
                  value={form.command}
                  onChange={(e) => m.update({ command: e.target.value })}
                />
              </Field>
              <Field label="Arguments" error={fieldErrors.args}>
                <input
                  className="input font-mono"
                  data-testid="conn-args"
                  placeholder={`server.js --flag "quoted arg"`}
                  spellCheck={false}
                  value={form.argsLine}
                  onChange={(e) => m.update({ argsLine: e.target.value })}
                />
              </Field>
              {m.argvPreview && m.argvPreview.length > 1 && (
                <div
                  className="-mt-1 flex flex-wrap gap-0.5"
                  title="The exact argv the server is started with (no shell expansion)"
                  data-testid="conn-argv"
                >
                  {m.argvPreview.map((a, i) => (
                    <span key={i} className="chip">
                      {a === '' ? '""' : a}
                    </span>
                  ))}
                </div>
              )}
            </>
          ) : (
            <Field label="URL" error={fieldErrors.url}>
              <input
                ref={firstField}
                className="input font-mono"
                data-testid="conn-url"
                placeholder="http://127.0.0.1:3000/mcp"
                spellCheck={false}
                value={form.url}
                onChange={(e) => m.update({ url: e.target.value })}
              />
            </Field>
          )}
          <button
            type="button"
            className="self-start text-[11px] text-muted hover:text-fg"
            onClick={() => setShowMore((s) => !s)}
            aria-expanded={showMore}
          >
            {showMore ? '▾' : '▸'} {form.transport === 'stdio' ? 'Environment, working directory' : 'Headers, bearer token'}
            {extraCount > 0 && <span className="ml-1 chip">{extraCount}</span>}
          </button>
          {showMore && form.transport === 'stdio' && (
            <>
              <Field label="Environment variables">
                <KeyValueRows
                  rows={form.env}
                  onChange={(env) => m.update({ env })}
                  keyPlaceholder="NAME"
                  valuePlaceholder="value"
                  isSecret={isSecretName}
                  testId="conn-env"
                />
              </Field>
              <Field label="Working directory" error={fieldErrors.cwd}>
                <input
                  className="input font-mono"
                  data-testid="conn-cwd"
                  placeholder="(the proxy's cwd)"
                  value={form.cwd}
                  onChange={(e) => m.update({ cwd: e.target.value })}
                />
              </Field>
            </>
          )}
          {showMore && form.transport !== 'stdio' && (
            <>
              <Field label="Headers">
                <KeyValueRows
                  rows={form.headers}
                  onChange={(headers) => m.update({ headers })}
                  keyPlaceholder="Header"
                  valuePlaceholder="value"
                  isSecret={isSecretName}
                  testId="conn-headers"
                />
              </Field>
              <Field label="Bearer token">
                <input
                  className="input font-mono"
                  type="password"
                  autoComplete="off"
                  data-testid="conn-bearer"
                  placeholder="sent as Authorization: Bearer …"
                  value={form.bearerToken}
                  onChange={(e) => m.update({ bearerToken: e.target.value })}
                />
              </Field>
            </>
          )}
          <TelemetryChoiceFields stdio={form.transport === 'stdio'} receiver={m.otlpReceiver} />
          <Field label="Name (optional)">
            <input
              className="input"
              data-testid="conn-name"
              placeholder="shown in the session list"
              value={form.name}
              onChange={(e) => m.update({ name: e.target.value })}
            />
          </Field>
          {fieldErrors.form && <div className="text-[11px] text-danger">{fieldErrors.form}</div>}
          <button
            type="submit"
            className="btn btn-primary h-7 justify-center"
            data-testid="conn-connect"
            disabled={m.pending}
            aria-busy={m.pending}
          >
            {m.pending ? (
              <>
                <Spinner /> Connecting…
              </>
            ) : (
              'Connect'
            )}
          </button>
          {m.error &&
            (m.failure?.sessionId && m.failedSessionListed ? (
              // The failed session is listed: its full error is shown with it in the main area (once); here one line.
              <div
                className="flex items-start gap-1 rounded border border-danger/40 bg-danger/5 px-2 py-1 text-xs text-danger"
                role="status"
                data-testid="connect-error-summary"
              >
                <span className="line-clamp-2 min-w-0 flex-1 break-words" title={m.error.message}>
                  {m.error.message}
                </span>
                {m.failedSessionShown ? (
                  <span className="shrink-0 text-muted">details above the views</span>
                ) : (
                  <button
                    type="button"
                    className="shrink-0 text-accent hover:underline"
                    onClick={m.showFailedSession}
                    data-testid="connect-error-show"
                  >
                    Show
                  </button>
                )}
                <button type="button" className="shrink-0 text-subtle hover:text-fg" aria-label="Dismiss" onClick={m.dismissError}>
                  ✕
                </button>
              </div>
            ) : (
              // Capped: a long header dump must not squeeze the session list above.
              <div className="max-h-48 overflow-auto">
                <ConnectErrorView
                  message={m.error.message}
                  codes={[m.error instanceof ApiRequestError ? m.error.code : undefined, m.failure?.code]}
                  failure={m.failure}
                  onDismiss={m.dismissError}
                />
              </div>
            ))}
        </form>
        <SavedServers current={m.currentConfig} onLoad={m.loadConfig} />
      </div>
    </div>
  );
}

function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="block">
      <span className="label">{label}</span>
      {children}
      {error && (
        <span className="mt-0.5 block text-[11px] text-danger" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

function Spinner() {
  return <span className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />;
}
