import { headlessUserAgent, loopbackUserAgent, type OpenOptions, type SessionConfig } from '@mcpscope/engine';
import type { CliIo } from './io.js';
import { openBrowser } from './open-browser.js';
import type { TargetOptions } from './options.js';

/**
 * The user agent of a headless command's OAuth flow: `--oauth-headless` follows the redirect
 * chain itself; `--oauth` opens the system browser and listens on a loopback port for the
 * callback (RFC 8252 §7.3), so the config's redirect URI is set to that port here.
 */
export async function oauthAgent(opts: TargetOptions, config: SessionConfig, io: CliIo): Promise<Pick<OpenOptions, 'oauthUserAgent'>> {
  if (config.transport === 'stdio' || !config.oauth) return {};
  if (opts.oauthHeadless) return { oauthUserAgent: headlessUserAgent() };
  const loop = await loopbackUserAgent((url) => {
    io.stderr(`Opening the browser to authorize: ${url}\n`);
    openBrowser(url, io);
  });
  config.oauth.redirectUrl = loop.redirectUrl;
  return { oauthUserAgent: (url) => loop.agent(url) };
}
