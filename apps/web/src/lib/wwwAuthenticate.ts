/** The parameters of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  scheme: string;
  resourceMetadata?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
  params: Record<string, string>;
}

/** Parses one challenge; quoted strings may hold commas and escaped quotes. */
export function parseWwwAuthenticate(header: string | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const m = /^\s*([A-Za-z][\w-]*)\s*(.*)$/s.exec(header);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  const re = /([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (let p = re.exec(m[2] ?? ''); p; p = re.exec(m[2] ?? ''))
    params[p[1]!.toLowerCase()] = p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : (p[3] ?? '');
  return {
    scheme: m[1]!,
    resourceMetadata: params.resource_metadata,
    scope: params.scope,
    error: params.error,
    errorDescription: params.error_description,
    params,
  };
}

/** The challenge of a failed connect's response headers (any letter case). */
export function challengeOf(headers: Record<string, string> | undefined): BearerChallenge | undefined {
  const entry = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'www-authenticate');
  return parseWwwAuthenticate(entry?.[1]);
}
