import { lazy, Suspense, type KeyboardEvent } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import type { MonacoJsonEditorProps } from './monaco/MonacoJsonEditor';

// Monaco (a few MB) loads only when an editor is first shown.
const MonacoJsonEditor = lazy(() => import('./monaco/MonacoJsonEditor'));

/** A JSON editor: Monaco when it loads, a plain textarea while loading or if it fails. */
export function JsonEditor(props: MonacoJsonEditorProps & { testId?: string }) {
  return (
    <div className="relative h-full min-h-0" data-testid={props.testId}>
      <ErrorBoundary
        fallback={(error) => <PlainEditor {...props} note={`Editor failed to load (${error.message}); using a plain text box.`} />}
      >
        <Suspense fallback={<PlainEditor {...props} note="Loading editor…" />}>
          <MonacoJsonEditor {...props} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}

function PlainEditor({ value, onChange, onSubmit, ariaLabel, note }: MonacoJsonEditorProps & { note: string }) {
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit?.();
    }
  };
  return (
    <div className="flex h-full flex-col">
      <textarea
        className="min-h-0 flex-1 resize-none bg-surface p-2 font-mono text-[12px] text-fg outline-none"
        value={value}
        spellCheck={false}
        aria-label={ariaLabel}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="border-t border-line px-2 py-0.5 text-[11px] text-subtle">{note}</div>
    </div>
  );
}
