import type { Session } from '@mcpscope/engine';

/**
 * Sessions opened before the API listened, each on behalf of the one client that holds its claim:
 * `mcpscope connect`, when it starts the running mcpscope, names its first session and a random
 * claim on a private channel, and the launch opens that session while the rest of mcpscope loads.
 * The client's POST /api/sessions with the claim is answered with that open instead of a second
 * one. A claim is taken once.
 */
export class SessionsAhead {
  private readonly waiting = new Map<string, Promise<Session>>();

  add(claim: string, opening: Promise<Session>): void {
    this.waiting.set(claim, opening);
  }

  take(claim: string): Promise<Session> | undefined {
    const opening = this.waiting.get(claim);
    this.waiting.delete(claim);
    return opening;
  }
}
