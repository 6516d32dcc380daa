/** The `mcpServer` option is missing or not a server: the message names the field and what it should be. */
export class McpServerOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpServerOptionError';
  }
}
