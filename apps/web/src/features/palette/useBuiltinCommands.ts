import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaletteCommand } from '../../lib/commands';
import { sendPing } from '../../lib/pingLog';
import { showServerRequest } from '../../lib/serverRequestSheet';
import { useServices, useStoreSelector } from '../../lib/services';
import { cycleTheme } from '../../lib/theme';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import { openHelp } from './paletteStore';

/** The palette's own actions: connect the demo, theme, ping, shortcuts, the waiting request. */
export function useBuiltinCommands(): PaletteCommand[] {
  const { api, store } = useServices();
  const wb = useWorkbenchApi();
  const sessionId = useValue(activeSessionStore);
  const connected = useStoreSelector((s) => s.sessions.some((x) => x.id === sessionId && x.state === 'connected'));
  const modern = useStoreSelector((s) => s.sessions.some((x) => x.id === sessionId && x.era === 'modern'));
  const waiting = useStoreSelector((s) => s.pending.find((r) => r.sessionId === sessionId));
  const info = useQuery({ queryKey: ['info'], queryFn: () => api.info(), staleTime: Infinity });
  const connect = useMutation({
    mutationFn: () => api.createSession(info.data!.demo!),
    onSuccess: (session) => {
      store.upsertSession(session);
      activeSessionStore.set(session.id);
    },
  });

  const commands: PaletteCommand[] = [];
  if (info.data?.demo) commands.push({ id: 'connect-demo', title: 'Connect to the demo server', keywords: 'new session start', run: () => connect.mutate() });
  commands.push({ id: 'toggle-theme', title: 'Toggle theme (system → light → dark)', keywords: 'dark light colour color', run: cycleTheme });
  if (sessionId && connected) {
    commands.push({
      id: 'ping',
      title: modern ? 'Ping the server (raw: 2026-07-28 removed ping)' : 'Ping the server',
      keywords: 'latency alive',
      run: () => {
        activeTabStore.set('client');
        void sendPing({ wb, api, store }, sessionId, 'palette: ping', modern);
      },
    });
  }
  if (waiting) commands.push({ id: 'answer-waiting', title: `Answer the waiting ${waiting.method}`, keywords: 'server request sampling elicitation dialog', run: () => showServerRequest(waiting) });
  commands.push({ id: 'shortcuts', title: 'Show keyboard shortcuts', keywords: 'help keys', shortcut: '?', run: openHelp });
  return commands;
}
