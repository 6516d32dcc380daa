/** Shown when the page has no (valid) per-launch token: the API and socket would refuse us. */
export function TokenScreen({ rejected = false, codeRefused = false }: { rejected?: boolean; codeRefused?: boolean }) {
  const title = codeRefused
    ? 'This link has already been used or has expired'
    : rejected
      ? 'This link has expired'
      : 'Open mcpscope from its launch link';
  return (
    <div
      className="flex h-full items-center justify-center p-6"
      data-testid="token-screen"
      data-reason={codeRefused ? 'code-refused' : rejected ? 'rejected' : 'none'}
    >
      <div className="max-w-lg rounded-lg border border-line bg-panel p-6">
        <h1 className="mb-2 text-base font-semibold">{title}</h1>
        <p className="mb-3 text-muted">
          {codeRefused
            ? 'The links mcpscope opens work once, within 60 seconds. Press Enter in the terminal where mcpscope runs to open a new one.'
            : rejected
              ? 'The proxy did not accept the access token in this tab — it was probably restarted, which creates a new token.'
              : 'This page needs the access token that mcpscope generates each time it starts. It reaches the page through the single-use link mcpscope opens.'}
        </p>
        {codeRefused && (
          <p className="mb-3 text-warn">
            If you did not open this link before, another program on this machine may have used it: stop mcpscope (Ctrl-C) and start it
            again.
          </p>
        )}
        <p className="mb-1 text-muted">Open the link printed in your terminal (or press Enter there for a new one); it looks like:</p>
        <pre className="mb-3 overflow-x-auto rounded border border-line bg-surface p-2 font-mono text-[12px]">
          http://127.0.0.1:PORT/#code=…
        </pre>
        <p className="text-[11px] text-subtle">
          The token keeps other web pages and local processes from driving your MCP servers through this inspector. Start mcpscope with{' '}
          <code className="font-mono">npx mcpscope -- &lt;server command&gt;</code> if it is not running.
        </p>
      </div>
    </div>
  );
}
