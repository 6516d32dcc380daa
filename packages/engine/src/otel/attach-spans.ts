import { secretValuesFrom } from '@mcpscope/trace';
import type { SessionEvent } from '@mcpscope/protocol';
import type { Session } from '../session/session.js';
import type { Telemetry } from './telemetry.js';

/**
 * Exports a live session's spans as its events happen (when the export is on): every event so
 * far, then each new one; the session span ends with the session (its disconnect, or a failed
 * connect). Returns the detach, which also ends the spans of a session still running (shutdown).
 */
export function attachSpans(session: Session, telemetry: Telemetry): () => void {
  const info = session.info();
  const tracker = telemetry.track({
    identity: session.otel.trace,
    transport: info.transport,
    ...(session.config.transport === 'stdio' ? {} : { url: session.config.url }),
    name: info.name,
    target: info.target,
    kind: session.otel.kind,
    createdAt: info.createdAt,
    secrets: secretValuesFrom(session.config),
  });
  if (!tracker) return () => undefined;
  let done = false;
  const finish = (failed: boolean) => {
    if (done) return;
    done = true;
    stop();
    tracker.finish({ failed });
  };
  for (const event of session.events()) tracker.observe(event);
  const stop = session.log.subscribe((event: SessionEvent) => {
    tracker.observe(event);
    if (event.type === 'lifecycle' && event.phase === 'disconnect') finish(false);
    else if (event.type === 'lifecycle' && event.phase === 'state' && event.state === 'failed') finish(true);
  });
  return () => finish(false);
}
