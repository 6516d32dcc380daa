/**
 * mcpscope and its MCP App sandbox listen on the same host, on two ports. A browser reaches both
 * under the host name it used for mcpscope (127.0.0.1, localhost, [::1], or an interface address
 * when bound to a wildcard with --allow-remote), so each origin is derived from the other's
 * request: the name from the Host header (already accepted by the host guard), the other port.
 */

/** `127.0.0.1:5000` → `127.0.0.1`, `[::1]:5000` → `[::1]`, lower-cased. */
export function hostnameOf(authority: string): string {
  const a = authority.toLowerCase();
  if (a.startsWith('[')) return a.slice(0, a.indexOf(']') + 1);
  const colon = a.lastIndexOf(':');
  return colon === -1 ? a : a.slice(0, colon);
}

/** `http://<the name in authority>:<port>`. */
export function sameHostOrigin(authority: string, port: number): string {
  return `http://${hostnameOf(authority)}:${port}`;
}
