import { MAX_JSON_DEPTH } from '../limits.js';
import { APP_RESOURCE_RULES } from './app-resource-rules.js';
import { APP_BOUNDARY_RULES, APP_RULES } from './app-rules.js';
import { capabilityViolation } from './capability-rules.js';
import { httpContentType, httpProtocolVersion, httpSessionId } from './http-rules.js';
import { duplicateInFlightId, jsonrpcShape, jsonrpcVersion, notificationWithId, responseToUnknownId } from './jsonrpc-rules.js';
import { lifecycleOrder } from './lifecycle-rules.js';
import {
  paginationLoop,
  progressToken,
  resourceReadError,
  resourceUriStable,
  structuredContent,
  validationAsProtocolError,
} from './result-rules.js';
import type { FrameRule, HttpRule, RuleMeta } from './rule.js';
import {
  toolChanged,
  toolDescription,
  toolInjection,
  toolInputSchema,
  toolInputSchemaType,
  toolName,
  toolNameUnique,
} from './tool-rules.js';
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
  toolNameUnique,
  toolInjection,
  toolChanged,
  structuredContent,
  validationAsProtocolError,
  paginationLoop,
  resourceUriStable,
  resourceReadError,
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
    description:
      "mcpscope's own limit, not a spec rule: a message longer than the line/body cap (64 MiB) is kept truncated, and a request it answers fails at once.",
  },
  {
    id: 'internal-error',
    severity: 'info',
    spec: '',
    description:
      'mcpscope itself failed on an event (a rule, redaction or the trace writer threw); the event is kept and the session goes on. A fault in mcpscope, not in the server.',
  },
];

/** Rules `mcpscope check` applies by probing an HTTP server (not derivable from traffic). */
export const PROBE_RULES: readonly RuleMeta[] = [
  {
    id: 'http-origin-validation',
    severity: 'error',
    spec: '2025-11-25/basic/transports#security-warning',
    quote: 'If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    modern: {
      spec: '2026-07-28/basic/transports/streamable-http#security--endpoint',
      quote: 'If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    },
    description: 'A Streamable HTTP server validates Origin: a request with a foreign Origin gets 403 Forbidden (DNS rebinding).',
  },
  {
    id: 'http-session-required',
    severity: 'warning',
    spec: '2025-11-25/basic/transports#session-management',
    quote:
      'Servers that require a session ID SHOULD respond to requests without an `MCP-Session-Id` header (other than initialization) with HTTP 400 Bad Request.',
    description:
      'A Streamable HTTP server that assigned the session an Mcp-Session-Id answers a request without one (a ping) with 400, not a server error or 404. 2025-11-25 only: 2026-07-28 has no protocol-level sessions.',
  },
  {
    id: 'http-host-validation',
    severity: 'info',
    spec: '',
    description:
      "mcpscope's own check, no spec sentence requires it: a local HTTP server rejects requests whose Host is not its own (DNS-rebinding protection), with 403.",
  },
  {
    id: 'http-probe-skipped',
    severity: 'info',
    spec: '',
    description:
      'mcpscope did not probe Origin/Host validation (legacy HTTP+SSE transport: the Origin rule quoted is for Streamable HTTP, and a probe POST to the message endpoint would land in the live session). No result is claimed.',
  },
];

/** Rules `mcpscope check --exercise` applies to what its extra calls provoke. */
export const EXERCISE_RULES: readonly RuleMeta[] = [
  {
    id: 'server-exited-mid-request',
    severity: 'error',
    spec: '2025-11-25/basic/index#messages',
    quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
    modern: {
      spec: '2026-07-28/basic/index#messages',
      quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
    },
    description:
      'The server does not exit (crash) with a request of `check` unanswered: JSON-RPC 2.0 §5, "When a rpc call is made, the Server MUST reply with a Response". The finding names the step, the exit code or signal and the last stderr lines; every later step is listed as skipped.',
  },
  {
    id: 'server-exited',
    severity: 'info',
    spec: '2025-11-25/basic/lifecycle#stdio',
    quote: 'The server MAY initiate shutdown by closing its output stream to the client and exiting.',
    description:
      'The server exited between two requests of `check` (no request was unanswered): allowed, but the check could not go on. The later steps are listed as skipped and the exit code is 2 (lost the connection).',
  },
  {
    id: 'tool-invalid-arguments-accepted',
    severity: 'error',
    spec: '2025-11-25/server/tools#security-considerations',
    quote: 'Servers MUST: - Validate all tool inputs',
    modern: { spec: '2026-07-28/server/tools#security-considerations', quote: 'Servers MUST: - Validate all tool inputs' },
    description:
      'A tools/call whose arguments certainly break the inputSchema (a required property without a default left out, or a property of the wrong JSON type; ajv agrees they are invalid) is not answered with success. An extra property where the schema forbids one is not judged (servers commonly strip it).',
  },
  {
    id: 'prompt-missing-argument',
    severity: 'warning',
    spec: '2025-11-25/server/prompts#error-handling',
    quote:
      'Servers SHOULD return standard JSON-RPC errors for common failure cases: - Invalid prompt name: `-32602` (Invalid params) - Missing required arguments: `-32602` (Invalid params)',
    description: 'prompts/get without a required argument is answered with a JSON-RPC error (-32602), not a result, a hang or a crash.',
  },
  {
    id: 'tool-invalid-arguments',
    severity: 'warning',
    spec: '2025-11-25/server/tools#error-handling',
    quote:
      'Tool Execution Errors: Reported in tool results with `isError: true`: - API failures - Input validation errors (e.g., date in wrong format, value out of range)',
    description:
      'A tools/call with arguments that break the inputSchema is answered with a result with isError: true, not a JSON-RPC error other than -32602 (that one is validation-as-protocol-error) or a hang. Judged in sessions of 2025-11-25 or later (SEP-1303); a crash is server-exited-mid-request.',
  },
];

/** Every rule mcpscope checks, for the Findings panel and the docs. */
export const RULE_CATALOGUE: readonly RuleMeta[] = [
  ...TAP_RULES,
  ...FRAME_RULES,
  ...HTTP_RULES,
  ...PROBE_RULES,
  ...EXERCISE_RULES,
  ...APP_RESOURCE_RULES,
  ...APP_RULES,
  ...APP_BOUNDARY_RULES,
  ...SPAN_RULES,
].map(({ id, severity, spec, quote, modern, description }) => ({
  id,
  severity,
  spec,
  ...(quote ? { quote } : {}),
  ...(modern ? { modern } : {}),
  description,
}));

/** The catalogue entry of a rule id (a Map: ids in a trace are untrusted strings). */
const BY_ID = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));
export const ruleMeta = (id: string): RuleMeta | undefined => BY_ID.get(id);
