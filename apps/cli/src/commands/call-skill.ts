import type { Session } from '@mcpscope/engine';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { escapeControl } from './escape-control.js';

/**
 * `call skills/get --skill <uri> --load [file]` (SEP-2640): the skill is loaded the way a host
 * loads it — its entry (from skills/list, else skills/get), then SKILL.md, or the one file
 * asked for, read and verified against that entry. Nothing else is fetched. stdout: the entry
 * and the verified file as JSON; a file that fails verification is not printed: exit 7 with
 * the reason on stderr (the server's text, control characters escaped).
 */
export async function loadSkill(session: Session, uri: string, file: string | undefined, io: CliIo): Promise<ExitCodeValue> {
  try {
    const loaded = await session.skills.load(uri, file);
    io.stdout(`${JSON.stringify(loaded, null, 2)}\n`);
    if (!loaded.file.verified) io.stderr('mcpscope: the skill is "dynamic" (no digests): its content could not be verified\n');
    return ExitCode.Ok;
  } catch (err) {
    const { code, data } = err as { code?: string; data?: { reason?: string; differences?: string[] } };
    if (code !== 'ENGINE_SKILL_UNVERIFIED') throw err;
    io.stderr(`mcpscope: not loaded (${data?.reason ?? 'verification'}): ${escapeControl((err as Error).message)}\n`);
    for (const line of data?.differences ?? []) io.stderr(`  ${escapeControl(line)}\n`);
    return ExitCode.SkillUnverified;
  }
}
