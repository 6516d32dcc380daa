import { readFileSync } from 'node:fs';
import { answerHeadless, type Engine, type Session } from '@mcpscope/engine';
import { ownValue } from '@mcpscope/protocol';
import { AnswerFileSchema, type AnswerFile } from '@mcpscope/wire';
import { z } from 'zod';
import { CliError } from './exit-codes.js';
import type { CliIo } from './io.js';

export { AnswerFileSchema, type AnswerFile };

const RootsSchema = z.object({ roots: z.array(z.object({ uri: z.string().min(1), name: z.string().optional() })) });

export function loadAnswerFile(file: string): AnswerFile {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`--answer-file ${file}: ${(err as Error).message}`);
  }
  const parsed = AnswerFileSchema.safeParse(value);
  if (!parsed.success)
    throw new CliError(`--answer-file ${file} must map methods to answers: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** `roots/list` in the answer file sets the session's roots (the engine answers roots/list itself). */
export function rootsOf(answers: AnswerFile): z.infer<typeof RootsSchema>['roots'] | undefined {
  const answer = answers['roots/list'];
  if (!answer || !('result' in answer)) return undefined;
  const parsed = RootsSchema.safeParse(answer.result);
  if (!parsed.success) throw new CliError('--answer-file: "roots/list" must be {"roots": [{"uri": …}]}');
  return parsed.data.roots;
}

/**
 * `call` is headless: every server→client request of the session is answered at once, from the
 * answer file or with the engine's headless refusal (said on stderr), so nothing waits forever.
 */
export function answerCallHeadless(engine: Engine, session: Session, answers: AnswerFile, io: CliIo): () => void {
  return answerHeadless(engine, session, {
    who: 'mcpscope call',
    // The method is the server's string: an own key of the file only (never "constructor" from Object.prototype).
    answerFor: (method) => ownValue(answers, method),
    onRefused: (method) => io.stderr(`mcpscope: the server asked for ${method}; answered with an error (headless, see --answer-file)\n`),
  });
}
