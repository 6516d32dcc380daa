import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';

export interface StoredCredentials {
  tokens?: OAuthTokens & { expires_at?: number };
  client?: OAuthClientInformationMixed;
}

/**
 * Tokens persisted in one JSON file, mode 0600, keyed by `issuer + " " + resource` so a token
 * is never offered to another authorization server or resource.
 */
export class TokenFileStore {
  constructor(readonly path: string) {}

  static key(issuer: string, resource: string): string {
    return `${issuer} ${resource}`;
  }

  private async readAll(): Promise<Record<string, StoredCredentials>> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as Record<string, StoredCredentials>;
    } catch {
      return {};
    }
  }

  async get(key: string): Promise<StoredCredentials | undefined> {
    return (await this.readAll())[key];
  }

  async set(key: string, value: StoredCredentials | undefined): Promise<void> {
    const all = await this.readAll();
    if (value) all[key] = value;
    else delete all[key];
    await mkdir(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(all, null, 2), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, this.path);
  }
}
