import { classifyMessage, idKey, messageId, type JsonRpcMessage } from '@mcpscope/protocol';
import type { ToolTaskSupport } from './types.js';

const MAX_TOOLS = 10_000;
const MAX_PENDING = 100;

/**
 * `execution.taskSupport` of every tool the server listed in a tools/list answer mcpscope saw
 * (2025-11-25/server/tools#tool: absent means "forbidden"). Learned from the wire, so a task
 * call can refuse a tool that forbids tasks without sending a tools/list of its own.
 */
export class ToolCatalogue {
  private readonly pending = new Set<string>();
  private readonly support = new Map<string, ToolTaskSupport>();

  outbound(msg: JsonRpcMessage): void {
    const id = messageId(msg);
    if (msg.method !== 'tools/list' || id === undefined || classifyMessage(msg) !== 'request') return;
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.values().next().value!);
    this.pending.add(idKey(id));
  }

  inbound(msg: JsonRpcMessage): void {
    const id = messageId(msg);
    if (id === undefined || !this.pending.delete(idKey(id))) return;
    const tools = (msg.result as { tools?: unknown } | undefined)?.tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools.slice(0, MAX_TOOLS)) {
      if (tool === null || typeof tool !== 'object' || typeof (tool as { name?: unknown }).name !== 'string') continue;
      if (this.support.size >= MAX_TOOLS && !this.support.has((tool as { name: string }).name)) continue;
      this.support.set((tool as { name: string }).name, taskSupportOf(tool));
    }
  }

  /** What the server last said about `name`; undefined when mcpscope has not seen it listed. */
  of(name: string): ToolTaskSupport | undefined {
    return this.support.get(name);
  }
}

export function taskSupportOf(tool: unknown): ToolTaskSupport {
  const execution =
    tool !== null && typeof tool === 'object' && Object.hasOwn(tool, 'execution') ? (tool as { execution: unknown }).execution : undefined;
  const value =
    execution !== null && typeof execution === 'object' && Object.hasOwn(execution, 'taskSupport')
      ? (execution as { taskSupport: unknown }).taskSupport
      : undefined;
  return value === 'required' || value === 'optional' ? value : 'forbidden';
}
