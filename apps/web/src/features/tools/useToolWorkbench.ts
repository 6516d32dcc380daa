import { toolTaskMode } from '@mcpscope/wire';
import { sendBlockedReason } from '../../lib/capabilities';
import { useEffect, useRef, useState } from 'react';
import { registerShortcutHandler } from '../../lib/shortcuts';
import { useServices, useSessionSlot } from '../../lib/services';
import { mcpscopeCallCommand } from './cliCommand';
import { callsOf, clearCalls, toolHistorySlot, type ToolCallRecord } from './toolHistory';
import { useAppViews } from './app/useAppViews';
import { declaredTaskSupport, taskToggle, type TaskControl } from './taskToggle';
import { useArgsModel } from './useArgsModel';
import { useToolCall, type FinishedCall } from './useToolCall';
import { useToolsModel } from './useToolsModel';

export const TOOLS_TAB = 'tools';

/**
 * Presenter of the Tools tab: the list, the selected tool's arguments, the call, its result
 * and history, glued together; keyboard: Mod+Enter calls, Mod+Shift+Enter re-runs, Escape cancels.
 */
export function useToolWorkbench(sessionId: string | null) {
  const tools = useToolsModel(sessionId);
  const tool = tools.tool;
  const args = useArgsModel(tool);
  const call = useToolCall(sessionId);
  const [timeoutSec, setTimeoutSec] = useState(60);
  const [blocked, setBlocked] = useState(false);
  const [lastByTool, setLastByTool] = useState<ReadonlyMap<string, FinishedCall>>(new Map());
  /** "Run as task" as the user left it, per tool of an optional one (off by default). */
  const [taskChoice, setTaskChoice] = useState<ReadonlyMap<string, boolean>>(new Map());
  const toggleOf = (name: string | undefined) => {
    const raw = tools.tools.find((t) => t.name === name)?.raw;
    return taskToggle(
      toolTaskMode(raw, tools.session ?? {}),
      name !== undefined && taskChoice.get(name) === true,
      declaredTaskSupport(raw),
    );
  };
  const task = toggleOf(tool?.name);
  const { store } = useServices();
  const calls = callsOf(useSessionSlot(sessionId, toolHistorySlot), tool?.name);
  const last = tool ? lastByTool.get(tool.name) : undefined;
  const apps = useAppViews({ sessionId, tool, tools: tools.tools, running: call.running, finished: call.last, lastOfTool: last });

  useEffect(() => {
    const last = call.last;
    if (last) setLastByTool((prev) => new Map(prev).set(last.tool, last));
  }, [call.last]);
  useEffect(() => setBlocked(false), [args.text, tool?.name]);

  const connected = tools.session?.state === 'connected';
  const whyNot = !sessionId
    ? 'No session selected'
    : !connected
      ? sendBlockedReason(tools.session)
      : !tools.availability.available
        ? tools.availability.reason
        : !tool
          ? 'No tool selected'
          : undefined;
  const canCall = whyNot === undefined && !call.running;

  const callNow = (anyway = false): boolean => {
    if (!tool || !canCall || !args.parsed.ok) return false;
    if (!anyway && args.validation.status === 'invalid') {
      args.touchAll();
      setBlocked(true);
      return false;
    }
    setBlocked(false);
    return call.call(tool.name, args.text, args.parsed.value, timeoutSec * 1000, { asTask: task.on });
  };

  const rerun = (record: ToolCallRecord) => {
    args.setText(record.argsText);
    let value: unknown;
    try {
      value = record.argsText.trim() === '' ? undefined : JSON.parse(record.argsText);
    } catch {
      return;
    }
    if (canCall) call.call(record.tool, record.argsText, value, timeoutSec * 1000, { asTask: toggleOf(record.tool).on });
  };

  const latest = useRef({ callNow, cancel: call.cancel, running: false, rerunLast: () => false as boolean });
  latest.current = {
    callNow,
    cancel: call.cancel,
    running: !!call.running,
    rerunLast: () => (calls[0] && canCall ? (rerun(calls[0]), true) : false),
  };
  // The shell binds the chords (lib/shortcuts: Mod+Enter call, Mod+Shift+Enter re-run, Escape cancel) and dispatches to the visible tab.
  useEffect(() => {
    const offs = [
      registerShortcutHandler('call', () => void latest.current.callNow(), { tab: TOOLS_TAB }),
      registerShortcutHandler('rerun', () => latest.current.rerunLast(), { tab: TOOLS_TAB }),
      registerShortcutHandler('cancel', () => (latest.current.running ? latest.current.cancel() : false), { tab: TOOLS_TAB }),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  return {
    tools,
    tool,
    args,
    call,
    calls,
    last,
    /** MCP App views of tools with a UI resource. */
    apps,
    timeoutSec,
    setTimeoutSec,
    /** The "Run as task" control of the selected tool, and its last call's task. */
    task: {
      ...task,
      lastTask: last?.task,
      setOn(on: boolean) {
        if (tool && task.shown && !task.locked) setTaskChoice((prev) => new Map(prev).set(tool.name, on));
      },
    } satisfies TaskControl,
    blocked,
    canCall,
    whyNot,
    callNow,
    rerun,
    loadArgs: (record: ToolCallRecord) => args.setText(record.argsText),
    clearHistory: () => sessionId && tool && clearCalls(store, sessionId, tool.name),
    cliCommand: (record: ToolCallRecord): string => {
      const s = tools.session;
      let value: unknown = {};
      try {
        value = JSON.parse(record.argsText);
      } catch {
        value = record.argsText;
      }
      return mcpscopeCallCommand({ transport: s?.transport ?? 'stdio', target: s?.target ?? '' }, record.tool, value);
    },
  };
}
