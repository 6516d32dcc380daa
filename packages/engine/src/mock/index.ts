// `@mcpscope/engine/mock`, apart from the main entry: the MCP server SDK it needs stays out of
// the load of every command that does not serve a mock (`call` loads only the client).
export { serveMockStdio, serveMockHttp, type MockHttpServer } from './serve.js';
export { mockFromEvents, recordedIdentity } from './recorded-server.js';
