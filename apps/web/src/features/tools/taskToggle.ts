import type { TaskInfo, ToolTaskMode } from '@mcpscope/wire';

/**
 * The "Run as task" control of a tool (wire: tasks.ts, spec 2025-11-25 basic/utilities/tasks
 * #tool-level-negotiation). `mode` comes from `toolTaskMode` (wire): the tool's
 * `execution.taskSupport` where the server declares `tasks.requests.tools.call`, or `server` on
 * 2026-07-28, where the server decides per call.
 */
export interface TaskToggle {
  mode: ToolTaskMode;
  /** A checkbox is shown (optional or required). */
  shown: boolean;
  /** This call goes out as a task. */
  on: boolean;
  /** Checked and disabled: the tool requires a task. */
  locked: boolean;
  /** Tooltip of the checkbox, or the note shown instead of it. */
  reason?: string;
  /** Shown when there is no checkbox but something is worth saying (the 2026-07-28 extension, a tool that asks for tasks the server does not offer). */
  note?: { text: string; tone: 'muted' | 'warn' };
}

export const REQUIRED_REASON =
  'The tool declares execution.taskSupport: "required"; without a task the server answers -32601 (Method not found)';

/** `declared` is the tool's own `execution.taskSupport`, read leniently, to explain a mismatch. */
export function taskToggle(mode: ToolTaskMode, chosen: boolean, declared: unknown): TaskToggle {
  // "If a server's capabilities do not include tasks.requests.tools.call, then clients MUST NOT
  // attempt to use task augmentation on that server's tools, regardless of the
  // execution.taskSupport value." (2025-11-25 basic/utilities/tasks#tool-level-negotiation)
  switch (mode) {
    case 'required':
      return { mode, shown: true, on: true, locked: true, reason: REQUIRED_REASON };
    case 'optional':
      return {
        mode,
        shown: true,
        on: chosen,
        locked: false,
        reason:
          'The tool declares execution.taskSupport: "optional": call it as a task (tools/call with params.task, then tasks/get until it ends) or as a plain call',
      };
    case 'server':
      return {
        mode,
        shown: false,
        on: false,
        locked: false,
        note: { text: 'The server may answer with a task (tasks extension); mcpscope follows it to the end', tone: 'muted' },
      };
    case 'forbidden':
      if (declared === 'required' || declared === 'optional') {
        return {
          mode,
          shown: false,
          on: false,
          locked: false,
          note: {
            text: `The tool declares execution.taskSupport: "${declared}" but the server does not declare tasks.requests.tools.call, so it cannot be called as a task`,
            tone: 'warn',
          },
        };
      }
      return { mode, shown: false, on: false, locked: false };
  }
}

/** The tool's own `execution.taskSupport`, whatever it is (own keys only: the tool is the server's JSON). */
export function declaredTaskSupport(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || !Object.hasOwn(raw, 'execution')) return undefined;
  const execution = (raw as { execution?: unknown }).execution;
  if (!execution || typeof execution !== 'object' || !Object.hasOwn(execution, 'taskSupport')) return undefined;
  return (execution as { taskSupport?: unknown }).taskSupport;
}

/** What the call bar gets: the toggle, its setter, and the task the tool's last call ran as. */
export interface TaskControl extends TaskToggle {
  lastTask?: TaskInfo;
  setOn(on: boolean): void;
}
