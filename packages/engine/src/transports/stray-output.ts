import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';

/** The most of a server's line (or id) quoted back. */
const SHOWN = 120;

export interface StrayOutputOptions {
  /** Only frames after this seq (those that came while a request waited). */
  sinceSeq?: number;
  /** Include stdout lines that are not JSON-RPC (`call` says those on its own, timeout or not). */
  stdoutNoise?: boolean;
}

/** Server text, clipped and JSON-quoted: control characters show as escapes wherever it is printed. */
function quoted(text: string): string {
  return text.length > SHOWN ? `${JSON.stringify(text.slice(0, SHOWN))}…` : JSON.stringify(text);
}

function counted(n: number, one: string, many: string): string {
  return n === 1 ? `a ${one}` : `${n} ${many}`;
}

const PLACEHOLDER = /^\((an? [^]*?)(?:: not kept|; its text is not kept)\)$/;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/;

/** The server's frames (not an app's) after `sinceSeq` that carry a finding, or only those of `rules`. */
export function flaggedFrames(events: readonly SessionEvent[], sinceSeq = 0, rules?: readonly string[]): FrameEvent[] {
  return events.filter(
    (e): e is FrameEvent =>
      e.type === 'frame' &&
      e.dir === 'in' &&
      e.channel === undefined &&
      e.seq > sinceSeq &&
      (e.findings ?? []).some((f) => rules === undefined || rules.includes(f.rule)),
  );
}

/**
 * What the server sent that answered nothing mcpscope waited for, in plain words: lines on stdout
 * that are not JSON-RPC, responses to no request in flight, lines kept unparsed at mcpscope's own
 * caps. Said when the handshake or a request times out: one of them is often the reason.
 */
export function strayOutput(events: readonly SessionEvent[], options: StrayOutputOptions = {}): string[] {
  const inbound = flaggedFrames(events, options.sinceSeq);
  const having = (...rules: string[]): FrameEvent[] => inbound.filter((f) => f.findings!.some((x) => rules.includes(x.rule)));
  const said: string[] = [];
  const noise = options.stdoutNoise === false ? [] : having('stdio-non-json-stdout');
  if (noise.length > 0) {
    const first = noise[0]!.raw ?? '';
    const url = noise.map((f) => URL_IN_TEXT.exec(f.raw ?? '')?.[0]).find(Boolean);
    said.push(
      `${counted(noise.length, 'line', 'lines')} on stdout that ${noise.length === 1 ? 'is' : 'are'} not JSON-RPC, the first: ${quoted(first)}` +
        (url ? `; it names ${quoted(url)}: a server that speaks HTTP is connected to by its URL, not run as a command` : ''),
    );
  }
  const strays = having('response-unknown-id');
  if (strays.length > 0) {
    const id = JSON.stringify(strays[0]!.msg?.id ?? null);
    said.push(
      `${counted(strays.length, 'response', 'responses')} to no request in flight, the first with id ${id.length > SHOWN ? `${id.slice(0, SHOWN)}…` : id} (a response carries the id of the request it answers)`,
    );
  }
  const refused = having('message-too-large', 'message-too-deep');
  if (refused.length > 0) {
    const first = refused[0]!;
    const why = first.findings!.some((f) => f.rule === 'message-too-deep') ? 'nested past its depth cap' : 'longer than its size cap';
    // A body refused whole is kept as mcpscope's own placeholder, "(an SSE event longer than …: not kept)".
    const placeholder = PLACEHOLDER.exec(first.raw ?? '')?.[1];
    const shown = placeholder ?? quoted(first.raw ?? '');
    said.push(
      `${counted(refused.length, 'message', 'messages')} kept as text at mcpscope's own limits, not parsed, the first ${why}: ${shown}; if that was the answer, its id could not be read`,
    );
  }
  return said;
}
