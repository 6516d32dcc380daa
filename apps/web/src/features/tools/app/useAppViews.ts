import { toolUi } from '@mcpscope/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createAppMessagesApi } from '../../../lib/appMessagesApi';
import { useServices } from '../../../lib/services';
import { resolvedThemeStore } from '../../../lib/theme';
import { useValue } from '../../../lib/valueStore';
import { useWorkbenchApi } from '../../../lib/workbenchApi';
import type { CallSettled } from '../callOutcome';
import type { Tool } from '../tool';
import type { FinishedCall, RunningCall } from '../useToolCall';
import { AppHost } from './appHost';

export interface AppViewEntry {
  host: AppHost;
  sessionId: string;
  tool: string;
  callId: string;
}

interface Input {
  sessionId: string | null;
  tool: Tool | undefined;
  tools: readonly Tool[];
  running: RunningCall | null;
  /** The call that finished last (any tool): settles its view. */
  finished: FinishedCall | null;
  /** The selected tool's last finished call: what "Open app" reopens. */
  lastOfTool: FinishedCall | undefined;
}

/** A view id for the frame log (`[A-Za-z0-9_-]{1,64}`, as the wire schema of app messages accepts). */
export function newViewId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return `v${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')}`;
}

function argsObject(argsText: string): Record<string, unknown> {
  try {
    const value: unknown = argsText.trim() === '' ? {} : JSON.parse(argsText);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The MCP App views of the Tools tab. A call of a tool with a UI resource opens a view (during
 * the call: tool-input once the view is initialized, tool-result when the call settles). A new
 * call, another tool or session, Close, or leaving tears the current view down first (spec
 * "Cleanup"); a view being torn down stays mounted, hidden, until it is closed. Entries keep their
 * creation order so React never moves a live iframe (moving one reloads it).
 */
export function useAppViews({ sessionId, tool, tools, running, finished, lastOfTool: last }: Input) {
  const wb = useWorkbenchApi();
  const { api } = useServices();
  const info = useQuery({ queryKey: ['info'], queryFn: () => api.info(), staleTime: Infinity });
  const theme = useValue(resolvedThemeStore);
  const [entries, setEntries] = useState<readonly AppViewEntry[]>([]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const ref = useRef({ entries, tools, info: info.data, theme });
  ref.current = { entries, tools, info: info.data, theme };
  const messagesApi = useMemo(() => createAppMessagesApi(api), [api]);

  const prune = useCallback((view: string) => {
    setEntries((list) => list.filter((e) => e.host.view !== view));
  }, []);

  const open = useCallback(
    (sid: string, def: Tool, callId: string, argsText: string, outcome?: CallSettled) => {
      const uri = toolUi(def.raw).resourceUri;
      if (!uri) return;
      for (const e of ref.current.entries) void e.host.close('a new call of the tool');
      const { info: inf, theme: th } = ref.current;
      const host = new AppHost({
        sessionId: sid,
        view: newViewId(),
        uri,
        tool: def.raw,
        args: argsObject(argsText),
        wb,
        postMessages: messagesApi.post,
        sandboxOrigin: inf?.sandboxOrigin,
        sessionSandboxOrigin: () => messagesApi.sandboxOrigin(sid),
        ownOrigin: window.location.origin,
        hostVersion: inf?.version ?? '0',
        theme: th,
        lookupTool: (name) => ref.current.tools.find((t) => t.name === name)?.raw,
      });
      const entry: AppViewEntry = { host, sessionId: sid, tool: def.name, callId };
      ref.current.entries = [...ref.current.entries, entry]; // seen by effects before the next render
      setEntries((list) => [...list, entry]);
      setCurrentId(host.view);
      void host.start();
      if (outcome) host.settle(outcome);
    },
    [wb, messagesApi],
  );

  // A call of a tool with a UI: the view opens while it runs.
  const runningId = running?.callId;
  useEffect(() => {
    if (!running || !sessionId || ref.current.entries.some((e) => e.callId === running.callId)) return;
    const def = ref.current.tools.find((t) => t.name === running.tool);
    if (def) open(running.sessionId, def, running.callId, running.argsText);
  }, [runningId]); // once per call that starts: the rest is read through ref.current

  useEffect(() => {
    if (finished) ref.current.entries.find((e) => e.callId === finished.callId)?.host.settle(finished.settled);
  }, [finished]);

  // Another tool or session: the view of the previous one goes.
  useEffect(() => {
    for (const e of ref.current.entries) {
      if (e.sessionId !== sessionId) void e.host.close('the user switched to another session');
      else if (e.tool !== tool?.name) void e.host.close('the user switched to another tool');
    }
    // Coming back shows "Open app" instead of a closed view.
    setCurrentId((id) =>
      ref.current.entries.some((e) => e.host.view === id && e.sessionId === sessionId && e.tool === tool?.name) ? id : null,
    );
  }, [sessionId, tool?.name]);

  useEffect(() => {
    for (const e of entries) e.host.setTheme(theme);
  }, [theme, entries]);

  // Closed views leave the list, except the current one (it shows "closed" and can be reopened).
  useEffect(() => {
    const offs = entries.map((e) =>
      e.host.subscribe(() => {
        if (e.host.getSnapshot().state === 'closed' && e.host.view !== currentId) prune(e.host.view);
      }),
    );
    for (const e of entries) if (e.host.getSnapshot().state === 'closed' && e.host.view !== currentId) prune(e.host.view);
    return () => offs.forEach((off) => off());
  }, [entries, currentId, prune]);

  // Leaving the Tools tab for good. Deferred a tick: StrictMode's mount–unmount–mount must not close them.
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(leaving.current);
    return () => {
      leaving.current = setTimeout(() => ref.current.entries.forEach((e) => void e.host.close('the Tools tab went away')), 0);
    };
  }, []);

  const current = entries.find((e) => e.host.view === currentId);
  const shown = current && current.sessionId === sessionId && current.tool === tool?.name ? current : undefined;
  const uri = tool ? toolUi(tool.raw).resourceUri : undefined;
  return {
    entries,
    /** The view shown next to the selected tool's result. */
    shown,
    /** The selected tool's UI resource, if it has one. */
    uri,
    /** Opens the app again for the tool's last call (input and result as before). */
    reopen:
      uri && tool && last && last.tool === tool.name && sessionId
        ? () => open(sessionId, tool, last.callId, last.argsText, last.settled)
        : undefined,
    close: (entry: AppViewEntry) => void entry.host.close('the user closed the app'),
  };
}

export type AppViews = ReturnType<typeof useAppViews>;
