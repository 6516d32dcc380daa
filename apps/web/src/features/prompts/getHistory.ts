import { createSessionHistory, type RequestRecord } from '../../lib/sessionHistory';
import type { GetPromptResult } from './schemas';

/** One prompts/get of the Prompts tab, with the arguments exactly as sent. */
export interface GetRecord extends RequestRecord {
  name: string;
  args: Record<string, string>;
}

export const getHistory = createSessionHistory<GetRecord>('prompts get history');

export function getSummary(result: GetPromptResult): string {
  const n = result.messages.length;
  return `${n} message${n === 1 ? '' : 's'}`;
}

/** `name(a="x", b="y")`, for the history row. */
export function getLabel(e: Pick<GetRecord, 'name' | 'args'>): string {
  const args = Object.entries(e.args).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return args.length ? `${e.name}(${args.join(', ')})` : e.name;
}
