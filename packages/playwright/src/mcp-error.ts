/** A request the server answered with a JSON-RPC error (its code, message and data), or one that came to no answer. */
export class McpError extends Error {
  constructor(
    message: string,
    /** The JSON-RPC error code; undefined when the request was cancelled or failed locally. */
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'McpError';
  }
}
