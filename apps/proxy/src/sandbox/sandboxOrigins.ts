import type { FastifyInstance } from 'fastify';

/** At most this many sessions get a sandbox listener of their own; later ones share the first one. */
const MAX_LISTENERS = 64;

/** What a session's own sandbox needs: a started sandbox app (startSandbox without a handed-over socket). */
export type StartSessionSandbox = () => Promise<{ app: FastifyInstance; port: number; close(): Promise<void> }>;

/**
 * One MCP App sandbox origin per session: a sandbox listener of its own on another port of the
 * same host (an origin is scheme, host and port), started the first time the session renders an
 * app. Each origin has its own localStorage and IndexedDB, so one server's app cannot read what
 * another's kept. Ports, not `<label>.localhost` names: those are other sites than the page that
 * frames them, and browsers that block third-party storage deny it to such a frame outright.
 * Every listener keeps the sandbox's Host/Origin guard (its own port, mcpscope's host names).
 */
export class SandboxOrigins {
  private readonly ports = new Map<string, Promise<number | undefined>>();
  private readonly running: Array<{ close(): Promise<void> }> = [];
  private closed = false;

  constructor(private readonly start: StartSessionSandbox) {}

  /** The session's sandbox port (started on first use); undefined when no more listeners may start. */
  portFor(sessionId: string): Promise<number | undefined> {
    let port = this.ports.get(sessionId);
    if (port === undefined) {
      if (this.closed || this.ports.size >= MAX_LISTENERS) return Promise.resolve(undefined);
      port = this.start().then(
        (sandbox) => {
          if (this.closed) return void sandbox.close();
          this.running.push(sandbox);
          return sandbox.port;
        },
        () => undefined,
      );
      this.ports.set(sessionId, port);
    }
    return port;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running.splice(0).map((s) => s.close()));
  }
}
