import { useMemo } from 'react';
import { useStoreSelector } from '../../lib/services';
import { capabilityRows } from './capabilityRows';

/** Presenter of the Capabilities tab: both sides' declarations as rows, and the raw objects. */
export function useCapabilitiesModel(sessionId: string | null) {
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const server = session?.serverCapabilities;
  const client = session?.clientCapabilities;
  const era = session?.era;
  const serverRows = useMemo(() => capabilityRows(server, 'server', era), [server, era]);
  const clientRows = useMemo(() => capabilityRows(client, 'client', era), [client, era]);
  return {
    session,
    known: server !== undefined || client !== undefined,
    era,
    serverRows,
    clientRows,
    raw: { serverCapabilities: server ?? null, clientCapabilities: client ?? null },
  };
}
