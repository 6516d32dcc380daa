import { useEffect, useRef } from 'react';
import { OFFLINE_REASON } from '../../lib/capabilities';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { JsonEditor } from '../../ui/JsonEditor';
import { ComposerHistory } from './ComposerHistory';
import { ComposerResponse } from './ComposerResponse';
import { MESSAGE_SCHEMA } from './templates';
import { useComposerModel } from './useComposerModel';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Raw JSON-RPC: write any request or notification, send it, see the response. */
export function ComposerPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useComposerModel(sessionId);
  const editorRef = useRef<HTMLDivElement>(null);
  // "Edit and replay" lands here ready to type: focus the editor (Monaco's input is a textarea too).
  useEffect(() => {
    if (m.prefill) editorRef.current?.querySelector('textarea')?.focus();
  }, [m.prefill]);
  return (
    <div className="flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col border-r border-line">
        <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1">
          <select
            className="input w-56 font-mono"
            value=""
            onChange={(e) => m.applyTemplate(e.target.value)}
            data-testid="composer-template"
            aria-label="Template"
          >
            <option value="">Insert a template…</option>
            {m.templates.map((t) => (
              <option key={t.method} value={t.method}>
                {t.method}
                {t.notification ? ' (notification)' : ''}
              </option>
            ))}
          </select>
          <label className="flex items-center gap-1 text-[11px] text-muted" title="Send without an id; no response is expected">
            <input
              type="checkbox"
              checked={m.notification}
              onChange={(e) => m.setNotification(e.target.checked)}
              data-testid="composer-notification"
            />
            Notification
          </label>
          <label className="flex items-center gap-1 text-[11px] text-muted" title="How long the proxy waits for the response">
            Timeout
            <input
              type="number"
              min={1}
              className="input w-14 tabular-nums"
              value={m.timeoutSec}
              onChange={(e) => m.setTimeoutSec(Number(e.target.value))}
              disabled={m.notification}
            />
            s
          </label>
          <span className="flex-1" />
          <button
            className="btn btn-primary"
            data-testid="composer-send"
            onClick={() => m.submit()}
            disabled={!m.canSend}
            title={m.offline ? OFFLINE_REASON : `Send (${isMac ? '⌘' : 'Ctrl'}+Enter)`}
          >
            {m.pending ? 'Sending…' : 'Send'} <kbd className="text-[10px] opacity-70">{isMac ? '⌘↵' : 'Ctrl↵'}</kbd>
          </button>
        </div>
        {m.prefill && (
          <div
            className="shrink-0 border-b border-line bg-accent/10 px-2 py-0.5 text-[11px] text-muted"
            data-testid="composer-prefill"
            data-source={m.prefill.source}
          >
            Edit and replay: loaded from <span className="font-medium text-fg">{m.prefill.source}</span>. Edit it, then Send; the proxy
            assigns a new id.
          </div>
        )}
        <div className="min-h-0 flex-1" ref={editorRef}>
          <JsonEditor
            value={m.text}
            onChange={m.setText}
            onSubmit={() => m.submit()}
            schema={MESSAGE_SCHEMA}
            ariaLabel="JSON-RPC message"
            testId="composer-editor"
          />
        </div>
        <div
          className={`shrink-0 border-t border-line px-2 py-1 text-[11px] ${m.submitError || !m.validation.ok ? 'text-danger' : 'text-muted'}`}
          data-testid="composer-validation"
          role={m.submitError ? 'alert' : undefined}
        >
          {m.submitError ??
            (m.validation.ok
              ? `✓ ${m.notification ? 'notification' : 'request'} ${m.validation.body.message.method}${'id' in m.validation.body.message ? '' : m.notification ? '' : ' — id assigned by the proxy'}`
              : m.validation.error)}
          {!m.submitError && m.sessionState !== 'connected' && (
            <span className="ml-2 text-warn">
              {m.offline ? OFFLINE_REASON : sessionId ? `session ${m.sessionState ?? 'gone'}` : 'no session selected'}
            </span>
          )}
        </div>
        <ComposerHistory m={m} sendKeys={isMac ? '⌘+Enter' : 'Ctrl+Enter'} />
      </div>
      <div className="flex w-[45%] min-w-[320px] flex-col">
        <ComposerResponse m={m} />
      </div>
    </div>
  );
}
