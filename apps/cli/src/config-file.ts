import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { SessionConfig } from '@mcpscope/engine';
import { CliError } from './exit-codes.js';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';

/**
 * Reads the MCP server lists other clients keep, so `--config <file> --server <name>` can
 * reuse them:
 * - Claude Desktop / Cursor / Claude Code: `{"mcpServers": {name: {command, args, env, cwd} | {url, headers, type}}}`
 * - VS Code mcp.json: `{"servers": {name: {type: "stdio"|"http"|"sse", command, args, env, url, headers}}}`
 * - VS Code settings.json: the same under `"mcp"`. Comments and trailing commas are allowed.
 */
const stringRecord = z.record(z.string(), z.string());

const StdioEntrySchema = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: stringRecord.default({}),
  cwd: z.string().min(1).optional(),
});

const HTTP_TYPES: Record<string, 'http' | 'sse'> = {
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  streamable_http: 'http',
  sse: 'sse',
};

const HttpEntrySchema = z.looseObject({
  type: z
    .string()
    .refine((t) => t in HTTP_TYPES, { error: 'type must be "http", "streamable-http" or "sse"' })
    .optional(),
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
  headers: stringRecord.default({}),
});

const ServerMapSchema = z.record(z.string(), z.unknown());

const ConfigFileSchema = z.looseObject({
  mcpServers: ServerMapSchema.optional(),
  servers: ServerMapSchema.optional(),
  mcp: z.looseObject({ servers: ServerMapSchema.optional() }).optional(),
});

/** The named server entries of a config file, not yet validated one by one. */
export function serverEntries(text: string, file: string): Record<string, unknown> {
  // VS Code's settings.json and mcp.json allow comments and trailing commas (JSONC).
  const errors: ParseError[] = [];
  const json: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) {
    const first = errors[0];
    throw new CliError(`${file} is not valid JSON: ${printParseErrorCode(first.error)} at offset ${first.offset}`);
  }
  const parsed = ConfigFileSchema.safeParse(json);
  const data = parsed.success ? parsed.data : undefined;
  const servers = data?.mcpServers ?? data?.servers ?? data?.mcp?.servers;
  if (!servers) throw new CliError(`${file} has no "mcpServers", "servers" or "mcp.servers" object`);
  return servers;
}

function issueText(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Validates one server entry and turns it into a SessionConfig. */
export function entryToConfig(name: string, entry: unknown, file: string): SessionConfig {
  const e = entry as Record<string, unknown> | null;
  const isStdio = e !== null && typeof e === 'object' && (e.type === 'stdio' || (e.url === undefined && e.type === undefined));
  if (isStdio) {
    const r = StdioEntrySchema.safeParse(entry);
    if (!r.success) throw new CliError(`server "${name}" in ${file}: ${issueText(r.error)}`);
    const { command, args, env, cwd } = r.data;
    return { transport: 'stdio', command, args, env, ...(cwd ? { cwd } : {}), name };
  }
  const r = HttpEntrySchema.safeParse(entry);
  if (!r.success) throw new CliError(`server "${name}" in ${file}: ${issueText(r.error)}`);
  const transport = r.data.type ? HTTP_TYPES[r.data.type] : 'auto';
  return { transport, url: r.data.url, headers: r.data.headers, name };
}

/** Picks `server` from the config file (or its only server when none is named). */
export function selectServer(text: string, file: string, server: string | undefined): SessionConfig {
  const entries = serverEntries(text, file);
  const names = Object.keys(entries);
  if (server === undefined) {
    if (names.length === 1) return entryToConfig(names[0], entries[names[0]], file);
    throw new CliError(`${file} defines ${names.length} servers; pick one with --server (${names.join(', ') || 'none'})`);
  }
  if (!Object.hasOwn(entries, server)) {
    throw new CliError(`no server "${server}" in ${file}; it has: ${names.join(', ') || 'none'}`);
  }
  return entryToConfig(server, entries[server], file);
}

export function loadServerFromFile(file: string, server: string | undefined): SessionConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read config file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return selectServer(text, file, server);
}
