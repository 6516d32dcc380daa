import { Command, CommanderError, Option } from 'commander';
import { CliError, ExitCode, reportThrown } from './exit-codes.js';
import { processIo, type CliIo } from './io.js';
import { addTargetOptions, DEFAULT_PORT } from './options.js';
import { MEMORY_BUDGET_HELP } from './memory-budget.js';
import { cliVersion, webDir } from './paths.js';
import { addLiveCommands, SESSION_OPTION_HELP } from './live-commands.js';
import type { PreStartedUi } from './commands/launch-early.js';
import { addTelemetryOptions } from './telemetry-options.js';

/** Commander collects repeatable options as raw strings; zod parses them. */
const collectArg = (value: string, previous: string[] = []): string[] => [...previous, value];

const EXIT_CODES_HELP = `
Exit codes (call): 0 ok, 1 usage or internal error, 2 could not connect (or lost the
connection), 3 timeout, 4 JSON-RPC error response, 5 tools/call result with isError: true,
6 tools/call structuredContent that does not match the tool's outputSchema, 7 skills/get --load:
the skill file does not match its entry (SEP-2640; nothing was loaded).

tools/call of a tool with an MCP App (_meta.ui.resourceUri): after the result, its ui://
resource is named on stderr (stdout stays the JSON). The definition comes from the tools/list
that tools/call sends anyway (for --arg and outputSchema); no extra request.

--task: the task's end decides the code as for a plain call (a failed task: 4 for its JSON-RPC
error, 5 for an isError result; cancelled: 1); a tool or server without task support: 1.`;

const STDIN_HELP = `

--session <s> --stdin: many calls in one process. Each input line is a request
{"id"?, "method", "params"?}, sent as written; each answer is one line, in order:
{"id", "result"} (plus "findings" when structuredContent breaks the tool's outputSchema),
{"id", "error"} (the server's JSON-RPC error), or {"id", "mcpscope": {code, message,
exitCode}} when no answer came. The id is echoed (the line number without one). Exit 0 once
the input ends, 2 when the session or the running mcpscope went away.`;

const LINT_EXIT_CODES_HELP = `
Exit codes: 0 no error findings, 1 at least one error finding (or bad usage), 2 the trace could not be read.`;

/**
 * Builds the commander program. Actions report their exit code through `done`; nothing here
 * calls process.exit, so tests can run the program in-process. `early`: the UI mcpscope.ts
 * already started because argv is a plain launch (launch-argv.ts), for the launch action.
 */
