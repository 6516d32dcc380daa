import { Command, CommanderError } from 'commander';
import { CliError, ExitCode } from './exit-codes.js';
import { processIo, type CliIo } from './io.js';
import { addTargetOptions, DEFAULT_PORT } from './options.js';
import { cliVersion } from './paths.js';

/** Commander collects repeatable options as raw strings; zod parses them. */
const collectArg = (value: string, previous: string[] = []): string[] => [...previous, value];

const EXIT_CODES_HELP = `
Exit codes (call): 0 ok, 1 usage or internal error, 2 could not connect (or lost the
connection), 3 timeout, 4 JSON-RPC error response, 5 tools/call result with isError: true.`;

/**
 * Builds the commander program. Actions report their exit code through `done`; nothing here
 * calls process.exit, so tests can run the program in-process.
 */
export function buildProgram(io: CliIo, done: (code: number) => void): Command {
  const program = new Command('mcpscope')
    .description('Inspect and debug MCP servers: a web UI for every JSON-RPC frame, and headless commands for CI.')
    .usage('[options] [-- command args…]')
    .version(cliVersion(), '-V, --version')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run mcpscope --help for usage)');

  addTargetOptions(program)
    .argument('[command...]', 'the stdio server to run (put it after --)')
    .option('--port <n>', `port of the UI (0 = any free port)`, String(DEFAULT_PORT))
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--allow-remote', 'allow --host to be a non-loopback address (anyone who can reach it and has the token can drive your servers)')
    .option('--no-open', 'do not open a browser')
    .addHelpText('after', `
Examples:
  mcpscope -- node build/server.js          inspect a stdio server
  mcpscope --url http://localhost:3001/mcp  inspect a Streamable HTTP (or legacy SSE) server
  mcpscope --demo                           explore the built-in demo server
  mcpscope call tools/list -- node server.js
  mcpscope call tools/call --tool echo --arg message=hi --demo
${EXIT_CODES_HELP}`)
    .action(async (command: string[], options: unknown) => {
      // Loaded on demand (a separate chunk in the bundle): `call` must not pay for Fastify.
      const { runLaunch } = await import('./commands/launch.js');
      done(await runLaunch(command, options, io));
    });

  addTargetOptions(
    program
      .command('call')
      .description('connect, send one JSON-RPC request, print its result as JSON, and exit')
      .usage('<method> [options] [-- command args…]')
      .argument('<method>', 'JSON-RPC method, e.g. tools/list or tools/call')
      .argument('[command...]', 'the stdio server to run (put it after --)')
      .option('--params <json>', 'request params as a JSON object')
      .option('--tool <name>', 'tools/call: the tool to call')
      .option('--arg <key=value>', 'tools/call or prompts/get argument (repeatable); JSON when it parses, else text (text for string-typed tool inputs)', collectArg)
      .option('--uri <uri>', 'resources/read: the resource')
      .option('--prompt <name>', 'prompts/get: the prompt')
      .option('--level <level>', 'logging/setLevel: the level; with another method: the session log level, server logs on stderr')
      .option('--answer-file <json>', 'answers to the server\'s own requests (sampling, elicitation, roots), keyed by method')
      .option('--timeout <ms>', 'give up waiting for the response after this long (progress restarts it)', '30000')
      .option('--connect-timeout <ms>', 'give up connecting after this long', '30000'),
  )
    .addHelpText('after', EXIT_CODES_HELP)
    .action(async (method: string, command: string[], options: unknown) => {
      const { runCall } = await import('./commands/call.js');
      done(await runCall(method, command, options, io));
    });

  return program;
}

/** Runs mcpscope with `argv` (as process.argv: node, script, …args) and resolves its exit code. */
export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  let code: number = ExitCode.Ok;
  const program = buildProgram(io, (c) => (code = c));
  try {
    await program.parseAsync(argv);
    return code;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    if (err instanceof CliError) {
      io.stderr(`mcpscope: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr(`mcpscope: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
    return ExitCode.Usage;
  }
}
