/** Shown when the page has no (valid) per-launch token: the API and socket would refuse us. */
export function TokenScreen({ rejected = false }: { rejected?: boolean }) {
  return (
    <div className="flex h-full items-center justify-center p-6" data-testid="token-screen">
      <div className="max-w-lg rounded-lg border border-line bg-panel p-6">
        <h1 className="mb-2 text-base font-semibold">{rejected ? 'This link has expired' : 'Open mcpscope from its launch URL'}</h1>
        <p className="mb-3 text-muted">
          {rejected
            ? 'The proxy did not accept the access token in this tab — it was probably restarted, which creates a new token.'
            : 'This page needs the access token that mcpscope generates each time it starts. It is part of the URL the command prints, after the #.'}
        </p>
        <p className="mb-1 text-muted">Open the URL printed in your terminal, which looks like:</p>
        <pre className="mb-3 overflow-x-auto rounded border border-line bg-surface p-2 font-mono text-[12px]">http://127.0.0.1:PORT/#token=…</pre>
        <p className="text-[11px] text-subtle">
          The token keeps other web pages and local processes from driving your MCP servers through this inspector.
          Start mcpscope with <code className="font-mono">npx mcpscope -- &lt;server command&gt;</code> if it is not running.
        </p>
      </div>
    </div>
  );
}
