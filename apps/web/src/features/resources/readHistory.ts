import { createSessionHistory, type RequestRecord } from '../../lib/sessionHistory';
import type { ReadResult } from './schemas';

/** One resources/read of the Resources tab. */
export interface ReadRecord extends RequestRecord {
  uri: string;
}

export const readHistory = createSessionHistory<ReadRecord>('resources read history');

/** "2 contents (text/plain, image/png)". */
export function readSummary(result: ReadResult): string {
  const n = result.contents.length;
  const types = [...new Set(result.contents.map((c) => c.mimeType).filter((t): t is string => typeof t === 'string'))].slice(0, 3);
  return `${n} content${n === 1 ? '' : 's'}${types.length ? ` (${types.join(', ')})` : ''}`;
}
