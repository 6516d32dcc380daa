import { useState } from 'react';
import { pingLogStore, sendPing } from '../../lib/pingLog';
import { useServices, useStoreSelector } from '../../lib/services';
import { useValue } from '../../lib/valueStore';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import type { ClientRequestEntry } from './clientRequestLog';

/**
 * Ping both ways (spec 2025-11-25 basic/utilities/ping): the client's pings with their
 * latency, and the server's pings with the answer the client sent. 2026-07-28 removed ping
 * (changelog, SEP-2575) and the SDK will not send it; on that era the button sends it raw, to
 * see what the server does.
 */
export function usePingModel(sessionId: string | null, serverRequests: readonly ClientRequestEntry[]) {
  const wb = useWorkbenchApi();
  const { api } = useServices();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const all = useValue(pingLogStore);
  const [busy, setBusy] = useState(false);
  return {
    sent: all.filter((p) => p.sessionId === sessionId),
    received: serverRequests.filter((e) => e.method === 'ping'),
    connected: session?.state === 'connected',
    offline: session?.offline === true,
    removedInEra: session?.era === 'modern',
    busy,
    async ping() {
      if (!sessionId) return;
      setBusy(true);
      try {
        await sendPing({ wb, api }, sessionId, 'client: ping', session?.era === 'modern');
      } finally {
        setBusy(false);
      }
    },
  };
}

export type PingModel = ReturnType<typeof usePingModel>;
