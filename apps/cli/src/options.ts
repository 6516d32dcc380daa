import { Option, type Command } from 'commander';
import { z } from 'zod';
import { CliError } from './exit-codes.js';

export { DEFAULT_PORT } from './launch-argv.js';

/** Commander collects repeatable options as raw strings; zod parses them below. */
function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The options that say which server to connect to; shared by launch and `call`. */
export function addTargetOptions(cmd: Command): Command {
  return cmd
    .option('--url <url>', 'connect to an MCP server over HTTP at this URL')
    .addOption(
      new Option('--transport <kind>', 'stdio | http | sse | auto (default: stdio for a command, auto for --url)').choices([
        'stdio',
        'http',
        'sse',
        'auto',
      ]),
    )
    .option('--header <"Name: value">', 'HTTP header to send (repeatable)', collect)
    .option('--bearer <token>', 'send Authorization: Bearer <token>')
    .option('--oauth', 'authorize with OAuth 2.1 in the system browser (loopback callback)')
    .option('--oauth-headless', 'authorize with OAuth 2.1 by following the redirects without a browser (auto-approving servers)')
    .option('--client-id <id>', 'OAuth: pre-registered client id (default: Dynamic Client Registration)')
    .option('--client-secret <secret>', 'OAuth: client secret of --client-id')
    .option('--scope <scopes>', 'OAuth: scopes to request (space-separated)')
    .option('--token-file <file>', 'OAuth: keep tokens in this file (0600), keyed by issuer and resource')
    .option('--client-metadata-url <url>', 'OAuth: Client ID Metadata Document URL, the client_id when the server supports it')
    .addOption(
      new Option(
        '--grant <grant>',
        "OAuth grant (default: authorization_code); jwt-bearer: workload identity federation (SEP-1933), the workload's JWT from --assertion-file",
      ).choices(['authorization_code', 'client_credentials', 'cross-app-access', 'jwt-bearer']),
    )
    .option(
      '--assertion-file <file>',
      "OAuth --grant jwt-bearer: the file holding the workload's JWT (a platform-issued token; read at each token request)",
    )
    .option('--idp-token-endpoint <url>', 'OAuth cross-app access (SEP-990): the enterprise IdP token endpoint')
    .option('--idp-id-token <jwt>', "OAuth cross-app access: the user's ID token from the IdP (exchanged for an ID-JAG)")
    .option('--idp-client-id <id>', "OAuth cross-app access: this client's id at the IdP")
    .option('--idp-client-secret <secret>', "OAuth cross-app access: this client's secret at the IdP")
    .addOption(
      new Option('--auth-method <method>', 'OAuth: token endpoint auth method (default: from the server metadata)').choices([
        'client_secret_basic',
        'client_secret_post',
        'none',
        'private_key_jwt',
      ]),
    )
    .option('--private-key-jwk <file>', 'OAuth: private_key_jwt signing key, a JWK file with "alg"')
    .option(
      '--dpop',
      'OAuth: ask for DPoP-bound tokens (RFC 9449): a proof on every token request, then the DPoP scheme and a fresh proof on every MCP request (server nonces honoured)',
    )
    .addOption(
      new Option('--dpop-alg <alg>', "OAuth --dpop: the key's algorithm (default: ES256)").choices([
        'ES256',
        'ES384',
        'ES512',
        'RS256',
        'RS384',
        'RS512',
        'PS256',
        'PS384',
        'PS512',
        'EdDSA',
      ]),
    )
    .option('--dpop-key <file>', 'OAuth --dpop: sign the proofs with this private JWK (with "alg") instead of a fresh key')
    .option('-e, --env <KEY=VALUE>', 'environment variable for the server process (repeatable)', collect)
    .option('--cwd <dir>', 'working directory of the server process')
    .option('--config <file>', 'read the server from a Claude Desktop / Cursor / VS Code config file')
    .option('--server <name>', 'which server of --config to use')
    .option('--demo', 'connect to the embedded demo server')
    .addOption(
      new Option('--era <era>', 'auto: server/discover, then initialize (default); legacy: initialize only').choices(['auto', 'legacy']),
    )
    .option(
      '--probe-timeout <ms>',
      'stdio, --era auto: wait this long for an answer to server/discover before taking the server for a legacy one and sending initialize (default: 5000)',
    )
    .option('--record <file>', 'write a trace (format v1, NDJSON) of the session to this file')
    .option('--no-redact', 'keep secrets (tokens, cookies, codes) in the recorded trace');
}

