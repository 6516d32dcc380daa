import { z } from 'zod';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { createValueStore } from '../../lib/valueStore';

const KEY = 'mcpscope.connect.open';

/** Whether the user keeps the Connect section open (remembered in this browser; open by default). */
export const connectOpenStore = createValueStore<boolean>(readLocalJson(KEY, z.boolean(), true));
connectOpenStore.subscribe(() => writeLocalJson(KEY, connectOpenStore.getSnapshot()));

/**
 * The Connect section is open when the user left it open, and always when there is no session
 * (then it is the only thing to do); collapsing is offered only when there are sessions.
 */
export function connectSectionState(userOpen: boolean, sessionCount: number): { open: boolean; collapsible: boolean } {
  const collapsible = sessionCount > 0;
  return { open: userOpen || !collapsible, collapsible };
}
