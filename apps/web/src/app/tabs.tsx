import type { ComponentType } from 'react';
import { CapabilitiesPanel } from '../features/capabilities/CapabilitiesPanel';
import { ClientPanel } from '../features/client/ClientPanel';
import { useClientBadge } from '../features/client/useClientBadge';
import { ComposerPanel } from '../features/composer/ComposerPanel';
import { ConsolePanel } from '../features/console/ConsolePanel';
import { consoleOlderOnDisk } from '../features/console/useConsoleModel';
import { FramesPanel } from '../features/frames/FramesPanel';
import { FindingsPanel } from '../features/findings/FindingsPanel';
import { useFindingsBadge } from '../features/findings/useFindingsBadge';
import { NotificationsPanel } from '../features/notifications/NotificationsPanel';
import { OAuthPanel } from '../features/oauth/OAuthPanel';
import { useNotificationsBadge } from '../features/notifications/useNotificationsBadge';
import { PromptsPanel } from '../features/prompts/PromptsPanel';
import { ResourcesPanel } from '../features/resources/ResourcesPanel';
import { TasksPanel } from '../features/tasks/TasksPanel';
import { useTasksBadge } from '../features/tasks/useTasksBadge';
import { AppsPanel } from '../features/tools/AppsPanel';
import { ToolsPanel } from '../features/tools/ToolsPanel';
import { TracesPanel } from '../features/traces/TracesPanel';
import { TimelinePanel } from '../features/timeline/TimelinePanel';
import { ComparePanel } from '../features/compare/ComparePanel';
import { SpansPanel } from '../features/spans/SpansPanel';
import { useToolCountBadge } from '../features/tools/useToolCountBadge';
import { formatCount } from '../lib/format';
import { useSessionLog } from '../lib/services';
import type { TabBadge } from '../lib/tabBadge';
import { activeSessionStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';

/** What the user is doing in a view; the navigation shows one heading per group, in this order. */
export type ViewGroup = 'traffic' | 'server' | 'diagnosis' | 'recordings';

export const VIEW_GROUPS: ReadonlyArray<{ id: ViewGroup; label: string }> = [
  { id: 'traffic', label: 'Traffic' },
  { id: 'server', label: 'Server' },
  { id: 'diagnosis', label: 'Diagnosis' },
  { id: 'recordings', label: 'Recordings' },
];

/**
 * The main area's views (tabs), in display order: the single source for the navigation, the
 * panels, Alt+1…9 and the command palette. A feature adds its panel here; the shell renders
 * whatever is registered. `useBadge` is a hook: it is called on every render of the
 * navigation, in registry order.
 */
export interface TabDefinition {
  id: string;
  label: string;
  group: ViewGroup;
  component: ComponentType;
  useBadge?: () => TabBadge | null;
  /** Not about one session (Traces, Compare): its state is kept when the session changes. */
  appWide?: boolean;
}

/** The server spans the active session holds. */
function useSpansBadge(): TabBadge | null {
  const { log } = useSessionLog(useValue(activeSessionStore));
  const n = log?.spans.size ?? 0;
  return n > 0 ? formatCount(n) : null;
}

/** Frames: every frame of the session (the tab pages old ones from disk). Console: the lines it shows. */
function useActiveLogCount(pick: 'frames' | 'console'): TabBadge | null {
  const { log } = useSessionLog(useValue(activeSessionStore));
  if (!log) return null;
  if (pick === 'frames') return log.frames.length > 0 ? formatCount(log.frames.length) : null;
  const held = log.console.held;
  if (!consoleOlderOnDisk(log)) return held > 0 ? formatCount(held) : null;
  return { text: `${formatCount(held)}+`, title: `${formatCount(held)} lines in memory + older on disk` };
}

export const TABS: readonly TabDefinition[] = [
  { id: 'frames', label: 'Frames', group: 'traffic', component: FramesPanel, useBadge: () => useActiveLogCount('frames') },
  { id: 'console', label: 'Console', group: 'traffic', component: ConsolePanel, useBadge: () => useActiveLogCount('console') },
  { id: 'notifications', label: 'Notifications', group: 'traffic', component: NotificationsPanel, useBadge: useNotificationsBadge },
  { id: 'timeline', label: 'Timeline', group: 'traffic', component: TimelinePanel },
  { id: 'composer', label: 'Composer', group: 'traffic', component: ComposerPanel },
  { id: 'tools', label: 'Tools', group: 'server', component: ToolsPanel, useBadge: useToolCountBadge },
  { id: 'apps', label: 'Apps', group: 'server', component: AppsPanel },
  { id: 'resources', label: 'Resources', group: 'server', component: ResourcesPanel },
  { id: 'prompts', label: 'Prompts', group: 'server', component: PromptsPanel },
  { id: 'tasks', label: 'Tasks', group: 'server', component: TasksPanel, useBadge: useTasksBadge },
  { id: 'capabilities', label: 'Capabilities', group: 'server', component: CapabilitiesPanel },
  { id: 'findings', label: 'Findings', group: 'diagnosis', component: FindingsPanel, useBadge: useFindingsBadge },
  { id: 'client', label: 'Client', group: 'diagnosis', component: ClientPanel, useBadge: useClientBadge },
  { id: 'oauth', label: 'OAuth', group: 'diagnosis', component: OAuthPanel },
  { id: 'spans', label: 'Spans', group: 'diagnosis', component: SpansPanel, useBadge: useSpansBadge },
  { id: 'traces', label: 'Traces', group: 'recordings', component: TracesPanel, appWide: true },
  { id: 'compare', label: 'Compare', group: 'recordings', component: ComparePanel, appWide: true },
];
