import type { Client } from '@modelcontextprotocol/client';
import {
  SkillsClient,
  SkillVerificationError,
  type InvalidSkillEntry,
  type Skill,
  type SkillFile,
} from '@modelcontextprotocol/client/ext/skills';
import { EngineError } from '../errors/errors.js';
import { engineErrorFromSdk } from '../errors/sdk-errors.js';

const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** A loaded skill file, as the engine hands it out: the bytes as text (or base64) and what was checked. */
export interface LoadedSkillFile {
  uri: string;
  mimeType?: string;
  size: number;
  /** Size and digest matched the entry (false only for a `"dynamic"` skill, which publishes none). */
  verified: boolean;
  text?: string;
  blob?: string;
  /** SKILL.md only: its frontmatter (equal to the entry's) and the markdown after it. */
  frontmatter?: Record<string, unknown>;
  body?: string;
}

export interface SkillLoad {
  /** The entry the file was verified against, and where it came from. */
  skill: Skill;
  entryFrom: 'skills/list' | 'skills/get';
  file: LoadedSkillFile;
}

function fileOf(f: SkillFile): LoadedSkillFile {
  return {
    uri: f.uri,
    ...(f.mimeType !== undefined ? { mimeType: f.mimeType } : {}),
    size: f.bytes.byteLength,
    verified: f.verified,
    ...(f.text !== undefined ? { text: f.text } : { blob: Buffer.from(f.bytes).toString('base64') }),
    ...(f.frontmatter !== undefined ? { frontmatter: f.frontmatter, body: f.body } : {}),
  };
}

/**
 * SEP-2640 Skills over MCP, host side, on the SDK's SkillsClient (which checks entries and
 * verifies every file: listed, size, `sha256:` digest, and for SKILL.md the frontmatter field by
 * field). Nothing is fetched ahead of need: listing reads no file, loading reads SKILL.md only,
 * a supporting file is read when asked for. The requests go through the session's client, so
 * they are frames like any other (origin: the caller's).
 */
export class SessionSkills {
  constructor(
    private readonly client: () => Client | undefined,
    private readonly timeoutMs = 30_000,
  ) {}

  /** The SDK's skills client on the session's client; the server must declare the extension. */
  private sdk(method: string): SkillsClient {
    const client = this.client();
    if (!client) throw new EngineError('ENGINE_NOT_CONNECTED', 'not connected');
    const sdk = new SkillsClient(client, { skipInvalid: true });
    if (!sdk.supported)
      throw new EngineError('ENGINE_REQUEST_FAILED', `${method}: the server does not declare the ${SKILLS_EXTENSION} extension (SEP-2640)`);
    return sdk;
  }

  /** Whether the server declared the `io.modelcontextprotocol/skills` extension. */
  supported(): boolean {
    const client = this.client();
    return client ? new SkillsClient(client).supported : false;
  }

  /** Every page of skills/list; entries the SDK refused come back in `invalid` with the reason. */
  async list(): Promise<{ skills: Skill[]; invalid: InvalidSkillEntry[] }> {
    const { skills, invalid } = await this.sdk('skills/list')
      .list({}, { timeout: this.timeoutMs })
      .catch((err: unknown) => {
        throw engineErrorFromSdk(err, 'skills/list', this.timeoutMs);
      });
    return { skills, invalid };
  }

  /**
   * Loads a skill by its SKILL.md URI: the entry from the listing (the authoritative record),
   * else from skills/get; then the file (`ref`: SKILL.md by default, or a file of the skill,
   * relative to its root) read and verified against that entry. A file that fails verification
   * is not returned: ENGINE_SKILL_UNVERIFIED, with the reason ("unlisted", "size", "digest",
   * "frontmatter") and, for the frontmatter, one line per differing field.
   */
  async load(uri: string, ref?: string): Promise<SkillLoad> {
    const sdk = this.sdk('skills/get');
    const listed = (await this.list()).skills.find((s) => sameUri(s.uri, uri));
    const timeout = { timeout: this.timeoutMs };
    const skill =
      listed ??
      (await sdk.get(uri, timeout).catch((err: unknown) => Promise.reject(engineErrorFromSdk(err, 'skills/get', this.timeoutMs)))).skill;
    try {
      return { skill, entryFrom: listed ? 'skills/list' : 'skills/get', file: fileOf(await sdk.read(skill, ref, timeout)) };
    } catch (err) {
      if (err instanceof SkillVerificationError) {
        throw new EngineError('ENGINE_SKILL_UNVERIFIED', err.message, {
          cause: err,
          data: { reason: err.reason, uri: err.uri, differences: [...err.differences] },
        });
      }
      throw err instanceof TypeError
        ? new EngineError('ENGINE_REQUEST_FAILED', err.message, { cause: err })
        : engineErrorFromSdk(err, 'resources/read', this.timeoutMs);
    }
  }
}

/** Skill URIs compare after URL normalisation (percent-encoding and case of the scheme). */
function sameUri(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
