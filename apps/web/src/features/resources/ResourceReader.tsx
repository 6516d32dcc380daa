import { formatClock } from '../../lib/format';
import { RpcError } from '../../lib/workbenchApi';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { JsonTree } from '../../ui/JsonTree';
import { ResourceContents } from '../../ui/content/ResourceContents';
import type { ResourcesModel } from './useResourcesModel';

/** Read / subscribe controls for one URI, the update indicator, and the contents read. */
export function ResourceReader({ m, uri }: { m: ResourcesModel; uri: string | null }) {
  const subscribed = uri !== null && m.isSubscribed(uri);
  const sub = m.subscribeFeature;
  const pending = m.subscription.isPending;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1">
        <button
          className="btn btn-primary"
          data-testid="resource-read"
          disabled={!uri || !m.connected || m.read.isFetching}
          onClick={() => uri && m.readNow(uri)}
          title={m.blockedReason ?? 'resources/read'}
        >
          {m.read.isFetching ? 'Reading…' : uri === m.readUri && m.read.data ? '↻ Re-read' : 'Read'}
        </button>
        <button
          className={`btn ${subscribed ? 'border-accent text-accent' : ''}`}
          data-testid="resource-subscribe"
          aria-pressed={subscribed}
          disabled={!uri || (!subscribed && !sub.available) || pending}
          title={
            m.blockedReason ??
            (!sub.available && !subscribed
              ? sub.reason
              : subscribed
                ? 'Stop notifications/resources/updated for this URI'
                : 'Get notifications/resources/updated for this URI')
          }
          onClick={() => uri && m.toggleSubscription(uri)}
        >
          {subscribed ? '◉ Subscribed' : '○ Subscribe'}
        </button>
        {uri && <UpdatedIndicator m={m} uri={uri} />}
        {uri && m.selection?.kind === 'resource' && m.isUnlisted(uri) && (
          <span
            className="chip"
            data-testid="resource-unlisted"
            title="The server's resources/list does not include this URI (a resource link, or a template's expansion): it is read by its URI"
          >
            not in resources/list
          </span>
        )}
        <span className="flex-1" />
        {m.read.data && <span className="text-[11px] text-subtle">read at {formatClock(m.read.data.at)}</span>}
      </div>
      {!sub.available && !sub.declared && sub.reason && uri && (
        <FeatureUnavailable feature="resources.subscribe" reason={sub.reason} compact />
      )}
      {m.subscription.error && (
        <p className="px-2 py-1 text-[12px] text-danger" role="alert">
          {m.subscription.error.message}
        </p>
      )}
      <div
        className="min-h-0 flex-1 space-y-2 overflow-auto p-2 outline-none focus-visible:ring-1 focus-visible:ring-accent"
        tabIndex={0}
        aria-label="Contents"
        data-focus-target={uri ? `resource:${uri}` : undefined}
        data-focus-self
      >
        {m.read.isError && <ReadError error={m.read.error} />}
        {!m.readUri && !m.read.data && (
          <p className="text-muted">{uri ? 'Press Read to fetch this resource.' : 'Fill in the template to read a resource.'}</p>
        )}
        {m.read.data?.result.contents.length === 0 && <p className="text-muted">The server returned no contents.</p>}
        {m.read.data?.result.contents.map((c, i) => (
          <ResourceContents key={`${m.readUri}-${i}`} content={c} />
        ))}
        {m.read.data && (
          <details className="text-[12px]">
            <summary className="cursor-pointer text-muted">Raw result</summary>
            <JsonTree value={m.read.data.result} openDepth={3} />
          </details>
        )}
      </div>
    </div>
  );
}

/** "updated N times, last at …": pulses while the contents on screen are older than the latest update. */
function UpdatedIndicator({ m, uri }: { m: ResourcesModel; uri: string }) {
  const u = m.updateOf(uri);
  if (!u) return null;
  const stale = m.staleSince(uri);
  const at = (m.session?.createdAt ?? 0) + u.lastT;
  return (
    <button
      className={`btn gap-1.5 ${stale ? 'border-accent bg-accent/10 text-accent' : 'btn-ghost text-muted'}`}
      data-testid="resource-updated"
      data-count={u.count}
      data-stale={stale > 0}
      onClick={() => m.readNow(uri)}
      title="notifications/resources/updated; click to read again"
    >
      <span className="relative inline-flex h-2 w-2">
        {stale > 0 && <span key={u.count} className="absolute inline-flex h-full w-full animate-ping rounded-full bg-accent opacity-75" />}
        <span className={`relative inline-flex h-2 w-2 rounded-full ${stale ? 'bg-accent' : 'bg-subtle'}`} />
      </span>
      updated {u.count} time{u.count === 1 ? '' : 's'}, last at {formatClock(at)}
      {stale > 0 && <span className="font-medium">· {stale} new · re-read</span>}
    </button>
  );
}

function ReadError({ error }: { error: Error }) {
  return (
    <div
      className="rounded border border-danger/40 bg-danger/5 px-2 py-1.5 text-[12px] text-danger"
      role="alert"
      data-testid="resource-read-error"
    >
      {error instanceof RpcError ? (
        <>
          JSON-RPC error {error.code}: {error.message}
        </>
      ) : (
        error.message
      )}
      {error instanceof RpcError && error.data !== undefined && <JsonTree value={error.data} rootName="data" />}
    </div>
  );
}
