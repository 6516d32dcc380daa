import type { ExpectMatcherState } from '@playwright/test';
import { sharedSchemaValidator } from '@mcpscope/engine';
import { ruleMeta } from '@mcpscope/protocol/lint';
import { readEvents } from '../frames.js';
import { linkOf } from '../result-links.js';
import { TestSession } from '../test-session.js';
import type { McpFrame, McpTool } from '../types.js';
import { describeFrame, traceHint } from './describe.js';
import type { MatcherResult } from './receiver.js';
import { withoutStack } from '../without-stack.js';

const RULE = 'structured-content-schema';

/** The tool's definition from the latest tools/list answer before frame `seq` (0: any). */
function definitionIn(frames: McpFrame[], tool: string, seq: number): McpTool | undefined {
  let found: McpTool | undefined;
  for (const f of frames) {
    if (seq && f.seq > seq) break;
    if (f.dir !== 'in' || f.channel !== 'server' || f.method !== 'tools/list' || f.kind !== 'response') continue;
    const tools = (f.msg?.result as { tools?: unknown } | undefined)?.tools;
    const def = Array.isArray(tools) ? tools.find((t) => (t as { name?: unknown })?.name === tool) : undefined;
    if (def) found = def as McpTool;
  }
  return found;
}

/**
 * `expect(await mcp.callTool(name, args)).toMatchOutputSchema()`: the result's structuredContent
 * conforms to the tool's outputSchema, judged as the linter's `structured-content-schema` rule
 * does (the same validator). The schema is the one the server listed; when the session never
 * listed its tools, they are listed now (frames `test: tools/list`).
 */
export async function toMatchOutputSchema(this: ExpectMatcherState, received: unknown): Promise<MatcherResult> {
  const link = linkOf(received);
  if (!link)
    throw withoutStack(
      new Error(
        'expect(…).toMatchOutputSchema() takes a result of mcp.callTool(): expect(await mcp.callTool(name, args)).toMatchOutputSchema()',
      ),
    );
  const { frames } = await readEvents(link.handle.session.all());
  let def = definitionIn(frames, link.tool, link.seq);
  if (!def) def = (await new TestSession(link.handle, 0).tools()).find((t) => t.name === link.tool);
  const result = received as { structuredContent?: unknown; isError?: unknown };
  const response = frames.find((f) => f.seq === link.seq);
  const meta = ruleMeta(RULE);
  const hint = this.utils.matcherHint('toMatchOutputSchema', `callTool('${link.tool}')`, '', { isNot: this.isNot });
  const where = response ? `\n  at ${describeFrame(response)}` : '';
  const spec = meta ? `\n  spec ${meta.spec}: "${meta.quote}"` : '';
  const fail = (why: string): MatcherResult => ({
    name: 'toMatchOutputSchema',
    pass: false,
    message: () => `${hint}\n\n${why}${spec}${where}\n\n${traceHint(link.handle.tracePath)}`,
  });
  const schema = def?.outputSchema;
  if (!def) return fail(`The server does not list a tool "${link.tool}", so it has no outputSchema to check against.`);
  if (!schema) return fail(`Tool "${link.tool}" declares no outputSchema.`);
  if (result.isError === true) return fail(`The call returned isError: true; an error result is not checked against the outputSchema.`);
  if (result.structuredContent === undefined)
    return fail(`${RULE}: tool "${link.tool}" declares an outputSchema but returned no structuredContent.`);
  const errors = sharedSchemaValidator()(schema, result.structuredContent);
  const pass = errors.length === 0;
  return {
    name: 'toMatchOutputSchema',
    pass,
    expected: schema,
    actual: result.structuredContent,
    message: () =>
      pass
        ? `${hint}\n\nExpected the structuredContent of "${link.tool}" not to match its outputSchema, but it does.${where}`
        : `${hint}\n\n${RULE}: structuredContent of "${link.tool}" does not match its outputSchema:\n${errors
            .slice(0, 10)
            .map((e) => `  - ${e}`)
            .join('\n')}${spec}${where}\n\n${traceHint(link.handle.tracePath)}`,
  };
}
