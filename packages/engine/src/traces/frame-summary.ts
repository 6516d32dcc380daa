import type { TraceIndex } from './trace-index.js';
import { readIndexed, type ReadOptions } from './index-reader.js';
import { frameShape, frameOfShape, setFrameNumbers, type FrameShape } from './frame-shape.js';
import { frameKind, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';

/** Bytes a summary holds per frame (the columns below), not counting the interned shapes. */
export const SUMMARY_BYTES_PER_FRAME = 48;
/** The largest summary built: 64 MiB, about 1.4 M frames (a trace of ~500 MB); bigger traces are searched by streaming. */
export const MAX_SUMMARY_FRAMES = Math.floor((64 * 1024 * 1024) / SUMMARY_BYTES_PER_FRAME);
/** Distinct shapes interned (and the characters of their keys); frames of other shapes are read from disk when searched. */
const MAX_SHAPES = 50_000;
const MAX_SHAPE_CHARS = 16 * 1024 * 1024;

/** How a background build (FrameSummary.buildInSlices) shares the event loop. */
export interface SliceOptions {
  /** Work this long (ms) before a turn of the event loop. */
  sliceMs: number;
  /** Asked before each line: true stops the build. */
  stopped: () => boolean;
  /** Told each slice's length in ms (bench, tests). */
  onSlice?: (ms: number) => void;
}

/** No shape kept: read the line when searched. */
export const NO_SHAPE = 0xffffffff;
/** The line typed as a frame is no frame event: it matches nothing (readFrames shows a placeholder for it, which matches nothing either). */
export const BAD_FRAME = 0xfffffffe;
/** The text is not a byte range of the line (a raw frame, or JSON not as JSON.stringify writes it). */
export const NO_TEXT = 0xffffffff;
/** Not looked for yet: the first full-text search that reads the line finds it (locateText). */
export const TEXT_UNKNOWN = 0xfffffffe;

/**
 * One entry per frame of an indexed trace, in ordinal order, built by reading the file once: where
 * its line is, its shape (frame-shape.ts), seq, size, pair latency, and (once a full-text search
 * read it) where in the line its searchable text (frameText: the JSON-RPC object as JSON.stringify
 * writes it) is, so the next full-text search decodes those bytes instead of parsing the line. 48 bytes a frame, in typed arrays, plus
 * one set entry per error response (for `is:failed`).
 */
export class FrameSummary {
  readonly offsets: Float64Array;
  readonly lengths: Uint32Array;
  readonly shapeIds: Uint32Array;
  readonly seqs: Float64Array;
  readonly sizes: Float64Array;
  readonly latencies: Float64Array;
  readonly textStarts: Uint32Array;
  readonly textLengths: Uint32Array;
  readonly shapes: FrameShape[] = [];
  /** Seqs of the requests an error response answers (`is:failed`): one entry per error response. */
  readonly failed = new Set<number>();
  count = 0;
  private readonly shapeIndex = new Map<string, number>();
  private frames: FrameEvent[] = [];
  private framesFor?: string;
  private shapeChars = 0;

  constructor(readonly capacity: number) {
    this.offsets = new Float64Array(capacity);
    this.lengths = new Uint32Array(capacity);
    this.shapeIds = new Uint32Array(capacity);
    this.seqs = new Float64Array(capacity);
    this.sizes = new Float64Array(capacity);
    this.latencies = new Float64Array(capacity);
    this.textStarts = new Uint32Array(capacity);
    this.textLengths = new Uint32Array(capacity);
  }

  /** Reads every frame line of the index once (each is parsed and validated here). */
  static async build(index: TraceIndex, opts: ReadOptions = {}): Promise<FrameSummary> {
    return (await FrameSummary.fill(index, opts, {}))!;
  }

  /**
   * build() in the background: the work is cut into slices of about `sliceMs` (one line at
   * least: a hostile line's parse is the longest slice) with a turn of the event loop
   * (setImmediate) between them, so pages and other requests wait one slice at most. Resolves
   * undefined once `stopped()` says so (checked before every line; the file is closed then).
   */
  static buildInSlices(index: TraceIndex, opts: ReadOptions & SliceOptions): Promise<FrameSummary | undefined> {
    return FrameSummary.fill(index, opts, opts);
  }

  private static async fill(index: TraceIndex, opts: ReadOptions, slices: Partial<SliceOptions>): Promise<FrameSummary | undefined> {
    const summary = new FrameSummary(Math.min(index.frames, MAX_SUMMARY_FRAMES));
    const start = index.start ?? index.frameCheckpoints[0];
    if (!start || summary.capacity === 0) return summary;
    const { sliceMs, stopped, onSlice } = slices;
    let sliceStart = performance.now();
    let halted = false;
    const pause = async (): Promise<boolean> => {
      onSlice?.(performance.now() - sliceStart);
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
      return !(halted = stopped?.() === true);
    };
    await readIndexed(
      index,
      start,
      (line) => {
        if (stopped?.()) return !(halted = true);
        if (line.kind !== 'frame') return;
        summary.add(line.offset, line.bytes, line.event());
        if (summary.count >= summary.capacity) return false;
        if (sliceMs !== undefined && performance.now() - sliceStart >= sliceMs) return pause();
      },
      { ...opts, chunkBytes: 4 * 1024 * 1024 },
    );
    if (sliceMs !== undefined && !halted) onSlice?.(performance.now() - sliceStart);
    return halted ? undefined : summary;
  }

  add(offset: number, bytes: Buffer, event: SessionEvent | undefined): void {
    const i = this.count++;
    this.offsets[i] = offset;
    this.lengths[i] = bytes.length;
    this.textLengths[i] = NO_TEXT;
    this.latencies[i] = NaN;
    if (event?.type !== 'frame') {
      this.shapeIds[i] = BAD_FRAME;
      return;
    }
    this.seqs[i] = event.seq;
    if (typeof event.pair?.requestSeq === 'number' && frameKind(event) === 'error') this.failed.add(event.pair.requestSeq);
    this.sizes[i] = event.size;
    this.shapeIds[i] = this.intern(event);
    if (event.pair && typeof event.pair.latencyMs === 'number') this.latencies[i] = event.pair.latencyMs;
    if (event.raw === undefined && event.msg !== undefined) this.textLengths[i] = TEXT_UNKNOWN;
  }

  /**
   * Where frame i's text (JSON.stringify of its msg, what frameText returns) lies in its line, found
   * once by the first full-text search that parsed the line; later searches decode those bytes.
   */
  locateText(i: number, bytes: Buffer, text: string): void {
    if (this.textLengths[i] !== TEXT_UNKNOWN) return;
    const at = bytes.indexOf(`"msg":${text}`);
    if (at === -1) this.textLengths[i] = NO_TEXT;
    else {
      this.textStarts[i] = at + 6;
      this.textLengths[i] = Buffer.byteLength(text);
    }
  }

  /**
   * The frame as the filter sees it without its payload, or undefined when it has no shape. The
   * object is shared by every frame of its shape and valid until the next call for that session.
   */
  frame(i: number, sessionId: string): FrameEvent | undefined {
    const id = this.shapeIds[i]!;
    if (id >= BAD_FRAME) return undefined;
    if (this.framesFor !== sessionId) {
      this.framesFor = sessionId;
      this.frames = [];
    }
    const frame = (this.frames[id] ??= frameOfShape(this.shapes[id]!, sessionId));
    return setFrameNumbers(frame, this.seqs[i]!, this.sizes[i]!, this.latencies[i]!);
  }

  /** Bytes held: the columns and the interned shape keys (about). */
  get bytes(): number {
    return this.capacity * SUMMARY_BYTES_PER_FRAME + this.shapeChars;
  }

  private intern(event: FrameEvent): number {
    const shape = frameShape(event);
    if (!shape) return NO_SHAPE;
    const key = JSON.stringify(shape);
    const known = this.shapeIndex.get(key);
    if (known !== undefined) return known;
    if (this.shapes.length >= MAX_SHAPES || this.shapeChars + key.length > MAX_SHAPE_CHARS) return NO_SHAPE;
    this.shapeChars += key.length;
    this.shapes.push(shape);
    this.shapeIndex.set(key, this.shapes.length - 1);
    return this.shapes.length - 1;
  }
}
