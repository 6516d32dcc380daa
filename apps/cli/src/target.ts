import { readFileSync } from 'node:fs';
import type { OAuthConfig, SessionConfig, StdioSessionConfig } from '@mcpscope/engine';
import { z } from 'zod';
import { loadServerFromFile } from './config-file.js';
import { CliError } from './exit-codes.js';
import type { TargetOptions } from './options.js';

export interface TargetContext {
  /** The stdio config of the embedded demo server. */
  demo(): StdioSessionConfig | Promise<StdioSessionConfig>;
  /** Reads a config file into a SessionConfig (injected for tests). */
  loadConfig?(file: string, server: string | undefined): SessionConfig;
}

/** Applies the command-line extras (env, cwd, headers, bearer) to a config, checking they fit its transport. */
function withExtras(config: SessionConfig, opts: TargetOptions): SessionConfig {
  const hasHeaders = Object.keys(opts.header).length > 0;
  if (config.transport === 'stdio') {
    if (opts.oauth || opts.oauthHeadless) throw new CliError('--oauth applies to HTTP servers (--url), not to a command');
    if (hasHeaders || opts.bearer) throw new CliError('--header and --bearer apply to HTTP servers (--url), not to a command');
    return {
      ...config,
      env: { ...config.env, ...opts.env },
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      ...(opts.probeTimeout ? { probeTimeoutMs: opts.probeTimeout } : {}),
    };
  }
  if (Object.keys(opts.env).length > 0 || opts.cwd) throw new CliError('--env and --cwd apply to a command, not to --url');
  // Over HTTP a deployed server answers the probe: silence there is an outage, not a legacy server.
  if (opts.probeTimeout !== undefined) throw new CliError('--probe-timeout applies to a command (stdio), not to --url');
  return {
    ...config,
    headers: { ...config.headers, ...opts.header },
    ...(opts.bearer ? { bearerToken: opts.bearer } : {}),
    ...oauthOf(opts),
  };
}

/** --oauth / --oauth-headless and the client options become the session's OAuthConfig. */
function oauthOf(opts: TargetOptions): { oauth?: OAuthConfig } {
  const extras =
    opts.clientId ||
    opts.clientSecret ||
    opts.scope ||
    opts.tokenFile ||
    opts.clientMetadataUrl ||
    opts.grant ||
    opts.authMethod ||
    opts.privateKeyJwk ||
    opts.idpTokenEndpoint ||
    opts.idpIdToken ||
    opts.assertionFile ||
    opts.dpop ||
    opts.dpopAlg ||
    opts.dpopKey;
  if (!opts.oauth && !opts.oauthHeadless) {
    if (extras)
      throw new CliError(
        '--client-id, --client-secret, --scope, --token-file and the other OAuth client options need --oauth or --oauth-headless',
      );
    return {};
  }
  if (opts.oauth && opts.oauthHeadless) throw new CliError('give --oauth or --oauth-headless, not both');
  if (opts.clientSecret && !opts.clientId) throw new CliError('--client-secret needs --client-id');
  if (opts.grant === 'client_credentials' && !opts.clientId) throw new CliError('--grant client_credentials needs --client-id');
  if (opts.privateKeyJwk && opts.authMethod !== 'private_key_jwt')
    throw new CliError('--private-key-jwk needs --auth-method private_key_jwt');
  const crossApp = crossAppOf(opts);
  const dpop = dpopOf(opts);
  if (opts.assertionFile && opts.grant !== 'jwt-bearer') throw new CliError('--assertion-file goes with --grant jwt-bearer');
  if (opts.grant === 'jwt-bearer' && !opts.assertionFile)
    throw new CliError("--grant jwt-bearer needs --assertion-file (the workload's JWT)");
  return {
    oauth: {
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      scope: opts.scope,
      tokenFile: opts.tokenFile,
      ...(opts.clientMetadataUrl ? { clientMetadataUrl: opts.clientMetadataUrl } : {}),
      ...(opts.grant ? { grant: opts.grant } : {}),
      ...(opts.authMethod ? { authMethod: opts.authMethod } : {}),
      ...(opts.privateKeyJwk ? { privateKeyJwk: readJwk(opts.privateKeyJwk) } : {}),
      ...(crossApp ? { crossApp } : {}),
      ...(opts.assertionFile ? { assertionFile: opts.assertionFile } : {}),
      ...(dpop ? { dpop } : {}),
    },
  };
}

