import type { ReactNode } from 'react';
import { JsonTree } from '../../../ui/JsonTree';
import { ContentBlockView } from './ContentBlockView';
import type { ModelPreferencesView, SamplingRequestView as View } from './samplingRequest';

/** The whole sampling request, as the server sent it: nothing is hidden from the reviewer. */
export function SamplingRequestView({ view }: { view: View }) {
  return (
    <div className="flex flex-col gap-2">
      {view.problems.length > 0 && (
        <ul className="rounded border border-warn/50 bg-warn/10 px-2 py-1 text-[11px] text-warn" aria-label="Problems with the request">
          {view.problems.map((p) => (
            <li key={p}>⚠ {p}</li>
          ))}
        </ul>
      )}
      {view.systemPrompt !== undefined && (
        <Section title="System prompt">
          <pre className="rounded bg-raised px-2 py-1 font-sans text-xs whitespace-pre-wrap">{view.systemPrompt}</pre>
        </Section>
      )}
      <Section title={`Messages (${view.messages.length})`}>
        <ol className="flex flex-col gap-1">
          {view.messages.map((m, i) => (
            <li
              key={i}
              className={`rounded border px-2 py-1 ${m.role === 'assistant' ? 'border-accent/30 bg-accent/5' : 'border-line bg-surface'}`}
              data-role={m.role}
            >
              <div className="mb-0.5 text-[10px] font-semibold tracking-wide text-muted uppercase">{m.role}</div>
              <div className="flex flex-col gap-1">
                {m.content.map((b, j) => (
                  <ContentBlockView key={j} block={b} />
                ))}
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Parameters">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
          <Row name="maxTokens">{view.maxTokens ?? <span className="text-danger">missing</span>}</Row>
          {view.temperature !== undefined && <Row name="temperature">{view.temperature}</Row>}
          {view.stopSequences && (
            <Row name="stopSequences">
              {view.stopSequences.map((s) => (
                <span key={s} className="chip mr-1">
                  {JSON.stringify(s)}
                </span>
              ))}
            </Row>
          )}
          {view.includeContext !== undefined && <Row name="includeContext">{view.includeContext}</Row>}
          {view.modelPreferences && (
            <Row name="modelPreferences">
              <Preferences prefs={view.modelPreferences} />
            </Row>
          )}
          {view.toolChoice !== undefined && (
            <Row name="toolChoice">
              <JsonTree value={view.toolChoice} openDepth={2} />
            </Row>
          )}
          {view.metadata !== undefined && (
            <Row name="metadata">
              <JsonTree value={view.metadata} openDepth={2} />
            </Row>
          )}
          {Object.entries(view.extra).map(([k, v]) => (
            <Row key={k} name={`${k} (not in the spec)`}>
              <JsonTree value={v} openDepth={1} />
            </Row>
          ))}
        </dl>
      </Section>
      {view.tools && (
        <Section title={`Tools the model may use (${view.tools.length})`}>
          <ul className="flex flex-col gap-1">
            {view.tools.map((t) => (
              <li key={t.name} className="rounded border border-line px-2 py-1">
                <span className="font-mono text-xs font-semibold">{t.name}</span>
                {t.description && <span className="ml-2 text-[11px] text-muted">{t.description}</span>}
                {t.inputSchema !== undefined && <JsonTree value={t.inputSchema} openDepth={0} rootName="inputSchema" />}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-0.5 text-[11px] font-semibold text-muted">{title}</h3>
      {children}
    </section>
  );
}

function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-mono text-[11px] text-muted">{name}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function Preferences({ prefs }: { prefs: ModelPreferencesView }) {
  const bars: Array<[string, number | undefined]> = [
    ['cost', prefs.costPriority],
    ['speed', prefs.speedPriority],
    ['intelligence', prefs.intelligencePriority],
  ];
  return (
    <div className="flex flex-col gap-0.5">
      <div>
        hints:{' '}
        {prefs.hints.length === 0 ? (
          <span className="text-subtle">none</span>
        ) : (
          prefs.hints.map((h, i) => (
            <span key={i} className="chip mr-1">
              {h}
            </span>
          ))
        )}
      </div>
      {bars.map(([label, v]) => (
        <div key={label} className="flex items-center gap-2">
          <span className="w-32 font-mono text-[11px] text-muted">{label}Priority</span>
          {v === undefined ? (
            <span className="text-[11px] text-subtle">not set</span>
          ) : (
            <>
              <span className="h-1.5 w-24 overflow-hidden rounded bg-raised" aria-hidden>
                <span className="block h-full bg-accent" style={{ width: `${Math.max(0, Math.min(1, v)) * 100}%` }} />
              </span>
              <span className="font-mono text-[11px] tabular-nums">{v}</span>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
