import { createValueStore } from '../../lib/valueStore';

/**
 * The Connect form's OpenTelemetry switches, for the next session it starts (Connect or the demo):
 * W3C trace context in every request's `params._meta`, and "collect server spans" (a stdio server
 * gets the OTLP variables of mcpscope's receiver). Both off unless the user turns them on.
 */
export interface TelemetryChoice {
  traceContext: boolean;
  collectServerSpans: boolean;
}

export const telemetryChoiceStore = createValueStore<TelemetryChoice>({ traceContext: false, collectServerSpans: false });

/** What POST /api/sessions gets: only the switches that are on; collecting needs a stdio server. */
export function sessionOptions(choice: TelemetryChoice, stdio: boolean): { traceContext?: boolean; collectServerSpans?: boolean } {
  return {
    ...(choice.traceContext ? { traceContext: true } : {}),
    ...(choice.collectServerSpans && stdio ? { collectServerSpans: true } : {}),
  };
}