export function buildProgram(io: CliIo, done: (code: number) => void, early?: PreStartedUi): Command {
  const program = new Command('mcpscope')
    .description('Inspect and debug MCP servers: a web UI for every JSON-RPC frame, and headless commands for CI.')
    .usage('[options] [-- command args…]')
    .version(cliVersion(), '-V, --version')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run mcpscope --help for usage)');

  addTelemetryOptions(addTargetOptions(program))
    .argument('[command...]', 'the stdio server to run (put it after --)')
    .option('--port <n>', `port of the UI (0 = any free port)`, String(DEFAULT_PORT))
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option(
      '--allow-remote',
      'allow --host to be a non-loopback address (anyone who can reach it and has the token can drive your servers)',
    )
    .option('--no-open', 'do not open a browser')
    .option('--traces-dir <dir>', "where every session's trace is saved (default: $XDG_DATA_HOME/mcpscope/traces)")
    .option('--no-record-all', "do not save every session's trace to the traces folder")
    .option('--memory-budget <MiB>', MEMORY_BUDGET_HELP)
    .option('--connect-timeout <ms>', 'give up connecting to a server after this long (every session this UI opens)', '30000')
    .option(
      '--collect-server-spans',
      "stdio server: give it the OTLP variables (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT…) of mcpscope's receiver, and show its OpenTelemetry spans under each request",
    )
    .addOption(new Option('--background <log>', 'started by connect: detached, no browser, output in <log>').hideHelp())
    .addOption(
      new Option(
        '--prespawn-fd <fd>',
        'started by connect: start the stdio server it names on this fd (JSON) at once, for its first session',
      ).hideHelp(),
    )
    .addHelpText(
      'after',
      `
Examples:
  mcpscope -- node build/server.js          inspect a stdio server
  mcpscope --url http://localhost:3001/mcp  inspect a Streamable HTTP (or legacy SSE) server
  mcpscope --demo                           explore the built-in demo server
  mcpscope call tools/list -- node server.js
  mcpscope call tools/call --tool echo --arg message=hi --demo
${EXIT_CODES_HELP}`,
    )
    .action(async (command: string[], options: unknown) => {
      // The UI's port listens and serves the web UI first (a small chunk; usually started by
      // mcpscope.ts before commander loaded), then the rest loads (a separate chunk in the
      // bundle: `call` must not pay for Fastify) and takes it over.
      const { startLaunchUi } = await import('./commands/launch-early.js');
      const ui = await startLaunchUi(options, early, webDir());
      const { runLaunch } = await import('./commands/launch.js');
      done(await runLaunch(command, options, io, ui));
    });

  addTelemetryOptions(
    addTargetOptions(
      program
        .command('call')
        .description('connect, send one JSON-RPC request, print its result as JSON, and exit')
        .usage('<method> [options] [-- command args…]  |  --session <name|id> --stdin')
        .argument('[method]', 'JSON-RPC method, e.g. tools/list or tools/call')
        .argument('[command...]', 'the stdio server to run (put it after --)')
        .option('--params <json>', 'request params as a JSON object')
        .option('--tool <name>', 'tools/call: the tool to call')
        .option(
          '--arg <key=value>',
          'tools/call or prompts/get argument (repeatable); JSON when it parses, else text (text for string-typed tool inputs)',
          collectArg,
        )
        .option('--uri <uri>', 'resources/read: the resource')
        .option('--prompt <name>', 'prompts/get: the prompt')
        .option('--skill <uri>', "skills/get (SEP-2640): the skill's SKILL.md URI")
        .option(
          '--load [file]',
          'skills/get: load the skill, i.e. read its SKILL.md (or this file of it, relative to the skill root) verified against its entry (size, digest, frontmatter); exit 7 if it does not match',
        )
        .option('--level <level>', 'logging/setLevel: the level; with another method: the session log level, server logs on stderr')
        .option('--answer-file <json>', "answers to the server's own requests (sampling, elicitation, roots), keyed by method")
        .option('--task', 'tools/call: run it as a task to completion (polls tasks/get, then tasks/result); status and progress on stderr')
        .option('--task-ttl <ms>', 'with --task: ask the server to keep the task this long (2025-11-25 task.ttl)')
        .option('--timeout <ms>', 'give up waiting for the response after this long (progress restarts it)', '30000')
        .option('--connect-timeout <ms>', 'give up connecting after this long', '30000')
        .option('--session <name|id>', SESSION_OPTION_HELP)
        .option(
          '--stdin',
          'with --session: read requests from stdin, one JSON object a line ({"id", "method", "params"}), and print one JSON line per answer; no method argument',
        ),
    ),
  )
    .addHelpText('after', EXIT_CODES_HELP + STDIN_HELP)
    .action(async (method: string | undefined, command: string[], options: { session?: string; stdin?: boolean }) => {
      if (options.session !== undefined) {
        const { runLiveCall } = await import('./commands/live-call.js');
        return done(await runLiveCall(method, command, options, io));
      }
      if (options.stdin) throw new CliError("--stdin goes with --session <name|id> (a running mcpscope's session)");
      if (method === undefined) throw new CliError("missing required argument 'method'");
      const { runCall } = await import('./commands/call.js');
      done(await runCall(method, command, options, io));
    });

  program
    .command('lint')
    .description('run every protocol rule over a recorded trace (v1) and report the findings')
    .argument('[trace]', 'the trace file (NDJSON, from --record or an export)')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json', 'junit']).default('text'))
    .option('--output <file>', 'write the report to this file instead of stdout')
    .option('--session <name|id>', "lint the events of a running mcpscope's session so far (instead of a trace)")
    .addHelpText('after', LINT_EXIT_CODES_HELP)
    .action(async (file: string | undefined, options: { session?: string }) => {
      if (options.session !== undefined) {
        if (file !== undefined) throw new CliError('lint: give a trace file or --session, not both');
        const { runLiveLint } = await import('./commands/live-report.js');
        return done(await runLiveLint(options, io));
      }
      if (file === undefined) throw new CliError('lint needs a trace file (or --session <name|id>)');
      const { runLint } = await import('./commands/lint.js');
      done(await runLint(file, options, io));
    });

  addTelemetryOptions(
    addTargetOptions(
      program
        .command('check')
        .description(
          'connect, list and exercise what the server declares (and read the ui:// resource of each MCP App tool), run every protocol rule, report the findings',
        )
        .usage('[options] [-- command args…]')
        .argument('[command...]', 'the stdio server to run (put it after --)')
        .addOption(new Option('--format <format>', 'report format').choices(['text', 'json', 'junit']).default('text'))
        .option('--output <file>', 'write the report to this file instead of stdout')
        .option('--call-tools', 'also call the tools annotated readOnlyHint (arguments from their inputSchema)')
        .option(
          '--exercise',
          'call EVERY tool (side effects too: use a test server) with schema-derived and with invalid arguments, get prompts with a required argument missing, listen on 2026-07-28; one note per tool',
        )
        .option('--no-probe', 'HTTP servers: skip the Origin/Host (DNS rebinding) probes')
        .option('--timeout <ms>', 'per request', '15000')
        .option('--connect-timeout <ms>', 'give up connecting after this long', '30000')
        .option('--session <name|id>', SESSION_OPTION_HELP),
    ),
  )
    .addHelpText('after', LINT_EXIT_CODES_HELP.replace('trace could not be read', 'server could not be reached'))
    .action(async (command: string[], options: { session?: string }) => {
      if (options.session !== undefined) {
        const { runLiveCheck } = await import('./commands/live-report.js');
        return done(await runLiveCheck(command, options, io));
      }
      const { runCheckCommand } = await import('./commands/check.js');
      done(await runCheckCommand(command, options, io));
    });

  addTraceCommands(program, io, done, collectArg);
  addLiveCommands(program, io, done);
  return program;
}

