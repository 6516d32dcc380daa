import { closeSync, openSync, writeSync } from 'node:fs';
import { TraceWriter } from '@mcpscope/trace';
import type { SessionEvent } from '@mcpscope/protocol';
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
 * The file is finished when the session disconnects or fails (`onFinish`).
 */
export function attachRecorder(session: Session, file: string, opts: { redact: boolean; onFinish?: () => void }): () => void {
  const fd = openSync(file, 'w', 0o600);
  let open = true;
  const writer = new TraceWriter({ write: (line) => open && writeSync(fd, line) }, { redact: opts.redact });
  const info = session.info();
  writer.writeHeader({
    tool: { name: 'mcpscope', version: '0.1.0' },
    createdAt: new Date(info.createdAt),
    session: { id: info.id, name: info.name, transport: info.transport, target: info.target, config: replayableConfig(session.config) },
  });
  for (const event of session.events()) writer.write(event);
  const stop = session.log.subscribe((event) => {
    writer.write(event);
    if (ends(event)) finish();
  });
  function finish(): void {
    if (!open) return;
    open = false;
    stop();
    closeSync(fd);
    opts.onFinish?.();
  }
  return finish;
}

function ends(event: SessionEvent): boolean {
  if (event.type !== 'lifecycle') return false;
  return event.phase === 'disconnect' || (event.phase === 'state' && event.state === 'failed');
}
