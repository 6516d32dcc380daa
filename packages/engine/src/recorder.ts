import { closeSync, openSync, writeSync } from 'node:fs';
import { secretValuesFrom, TraceWriter } from '@mcpscope/trace';
import type { Finding, SessionEvent } from '@mcpscope/protocol';
import { eventJson, forgetEventJson } from './event-json.js';
import type { Session } from './session.js';
import type { SessionConfig } from './types.js';

/** What a trace keeps of the config so `replay` can default to the recorded target (no env, no headers). */
export function replayableConfig(config: SessionConfig): Record<string, unknown> {
  const era = config.era ? { era: config.era } : {};
  if (config.transport === 'stdio') return { transport: 'stdio', command: config.command, args: config.args, ...(config.cwd ? { cwd: config.cwd } : {}), ...era };
  return { transport: config.transport, url: config.url, ...era };
}

/**
 * Writes a session's trace v1 to a file as it happens: one synchronous write per event, so a
 * crash of mcpscope loses at most the line being written (ARCHITECTURE.md, trace format v1).
 * An event nothing was redacted from is written with the text the /ws stream made (eventJson).
 * The file is finished when the session disconnects or fails (`onFinish`).
 * Redacting also replaces the secrets of the session's own config (env, headers, tokens) by
 * value wherever they occur. An event that cannot be written as it was never throws into the
 * session: it is written reduced and gets an `internal-error` finding; if the file itself
 * fails (disk full), recording stops and the event carries the reason.
 */
export function attachRecorder(session: Session, file: string, opts: { redact: boolean; onFinish?: () => void }): () => void {
  const fd = openSync(file, 'w', 0o600);
  let open = true;
  let stop = (): void => {};
  const writer = new TraceWriter(
    { write: (line) => open && writeSync(fd, line) },
    {
      redact: opts.redact,
      secrets: opts.redact ? secretValuesFrom(session.config) : undefined,
      stringify: eventJson,
      onError: (event, _error, stage, finding) => {
        attachFinding(event, finding);
        if (stage === 'sink') finish();
      },
    },
  );
  const info = session.info();
  writer.writeHeader({
    tool: { name: 'mcpscope', version: '0.1.0' },
    createdAt: new Date(info.createdAt),
    session: { id: info.id, name: info.name, ...(info.named ? { named: true } : {}), transport: info.transport, target: info.target, config: replayableConfig(session.config) },
  });
  for (const event of session.events()) writer.write(event);
  stop = session.log.subscribe((event) => {
    writer.write(event);
    if (ends(event)) finish();
  });
  function finish(): void {
    if (!open) return;
    open = false;
    stop();
    try {
      closeSync(fd);
    } catch {
      /* already failed (the reason is on the event that failed); nothing more to lose */
    }
    opts.onFinish?.();
  }
  return finish;
}

/** Puts the finding on the in-memory event too (frames and HTTP events carry findings), so a later read shows it. */
function attachFinding(event: SessionEvent, finding: Finding): void {
  if (event.type === 'frame' || event.type === 'http') event.findings = [...(event.findings ?? []), finding];
  forgetEventJson(event);
}

function ends(event: SessionEvent): boolean {
  if (event.type !== 'lifecycle') return false;
  return event.phase === 'disconnect' || (event.phase === 'state' && event.state === 'failed');
}
