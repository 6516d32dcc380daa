import { useState } from 'react';
import { useDemoGuideModel } from './useDemoGuideModel';

/**
 * What the demo shows and three things to try: one slim line above the views of the demo
 * session (it pushes the view down by a line, never covers it; "more" opens a few lines on what
 * each step shows), dismissed for good with ✕.
 */
export function DemoGuide() {
  const m = useDemoGuideModel();
  const [open, setOpen] = useState(false);
  if (!m.visible) return null;
  return (
    <div
      className="shrink-0 border-b border-line bg-accent/5 px-2 py-1 text-[12px]"
      role="region"
      aria-label="Demo guide"
      data-testid="demo-guide"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-accent">Demo server</span>
        <span className="text-muted">uses every MCP feature. Try:</span>
        {m.steps.map((s, i) => (
          <button
            key={s.id}
            className="btn h-5 gap-1 px-1.5"
            title={s.hint}
            data-testid="demo-step"
            data-step={s.id}
            onClick={() => m.run(s)}
          >
            <span
              className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-full bg-accent text-[10px] font-semibold text-accent-fg"
              aria-hidden
            >
              {i + 1}
            </span>
            {s.label}
          </button>
        ))}
        <button
          className="text-[11px] text-muted hover:text-fg"
          aria-expanded={open}
          data-testid="demo-guide-more"
          onClick={() => setOpen(!open)}
        >
          {open ? 'less' : 'more'}
        </button>
        <span className="flex-1" />
        <button
          className="btn btn-ghost h-5 w-5 justify-center px-0 text-subtle"
          title="Hide the demo guide (for good, in this browser)"
          aria-label="Dismiss the demo guide"
          data-testid="demo-guide-dismiss"
          onClick={m.dismiss}
        >
          ✕
        </button>
      </div>
      {open && (
        <div className="mt-1 text-muted" data-testid="demo-guide-details">
          <p>
            mcpscope's embedded demo server speaks both protocol eras and exercises tools (progress, images, structured output), resources
            and templates, prompts, sampling, elicitation, roots, tasks and logging.
          </p>
          <ol className="mt-0.5 list-decimal pl-5">
            {m.steps.map((s) => (
              <li key={s.id}>
                <span className="text-fg">{s.label}</span> — {s.hint}.
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