/** --dpop (RFC 9449), with --dpop-alg or --dpop-key. */
function dpopOf(opts: TargetOptions): NonNullable<OAuthConfig['dpop']> | undefined {
  if (!opts.dpop) {
    if (opts.dpopAlg || opts.dpopKey) throw new CliError('--dpop-alg and --dpop-key need --dpop');
    return undefined;
  }
  if (opts.dpopAlg && opts.dpopKey) throw new CliError('give --dpop-alg or --dpop-key, not both (the key names its "alg")');
  if (opts.dpopKey) return { privateKeyJwk: readJwk(opts.dpopKey, '--dpop-key') };
  return opts.dpopAlg ? { alg: opts.dpopAlg } : {};
}

/** --grant cross-app-access (SEP-990) and its --idp-* options. */
function crossAppOf(opts: TargetOptions): OAuthConfig['crossApp'] {
  const idp = opts.idpTokenEndpoint || opts.idpIdToken || opts.idpClientId || opts.idpClientSecret;
  if (opts.grant !== 'cross-app-access') {
    if (idp) throw new CliError('the --idp-* options need --grant cross-app-access');
    return undefined;
  }
  if (!opts.idpTokenEndpoint || !opts.idpIdToken || !opts.idpClientId)
    throw new CliError('--grant cross-app-access needs --idp-token-endpoint, --idp-id-token and --idp-client-id');
  if (!opts.clientId)
    throw new CliError("--grant cross-app-access needs --client-id (the client at the MCP server's authorization server)");
  return {
    idpTokenEndpoint: opts.idpTokenEndpoint,
    idToken: opts.idpIdToken,
    idpClientId: opts.idpClientId,
    ...(opts.idpClientSecret ? { idpClientSecret: opts.idpClientSecret } : {}),
  };
}

const JwkSchema = z.looseObject({ kty: z.string(), alg: z.string() });

/** The --private-key-jwk (or --dpop-key) file: one JSON Web Key with its `alg` (the engine signs with it). */
function readJwk(file: string, option = '--private-key-jwk'): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`${option} ${file}: ${(err as Error).message}`);
  }
  const jwk = JwkSchema.safeParse(raw);
  if (!jwk.success) throw new CliError(`${option} ${file} must hold a JWK with "kty" and "alg"`);
  return jwk.data;
}

function checkTransport(config: SessionConfig, transport: TargetOptions['transport']): SessionConfig {
  if (transport === undefined || transport === config.transport) return config;
  if (config.transport === 'stdio' || transport === 'stdio') {
    throw new CliError(`--transport ${transport} does not fit this target (${config.transport === 'stdio' ? 'a command' : 'a URL'})`);
  }
  return { ...config, transport };
}

/**
 * Turns the target options and the words after `--` into one SessionConfig, or undefined
 * when no target was given (launch then starts with an empty UI).
 */
export async function resolveTarget(opts: TargetOptions, command: string[], ctx: TargetContext): Promise<SessionConfig | undefined> {
  const sources = [command.length > 0 && 'a command', opts.url && '--url', opts.config && '--config', opts.demo && '--demo'].filter(
    Boolean,
  );
  if (sources.length > 1) throw new CliError(`give one target, not ${sources.join(' and ')}`);
  if (opts.server && !opts.config) throw new CliError('--server needs --config <file>');

  let config: SessionConfig | undefined;
  if (command.length > 0) {
    const [cmd, ...args] = command;
    config = { transport: 'stdio', command: cmd, args, env: {} };
  } else if (opts.url) {
    config = { transport: 'auto', url: opts.url, headers: {} };
  } else if (opts.config) {
    config = (ctx.loadConfig ?? loadServerFromFile)(opts.config, opts.server);
  } else if (opts.demo) {
    config = await ctx.demo();
  }
  if (!config) {
    const extras =
      opts.transport ||
      opts.era ||
      opts.probeTimeout ||
      opts.bearer ||
      opts.cwd ||
      Object.keys(opts.header).length ||
      Object.keys(opts.env).length;
    if (extras) throw new CliError('target options need a target: -- <command> [args…], --url, --config or --demo');
    return undefined;
  }
  const withEra = opts.era ? { ...config, era: opts.era } : config;
  return withExtras(checkTransport(withEra, opts.transport), opts);
}

export { describeTarget } from './format-error.js';
