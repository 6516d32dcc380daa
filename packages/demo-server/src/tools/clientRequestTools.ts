import {
  acceptedContent,
  type CallToolResult,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  inputRequired,
  type InputRequiredResult,
  inputResponse,
  type McpServer,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

/**
 * Tools that need something from the client: sampling, form elicitation, roots.
 *
 * Each handler is written once as a multi-round-trip handler (spec 2026-07-28:
 * basic/patterns/mrtr): it returns `input_required` until the answer is in
 * `ctx.mcpReq.inputResponses`. On 2026-07-28 the client answers and retries; on a
 * 2025-era connection the SDK's legacy shim sends real `sampling/createMessage`,
 * `elicitation/create` and `roots/list` requests and re-enters the handler.
 */

const profileSchema = z.object({
  name: z.string().min(1).meta({ title: 'Your name', description: 'What should we call you?' }),
  colour: z.enum(['red', 'green', 'blue']).meta({ title: 'Favourite colour' }),
  subscribe: z.boolean().default(false).meta({ title: 'Subscribe to the newsletter' }),
  age: z.number().min(0).max(150).optional().meta({ title: 'Age' }),
});

function samplingText(result: CreateMessageResult | CreateMessageResultWithTools): string {
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

export function registerClientRequestTools(server: McpServer): void {
  server.registerTool(
    'ask_llm',
    {
      title: 'Ask the client LLM',
      description: "Asks the client's model a question (sampling/createMessage).",
      inputSchema: z.object({
        question: z.string().describe('Question for the model'),
        maxTokens: z.number().int().min(1).max(4096).default(200),
      }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ question, maxTokens }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'answer');
      if (view.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            answer: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: question } }],
              systemPrompt: 'You are a helpful assistant answering on behalf of the mcpscope demo server.',
              modelPreferences: { hints: [{ name: 'claude' }], intelligencePriority: 0.5, speedPriority: 0.5 },
              maxTokens,
            }),
          },
        });
      }
      return { content: [{ type: 'text', text: `${view.result.model} answered: ${samplingText(view.result)}` }] };
    },
  );

  server.registerTool(
    'ask_user',
    {
      title: 'Ask the user',
      description: 'Asks the user to fill a small form (elicitation/create, form mode).',
      inputSchema: z.object({ message: z.string().default('Tell us about yourself') }),
      annotations: { readOnlyHint: true },
    },
    async ({ message }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'profile');
      if (view.kind === 'elicit' && view.action !== 'accept') {
        return { content: [{ type: 'text', text: `The user chose to ${view.action}.` }] };
      }
      const profile = acceptedContent(ctx.mcpReq.inputResponses, 'profile', profileSchema);
      if (profile === undefined) {
        return inputRequired({ inputRequests: { profile: inputRequired.elicit({ message, requestedSchema: profileSchema }) } });
      }
      return {
        content: [{ type: 'text', text: `Hello ${profile.name}! Favourite colour: ${profile.colour}.` }],
        structuredContent: profile,
      };
    },
  );

  server.registerTool(
    'list_roots',
    {
      title: 'List client roots',
      description: "Reads the client's roots (roots/list).",
      annotations: { readOnlyHint: true },
    },
    async (ctx): Promise<CallToolResult | InputRequiredResult> => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (view.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      const lines = view.roots.map((root) => `${root.name ?? '(unnamed)'}: ${root.uri}`);
      return {
        content: [{ type: 'text', text: lines.length === 0 ? 'The client has no roots.' : lines.join('\n') }],
        structuredContent: { roots: view.roots },
      };
    },
  );
}
