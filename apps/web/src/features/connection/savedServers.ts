import { z } from 'zod';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { createValueStore } from '../../lib/valueStore';
import type { SavedConfig } from './connectionForm';

const KEY = 'mcpscope.savedServers';

const SavedConfigSchema = z.object({
  transport: z.enum(['stdio', 'http', 'sse', 'auto']),
  name: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  bearerToken: z.string().optional(),
});

const SavedServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  config: SavedConfigSchema,
  savedAt: z.number(),
  /** Names of values that were left out because they looked secret. */
  omittedSecrets: z.array(z.string()).default([]),
});
export type SavedServer = z.infer<typeof SavedServerSchema>;

/** Header and env names whose values are credentials. */
const SECRET_NAME = /(authorization|cookie|token|secret|password|passwd|api[-_]?key|credential|private[-_]?key)/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * What is written to localStorage: without the bearer token and secret-looking header/env
 * values unless the user explicitly asked to keep them.
 */
export function redactForSaving(config: SavedConfig, keepSecrets: boolean): { config: SavedConfig; omitted: string[] } {
  if (keepSecrets) return { config, omitted: [] };
  const omitted: string[] = [];
  const strip = (record: Record<string, string> | undefined, what: string) => {
    if (!record) return record;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(record)) {
      if (isSecretName(k) && v !== '') {
        omitted.push(`${what} ${k}`);
        out[k] = '';
      } else out[k] = v;
    }
    return out;
  };
  const { bearerToken, ...rest } = config;
  if (bearerToken) omitted.push('bearer token');
  return { config: { ...rest, env: strip(rest.env, 'env'), headers: strip(rest.headers, 'header') }, omitted };
}

export const savedServersStore = createValueStore<readonly SavedServer[]>(readLocalJson(KEY, z.array(SavedServerSchema), []));

function persist(next: readonly SavedServer[]): void {
  savedServersStore.set(next);
  writeLocalJson(KEY, next);
}

/** Saves (or replaces, by name) a server. */
export function saveServer(name: string, config: SavedConfig, keepSecrets: boolean): SavedServer {
  const { config: stored, omitted } = redactForSaving({ ...config, name }, keepSecrets);
  const existing = savedServersStore.getSnapshot().find((s) => s.name === name);
  const entry: SavedServer = {
    id: existing?.id ?? crypto.randomUUID(),
    name,
    config: stored,
    savedAt: Date.now(),
    omittedSecrets: omitted,
  };
  persist([entry, ...savedServersStore.getSnapshot().filter((s) => s.id !== entry.id)]);
  return entry;
}

export function deleteSavedServer(id: string): void {
  persist(savedServersStore.getSnapshot().filter((s) => s.id !== id));
}
