import type { CallToolApp } from '@mcpscope/wire/plain';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { escapeControl } from './escape-control.js';

// How `call` prints an answer, direct or `--session` (whose fast path loads no zod and no engine).

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A request's outcome as the engine gives it (engine RequestOutcome), as far as printing it goes. */
export type PrintedOutcome =
  | { outcome: 'result'; result: Record<string, unknown> | null }
  | { outcome: 'error'; error?: { code?: unknown; message?: unknown }; source?: 'server' | 'input' }
  | { outcome: 'cancelled' };

export function report(method: string, out: PrintedOutcome, io: CliIo): ExitCodeValue {
  if (out.outcome === 'error') {
    io.stdout(json(out.error));
    const how = out.source === 'input' ? 'needed input that was answered with' : 'failed with';
    io.stderr(
      `mcpscope: ${method} ${how} JSON-RPC error ${escapeControl(String(out.error?.code))}: ${escapeControl(String(out.error?.message))}\n`,
    );
    if (out.source === 'input') io.stderr('mcpscope: (2026-07-28: the request was not retried; the server never saw this error)\n');
    return ExitCode.RpcError;
  }
  if (out.outcome === 'cancelled') {
    io.stderr(`mcpscope: ${method} was cancelled\n`);
    return ExitCode.Usage;
  }
  io.stdout(json(out.result));
  if (method === 'tools/call' && out.result?.isError === true) {
    io.stderr('mcpscope: the tool reported an error (isError: true)\n');
    return ExitCode.ToolError;
  }
  return ExitCode.Ok;
}

/**
 * A tool with an MCP App (ext-apps 2026-01-26/apps#resource-discovery: `_meta.ui.resourceUri`):
 * after its result, the ui:// resource a host would render goes to stderr (stdout stays the
 * result JSON). The definition is the one call already looked up (no extra frame); the URI is
 * the server's text, so it is printed on one line with every control character escaped.
 */
export function printApp(app: CallToolApp, io: CliIo): void {
  const appOnly = app.appOnly ? '; app-only tool (visibility ["app"]): a host hides it from the agent' : '';
  io.stderr(
    `mcpscope: UI: ${escapeControl(app.resourceUri)} (an MCP App${appOnly}; run mcpscope on this server, without "call", and call the tool in the Tools tab to render it)\n`,
  );
}

/**
 * A tool name listed more than once: the call goes by the definition with an outputSchema (the
 * linter checks the result against every such definition), and the ambiguity is said with the
 * sentence it breaks (2025-11-25/server/tools#tool-names). Direct and `--session` alike.
 */
export function toolListedLine(name: string, count: number, withOutputSchema: number): string {
  const checked =
    withOutputSchema > 0
      ? `its result is checked against ${withOutputSchema === 1 ? 'the one with an outputSchema' : `each of the ${withOutputSchema} with an outputSchema`}`
      : 'none has an outputSchema';
  return `mcpscope: tool ${escapeControl(JSON.stringify(name))} is listed ${count} times: the name is ambiguous ("Tool names SHOULD be unique within a server.", 2025-11-25/server/tools#tool-names); ${checked}\n`;
}
