import { sendBlockedReason } from '../../lib/capabilities';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useStoreSelector } from '../../lib/services';
import { useFeature } from '../../lib/useFeature';
import { LOG_LEVELS, useWorkbenchApi, type LogLevel } from '../../lib/workbenchApi';

/**
 * The log level control (PUT /api/sessions/:id/log-level). Legacy era: the proxy sends
 * `logging/setLevel` now (spec 2025-11-25 server/utilities/logging). 2026-07-28: there is no
 * such request; the level goes into `_meta["io.modelcontextprotocol/logLevel"]` of every later
 * request, and the server logs only on requests that carry it (spec 2026-07-28 logging).
 */
export function useLogLevelModel(sessionId: string | null) {
  const wb = useWorkbenchApi();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const feature = useFeature(sessionId, 'logging');
  const [local, setLocal] = useState<LogLevel | null>(null);
  const [forced, setForced] = useState(false);
  const current = session?.logLevel ?? local;
  const modern = session?.era === 'modern';
  const mutation = useMutation({
    mutationFn: (level: LogLevel) => wb.setLogLevel(sessionId!, level, 'notifications: set log level'),
    onSuccess: (_r, level) => setLocal(level),
  });
  return {
    levels: LOG_LEVELS,
    current,
    pending: mutation.isPending,
    error: mutation.error,
    feature,
    modern,
    /** How the level takes effect, for the UI to say. */
    mechanism: modern
      ? 'Applies to later requests: sent as _meta["io.modelcontextprotocol/logLevel"] on each one (2026-07-28); the server logs only while handling such a request.'
      : 'Sends logging/setLevel to the server now (legacy era); the server filters the log messages it sends from then on.',
    /** Why the control is disabled: no connected session, or `logging` not declared (unless forced). */
    disabledReason:
      sendBlockedReason(session) !== undefined ? sendBlockedReason(session) : !feature.declared && !forced ? feature.reason : undefined,
    forced,
    force: () => setForced(true),
    setLevel: (level: LogLevel) => sessionId && mutation.mutate(level),
  };
}

export type LogLevelModel = ReturnType<typeof useLogLevelModel>;
