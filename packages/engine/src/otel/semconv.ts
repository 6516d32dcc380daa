/**
 * The OpenTelemetry semantic conventions mcpscope follows, pinned here and nowhere else:
 * semantic-conventions v1.41.1, docs/gen-ai/mcp.md (vendored at
 * packages/protocol/spec/otel-semconv/v1.41.1/gen-ai/mcp.md: "Semantic conventions for Model
 * Context Protocol (MCP)", status Development), the last release of open-telemetry/semantic-conventions
 * that holds the MCP conventions (they have since moved to open-telemetry/semantic-conventions-genai).
 * The names are copied from @opentelemetry/semantic-conventions 1.41.1 (its `incubating` entry,
 * which the OpenTelemetry JS docs advise copying rather than importing at run time);
 * semconv.test.ts holds them equal to that package. The text quoted by the telemetry findings
 * is vendored in packages/protocol/spec/otel-semconv/.
 */
export const SEMCONV_VERSION = '1.41.1';
export const SEMCONV_SCHEMA_URL = `https://opentelemetry.io/schemas/${SEMCONV_VERSION}`;

export const ATTR_MCP_METHOD_NAME = 'mcp.method.name';
export const ATTR_MCP_PROTOCOL_VERSION = 'mcp.protocol.version';
export const ATTR_MCP_RESOURCE_URI = 'mcp.resource.uri';
export const ATTR_MCP_SESSION_ID = 'mcp.session.id';
export const ATTR_JSONRPC_REQUEST_ID = 'jsonrpc.request.id';
export const ATTR_JSONRPC_PROTOCOL_VERSION = 'jsonrpc.protocol.version';
export const ATTR_RPC_RESPONSE_STATUS_CODE = 'rpc.response.status_code';
export const ATTR_GEN_AI_TOOL_NAME = 'gen_ai.tool.name';
export const ATTR_GEN_AI_PROMPT_NAME = 'gen_ai.prompt.name';
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
export const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments';
export const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result';
export const ATTR_ERROR_TYPE = 'error.type';
export const ATTR_NETWORK_TRANSPORT = 'network.transport';
export const ATTR_NETWORK_PROTOCOL_NAME = 'network.protocol.name';
export const ATTR_NETWORK_PROTOCOL_VERSION = 'network.protocol.version';
export const ATTR_SERVER_ADDRESS = 'server.address';
export const ATTR_SERVER_PORT = 'server.port';
export const ATTR_SERVICE_NAME = 'service.name';
export const ATTR_SERVICE_VERSION = 'service.version';

export const METRIC_MCP_CLIENT_OPERATION_DURATION = 'mcp.client.operation.duration';
export const METRIC_MCP_SERVER_OPERATION_DURATION = 'mcp.server.operation.duration';
export const METRIC_MCP_CLIENT_SESSION_DURATION = 'mcp.client.session.duration';

/** "This metric SHOULD be specified with ExplicitBucketBoundaries of …" (each duration metric). */
export const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** `gen_ai.operation.name` of a tools/call ("SHOULD be set to `execute_tool` when the operation describes a tool call"). */
export const EXECUTE_TOOL = 'execute_tool';

/**
 * The `error.type` values mcpscope reports ("Instrumentations SHOULD document the list of
 * errors they report"): the JSON-RPC error code as a string, or one of these.
 */
export const ERROR_TYPES = {
  /** A tools/call result with `isError: true` (the conventions' own value). */
  toolError: 'tool_error',
  /** mcpscope sent notifications/cancelled for it (the user's cancel, or a timeout). */
  cancelled: 'cancelled',
  /** The session ended (closed, the server exited, the connection dropped) before an answer came. */
  unanswered: 'unanswered',
  /** A session that failed to connect (its span and `mcp.client.session.duration`). */
  connectFailed: 'connect_failed',
  /** The conventions' fallback. */
  other: '_OTHER',
} as const;
