import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type McpSession } from '@mcpscope/playwright';
import { MARKER, rawServer } from './servers';

// Both tests end badly: one times out, one's worker is killed. The driving test then checks that
// no process of their servers (server, grandchild) is left.
test.use({ mcpServer: rawServer('grandchild', MARKER) });

/**
 * The grandchild as this machine numbers it: the server may run in a PID namespace of its own
 * (mcpscope starts stdio servers in one where it can), where it printed another number. Its only
 * child is the grandchild.
 */
function hostChildOf(serverPid: number | undefined, printed: number): number {
  if (serverPid === undefined) return printed;
  try {
    const children = readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return children.length === 1 ? children[0]! : printed;
  } catch {
    return printed;
  }
}

/** Writes the server's pid and its grandchild's (from its stderr, in the trace) for the driving test. */
async function notePids(mcp: McpSession, name: string): Promise<void> {
  let grandchild: string | undefined;
  await test.expect.poll(() => (grandchild = /GRANDCHILD (\d+)/.exec(readFileSync(mcp.tracePath, 'utf8'))?.[1])).toBeTruthy();
  const dir = process.env.PW_FIXTURE_OUT ?? '.';
  writeFileSync(join(dir, `pids-${name}.json`), JSON.stringify([mcp.info().pid, hostChildOf(mcp.info().pid, Number(grandchild))]));
}

test('a test that times out', async ({ mcp }) => {
  test.setTimeout(4_000);
  await notePids(mcp, 'timeout');
  await new Promise(() => {});
});

test('a test whose worker is killed', async ({ mcp }) => {
  await notePids(mcp, 'killed');
  process.kill(process.pid, 'SIGKILL');
});
