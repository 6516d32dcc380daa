import type { SessionInfo } from '@mcpscope/wire';
import { useStoreSelector } from '../../lib/services';
import { sessionNotes } from '../../lib/sessionNotes';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/** Capability names a server advertised, with sub-flags: "tools (listChanged)". */
export function capabilityChips(caps: Record<string, unknown> | undefined): Array<{ name: string; flags: string[] }> {
  if (!caps) return [];
  return Object.entries(caps).map(([name, value]) => ({
    name,
    flags:
      value && typeof value === 'object'
        ? Object.entries(value)
            .filter(([, v]) => v === true)
            .map(([k]) => k)
        : [],
  }));
}

export function serverLabel(session: SessionInfo | undefined): string | undefined {
  const info = session?.serverInfo;
  if (!info) return undefined;
  const name = typeof info.name === 'string' ? info.name : undefined;
  const version = typeof info.version === 'string' ? info.version : undefined;
  const title = typeof info.title === 'string' ? info.title : undefined;
  return [title ?? name, version && `v${version}`].filter(Boolean).join(' ') || undefined;
}

export function useStatusModel() {
  const activeId = useValue(activeSessionStore);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === activeId));
  const socket = useStoreSelector((s) => s.socket);
  const socketDetail = useStoreSelector((s) => s.socketDetail);
  const ready = useStoreSelector((s) => s.ready);
  const invalidMessages = useStoreSelector((s) => s.invalidMessages);
  return {
    session,
    server: serverLabel(session),
    capabilities: capabilityChips(session?.serverCapabilities),
    notes: sessionNotes(session),
    socket,
    socketDetail,
    ready,
    invalidMessages,
  };
}
