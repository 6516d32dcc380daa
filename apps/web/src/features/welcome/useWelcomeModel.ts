import { useConnectDemo } from '../../lib/connectDemo';
import { requestConnectFocus } from '../../lib/connectFocus';
import { navigate } from '../../lib/navigation';
import { useStoreSelector } from '../../lib/services';

/** One way to start mcpscope from a terminal, shown (and copyable) on the Welcome screen. */
export interface CliForm {
  command: string;
  what: string;
}

export const CLI_FORMS: readonly CliForm[] = [
  { command: 'npx mcpscope -- node server.js', what: 'inspect a stdio server (any command and its arguments after --)' },
  { command: 'npx mcpscope --url http://127.0.0.1:3000/mcp', what: 'inspect a Streamable HTTP server (falls back to HTTP+SSE)' },
  { command: 'npx mcpscope check -- node server.js', what: 'exercise a server and run every spec rule, for CI (exit 1 on an error)' },
  { command: 'npx mcpscope call tools/list -- node server.js', what: 'send one request headless and print the result JSON' },
];

/**
 * Presenter of the Welcome screen (no session selected): the ways to start. Nothing here sends
 * anything until the user presses a button.
 */
export function useWelcomeModel() {
  const demo = useConnectDemo();
  const sessions = useStoreSelector((s) => s.sessions);
  return {
    /** Sessions exist but none is selected: the sidebar lists them. */
    sessionCount: sessions.length,
    /** Brings the sidebar's Connect form into view, its first field focused. */
    focusConnect: requestConnectFocus,
    demoAvailable: demo.available,
    demoPending: demo.pending,
    demoError: demo.error,
    startDemo: demo.start,
    openTraces: () => navigate('traces'),
    cliForms: CLI_FORMS,
  };
}

export type WelcomeModel = ReturnType<typeof useWelcomeModel>;
