import type { SessionInfo } from '@mcpscope/wire';
import { framesNavigation, toolsNavigation } from '../../lib/navigation';

/** packages/demo-server's serverInfo.name (DEMO_SERVER_INFO). */
export const DEMO_SERVER_NAME = 'mcpscope-demo-server';

/**
 * The embedded demo server, live: its serverInfo names it. The name is the server's own claim
 * (untrusted); a server that borrows it only gets this guide shown, whose steps just navigate.
 */
export function isLiveDemo(session: SessionInfo | undefined): boolean {
  return session !== undefined && session.state === 'connected' && !session.offline && session.serverInfo?.name === DEMO_SERVER_NAME;
}

export interface DemoStep {
  id: 'call' | 'frames' | 'answer';
  label: string;
  /** What the step shows, in a sentence (the button's tooltip). */
  hint: string;
  run(sessionId: string): void;
}

/** Three things to try on the demo server, in order; each one only navigates (nothing is sent). */
export const DEMO_STEPS: readonly DemoStep[] = [
  {
    id: 'call',
    label: 'Call a tool',
    hint: 'Tools → add: a form made from its input schema; press Call and the structured result is checked against its outputSchema',
    run: () => toolsNavigation.selectTool('add'),
  },
  {
    id: 'frames',
    label: 'See its frames',
    hint: 'Frames filtered to tools/call: each request paired with its response and latency, linted against the spec; any request can be replayed, or edited and replayed',
    run: (sessionId) => framesNavigation.showFiltered(sessionId, 'method:tools/call'),
  },
  {
    id: 'answer',
    label: 'Answer the server',
    hint: 'Tools → ask_user: in the middle of the call the server asks you to fill a form (elicitation); mcpscope shows it and sends your answer',
    run: () => toolsNavigation.selectTool('ask_user'),
  },
];
