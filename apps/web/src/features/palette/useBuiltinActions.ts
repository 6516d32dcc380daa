import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ACTIONS } from '../../lib/actionCatalogue';
import { bindAction } from '../../lib/actions';
import { sendPing } from '../../lib/pingLog';
import { showServerRequest } from '../../lib/serverRequestSheet';
import { useServices, useStoreSelector } from '../../lib/services';
import { cycleTheme } from '../../lib/theme';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { useWorkbenchApi } from '../../lib/workbenchApi';

/** The palette's own actions: connect the demo, theme, ping, the waiting request. */
export function useBuiltinActions(): void {
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
  const now = useRef({ sessionId, connected, modern, waiting, demo: Boolean(info.data?.demo), connect: connect.mutate });
  now.current = { sessionId, connected, modern, waiting, demo: Boolean(info.data?.demo), connect: connect.mutate };

  useEffect(() => {
    const offs = [
      bindAction(ACTIONS.connectDemo, { enabled: () => now.current.demo, perform: () => now.current.connect() }),
      bindAction(ACTIONS.toggleTheme, { perform: cycleTheme }),
      bindAction(ACTIONS.ping, {
        enabled: () => now.current.sessionId !== null && now.current.connected,
        label: () => (now.current.modern ? 'Ping the server (raw: 2026-07-28 removed ping)' : ACTIONS.ping.label),
        perform: () => {
          const { sessionId: id, modern: raw } = now.current;
          if (id === null) return false;
          activeTabStore.set('client');
          void sendPing({ wb, api, store }, id, 'palette: ping', raw);
        },
      }),
      bindAction(ACTIONS.answerWaiting, {
        enabled: () => now.current.waiting !== undefined,
        label: () => `Answer the waiting ${now.current.waiting?.method ?? 'request'}`,
        perform: () => void (now.current.waiting && showServerRequest(now.current.waiting)),
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [wb, api, store]);
}
