import type { JSONRPCMessage, TransportSendOptions } from '@modelcontextprotocol/client';
import { TappedTransport, type TapSink } from './tap.js';
import type { StdioProcessTransport } from './stdio-process.js';

/**
 * How long the 2026-07-28 `server/discover` probe waits on stdio before the server is taken
 * for a legacy one. 2026-07-28/basic/transports/stdio (Backward Compatibility): "The server
 * returns any other error, or does not respond within a reasonable timeout: the server is
 * legacy. Fall back to the `initialize` handshake." 5 s: long enough for a server started by
 * `npx` or `uvx` to read its stdin, short against the 30 s a request waits.
 */
export const DEFAULT_PROBE_TIMEOUT_MS = 5_000;

/**
 * The tap over a stdio process. The SDK recognises a stdio transport by its `pid` and `stderr`
 * accessors (its detectProbeTransportKind), and only then treats a silent probe as a legacy
 * server and initializes in place on the same process; without them silence on the probe is
 * an outage and the connect fails after the full timeout.
 */
export class StdioTap extends TappedTransport {
  private probeIds = new Set<string | number>();
  private probeAnswered = false;
  private fellBack = false;

  constructor(
    private readonly stdio: StdioProcessTransport,
    sink: TapSink,
    /** The probe's answer came after the session had fallen back to initialize (its silence is told by the connect). */
    private readonly onLateProbeAnswer: () => void,
  ) {
    super(stdio, sink);
    const deliver = stdio.onmessage;
    stdio.onmessage = (message) => {
      const id = (message as { id?: unknown }).id;
      const probeAnswer = (typeof id === 'string' || typeof id === 'number') && !('method' in message) && this.probeIds.delete(id);
      if (probeAnswer && !this.fellBack) this.probeAnswered = true;
      deliver?.(message);
      // Said after the frame it explains.
      if (probeAnswer && this.fellBack) this.onLateProbeAnswer();
    };
  }

  get pid(): number | null {
    return this.stdio.pid ?? null;
  }

  /** The server's stderr is read by the process transport (stderr events), not handed out. */
  get stderr(): null {
    return null;
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const { method, id } = message as { method?: unknown; id?: unknown };
    if (method === 'server/discover' && (typeof id === 'string' || typeof id === 'number')) this.probeIds.add(id);
    if (method === 'initialize' && this.probeIds.size > 0 && !this.probeAnswered) this.fellBack = true;
    return super.send(message, options);
  }
}
