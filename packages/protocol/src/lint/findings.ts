import type { Finding } from '../events.js';

/** Findings the transport tap raises itself, before any rule engine sees the frame. */
export function nonJsonStdoutFinding(reason: string): Finding {
  return {
    rule: 'stdio-non-json-stdout',
    severity: 'error',
    message: `The server wrote a line to stdout that is not a JSON-RPC message (${reason}). stdout is reserved for protocol messages; log to stderr instead.`,
    spec: '2025-11-25/basic/transports#stdio',
    quote: 'The server MUST NOT write anything to its `stdout` that is not a valid MCP message.',
  };
}

/**
 * A message mcpscope refused at the boundary (nested deeper than its cap, or longer than its
 * line cap). No spec sentence limits either: this is mcpscope's own limit and says so. The
 * message is kept as a raw frame and never reaches the client.
 */
export function undeliverableFinding(what: 'too-deep' | 'too-large', detail: string): Finding {
  return {
    rule: what === 'too-deep' ? 'message-too-deep' : 'message-too-large',
    severity: 'info',
    message: `mcpscope did not parse this message: it is ${detail}, past mcpscope's own limit (no spec rule; the limit protects the inspector). It is kept as text; in a session mcpscope holds, its client does not get it and a request it answers fails at once.`,
  };
}

/**
 * An app-channel message (MCP App view ⇄ mcpscope) refused where it entered the session: not a
 * JSON object, nested too deep, too large, or not serializable. mcpscope's own limit (rule
 * app-message-refused in the catalogue); the text is kept as a raw frame, the rest of the batch
 * goes on.
 */
export function appMessageRefusedFinding(detail: string): Finding {
  return {
    rule: 'app-message-refused',
    severity: 'info',
    message: `mcpscope kept this app message as text, not as a JSON-RPC message: ${detail} (mcpscope's own limit, no spec rule). No app rule judged it.`,
  };
}

/** mcpscope itself failed while processing this event (a rule, redaction, the trace writer). */
export function internalErrorFinding(where: string, error: unknown): Finding {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    rule: 'internal-error',
    severity: 'info',
    message: `mcpscope failed in ${where} on this event (${text.slice(0, 300)}). This is a fault in mcpscope, not a claim about the server; the event is kept as received.`,
  };
}
