/** ui/open-link asks first: the URL as the app sent it (http/https only), Allow or Deny. */
export function OpenLinkDialog({ url, onAnswer }: { url: string; onAnswer: (allow: boolean) => void }) {
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-surface/70 p-3">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="app-open-link-title"
        className="w-full max-w-md rounded border border-line bg-panel p-3 shadow-lg"
        data-testid="app-open-link-dialog"
      >
        <p id="app-open-link-title" className="font-semibold">
          The app wants to open a link
        </p>
        <p className="mt-1 font-mono text-xs break-all text-fg" data-testid="app-open-link-url">
          {url}
        </p>
        <p className="mt-1 text-[11px] text-muted">It opens in a new tab, without access to mcpscope (noopener, noreferrer).</p>
        <div className="mt-2 flex justify-end gap-2">
          <button className="btn" onClick={() => onAnswer(false)} data-testid="app-open-link-deny">
            Deny
          </button>
          <button className="btn btn-primary" onClick={() => onAnswer(true)} data-testid="app-open-link-allow" autoFocus>
            Open link
          </button>
        </div>
      </div>
    </div>
  );
}
