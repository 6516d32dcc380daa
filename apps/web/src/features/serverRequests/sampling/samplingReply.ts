import { z } from 'zod';
import type { SamplingRequestView } from './samplingRequest';

/**
 * The reply a person writes to `sampling/createMessage`: a CreateMessageResult (spec
 * client/sampling "Result Fields"), checked with zod before it is sent so a typo never reaches
 * the server as a malformed result. Extra fields (`_meta`, annotations) are kept.
 */
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const ImageBlock = z.looseObject({ type: z.literal('image'), data: base64, mimeType: z.string().min(1) });
const AudioBlock = z.looseObject({ type: z.literal('audio'), data: base64, mimeType: z.string().min(1) });
const ToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  toolUseId: z.string().min(1),
  content: z.array(z.looseObject({ type: z.string() })),
  isError: z.boolean().optional(),
});

export const SamplingContentBlockSchema = z.discriminatedUnion('type', [TextBlock, ImageBlock, AudioBlock, ToolUseBlock, ToolResultBlock]);

export const CreateMessageResultSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([SamplingContentBlockSchema, z.array(SamplingContentBlockSchema).min(1)]),
  model: z.string().min(1, 'model is required: the name of the model that generated the message'),
  stopReason: z.string().optional(),
});
export type CreateMessageResult = z.infer<typeof CreateMessageResultSchema>;

export const STOP_REASONS = ['endTurn', 'stopSequence', 'maxTokens', 'toolUse'] as const;

export interface SamplingDraft {
  role: 'assistant' | 'user';
  model: string;
  /** '' sends no stopReason (it is optional). */
  stopReason: string;
  mode: 'text' | 'json';
  text: string;
  /** The `content` value as JSON (a block or an array of blocks). */
  json: string;
}

export const REJECT_SAMPLING = { error: { code: -1, message: 'User rejected sampling request' } } as const;

export function initialSamplingDraft(request: SamplingRequestView): SamplingDraft {
  const tool = request.tools?.[0];
  const content = tool ? { type: 'tool_use', id: 'call_1', name: tool.name, input: {} } : { type: 'text', text: '' };
  return {
    role: 'assistant',
    model: 'mcpscope-manual',
    stopReason: 'endTurn',
    mode: 'text',
    text: '',
    json: JSON.stringify(content, null, 2),
  };
}

/** Switching modes carries the text over, so nothing typed is lost. */
export function switchMode(draft: SamplingDraft, mode: SamplingDraft['mode']): SamplingDraft {
  if (mode === draft.mode) return draft;
  if (mode === 'json')
    return { ...draft, mode, json: draft.text ? JSON.stringify({ type: 'text', text: draft.text }, null, 2) : draft.json };
  try {
    const v = JSON.parse(draft.json) as unknown;
    const block = Array.isArray(v) && v.length === 1 ? v[0] : v;
    if (block && typeof block === 'object' && (block as { type?: unknown }).type === 'text')
      return { ...draft, mode, text: String((block as { text?: unknown }).text ?? '') };
  } catch {
    // Unparsable JSON stays in the JSON draft; the text box keeps its own value.
  }
  return { ...draft, mode };
}

export type SamplingBuild =
  | { ok: true; result: CreateMessageResult; warnings: string[] }
  | { ok: false; errors: string[]; warnings: string[] };

function issuePath(path: PropertyKey[]): string {
  return path.length === 0
    ? 'result'
    : path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '');
}

/** The result to send, or why it cannot be sent. Warnings do not block (it is a debugger). */
export function buildSamplingResult(draft: SamplingDraft, request?: SamplingRequestView): SamplingBuild {
  let content: unknown;
  if (draft.mode === 'text') {
    content = { type: 'text', text: draft.text };
  } else {
    try {
      content = JSON.parse(draft.json);
    } catch (err) {
      return { ok: false, errors: [`content is not valid JSON: ${(err as Error).message}`], warnings: [] };
    }
  }
  const candidate = { role: draft.role, content, model: draft.model.trim(), ...(draft.stopReason ? { stopReason: draft.stopReason } : {}) };
  // The content union is checked by its branch, so errors name the field (not "invalid union").
  const schema = CreateMessageResultSchema.extend({
    content: Array.isArray(content) ? z.array(SamplingContentBlockSchema).min(1) : SamplingContentBlockSchema,
  });
  const parsed = schema.safeParse(candidate);
  const warnings = replyWarnings(candidate, request);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => `${issuePath(i.path)}: ${i.message}`), warnings };
  return { ok: true, result: parsed.data, warnings };
}

function replyWarnings(candidate: { content: unknown; stopReason?: string }, request?: SamplingRequestView): string[] {
  const list = Array.isArray(candidate.content) ? candidate.content : [candidate.content];
  const toolUses = list.filter((b) => (b as { type?: unknown } | null)?.type === 'tool_use');
  const warnings: string[] = [];
  if (toolUses.length > 0 && !request?.tools?.length) warnings.push('The reply uses tools, but the request offered none');
  if (toolUses.length > 0 && candidate.stopReason !== 'toolUse') warnings.push('A reply with tool_use usually has stopReason "toolUse"');
  if (candidate.stopReason === 'toolUse' && toolUses.length === 0)
    warnings.push('stopReason is "toolUse" but the reply has no tool_use block');
  const names = new Set(request?.tools?.map((t) => t.name));
  for (const t of toolUses) {
    const name = (t as { name?: unknown }).name;
    if (request?.tools?.length && typeof name === 'string' && !names.has(name))
      warnings.push(`tool_use "${name}" is not one of the tools offered`);
  }
  return warnings;
}
