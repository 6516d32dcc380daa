import { isRecord } from '@mcpscope/protocol';
/**
 * A `sampling/createMessage` request read for display (spec 2025-11-25 and 2026-07-28
 * client/sampling). Nothing is dropped: fields the spec does not define land in `extra`, and
 * what breaks a MUST is listed in `problems` (a debugger shows the request as it came).
 */
export type ContentBlock = Record<string, unknown> & { type?: unknown };

export interface SamplingMessageView {
  role: string;
  content: ContentBlock[];
}

export interface ModelPreferencesView {
  hints: string[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
}

export interface SamplingToolView {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface SamplingRequestView {
  messages: SamplingMessageView[];
  systemPrompt?: string;
  modelPreferences?: ModelPreferencesView;
  maxTokens?: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: string;
  tools?: SamplingToolView[];
  toolChoice?: unknown;
  metadata?: unknown;
  /** Fields outside the spec's CreateMessageRequestParams (except `_meta`). */
  extra: Record<string, unknown>;
  problems: string[];
}

const KNOWN = new Set([
  'messages',
  'systemPrompt',
  'modelPreferences',
  'maxTokens',
  'temperature',
  'stopSequences',
  'includeContext',
  'tools',
  'toolChoice',
  'metadata',
  '_meta',
  'task',
]);

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function blocks(content: unknown): ContentBlock[] {
  if (Array.isArray(content)) return content.map((c) => (isRecord(c) ? c : { type: 'invalid', value: c }));
  if (isRecord(content)) return [content];
  return [{ type: 'invalid', value: content }];
}

/** What the client declared, to flag requests it should never have received. */
export interface SamplingClientCaps {
  tools: boolean;
  context: boolean;
}

export function readSamplingRequest(params: unknown, caps: SamplingClientCaps = { tools: false, context: false }): SamplingRequestView {
  const p = isRecord(params) ? params : {};
  const problems: string[] = [];
  const rawMessages = Array.isArray(p.messages) ? p.messages : [];
  if (!Array.isArray(p.messages)) problems.push('messages is missing or not an array');
  const messages = rawMessages.map((m, i): SamplingMessageView => {
    const msg = isRecord(m) ? m : {};
    const role = typeof msg.role === 'string' ? msg.role : '(none)';
    if (role !== 'user' && role !== 'assistant')
      problems.push(`messages[${i}].role must be "user" or "assistant", got ${JSON.stringify(msg.role)}`);
    const content = blocks(msg.content);
    // spec client/sampling "Tool Result Messages": a message with tool results MUST contain only tool results.
    const results = content.filter((c) => c.type === 'tool_result').length;
    if (results > 0 && results < content.length)
      problems.push(`messages[${i}] mixes tool_result with other content (MUST contain only tool results)`);
    return { role, content };
  });

  const maxTokens = num(p.maxTokens);
  if (maxTokens === undefined) problems.push('maxTokens is required');

  let modelPreferences: ModelPreferencesView | undefined;
  if (isRecord(p.modelPreferences)) {
    const mp = p.modelPreferences;
    const hints = Array.isArray(mp.hints)
      ? mp.hints.map((h) => (isRecord(h) && typeof h.name === 'string' ? h.name : JSON.stringify(h)))
      : [];
    modelPreferences = {
      hints,
      costPriority: num(mp.costPriority),
      speedPriority: num(mp.speedPriority),
      intelligencePriority: num(mp.intelligencePriority),
    };
    for (const key of ['costPriority', 'speedPriority', 'intelligencePriority'] as const) {
      const v = modelPreferences[key];
      if (v !== undefined && (v < 0 || v > 1)) problems.push(`modelPreferences.${key} must be between 0 and 1, got ${v}`);
    }
  }

  let tools: SamplingToolView[] | undefined;
  if (Array.isArray(p.tools)) {
    tools = p.tools.map((t) => {
      const tool = isRecord(t) ? t : {};
      return {
        name: typeof tool.name === 'string' ? tool.name : '(unnamed)',
        description: typeof tool.description === 'string' ? tool.description : undefined,
        inputSchema: tool.inputSchema,
      };
    });
    // spec client/sampling "Tools in Sampling": servers MUST NOT send tools unless the client declared sampling.tools.
    if (!caps.tools)
      problems.push(
        'The request has tools, but the client did not declare sampling.tools (servers MUST NOT send tool-enabled sampling requests then)',
      );
  }
  const includeContext = typeof p.includeContext === 'string' ? p.includeContext : undefined;
  if (includeContext && includeContext !== 'none' && !caps.context) {
    problems.push(`includeContext "${includeContext}" is deprecated and the client did not declare sampling.context`);
  }

  const extra = Object.fromEntries(Object.entries(p).filter(([k]) => !KNOWN.has(k)));
  return {
    messages,
    systemPrompt: typeof p.systemPrompt === 'string' ? p.systemPrompt : undefined,
    modelPreferences,
    maxTokens,
    temperature: num(p.temperature),
    stopSequences: Array.isArray(p.stopSequences) ? p.stopSequences.map(String) : undefined,
    includeContext,
    tools,
    toolChoice: p.toolChoice,
    metadata: p.metadata,
    extra,
    problems,
  };
}
