/**
 * A JSON-RPC error object as the server sent it. Its own file, importing nothing: tasks/types.ts
 * needs the shape, and sdk-errors.ts (which maps SDK errors) leads back to the session's types.
 */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}
