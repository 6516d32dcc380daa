import { toolUi } from '@mcpscope/protocol';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { sendBlockedReason } from '../../lib/capabilities';
import { registerShortcutHandler } from '../../lib/shortcuts';
import { useStoreSelector } from '../../lib/services';
import { useFeature } from '../../lib/useFeature';
import { useInvalidateOnNotification } from '../../lib/useInvalidateOnNotification';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { usePagedList } from '../../lib/usePagedList';
import { createValueStore, useValue } from '../../lib/valueStore';
import { useAppViews } from './app/useAppViews';
import { ToolItemSchema } from './tool';
import { useArgsModel } from './useArgsModel';
import { useToolCall, type FinishedCall } from './useToolCall';
import { AUTO_PAGES } from './useToolsModel';

export const APPS_TAB = 'apps';
const WIDE_KEY = 'mcpscope.apps.wide';
const appsWideStore = createValueStore<boolean>(readLocalJson(WIDE_KEY, z.boolean(), false));
const TIMEOUT_MS = 60_000;

/**
 * Presenter of the Apps view: the session's tools that have a `ui://` interface (MCP Apps,
 * `_meta.ui.resourceUri`), the selected one's arguments, a call that renders its app (the same
 * AppHost as the Tools tab, a view of its own) and the app⇄host conversation beside it. Its own
 * selection: a jump to a tool (the palette) is the Tools tab's.
 */
export function useAppsModel(sessionId: string | null) {
  const session = useStoreSelector((s) => (sessionId ? s.sessions.find((x) => x.id === sessionId) : undefined));
  const availability = useFeature(sessionId, 'tools');
  const list = usePagedList(sessionId, 'tools/list', 'tools', ToolItemSchema, availability.available, 'apps: list');
  useInvalidateOnNotification(sessionId, 'notifications/tools/list_changed', 'tools/list');
  const { hasMore, isFetching, pages, loadMore, items } = list;
  useEffect(() => {
    if (hasMore && !isFetching && pages < AUTO_PAGES) loadMore();
  }, [hasMore, isFetching, pages, loadMore]);

  const appTools = useMemo(() => items.filter((t) => toolUi(t.raw).resourceUri !== undefined), [items]);
  const [selected, setSelected] = useState<string | null>(null);
  const wide = useValue(appsWideStore);
  const tool = appTools.find((t) => t.name === selected) ?? appTools[0];
  const args = useArgsModel(tool);
  const call = useToolCall(sessionId);
  const [lastByTool, setLastByTool] = useState<ReadonlyMap<string, FinishedCall>>(new Map());
  useEffect(() => {
    const last = call.last;
    if (last) setLastByTool((prev) => new Map(prev).set(last.tool, last));
  }, [call.last]);
  const last = tool ? lastByTool.get(tool.name) : undefined;
  const apps = useAppViews({ sessionId, tool, tools: items, running: call.running, finished: call.last, lastOfTool: last });

  const connected = session?.state === 'connected';
  const whyNot = !sessionId
    ? 'No session selected'
    : !connected
      ? sendBlockedReason(session)
      : !availability.available
        ? availability.reason
        : !tool
          ? 'No app selected'
          : undefined;
  const canRun = whyNot === undefined && !call.running && args.parsed.ok;
  const run = (): boolean => {
    if (!tool || !canRun || !args.parsed.ok) return false;
    if (args.validation.status === 'invalid') args.touchAll();
    return call.call(tool.name, args.text, args.parsed.value, TIMEOUT_MS);
  };
  useEffect(() => registerShortcutHandler('call', () => void run(), { tab: APPS_TAB }));

  return {
    session,
    availability,
    list,
    appTools,
    tool,
    select: setSelected,
    args,
    call,
    last,
    apps,
    canRun,
    whyNot,
    run,
    live: connected,
    /** The app takes the whole width: the list and the conversation are hidden (remembered). */
    wide,
    setWide: (on: boolean) => {
      writeLocalJson(WIDE_KEY, on);
      appsWideStore.set(on);
    },
  };
}

export type AppsModel = ReturnType<typeof useAppsModel>;
