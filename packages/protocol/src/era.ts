/** Protocol revisions mcpscope speaks, grouped by era (see ../shared/spec). */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

export type Era = 'legacy' | 'modern';

/** Revisions are dates; 2026-07-28 and later use server/discover instead of initialize. */
export function eraOfVersion(version: string): Era {
  return version >= '2026-07-28' ? 'modern' : 'legacy';
}
