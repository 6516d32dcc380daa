/** The longest piece of a server's URL quoted in an error. */
const SHOWN = 200;

/**
 * The authorization URL comes from the authorization server's metadata: hostile input. It is
 * opened in a browser (the system one for the CLI, the UI's popup), where a `file:`, `smb:` or a
 * custom scheme (`vscode:`, `ms-…:`) reaches the OS's handlers rather than a web page. Only http(s)
 * is handed to a user agent; whether http is acceptable is a finding (oauth-insecure-endpoint).
 */
export function checkAuthorizationUrl(url: URL): void {
  if (url.protocol === 'https:' || url.protocol === 'http:') return;
  const where = `${url.protocol}//${url.host}${url.pathname}`;
  const shown = where.length > SHOWN ? `${where.slice(0, SHOWN)}…` : where;
  throw new Error(
    `The authorization server's authorization_endpoint is a ${url.protocol} URL (${JSON.stringify(shown)}): mcpscope opens only http and https URLs in a browser, so the authorization stops here`,
  );
}
