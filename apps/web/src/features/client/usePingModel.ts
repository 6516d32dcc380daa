import { useState } from 'react';
import { pingLogSlot, sendPing } from '../../lib/pingLog';
import { useServices, useSessionSlot, useStoreSelector } from '../../lib/services';
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
  const { api, store } = useServices();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const sent = useSessionSlot(sessionId, pingLogSlot);
  const [busy, setBusy] = useState(false);
  return {
    sent,
    received: serverRequests.filter((e) => e.method === 'ping'),
    connected: session?.state === 'connected',
    offline: session?.offline === true,
    removedInEra: session?.era === 'modern',
    busy,
    async ping() {
      if (!sessionId) return;
      setBusy(true);
      try {
        await sendPing({ wb, api, store }, sessionId, 'client: ping', session?.era === 'modern');
      } finally {
        setBusy(false);
      }
    },
  };
}

export type PingModel = ReturnType<typeof usePingModel>;