const HeaderSchema = z.string().transform((raw, ctx) => {
  const at = raw.indexOf(':');
  const name = at > 0 ? raw.slice(0, at).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    ctx.addIssue({ code: 'custom', message: `--header "${raw}" must look like "Name: value"` });
    return z.NEVER;
  }
  return [name, raw.slice(at + 1).trim()] as const;
});

const EnvSchema = z.string().transform((raw, ctx) => {
  const at = raw.indexOf('=');
  if (at <= 0) {
    ctx.addIssue({ code: 'custom', message: `--env "${raw}" must look like KEY=VALUE` });
    return z.NEVER;
  }
  return [raw.slice(0, at), raw.slice(at + 1)] as const;
});

export const TargetOptionsSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: '--url must be an http(s) URL' }).optional(),
  transport: z.enum(['stdio', 'http', 'sse', 'auto']).optional(),
  header: z
    .array(HeaderSchema)
    .default([])
    .transform((pairs) => Object.fromEntries(pairs)),
  bearer: z.string().min(1, '--bearer needs a token').optional(),
  oauth: z.boolean().default(false),
  oauthHeadless: z.boolean().default(false),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  scope: z.string().min(1).optional(),
  tokenFile: z.string().min(1).optional(),
  clientMetadataUrl: z.url({ protocol: /^https?$/, error: '--client-metadata-url must be an http(s) URL' }).optional(),
  grant: z.enum(['authorization_code', 'client_credentials', 'cross-app-access', 'jwt-bearer']).optional(),
  assertionFile: z.string().min(1).optional(),
  dpop: z.boolean().default(false),
  dpopAlg: z.enum(['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA']).optional(),
  dpopKey: z.string().min(1).optional(),
  idpTokenEndpoint: z.url({ protocol: /^https?$/, error: '--idp-token-endpoint must be an http(s) URL' }).optional(),
  idpIdToken: z.string().min(1).optional(),
  idpClientId: z.string().min(1).optional(),
  idpClientSecret: z.string().min(1).optional(),
  authMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt']).optional(),
  privateKeyJwk: z.string().min(1).optional(),
  env: z
    .array(EnvSchema)
    .default([])
    .transform((pairs) => Object.fromEntries(pairs)),
  cwd: z.string().min(1).optional(),
  config: z.string().min(1).optional(),
  server: z.string().min(1).optional(),
  demo: z.boolean().default(false),
  era: z.enum(['auto', 'legacy']).optional(),
  probeTimeout: z.coerce
    .number({ error: '--probe-timeout must be a number of milliseconds' })
    .int('--probe-timeout must be a whole number of milliseconds')
    .min(1, '--probe-timeout must be at least 1 ms')
    .max(600_000, '--probe-timeout must be at most 600000 ms')
    .optional(),
  record: z.string().min(1).optional(),
  redact: z.boolean().default(true),
});
export type TargetOptions = z.infer<typeof TargetOptionsSchema>;

/** Parses raw option values at the CLI trust boundary; a bad value is a usage error. */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const messages = result.error.issues.map((i) => {
    const option = i.path.length ? `--${String(i.path[0])}` : 'options';
    return i.message.includes('--') ? i.message : `${option}: ${i.message}`;
  });
  throw new CliError(messages.join('\n'));
}
