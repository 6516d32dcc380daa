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
import { ToolsPanel } from '../features/tools/ToolsPanel';
import { TracesPanel } from '../features/traces/TracesPanel';
import { TimelinePanel } from '../features/timeline/TimelinePanel';
import { ComparePanel } from '../features/compare/ComparePanel';
import { useToolCountBadge } from '../features/tools/useToolCountBadge';
import { formatCount } from '../lib/format';
import { useSessionLog } from '../lib/services';
import type { TabBadge } from '../lib/tabBadge';
import { activeSessionStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';

/**
 * The main area's tabs. A feature adds its panel here (Tools, Resources, Prompts,
 * Notifications, Client, OAuth…); the shell renders whatever is registered.
 * `useBadge` is a hook: it is called on every render of the tab strip, in registry order.
 */
export interface TabDefinition {
  id: string;
  label: string;
  component: ComponentType;
  useBadge?: () => TabBadge | null;
  /** Not about one session (Traces, Compare): its state is kept when the session changes. */
  appWide?: boolean;
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
  { id: 'frames', label: 'Frames', component: FramesPanel, useBadge: () => useActiveLogCount('frames') },
  { id: 'console', label: 'Console', component: ConsolePanel, useBadge: () => useActiveLogCount('console') },
  { id: 'composer', label: 'Composer', component: ComposerPanel },
  { id: 'tools', label: 'Tools', component: ToolsPanel, useBadge: useToolCountBadge },
  { id: 'tasks', label: 'Tasks', component: TasksPanel, useBadge: useTasksBadge },
  { id: 'resources', label: 'Resources', component: ResourcesPanel },
  { id: 'prompts', label: 'Prompts', component: PromptsPanel },
  { id: 'notifications', label: 'Notifications', component: NotificationsPanel, useBadge: useNotificationsBadge },
  { id: 'capabilities', label: 'Capabilities', component: CapabilitiesPanel },
  { id: 'findings', label: 'Findings', component: FindingsPanel, useBadge: useFindingsBadge },
  { id: 'client', label: 'Client', component: ClientPanel, useBadge: useClientBadge },
  { id: 'oauth', label: 'OAuth', component: OAuthPanel },
  { id: 'timeline', label: 'Timeline', component: TimelinePanel },
  { id: 'traces', label: 'Traces', component: TracesPanel, appWide: true },
  { id: 'compare', label: 'Compare', component: ComparePanel, appWide: true },
];
