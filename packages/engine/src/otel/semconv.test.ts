import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTraceparent, TRACEPARENT_PATH, TRACESTATE_PATH } from '@mcpscope/protocol';
import { newTraceIdentity, recordedIdentity, spanIdOf } from './identity.js';
import { withTraceContext } from './inject.js';
import * as C from './semconv.js';
import { telemetryOptions } from './telemetry-options.js';

describe('the pinned semantic conventions', () => {
  it('are the names of @opentelemetry/semantic-conventions at the version semconv.ts names', async () => {
    // The package's own manifest (not exported: read from where it resolves).
    const entry = createRequire(import.meta.url).resolve('@opentelemetry/semantic-conventions');
    const manifest = JSON.parse(readFileSync(join(entry.slice(0, entry.lastIndexOf('/build/')), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version).toBe(C.SEMCONV_VERSION);
    const pairs: Array<[string, string]> = [
      [C.ATTR_MCP_METHOD_NAME, incubating.ATTR_MCP_METHOD_NAME],
      [C.ATTR_MCP_PROTOCOL_VERSION, incubating.ATTR_MCP_PROTOCOL_VERSION],
      [C.ATTR_MCP_RESOURCE_URI, incubating.ATTR_MCP_RESOURCE_URI],
      [C.ATTR_MCP_SESSION_ID, incubating.ATTR_MCP_SESSION_ID],
      [C.ATTR_JSONRPC_REQUEST_ID, incubating.ATTR_JSONRPC_REQUEST_ID],
      [C.ATTR_JSONRPC_PROTOCOL_VERSION, incubating.ATTR_JSONRPC_PROTOCOL_VERSION],
      [C.ATTR_RPC_RESPONSE_STATUS_CODE, incubating.ATTR_RPC_RESPONSE_STATUS_CODE],
      [C.ATTR_GEN_AI_TOOL_NAME, incubating.ATTR_GEN_AI_TOOL_NAME],
      [C.ATTR_GEN_AI_PROMPT_NAME, incubating.ATTR_GEN_AI_PROMPT_NAME],
      [C.ATTR_GEN_AI_OPERATION_NAME, incubating.ATTR_GEN_AI_OPERATION_NAME],
      [C.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS, incubating.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS],
      [C.ATTR_GEN_AI_TOOL_CALL_RESULT, incubating.ATTR_GEN_AI_TOOL_CALL_RESULT],
      [C.ATTR_ERROR_TYPE, incubating.ATTR_ERROR_TYPE],
      [C.ATTR_NETWORK_TRANSPORT, incubating.ATTR_NETWORK_TRANSPORT],
      [C.ATTR_NETWORK_PROTOCOL_NAME, incubating.ATTR_NETWORK_PROTOCOL_NAME],
      [C.ATTR_NETWORK_PROTOCOL_VERSION, incubating.ATTR_NETWORK_PROTOCOL_VERSION],
      [C.ATTR_SERVER_ADDRESS, incubating.ATTR_SERVER_ADDRESS],
      [C.ATTR_SERVER_PORT, incubating.ATTR_SERVER_PORT],
      [C.ATTR_SERVICE_NAME, incubating.ATTR_SERVICE_NAME],
      [C.METRIC_MCP_CLIENT_OPERATION_DURATION, incubating.METRIC_MCP_CLIENT_OPERATION_DURATION],
      [C.METRIC_MCP_SERVER_OPERATION_DURATION, incubating.METRIC_MCP_SERVER_OPERATION_DURATION],
      [C.METRIC_MCP_CLIENT_SESSION_DURATION, incubating.METRIC_MCP_CLIENT_SESSION_DURATION],
      [C.EXECUTE_TOOL, incubating.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL],
    ];
    for (const [ours, theirs] of pairs) expect(ours).toBe(theirs);
  });
});

describe('trace context mcpscope sends', () => {
  it('is W3C trace context the official propagator reads, added to _meta and marked', () => {
    const id = newTraceIdentity();
    const out = withTraceContext(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 7 } } },
      { traceId: id.traceId, traceState: 'a=b' },
    )!;
    expect(out.added).toEqual([TRACEPARENT_PATH, TRACESTATE_PATH]);
    const meta = (out.message.params as { _meta: Record<string, string> })._meta;
    expect(meta.progressToken).toBe(7);
    const context = new W3CTraceContextPropagator().extract(ROOT_CONTEXT, meta, {
      get: (c, k) => (c as Record<string, string>)[k],
      keys: (c) => Object.keys(c as object),
    });
    const span = trace.getSpanContext(context)!;
    expect(span).toMatchObject({ traceId: id.traceId, traceFlags: 1, isRemote: true });
    expect(span.traceState?.serialize()).toBe('a=b');
  });

  it('never replaces a traceparent the user wrote, nor touches a response or array params', () => {
    const own = {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { _meta: { traceparent: formatTraceparent('a'.repeat(32), 'b'.repeat(16)) } },
    };
    expect(withTraceContext(own, { traceId: 'c'.repeat(32) })).toBeUndefined();
    expect(withTraceContext({ jsonrpc: '2.0', id: 1, result: {} }, { traceId: 'c'.repeat(32) })).toBeUndefined();
    expect(withTraceContext({ jsonrpc: '2.0', id: 1, method: 'x', params: [1] }, { traceId: 'c'.repeat(32) })).toBeUndefined();
    expect(withTraceContext({ jsonrpc: '2.0', method: 'notifications/initialized' }, { traceId: 'c'.repeat(32) })?.added).toEqual([
      TRACEPARENT_PATH,
    ]);
  });

  it("identities: a TRACEPARENT makes the session a child; derived ids are unique and never the session's", () => {
    const child = newTraceIdentity({ traceparent: formatTraceparent('a'.repeat(32), 'b'.repeat(16)), tracestate: 'x=1' });
    expect(child).toMatchObject({ traceId: 'a'.repeat(32), parentSpanId: 'b'.repeat(16), traceState: 'x=1' });
    expect(newTraceIdentity({ traceparent: 'junk' }).parentSpanId).toBeUndefined();
    const ids = new Set([child.spanId, ...Array.from({ length: 1000 }, (_, i) => spanIdOf(child, i + 1))]);
    expect(ids.size).toBe(1001);
    expect(recordedIdentity({ traceId: 'x', spanId: 'y' })).toBeUndefined();
    expect(recordedIdentity(child)).toEqual(child);
  });
});

describe('telemetryOptions', () => {
  it('is off unless an endpoint is set; the standard variables and --otlp-endpoint turn it on', () => {
    expect(telemetryOptions({}, {}).export).toBeUndefined();
    expect(telemetryOptions({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' }, {}).export).toEqual({
      display: 'http://c:4318/v1/traces',
      serviceName: 'mcpscope',
    });
    expect(telemetryOptions({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/x', OTEL_SERVICE_NAME: 'ci' }, {}).export).toEqual({
      display: 'http://c:4318/x',
      serviceName: 'ci',
    });
    expect(telemetryOptions({}, { otlpEndpoint: 'http://c:4318' }).export).toEqual({
      endpoint: 'http://c:4318',
      display: 'http://c:4318/v1/traces',
      serviceName: 'mcpscope',
    });
    expect(telemetryOptions({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }, {}).export).toBeUndefined();
    expect(telemetryOptions({ TRACEPARENT: 'p', TRACESTATE: 's' }, { traceContext: true, otlpContent: true })).toMatchObject({
      traceContext: true,
      includeContent: true,
      parent: { traceparent: 'p', tracestate: 's' },
    });
  });
});
