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

export function invalidMessageFinding(reason: string): Finding {
  return {
    rule: 'jsonrpc-shape',
    severity: 'error',
    message: `Not a valid JSON-RPC 2.0 message: ${reason}.`,
    spec: '2025-11-25/basic/index#messages',
  };
}
