import type { Engine, RequestOutcome, Session, TaskInfo } from '@mcpscope/engine';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { escapeControl } from './escape-control.js';

/** `--task` options of `mcpscope call tools/call`. */
export interface TaskCallOptions {
  timeoutMs: number;
  ttlMs?: number;
}

/** The longest status message printed on one stderr line (the server's text). */
const MAX_SHOWN = 300;
const shown = (text: string): string => escapeControl(text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

/**
 * Status changes and progress of the task on stderr, one line each, every server string
 * escaped for the terminal (stdout stays the result JSON). Returns the unsubscribe.
 */
function printTaskUpdates(engine: Engine, session: Session, callId: string, io: CliIo): () => void {
  let last = '';
  return engine.subscribe((m) => {
    if (m.type === 'request-progress' && m.sessionId === session.id && m.callId === callId) {
      const of = m.total === undefined ? '' : `/${m.total}`;
      io.stderr(`mcpscope: progress ${m.progress}${of}${m.message === undefined ? '' : ` ${shown(m.message)}`}\n`);
      return;
    }
    if (m.type !== 'task' || m.sessionId !== session.id || m.task.callId !== callId) return;
    const line = statusLine(m.task);
    if (line === last) return;
    last = line;
    io.stderr(`${line}\n`);
  });
}

function statusLine(task: TaskInfo): string {
  const message = task.statusMessage === undefined ? '' : `: ${shown(task.statusMessage)}`;
  return `mcpscope: task ${shown(task.taskId)} ${task.status}${message}`;
}

/**
 * `mcpscope call tools/call --tool X --task`: a task-augmented call run to completion (polls at
 * the server's pollInterval, tasks/result), through the same engine call as the UI's. The
 * outcome is printed like any call's; a tool or server without task support is a usage error
 * (exit 1) before anything is sent: then the exit code comes back instead of an outcome.
 */
export async function sendTask(
  engine: Engine,
  session: Session,
  params: Record<string, unknown>,
  opts: TaskCallOptions,
  io: CliIo,
): Promise<RequestOutcome | ExitCodeValue> {
  const callId = `cli-task-${Date.now().toString(36)}`;
  const stop = printTaskUpdates(engine, session, callId, io);
  try {
    return await session.callTask(params, {
      callId,
      timeoutMs: opts.timeoutMs,
      ...(opts.ttlMs === undefined ? {} : { ttlMs: opts.ttlMs }),
    });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENGINE_TASKS_UNSUPPORTED') throw err;
    io.stderr(`mcpscope: --task: ${(err as Error).message}\n`);
    return ExitCode.Usage;
  } finally {
    stop();
  }
}

/**
 * A plain tools/call of a tool that declares `execution.taskSupport: "required"` fails: "Servers
 * MUST return a -32601 (Method not found) error if a client does not attempt to do so"
 * (2025-11-25/basic/utilities/tasks#tool-level-negotiation; server-everything answers with an
 * isError result that says -32601). Say how to call it.
 */
export function requiredTaskHint(session: Session, tool: unknown, out: RequestOutcome, io: CliIo): void {
  const failed = out.outcome === 'error' || (out.outcome === 'result' && out.result?.isError === true);
  if (!failed || typeof tool !== 'string' || session.tasks.tools.of(tool) !== 'required') return;
  io.stderr(`mcpscope: ${escapeControl(tool)} declares execution.taskSupport "required": call it with --task\n`);
}
