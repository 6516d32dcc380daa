import { closeSync, openSync, writeSync } from 'node:fs';
import { TraceWriter } from '@mcpscope/trace';
import type { Session } from './session.js';

/**
 * Writes a session's trace v1 to a file as it happens: one synchronous write per event, so a
 * crash of mcpscope loses at most the line being written (ARCHITECTURE.md, trace format v1).
 */
export function attachRecorder(session: Session, file: string, opts: { redact: boolean }): () => void {
  const fd = openSync(file, 'w', 0o600);
  let open = true;
  const writer = new TraceWriter({ write: (line) => open && writeSync(fd, line) }, { redact: opts.redact });
  const info = session.info();
  writer.writeHeader({
    tool: { name: 'mcpscope', version: '0.1.0' },
    session: { id: info.id, name: info.name, transport: info.transport, target: info.target },
  });
  for (const event of session.events()) writer.write(event);
  const stop = session.log.subscribe((event) => {
    writer.write(event);
    if (event.type === 'lifecycle' && event.phase === 'disconnect') finish();
  });
  function finish(): void {
    if (!open) return;
    open = false;
    stop();
    closeSync(fd);
  }
  return finish;
}
