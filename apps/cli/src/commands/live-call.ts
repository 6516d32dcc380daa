import { z } from 'zod';
import { checkParamOptions } from '../call-params.js';
import { CliError } from '../exit-codes.js';
import { loadAnswerFile, rootsOf } from '../headless-answers.js';
import type { CliIo } from '../io.js';
import { callOnSession } from '../live/call-on-session.js';
import { findSession } from '../live/locate.js';
import { refuseTargetOptions, SessionRefSchema } from '../live/refuse-target.js';
import { parseOptions } from '../options.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { CallOptionsSchema } from './call.js';

export const LiveCallOptionsSchema = CallOptionsSchema.extend({ session: SessionRefSchema, stdin: z.boolean().default(false) });
/** The proxy bounds a request's wait at one hour. */
export const MAX_LIVE_TIMEOUT_MS = 3_600_000;

/** What --stdin cannot be combined with: each line says its own method and params. */
const PER_REQUEST = ['params', 'tool', 'arg', 'uri', 'prompt', 'skill'] as const;

/**
 * `mcpscope call <method> --session <name|id>` (or `--stdin`): the request goes through a running
 * mcpscope's API on one of its sessions (the one the browser shows, live), with the same output
 * and exit codes as a direct `call`. The connection stays up for the next command. The options are
 * checked here; live/call-on-session.ts runs it (so does the fast path, live/fast-live.ts).
 */
export async function runLiveCall(method: string | undefined, command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(LiveCallOptionsSchema, rawOptions);
  refuseTargetOptions(opts, command, 'call');
  const raw = rawOptions as { task?: unknown; taskTtl?: unknown; load?: unknown };
  if (raw.task || raw.taskTtl !== undefined)
    throw new CliError('call --task --session is not supported yet: run the task from the Tools tab of the UI, or call without --session');
  if (opts.timeout > MAX_LIVE_TIMEOUT_MS) throw new CliError(`--timeout with --session: at most ${MAX_LIVE_TIMEOUT_MS} ms`);
  if (opts.stdin) {
    if (method !== undefined) throw new CliError('call --stdin takes no method: each line is a request {"method", "params"}');
    const given = PER_REQUEST.filter((k) => (k === 'arg' ? opts.arg.length > 0 : opts[k] !== undefined));
    if (given.length > 0 || raw.load !== undefined)
      throw new CliError(
        `call --stdin: each line carries its own params; drop ${[...given, ...(raw.load !== undefined ? ['load'] : [])].map((k) => `--${k}`).join(', ')}`,
      );
  } else {
    if (method === undefined) throw new CliError("missing required argument 'method' (or --stdin with --session)");
    checkParamOptions(method, opts);
  }
  const answers = opts.answerFile ? loadAnswerFile(opts.answerFile) : undefined;
  if (answers) rootsOf(answers); // its roots are checked here, so a bad file says so before anything is sent
  const found = await findSession(opts.session, io.env as NodeJS.ProcessEnv);
  return callOnSession(found, method, { ...opts, answers }, io);
}
