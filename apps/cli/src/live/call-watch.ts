import { randomUUID } from 'node:crypto';
import { answerReason, type ServerRequestAnswer } from '@mcpscope/engine';
import { ownValue, type Finding, type FrameEvent } from '@mcpscope/protocol';
import type { AnswerFile } from '../headless-answers.js';
import type { CliIo } from '../io.js';
import { serverLogLine } from '../server-log-line.js';
import { FRAMES_PAGE, type SessionClient } from './session-client.js';

/** How often a running call looks for the server's requests (and, with --level, its logs). */
const POLL_MS = 100;

export interface WatchOptions {
  /** --answer-file: answer the server's requests from it (or with an error); absent: leave them to the UI. */
  answers?: AnswerFile;
  /** --level: print the server's log messages on stderr. */
  logs: boolean;
  io: CliIo;
}

const record = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/**
 * What a `call --session` watches while its request runs, through the API (the session is shared
 * with the UI, so only what belongs to this call is touched):
 * - the server's requests that arrived during the call (or carry its callId): answered from
 *   --answer-file as a direct `call` does, or else named on stderr and left to the person in the UI;
 * - the frames since the call began: the server's logs (--level) and the linter's verdict on the
 *   answers to this command's tools/call (exit 6).
 */
export class CallWatch {
  private readonly seen = new Set<string>();
  private readonly ourCalls = new Set<number>();
  private readonly started = Date.now();
  /** The callId of the command's request: 2026-07-28 input requests embedded in its answers carry it. */
  readonly callId = `cli-${randomUUID()}`;
  private nextFrame: number;
  /** `structured-content-schema` findings on the answers to this command's tools/call. */
  readonly schemaFindings: Finding[] = [];

  constructor(
    private readonly client: SessionClient,
    firstFrame: number,
    private readonly opts: WatchOptions,
  ) {
    this.nextFrame = firstFrame;
  }

  /** Runs `work`, polling until it settles, then reads the frames it left. */
  async during<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const settled = work.finally(() => (done = true));
    while (!done) {
      await Promise.race([settled.catch(() => undefined), new Promise((r) => setTimeout(r, POLL_MS))]);
      if (done) break;
      await this.answerPending().catch(() => undefined);
      if (this.opts.logs) await this.readFrames().catch(() => undefined);
    }
    await this.readFrames().catch(() => undefined);
    return settled;
  }

  private async answerPending(): Promise<void> {
    for (const request of await this.client.pendingServerRequests()) {
      const ours = request.callId === undefined ? request.receivedAt >= this.started : request.callId === this.callId;
      if (!ours || this.seen.has(request.requestId)) continue;
      this.seen.add(request.requestId);
      const { io, answers } = this.opts;
      if (!answers) {
        io.stderr(`mcpscope: the server asked for ${request.method}; answer it in the mcpscope UI (or pass --answer-file)\n`);
        continue;
      }
      // The method is the server's string: an own key of the file only.
      let answer: ServerRequestAnswer | undefined = ownValue(answers, request.method);
      if (!answer) {
        answer = { error: { code: -1, message: `mcpscope call is headless: no one to answer ${request.method}` } };
        io.stderr(`mcpscope: the server asked for ${request.method}; answered with an error (headless, see --answer-file)\n`);
      }
      await this.client.answer(request.requestId, answer, answerReason(request.method));
    }
  }

  private async readFrames(): Promise<void> {
    for (;;) {
      const { frames } = await this.client.frames(this.nextFrame);
      this.nextFrame += frames.length;
      for (const frame of frames) this.see(frame);
      if (frames.length === 0 || frames.length < FRAMES_PAGE) return;
    }
  }

  private see(frame: FrameEvent): void {
    const msg = record(frame.msg);
    if (frame.dir === 'out') {
      if (msg?.method === 'tools/call' && frame.origin?.reason === this.client.origin) this.ourCalls.add(frame.seq);
      return;
    }
    if (this.opts.logs && msg?.method === 'notifications/message') {
      this.opts.io.stderr(serverLogLine(msg.params));
    }
    if (frame.pair && this.ourCalls.has(frame.pair.requestSeq)) {
      this.schemaFindings.push(...(frame.findings ?? []).filter((f) => f.rule === 'structured-content-schema'));
    }
  }
}
