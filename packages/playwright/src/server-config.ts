import type { OpenOptions, SessionConfig } from '@mcpscope/engine';
import { headlessUserAgent } from '@mcpscope/engine';
import { z } from 'zod';
import { McpServerOptionError } from './server-option-error.js';

const Era = z.enum(['auto', 'legacy']).optional();
const StringMap = z.record(z.string(), z.string());

const StdioSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: StringMap.optional(),
  cwd: z.string().min(1).optional(),
  era: Era,
  name: z.string().optional(),
});

const HttpSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'url must be an http:// or https:// URL' }),
  transport: z.enum(['auto', 'http', 'sse']).optional(),
  headers: StringMap.optional(),
  bearer: z.string().min(1).optional(),
  oauth: z
    .strictObject({
      grant: z.enum(['client_credentials', 'authorization_code']).optional(),
      clientId: z.string().min(1).optional(),
      clientSecret: z.string().min(1).optional(),
      scope: z.string().optional(),
      resource: z.string().optional(),
      authMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
    })
    .optional(),
  era: Era,
  name: z.string().optional(),
});

/**
 * The `mcpServer` option, checked where the user wrote it (playwright.config `use:`, `test.use`)
 * and turned into the engine's session config and open options. A mistake names the field.
 */
export function sessionConfigOf(option: unknown): { config: SessionConfig; open: Partial<OpenOptions> } {
  if (option === undefined || option === null) {
    throw new McpServerOptionError(
      'no server to test: set the mcpServer option, e.g. test.use({ mcpServer: { command: "node", args: ["server.js"] } }) or { url: "http://127.0.0.1:3000/mcp" }',
    );
  }
  const isUrl = typeof option === 'object' && Object.hasOwn(option, 'url');
  const parsed = (isUrl ? HttpSchema : StdioSchema).safeParse(option);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new McpServerOptionError(
      `mcpServer is not a ${isUrl ? '{ url, headers?, … }' : '{ command, args?, env?, cwd? }'} server: ${issues}`,
    );
  }
  if ('command' in parsed.data) {
    const s = parsed.data;
    return {
      config: {
        transport: 'stdio',
        command: s.command,
        args: s.args ?? [],
        env: s.env ?? {},
        ...(s.cwd ? { cwd: s.cwd } : {}),
        ...(s.era ? { era: s.era } : {}),
        ...(s.name ? { name: s.name } : {}),
      },
      open: {},
    };
  }
  const s = parsed.data as z.infer<typeof HttpSchema>;
  const oauth = s.oauth && { ...s.oauth, grant: s.oauth.grant ?? (s.oauth.clientSecret ? 'client_credentials' : 'authorization_code') };
  return {
    config: {
      transport: s.transport ?? 'auto',
      url: s.url,
      headers: s.headers ?? {},
      ...(s.bearer ? { bearerToken: s.bearer } : {}),
      ...(oauth ? { oauth } : {}),
      ...(s.era ? { era: s.era } : {}),
      ...(s.name ? { name: s.name } : {}),
    },
    // Nobody is there to log in: an authorization code grant follows the redirects itself (auto-approving servers only).
    open: oauth?.grant === 'authorization_code' ? { oauthUserAgent: headlessUserAgent() } : {},
  };
}
