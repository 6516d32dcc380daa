import { z } from 'zod';

/**
 * The trust boundary for what a server answers to resources/* (spec server/resources#data-types).
 * Loose: unknown fields are kept, and only what the UI relies on is required.
 */
export const ResourceSchema = z.looseObject({
  uri: z.string(),
  name: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourceTemplateSchema = z.looseObject({
  uriTemplate: z.string(),
  name: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceTemplate = z.infer<typeof ResourceTemplateSchema>;

export const ContentsSchema = z.looseObject({
  uri: z.string().optional(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
});
export const ReadResultSchema = z.looseObject({ contents: z.array(ContentsSchema) });
export type ReadResult = z.infer<typeof ReadResultSchema>;

export const displayName = (r: { title?: string; name?: string }, fallback: string) => r.title || r.name || fallback;
