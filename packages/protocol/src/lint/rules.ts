import { MAX_JSON_DEPTH } from '../limits.js';
import { capabilityViolation } from './capability-rules.js';
import { httpContentType, httpProtocolVersion, httpSessionId } from './http-rules.js';
import { duplicateInFlightId, jsonrpcShape, jsonrpcVersion, notificationWithId, responseToUnknownId } from './jsonrpc-rules.js';
import { lifecycleOrder } from './lifecycle-rules.js';
import { paginationLoop, progressToken, resourceUriStable, structuredContent, validationAsProtocolError } from './result-rules.js';
import type { FrameRule, HttpRule, RuleMeta } from './rule.js';
import { toolChanged, toolDescription, toolInjection, toolInputSchema, toolName } from './tool-rules.js';

export const FRAME_RULES: readonly FrameRule[] = [
  jsonrpcVersion,
  jsonrpcShape,
  notificationWithId,
  duplicateInFlightId,
  responseToUnknownId,
  lifecycleOrder,
  capabilityViolation,
  toolDescription,
  toolInputSchema,
  toolName,
  toolInjection,
  toolChanged,
  structuredContent,
  validationAsProtocolError,
  paginationLoop,
  resourceUriStable,
  progressToken,
];

export const HTTP_RULES: readonly HttpRule[] = [httpProtocolVersion, httpSessionId, httpContentType];

/** Rules the transport tap applies itself (see findings.ts), listed for the catalogue. */
const TAP_RULES: RuleMeta[] = [
  {
    id: 'stdio-non-json-stdout',
    severity: 'error',
    spec: '2025-11-25/basic/transports#stdio',
    description: 'A stdio server writes nothing but JSON-RPC messages to stdout (a print() or console.log breaks clients).',
  },
  {
    id: 'message-too-deep',
    severity: 'info',
    spec: '',
    description: `mcpscope's own limit, not a spec rule: a message nested deeper than ${MAX_JSON_DEPTH} levels is kept as text, not parsed, and a request it answers fails at once.`,
  },
  {
    id: 'message-too-large',
    severity: 'info',
    spec: '',
    description: "mcpscope's own limit, not a spec rule: a message longer than the line/body cap (64 MiB) is kept truncated, and a request it answers fails at once.",
  },
  {
    id: 'internal-error',
    severity: 'info',
    spec: '',
    description: 'mcpscope itself failed on an event (a rule, redaction or the trace writer threw); the event is kept and the session goes on. A fault in mcpscope, not in the server.',
  },
];

/** Rules `mcpscope check` applies by probing an HTTP server (not derivable from traffic). */
export const PROBE_RULES: readonly RuleMeta[] = [
  {
    id: 'http-origin-validation',
    severity: 'error',
    spec: '2025-11-25/basic/transports#security-warning',
    description: 'A Streamable HTTP server validates Origin: a request with a foreign Origin gets 403 Forbidden (DNS rebinding).',
  },
  {
    id: 'http-host-validation',
    severity: 'warning',
    spec: '2025-11-25/basic/transports#security-warning',
    description: 'A local HTTP server rejects requests whose Host is not its own (DNS rebinding protection), with 403.',
  },
];

/** Every rule mcpscope checks, for the Findings panel and the docs. */
export const RULE_CATALOGUE: readonly RuleMeta[] = [...TAP_RULES, ...FRAME_RULES, ...HTTP_RULES, ...PROBE_RULES].map(({ id, severity, spec, description }) => ({ id, severity, spec, description }));