const TRACE_EXIT_CODES_HELP = `
Exit codes: replay 0 all responses match, 1 some differ or failed (or bad usage), 2 could not
connect. open/mock/wrap: 0 on a clean stop, 1 bad usage; wrap exits with the server's code (128 + the signal number when a SIGTERM, SIGINT or SIGHUP stopped it).`;

/** Open, replay, mock, wrap (loaded on demand like the others). */
function addTraceCommands(program: Command, io: CliIo, done: (code: number) => void, collect: (v: string, p?: string[]) => string[]): void {
  program
    .command('open')
    .description('launch the UI with a trace opened as an offline, read-only session')
    .argument('<trace>', 'a trace file (format v1, NDJSON)')
    .option('--port <n>', 'port of the UI (0 = any free port)', String(DEFAULT_PORT))
    .option('--no-open', 'do not open a browser')
    .option('--traces-dir <dir>', 'the traces folder listed in the UI')
    .option('--memory-budget <MiB>', MEMORY_BUDGET_HELP)
    .addHelpText('after', TRACE_EXIT_CODES_HELP)
    .action(async (trace: string, options: unknown) => {
      const { runOpen } = await import('./commands/open.js');
      done(await runOpen(trace, options, io));
    });
  addTelemetryOptions(
    addTargetOptions(
      program
        .command('replay')
        .description("send a trace's requests to a live server and diff every response with the recorded one")
        .usage('<trace> [target options] [-- command args…]')
        .argument('<trace>', 'a trace file')
        .argument('[command...]', 'the stdio server to run (a target is required; see --use-recorded-command)')
        .option(
          '--use-recorded-command',
          'run the command/URL the trace recorded, printing its argv, cwd and env names first (a trace can be crafted: check it)',
        )
        .option(
          '--ignore <path>',
          'also ignore this field when comparing (repeatable): a JSONPath ($.result.content[0].text) or a JSON pointer with * segments (/result/content/*/text)',
          collect,
        )
        .option(
          '--strict',
          'compare everything: by default timestamps and generated ids inside text, task ids, file:// roots and per-run keys (id, _meta, createdAt…) are ignored, and listed as ignored',
        )
        .option('--junit <file>', 'write a JUnit XML report')
        .option('--timeout <ms>', 'per request', '30000'),
    ),
  )
    .addHelpText('after', TRACE_EXIT_CODES_HELP)
    .action(async (trace: string, command: string[], options: unknown) => {
      const { runReplay } = await import('./commands/replay.js');
      done(await runReplay(trace, command, options, io));
    });
  program
    .command('mock')
    .description('serve a trace as an MCP server (stdio, or Streamable HTTP with --http)')
    .argument('<trace>', 'a trace file')
    .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:<port> (0 = any free port) instead of stdio')
    .addHelpText('after', TRACE_EXIT_CODES_HELP)
    .action(async (trace: string, options: unknown) => {
      const { runMock } = await import('./commands/mock.js');
      done(await runMock(trace, options, io));
    });
  addTelemetryOptions(program.command('wrap'), { traceContext: false })
    .description(
      'sit between a host (Claude Desktop, Cursor) and its server: relay every byte, record the session, show it live in a running UI',
    )
    .usage('[--record <file>] -- command args…  |  --target <url> --listen <port>')
    .argument('[command...]', 'the stdio server (put it after --)')
    .option('--record <file>', 'also write the trace to this file')
    .option('--no-redact', 'keep secrets in the trace')
    .option('--traces-dir <dir>', 'the traces folder')
    .option('--no-record-all', 'do not save the trace to the traces folder')
    .option('--ui <url#token>', 'stream to this mcpscope UI (default: the running one, if any)')
    .option('--target <url>', 'reverse-proxy this Streamable HTTP server')
    .option('--listen <port>', 'with --target: listen on 127.0.0.1:<port>')
    .addHelpText('after', TRACE_EXIT_CODES_HELP)
    .action(async (command: string[], options: unknown) => {
      const { runWrap } = await import('./commands/wrap.js');
      done(await runWrap(command, options, io));
    });
  program
    .command('export')
    .description(
      'convert a trace: OpenTelemetry OTLP/JSON (Jaeger and Grafana Tempo import it), HAR, or the trace itself as one JSON array',
    )
    .argument('<trace>', 'a trace file (format v1, NDJSON)')
    .addOption(
      new Option(
        '--format <format>',
        "otlp: the session's spans by the MCP semantic conventions, with the server spans it recorded; har: its HTTP exchanges; json: every event",
      )
        .choices(['otlp', 'har', 'json'])
        .makeOptionMandatory(),
    )
    .option('--output <file>', 'write to this file instead of stdout')
    .option('--otlp-content', 'otlp: put tool arguments and results in span attributes (redacted)')
    .addHelpText('after', `\nExit codes: 0 written, 1 bad usage, 2 the trace could not be read.`)
    .action(async (trace: string, options: unknown) => {
      const { runExport } = await import('./commands/export.js');
      done(await runExport(trace, options, io));
    });
}

/**
 * Runs mcpscope with `argv` (as process.argv: node, script, …args) and resolves its exit code.
 * `early`: see buildProgram; whoever started it exits the process when this resolves.
 */
export async function run(argv: string[], io: CliIo = processIo, early?: PreStartedUi): Promise<number> {
  let code: number = ExitCode.Ok;
  const program = buildProgram(io, (c) => (code = c), early);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    return reportThrown(err, io.stderr);
  }
}
