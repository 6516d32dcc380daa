import { useCallback, useEffect } from 'react';
import { z } from 'zod';
import { ACTIONS } from '../../lib/actionCatalogue';
import { bindAction } from '../../lib/actions';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { sessionName } from '../../lib/sessionLabel';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { createValueStore, useValue } from '../../lib/valueStore';
import { serverGuideKey, serverSteps, wantsServerGuide } from './serverGuide';

export const SERVER_GUIDE_KEY = 'mcpscope.serverGuide.dismissed';
/** Servers remembered as dismissed, newest last; the oldest go past this many. */
const MAX_REMEMBERED = 100;

export const serverGuideDismissedStore = createValueStore<readonly string[]>(
  readLocalJson(SERVER_GUIDE_KEY, z.array(z.string().max(200)).max(MAX_REMEMBERED), []),
);

function setDismissed(next: readonly string[]): void {
  const kept = next.slice(-MAX_REMEMBERED);
  writeLocalJson(SERVER_GUIDE_KEY, kept);
  serverGuideDismissedStore.set(kept);
}

/**
 * Presenter of the guide above the views of a server that is not the demo: where to start on
 * it, from what it declared. Dismissed per server (by its name), remembered in this browser.
 */
export function useServerGuideModel() {
  const sessionId = useValue(activeSessionStore);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const dismissed = useValue(serverGuideDismissedStore);
  const shown = wantsServerGuide(session) ? session : undefined;
  const key = shown ? serverGuideKey(shown) : undefined;
  const isDismissed = key !== undefined && dismissed.includes(key);
  const dismiss = useCallback(() => key !== undefined && setDismissed([...dismissed.filter((k) => k !== key), key]), [key, dismissed]);
  useEffect(() => {
    if (key === undefined || !isDismissed) return undefined;
    return bindAction(ACTIONS.showServerGuide, {
      perform: () => setDismissed(serverGuideDismissedStore.getSnapshot().filter((k) => k !== key)),
    });
  }, [key, isDismissed]);
  return {
    visible: shown !== undefined && !isDismissed,
    name: shown ? sessionName(shown) : '',
    protocol: shown?.protocolVersion,
    steps: shown ? serverSteps(shown) : [],
    dismiss,
  };
}
