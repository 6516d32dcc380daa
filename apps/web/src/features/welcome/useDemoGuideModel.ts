import { useCallback, useEffect } from 'react';
import { z } from 'zod';
import { ACTIONS } from '../../lib/actionCatalogue';
import { bindAction } from '../../lib/actions';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { createValueStore, useValue } from '../../lib/valueStore';
import { DEMO_STEPS, isLiveDemo } from './demoGuide';

export const DISMISSED_KEY = 'mcpscope.demoGuide.dismissed';

/** Dismissed once, hidden for good (in this browser): read once, written on dismiss. */
export const demoGuideDismissedStore = createValueStore<boolean>(readLocalJson(DISMISSED_KEY, z.boolean(), false));

/** Presenter of the demo guide: shown above the views while the active session is the live demo server. */
export function useDemoGuideModel() {
  const sessionId = useValue(activeSessionStore);
  const demo = useStoreSelector((s) => isLiveDemo(s.sessions.find((x) => x.id === sessionId)));
  const dismissed = useValue(demoGuideDismissedStore);
  const dismiss = useCallback(() => {
    writeLocalJson(DISMISSED_KEY, true);
    demoGuideDismissedStore.set(true);
  }, []);
  // Dismissed for good, but not lost: the palette brings it back while the demo is the active session.
  useEffect(() => {
    if (!demo || !dismissed) return undefined;
    return bindAction(ACTIONS.showDemoGuide, {
      perform: () => {
        writeLocalJson(DISMISSED_KEY, false);
        demoGuideDismissedStore.set(false);
      },
    });
  }, [demo, dismissed]);
  return {
    visible: demo && !dismissed && sessionId !== null,
    steps: DEMO_STEPS,
    run: (step: (typeof DEMO_STEPS)[number]) => sessionId && step.run(sessionId),
    dismiss,
  };
}
