import { OFFLINE_REASON } from '../../lib/capabilities';
import { formatClock, formatDuration } from '../../lib/format';
import type { PingRecord } from '../../lib/pingLog';
import type { ClientRequestEntry } from './clientRequestLog';
import type { PingModel } from './usePingModel';

/** Ping in both directions: ours with latency, the server's with our answer. */
export function PingCard({ m }: { m: PingModel }) {
  const last = m.sent[0];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <button
          className="btn btn-primary"
          onClick={() => void m.ping()}
          disabled={!m.connected || m.busy}
          title={m.offline ? OFFLINE_REASON : undefined}
          data-testid="ping-button"
        >
          {m.busy ? 'Pinging…' : m.removedInEra ? 'Ping (raw)' : 'Ping the server'}
        </button>
        <span data-testid="ping-result" data-outcome={last?.outcome ?? 'none'} className="text-xs">
          {last ? <PingOutcome p={last} /> : <span className="text-subtle">not pinged yet</span>}
        </span>
      </div>
      {m.removedInEra && (
        <p className="text-[11px] text-warn">
          2026-07-28 removed ping (SEP-2575): it is sent raw, outside the SDK client; expect “Method not found” from a modern server.
        </p>
      )}
      {m.sent.length > 1 && (
        <details className="text-[11px]">
          <summary className="cursor-pointer text-muted">{m.sent.length} pings sent</summary>
          <ul>
            {m.sent.map((p) => (
              <li key={p.at + p.outcome} className="flex gap-2">
                <span className="font-mono text-subtle">{formatClock(p.at)}</span>
                <PingOutcome p={p} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="text-[11px]">
        <span className="text-muted">Pings from the server: </span>
        {m.received.length === 0 ? (
          <span className="text-subtle">none yet (the client answers them automatically)</span>
        ) : (
          <ReceivedPings list={m.received} />
        )}
      </div>
    </div>
  );
}

function PingOutcome({ p }: { p: PingRecord }) {
  if (p.outcome === 'pending') return <span className="text-muted">waiting…</span>;
  if (p.outcome === 'failed') return <span className="text-danger">failed: {p.message}</span>;
  const latency = p.latencyMs !== undefined ? formatDuration(p.latencyMs) : '?';
  const tail = p.roundTripMs !== undefined ? <span className="text-subtle"> · {formatDuration(p.roundTripMs)} from this page</span> : null;
  if (p.outcome === 'rpc-error') {
    return (
      <span className="text-warn">
        error {p.message} in {latency}
        {tail}
      </span>
    );
  }
  return (
    <span>
      <span className="text-ok">pong</span> in <span className="font-mono font-semibold">{latency}</span>
      {tail}
    </span>
  );
}

function ReceivedPings({ list }: { list: readonly ClientRequestEntry[] }) {
  const last = list[list.length - 1];
  return (
    <span data-testid="ping-received">
      {list.length} received; last frame #{last.seq} answered{' '}
      {last.answerSeq
        ? `with ${last.answer} (frame #${last.answerSeq}, ${formatDuration((last.answerT ?? last.t) - last.t)})`
        : '— not yet'}
    </span>
  );
}
