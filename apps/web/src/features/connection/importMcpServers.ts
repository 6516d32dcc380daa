import { z } from 'zod';
import type { SavedConfig } from './connectionForm';

/**
 * Reads the `mcpServers` snippet used by Claude Desktop, Cursor, VS Code and friends:
 *   { "mcpServers": { "name": { "command", "args", "env", "cwd" } | { "url", "type", "headers" } } }
 * The wrapper may be omitted. VS Code's `servers` key is accepted too.
 */
const EntrySchema = z.looseObject({
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  serverUrl: z.string().optional(),
  type: z.string().optional(),
  transport: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

function transportOf(entry: z.infer<typeof EntrySchema>): SavedConfig['transport'] {
  const t = (entry.type ?? entry.transport ?? '').toLowerCase().replace(/[-_]/g, '');
  if (t === 'sse') return 'sse';
  if (t === 'http' || t === 'streamablehttp') return 'http';
  return 'auto';
}

export function importMcpServers(
  text: string,
): { ok: true; servers: Array<{ name: string; config: SavedConfig }> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Not valid JSON: ${(err as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'Expected a JSON object' };
  const root = value as Record<string, unknown>;
  const map = (root.mcpServers ?? root.servers ?? root) as unknown;
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return { ok: false, error: '"mcpServers" must be an object' };
  const servers: Array<{ name: string; config: SavedConfig }> = [];
  for (const [name, raw] of Object.entries(map)) {
    const parsed = EntrySchema.safeParse(raw);
    if (!parsed.success) return { ok: false, error: `Server "${name}": ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    const e = parsed.data;
    const url = e.url ?? e.serverUrl;
    if (e.command) {
      servers.push({
        name,
        config: { transport: 'stdio', name, command: e.command, args: e.args ?? [], env: e.env ?? {}, ...(e.cwd ? { cwd: e.cwd } : {}) },
      });
    } else if (url) {
      servers.push({ name, config: { transport: transportOf(e), name, url, headers: e.headers ?? {} } });
    } else {
      return { ok: false, error: `Server "${name}" has neither "command" nor "url"` };
    }
  }
  if (servers.length === 0) return { ok: false, error: 'No servers found' };
  return { ok: true, servers };
}
