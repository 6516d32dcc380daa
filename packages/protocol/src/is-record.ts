/** A plain object (not null, not an array): the first check on every value read from the wire, a trace or a server. */
export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
