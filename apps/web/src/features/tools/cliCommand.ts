/**
 * A call as a `mcpscope call` command line, to reproduce it headless: what the history's
 * CLI copy button puts on the clipboard. POSIX shell quoting: everything that is not obviously safe
 * goes in single quotes, with embedded single quotes written as '\''.
 */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface CallTarget {
  transport: 'stdio' | 'http' | 'sse';
  /** The command line (space-joined) for stdio, the URL otherwise; SessionInfo.target. */
  target: string;
  /** argv when known exactly (a space inside an argument is otherwise ambiguous). */
  argv?: string[];
}

export function mcpscopeCallCommand(session: CallTarget, toolName: string, args: unknown): string {
  const params = JSON.stringify({ arguments: args ?? {} });
  const words = ['mcpscope', 'call', 'tools/call', '--tool', shellQuote(toolName), '--params', shellQuote(params)];
  if (session.transport === 'stdio') {
    const argv = session.argv ?? session.target.split(/\s+/).filter(Boolean);
    words.push('--', ...argv.map(shellQuote));
  } else {
    words.push('--url', shellQuote(session.target));
    if (session.transport === 'sse') words.push('--transport', 'sse');
  }
  return words.join(' ');
}
