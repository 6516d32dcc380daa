import { z } from 'zod';

/** The trust boundary for prompts/list and prompts/get results (spec server/prompts#data-types). */
export const PromptArgumentSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
});
export type PromptArgument = z.infer<typeof PromptArgumentSchema>;

export const PromptSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(PromptArgumentSchema).optional(),
});

export const PromptMessageSchema = z.looseObject({
  role: z.string(),
  content: z.unknown(),
});
export const GetPromptResultSchema = z.looseObject({
  description: z.string().optional(),
  messages: z.array(PromptMessageSchema),
});
export type GetPromptResult = z.infer<typeof GetPromptResultSchema>;
