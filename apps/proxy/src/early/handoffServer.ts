import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

// Loaded by the early listener before Fastify: node: imports only.

/** How long a request that only Fastify can answer waits for it before a 503. */
export const EARLY_WAIT_MS = 10_000;
/** Requests and upgrades waiting at once; more are refused with a 503 at once. */
const MAX_WAITING = 1_024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HandoffServerOptions {
  /** Answers what it can before Fastify is there (true = answered); the rest waits. */
  early?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The 503 for a request that waited too long, or arrived while too many wait. */
  unavailable: (req: IncomingMessage, res: ServerResponse) => void;
  waitMs?: number;
}

interface Waiting {
  timer: NodeJS.Timeout;
  run(): void;
  refuse(): void;
}

const ignore = (): void => {};

/**
 * An http.Server that listens before Fastify is loaded and that Fastify then takes over (its
 * `serverFactory` returns `server`; `attach` gets Fastify's request handler once the app is
 * ready). Until then `early` answers what it can (the UI's static files) and every other request
 * waits, bounded, for Fastify: nothing gets an answer that skips Fastify's token and Host checks.
 * Upgrades (/ws) wait the same way and are then emitted on `upgrades`, where Fastify's websocket
 * plugin listens (not on `server`, so that an upgrade is dispatched exactly once).
 */
export class HandoffServer {
  readonly server: Server;
  readonly upgrades = new EventEmitter();
  private handler?: Handler;
  private readonly waiting = new Set<Waiting>();
  private stopped = false;

  constructor(private readonly opts: HandoffServerOptions) {
    this.server = createServer((req, res) => this.onRequest(req, res));
    // What Fastify sets on a server it creates itself.
    this.server.keepAliveTimeout = 72_000;
    this.server.requestTimeout = 0;
    this.server.setTimeout(0);
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.onUpgrade(req, socket, head));
  }

  /** Listens; rejects with the listen error (EADDRINUSE, EACCES…). */
  listen(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      this.server.once('error', onError);
      this.server.listen({ host: host.replace(/^\[(.*)\]$/, '$1'), port }, () => {
        this.server.removeListener('error', onError);
        resolve();
      });
    });
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  }

  /** Fastify is ready: it answers every request from now on, those waiting first, in order. */
  attach(handler: Handler): void {
    this.handler = handler;
    for (const w of this.waiting) {
      clearTimeout(w.timer);
      w.run();
    }
    this.waiting.clear();
  }

  /** Refuses whatever waits (503) and stops listening; connections still open are closed. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const w of this.waiting) {
      clearTimeout(w.timer);
      w.refuse();
    }
    this.waiting.clear();
    this.server.closeAllConnections();
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    if (this.handler) return this.handler(req, res);
    if (this.opts.early?.(req, res)) return;
    this.wait(
      () => this.handler?.(req, res),
      () => this.opts.unavailable(req, res),
    );
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.handler) {
      this.upgrades.emit('upgrade', req, socket, head);
      return;
    }
    // Node removed the socket's error listener before 'upgrade': keep one while it waits.
    socket.on('error', ignore);
    this.wait(
      () => {
        socket.removeListener('error', ignore);
        if (!socket.destroyed) this.upgrades.emit('upgrade', req, socket, head);
      },
      () => {
        if (socket.destroyed) return;
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
      },
    );
  }

  private wait(run: () => void, refuse: () => void): void {
    if (this.stopped || this.waiting.size >= MAX_WAITING) return refuse();
    const w: Waiting = {
      run,
      refuse,
      timer: setTimeout(() => {
        this.waiting.delete(w);
        refuse();
      }, this.opts.waitMs ?? EARLY_WAIT_MS),
    };
    this.waiting.add(w);
  }
}
