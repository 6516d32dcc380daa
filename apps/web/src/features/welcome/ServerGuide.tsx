import { useServerGuideModel } from './useServerGuideModel';

/**
 * Where to start on a server that is not the demo (the demo has its own guide): one slim line
 * above the views with a button per thing the server declared, dismissed per server with ✕.
 */
export function ServerGuide() {
  const m = useServerGuideModel();
  if (!m.visible) return null;
  return (
    <div
      className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-line bg-accent/5 px-2 py-1 text-[12px]"
      role="region"
      aria-label="Where to start"
      data-testid="server-guide"
    >
      <span className="max-w-[40%] min-w-0 truncate font-semibold text-accent" title={m.name}>
        {m.name}
      </span>
      <span className="text-muted" title={m.protocol ? `Connected (protocol ${m.protocol})` : 'Connected'}>
        · start here:
      </span>
      {m.steps.map((s) => (
        <button key={s.id} className="btn h-5 px-1.5" title={s.hint} data-testid="server-guide-step" data-step={s.id} onClick={s.run}>
          {s.label}
        </button>
      ))}
      <span className="flex-1" />
      <button
        className="btn btn-ghost h-5 w-5 justify-center px-0 text-subtle"
        title="Hide this for this server (remembered in this browser)"
        aria-label="Dismiss where to start"
        data-testid="server-guide-dismiss"
        onClick={m.dismiss}
      >
        ✕
      </button>
    </div>
  );
}
