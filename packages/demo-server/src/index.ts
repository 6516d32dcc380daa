export { createDemoServer, DEMO_SERVER_INFO, type DemoServerOptions } from './server.js';
export { DemoState, CLOCK_URI, type DemoEvent, type DemoStateOptions } from './demoState.js';
export { startDemoHttpServer, type DemoHttpServer, type DemoHttpServerOptions } from './httpServer.js';
export { serveDemoStdio, type ServeDemoStdioOptions } from './serveDemoStdio.js';
export { demoStdioEntry, demoHttpEntry } from './entryPaths.js';
