/**
 * Exit codes of mcpscope's headless commands. They are a public contract (README "Exit
 * codes"): scripts and CI branch on them, so never renumber.
 */
export const ExitCode = {
  /** Success. */
  Ok: 0,
  /** Bad usage (unknown option, invalid value) or an internal error. */
  Usage: 1,
  /** Could not connect to the server (spawn failed, it exited, HTTP error, connect timeout), or lost it. */
  ConnectFailed: 2,
  /** The request got no response within --timeout. */
  Timeout: 3,
  /** The server answered with a JSON-RPC error. */
  RpcError: 4,
  /** `tools/call` returned a result with `isError: true`. */
  ToolError: 5,
  /** `tools/call` returned structuredContent that does not match the tool's outputSchema. */
  OutputSchemaMismatch: 6,
  /** `skills/get --load`: the skill file does not match its entry (SEP-2640: unlisted, size, digest, frontmatter); not loaded. */
  SkillUnverified: 7,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the CLI reports in plain words and turns into an exit code (local error family). */
export class CliError extends Error {
  readonly exitCode: ExitCodeValue;

  constructor(message: string, exitCode: ExitCodeValue = ExitCode.Usage) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** What `run` (main.ts) and the fast paths (live/fast-live.ts) say when a command throws: its message and exit code. */
export function reportThrown(err: unknown, stderr: (text: string) => void): ExitCodeValue {
  if (err instanceof CliError) {
    stderr(`mcpscope: ${err.message}\n`);
    return err.exitCode;
  }
  stderr(`mcpscope: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
  return ExitCode.Usage;
}
