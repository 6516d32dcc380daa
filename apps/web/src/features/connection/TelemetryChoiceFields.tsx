import { SECRET_PLACEHOLDER, serverSpanEnv } from '@mcpscope/protocol';
import { useValue } from '../../lib/valueStore';
import { telemetryChoiceStore } from './telemetryChoice';

/**
 * The two OpenTelemetry switches of the Connect form, and the variables "collect server spans"
 * adds to a stdio server's environment, shown before anything runs (the secret is made when the
 * session opens, so it shows as a placeholder).
 */
export function TelemetryChoiceFields({ stdio, receiver }: { stdio: boolean; receiver: string | undefined }) {
  const choice = useValue(telemetryChoiceStore);
  const set = (patch: Partial<typeof choice>) => telemetryChoiceStore.set((c) => ({ ...c, ...patch }));
  const env = receiver ? serverSpanEnv(receiver, SECRET_PLACEHOLDER) : undefined;
  return (
    <fieldset className="flex flex-col gap-1 text-[12px]" data-testid="conn-otel">
      <legend className="label">OpenTelemetry</legend>
      <label
        className="flex items-center gap-1.5"
        title="Requests carry a W3C traceparent in params._meta, so a server instrumented with OpenTelemetry continues mcpscope's trace; the frame log marks the field as added by mcpscope"
      >
        <input
          type="checkbox"
          data-testid="conn-trace-context"
          checked={choice.traceContext}
          onChange={(e) => set({ traceContext: e.target.checked })}
        />
        Send trace context (traceparent)
      </label>
      <label
        className={`flex items-center gap-1.5 ${stdio && receiver ? '' : 'opacity-60'}`}
        title={
          receiver
            ? 'A stdio server (the demo too) starts with the variables below: its OpenTelemetry SDK sends its spans to mcpscope, shown under each request'
            : 'This mcpscope runs no OTLP receiver'
        }
      >
        <input
          type="checkbox"
          data-testid="conn-collect-spans"
          disabled={!receiver}
          checked={choice.collectServerSpans}
          onChange={(e) => set({ collectServerSpans: e.target.checked })}
        />
        Collect server spans{stdio ? '' : ' (stdio servers; an HTTP server is pointed at the receiver from the Spans view)'}
      </label>
      {choice.collectServerSpans && env && stdio && (
        <div
          className="ml-5 flex flex-col gap-0.5"
          title="Added to the server's environment (its own variables win)"
          data-testid="conn-otel-env"
        >
          {Object.entries(env).map(([key, value]) => (
            <code key={key} className="chip w-fit max-w-full truncate" title={`${key}=${value}`}>
              {key}={value}
            </code>
          ))}
        </div>
      )}
    </fieldset>
  );
}
