export { dataDir, defaultTracesDir, traceFileName, TraceStore, type TraceSummary } from './trace-store.js';
export { indexTrace, readEvents, iterateEvents, type TraceIndex } from './trace-index.js';
export { OfflineSession, OFFLINE_TAIL } from './offline-session.js';
export { IngestedSession } from './ingested-session.js';
export { pageOf } from './page-of.js';
export { readFrames, searchFramesVia, MAX_FRAME_PAGE, type FrameSearchQuery, type FrameSearchResult } from './frame-reader.js';
export { scanLines } from './line-scanner.js';
