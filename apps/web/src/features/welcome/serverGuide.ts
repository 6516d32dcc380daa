import { displayNameOf, displayNameText, type SessionInfo } from '@mcpscope/wire';
import { navigate } from '../../lib/navigation';
import { isLiveDemo } from './demoGuide';

/** Where to start on a server that is not the demo: one step per thing it declared, then its frames. */
export interface ServerStep {
  id: 'tools' | 'resources' | 'prompts' | 'frames';
  label: string;
  hint: string;
  run(): void;
}

const has = (caps: SessionInfo['serverCapabilities'], key: string) =>
  caps !== undefined && Object.hasOwn(caps, key) && caps[key] !== undefined && caps[key] !== null;

/** A live server other than the demo (the demo has its own guide): what this guide is for. */
export function wantsServerGuide(session: SessionInfo | undefined): session is SessionInfo {
  return session !== undefined && session.state === 'connected' && !session.offline && !isLiveDemo(session);
}

/** The steps for this server, from what it declared in the handshake; each only navigates (nothing is sent). */
export function serverSteps(session: SessionInfo): ServerStep[] {
  const caps = session.serverCapabilities;
  const steps: ServerStep[] = [];
  if (has(caps, 'tools'))
    steps.push({
      id: 'tools',
      label: 'Call a tool',
      hint: 'Tools: pick one, fill in the form made from its input schema, press Call',
      run: () => navigate('tools'),
    });
  if (has(caps, 'resources'))
    steps.push({
      id: 'resources',
      label: 'Read a resource',
      hint: 'Resources: the server’s resources and templates; a click reads one',
      run: () => navigate('resources'),
    });
  if (has(caps, 'prompts'))
    steps.push({
      id: 'prompts',
      label: 'Get a prompt',
      hint: 'Prompts: fill in a prompt’s arguments and get its messages',
      run: () => navigate('prompts'),
    });
  steps.push({
    id: 'frames',
    label: 'See the handshake',
    hint: 'Frames: every JSON-RPC message both ways, from the handshake on, with latency and spec findings',
    run: () => navigate('frames'),
  });
  return steps;
}

/** The key a dismissal is remembered under: the server's own name (cleaned), else the session's. */
export function serverGuideKey(session: SessionInfo): string {
  return displayNameText(displayNameOf({ name: session.name, serverInfo: session.serverInfo })).slice(0, 120);
}
