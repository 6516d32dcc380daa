import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sendBlockedReason } from '../lib/capabilities';
import { useStoreSelector } from '../lib/services';
import { useWorkbenchApi } from '../lib/workbenchApi';

/**
 * 2026-07-28 has no unsolicited list_changed: the client must open a `subscriptions/listen`
 * stream to get them. mcpscope does not open it on its own (it sends nothing the user did not
 * ask for): this switch does, as the user.
 */
export function ListChangesToggle({ sessionId }: { sessionId: string }) {
  const wb = useWorkbenchApi();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  // What the user asked for, shown until the session reports it (or the request fails).
  const [wanted, setWanted] = useState<boolean | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: (listen: boolean) =>
      wb.setListChanges(sessionId, listen, listen ? 'notifications: watch list changes' : 'notifications: stop watching list changes'),
    onError: () => setWanted(undefined),
  });
  const reported = session?.listChanges === true;
  useEffect(() => {
    if (wanted === reported) setWanted(undefined);
  }, [wanted, reported]);
  if (session?.era !== 'modern') return null;
  const blocked = sendBlockedReason(session);
  const on = wanted ?? reported;
  return (
    <label
      className="flex items-center gap-1 text-[11px] text-muted"
      title={blocked ?? 'Opens a subscriptions/listen stream for tools, prompts and resources list changes (2026-07-28); off by default'}
    >
      <input
        type="checkbox"
        data-testid="list-changes-toggle"
        checked={on}
        disabled={blocked !== undefined}
        onChange={(e) => {
          setWanted(e.target.checked);
          mutation.mutate(e.target.checked);
        }}
      />
      Watch list changes
      {mutation.error && (
        <span className="text-danger" role="alert">
          {mutation.error.message}
        </span>
      )}
    </label>
  );
}
