import { Option, type Command } from 'commander';
import type { CliIo } from './io.js';
import { MEMORY_BUDGET_HELP } from './memory-budget.js';
import { addTargetOptions } from './options.js';

export const SESSION_OPTION_HELP =
  'run on a session of the running mcpscope (its name or id, see `mcpscope sessions`) instead of connecting: the browser shows it live';

const LIVE_HELP = `
Connect once, run many: \`connect\` opens a session in the running mcpscope (started in the
background when none runs: no browser, a free port, its log in the data dir), and
\`call\`, \`check\` and \`lint\` take --session <name|id> to run on it; a browser on the
printed link shows every frame live. The token stays in the 0600 registry of the data dir.

Exit codes: 0 ok, 1 bad usage (or a name already in use), 2 no running mcpscope, no such
session, or the server could not be reached.`;

/** `connect`, `sessions`, `stop`, loaded on demand like the other commands. */
export function addLiveCommands(program: Command, io: CliIo, done: (code: number) => void): void {
  addTargetOptions(
    program
      .command('connect')
      .description(
        'open a session in the running mcpscope (starting one in the background if none runs) and keep it open for call/check/lint --session',
      )
      .usage('[--name <name>] [target options] [-- command args…]')
      .argument('[command...]', 'the stdio server to run (put it after --)')
      .option('--name <name>', "the session's name, unique among the live sessions of that mcpscope (default: from the target)")
      .option('--port <n>', 'when a background mcpscope is started: its port (default 0 = any free port)', '0')
      .option('--traces-dir <dir>', 'when a background mcpscope is started: its traces folder')
      .option('--no-record-all', "when a background mcpscope is started: do not save every session's trace")
      .option('--memory-budget <MiB>', `when a background mcpscope is started: ${MEMORY_BUDGET_HELP}`)
      .option('--json', 'print the session and the mcpscope as JSON'),
  )
    .addHelpText('after', LIVE_HELP)
    .action(async (command: string[], options: unknown) => {
      const { runConnect } = await import('./commands/connect.js');
      done(await runConnect(command, options, io));
    });

  program
    .command('sessions')
    .description(
      'list the sessions of the running mcpscope(s): name, id, state, era, transport, frames, started, target; and a link to open the UI',
    )
    .option('--json', 'print them as JSON')
    .addHelpText('after', LIVE_HELP)
    .action(async (options: unknown) => {
      const { runSessions } = await import('./commands/sessions.js');
      done(await runSessions(options, io));
    });

  program
    .command('stop')
    .description('stop the background mcpscope started by connect (its servers too); with --session, close one session')
    .addOption(new Option('--session <name|id>', 'close this session only (in any running mcpscope)'))
    .addHelpText('after', LIVE_HELP)
    .action(async (options: unknown) => {
      const { runStop } = await import('./commands/stop.js');
      done(await runStop(options, io));
    });
}
