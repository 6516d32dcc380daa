export { dataDir, defaultTracesDir, traceFileName, TraceStore, type TraceSummary } from './trace-store.js';
export { indexTrace, readEvents, iterateEvents, type TraceIndex } from './trace-index.js';
export { OfflineSession, OFFLINE_TAIL } from './offline-session.js';
export { IngestedSession, pageOf } from './ingested-session.js';
export { scanLines } from './line-scanner.js';
