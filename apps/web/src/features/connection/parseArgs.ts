/**
 * Splits a command line the way a POSIX shell would for plain words: whitespace separates,
 * '…' is literal, "…" honours \" \\ \$ \` escapes, a backslash outside quotes escapes the next
 * character. No expansion of variables, globs or ~: the server gets exactly what is shown.
 */
export function parseArgs(line: string): { ok: true; args: string[] } | { ok: false; error: string } {
  const args: string[] = [];
  let current = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else current += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) current += line[++i];
      else current += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\') {
      if (i + 1 < line.length) current += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) args.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) return { ok: false, error: `unterminated ${quote === '"' ? 'double' : 'single'} quote` };
  if (inWord) args.push(current);
  return { ok: true, args };
}

/** The inverse, for showing a saved argv in the single-line field. */
export function formatArgs(args: readonly string[]): string {
  return args.map((a) => (a !== '' && /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}
