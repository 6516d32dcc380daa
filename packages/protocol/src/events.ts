/**
 * The event model shared by the engine, the trace format v1 and the UI.
 * One event per thing that happened in a session, all on one clock (`t`, ms since the
 * session started) and one sequence (`seq`, per session, starting at 1).
 */

export type Direction = 'out' | 'in';

export type JsonRpcId = string | number;

/** A JSON-RPC message as it crossed the wire; not validated beyond "is a JSON object". */
export type JsonRpcMessage = Record<string, unknown>;

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  /** Spec section the rule enforces, e.g. "2025-11-25/basic/transports#stdio". */
  spec?: string;
}

/** Request↔response pairing, attached to the response frame. */
export interface PairInfo {
  requestSeq: number;
  method: string;
  latencyMs: number;
}

interface EventBase {
  seq: number;
  t: number;
  sessionId: string;
}

export interface FrameEvent extends EventBase {
  type: 'frame';
  dir: Direction;
  /** The parsed JSON-RPC object; absent when the bytes did not parse (see `raw`). */
  msg?: JsonRpcMessage;
  /** The text as received when it was not a JSON object. */
  raw?: string;
  /** Size in bytes of the serialized message on the wire. */
  size: number;
  pair?: PairInfo;
  findings?: Finding[];
}

export interface StderrEvent extends EventBase {
  type: 'stderr';
  text: string;
}

export interface HttpEvent extends EventBase {
  type: 'http';
  method: string;
  url: string;
  status?: number;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  contentType?: string;
  durationMs: number;
  error?: string;
  findings?: Finding[];
}

export type LifecyclePhase = 'spawn' | 'exit' | 'connect' | 'disconnect' | 'error' | 'state';

export interface LifecycleEvent extends EventBase {
  type: 'lifecycle';
  phase: LifecyclePhase;
  message?: string;
  pid?: number;
  code?: number | null;
  signal?: string | null;
  state?: string;
}

export interface OAuthEvent extends EventBase {
  type: 'oauth';
  step: string;
  detail?: Record<string, unknown>;
}

export type SessionEvent = FrameEvent | StderrEvent | HttpEvent | LifecycleEvent | OAuthEvent;

export type SessionEventType = SessionEvent['type'];
