import type { Finding } from '../events.js';

/** Findings the transport tap raises itself, before any rule engine sees the frame. */
export function nonJsonStdoutFinding(reason: string): Finding {
  return {
    rule: 'stdio-non-json-stdout',
    severity: 'error',
    message: `The server wrote a line to stdout that is not a JSON-RPC message (${reason}). stdout is reserved for protocol messages; log to stderr instead.`,
    spec: '2025-11-25/basic/transports#stdio',
  };
}
