import { MAX_JSON_DEPTH } from '../limits.js';
import { APP_RESOURCE_RULES } from './app-resource-rules.js';
import { APP_BOUNDARY_RULES, APP_RULES } from './app-rules.js';
import { capabilityViolation } from './capability-rules.js';
import { httpContentType, httpProtocolVersion, httpSessionId } from './http-rules.js';
import { duplicateInFlightId, jsonrpcShape, jsonrpcVersion, notificationWithId, responseToUnknownId } from './jsonrpc-rules.js';
import { lifecycleOrder } from './lifecycle-rules.js';
import { paginationLoop, progressToken, resourceUriStable, structuredContent, validationAsProtocolError } from './result-rules.js';
import type { FrameRule, HttpRule, RuleMeta } from './rule.js';
import { toolChanged, toolDescription, toolInjection, toolInputSchema, toolInputSchemaType, toolName } from './tool-rules.js';
import { SPAN_RULES } from './telemetry-rules.js';

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
  toolInputSchemaType,
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
export const TAP_RULES: RuleMeta[] = [
  {
    id: 'stdio-non-json-stdout',
    severity: 'error',
    spec: '2025-11-25/basic/transports#stdio',
    quote: 'The server MUST NOT write anything to its `stdout` that is not a valid MCP message.',
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
    quote: 'If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    description: 'A Streamable HTTP server validates Origin: a request with a foreign Origin gets 403 Forbidden (DNS rebinding).',
  },
  {
    id: 'http-host-validation',
    severity: 'info',
    spec: '',
    description: "mcpscope's own check, no spec sentence requires it: a local HTTP server rejects requests whose Host is not its own (DNS-rebinding protection), with 403.",
  },
  {
    id: 'http-probe-skipped',
    severity: 'info',
    spec: '',
    description: 'mcpscope did not probe Origin/Host validation (legacy HTTP+SSE transport: the Origin rule quoted is for Streamable HTTP, and a probe POST to the message endpoint would land in the live session). No result is claimed.',
  },
];

/** Rules `mcpscope check --exercise` applies to what its extra calls provoke. */
export const EXERCISE_RULES: readonly RuleMeta[] = [
  {
    id: 'prompt-missing-argument',
    severity: 'warning',
    spec: '2025-11-25/server/prompts#error-handling',
    quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: - Invalid prompt name: `-32602` (Invalid params) - Missing required arguments: `-32602` (Invalid params)',
    description: 'prompts/get without a required argument is answered with a JSON-RPC error (-32602), not a result, a hang or a crash.',
  },
  {
    id: 'tool-invalid-arguments',
    severity: 'warning',
    spec: '2025-11-25/server/tools#error-handling',
    quote: 'Tool Execution Errors: Reported in tool results with `isError: true`: - API failures - Input validation errors (e.g., date in wrong format, value out of range)',
    description: 'A tools/call with arguments that break the inputSchema is answered with a result with isError: true, not a JSON-RPC error other than -32602 (that one is validation-as-protocol-error), a hang or a crash.',
  },
];

/** Every rule mcpscope checks, for the Findings panel and the docs. */
export const RULE_CATALOGUE: readonly RuleMeta[] = [...TAP_RULES, ...FRAME_RULES, ...HTTP_RULES, ...PROBE_RULES, ...EXERCISE_RULES, ...APP_RESOURCE_RULES, ...APP_RULES, ...APP_BOUNDARY_RULES, ...SPAN_RULES].map(({ id, severity, spec, quote, description }) => ({
  id,
  severity,
  spec,
  ...(quote ? { quote } : {}),
  description,
}));

/** The catalogue entry of a rule id (a Map: ids in a trace are untrusted strings). */
const BY_ID = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));
export const ruleMeta = (id: string): RuleMeta | undefined => BY_ID.get(id);
