/**
 * The variables a stdio server inherits from mcpscope's own environment: the same list as the
 * MCP SDK's getDefaultEnvironment (and so as other MCP clients), kept here so the documented
 * contract (README, `-e`) does not move with an SDK upgrade. Everything else a server needs is
 * passed by the user (`-e KEY=VALUE`, a config file's `env`): mcpscope's own secrets never
 * reach a server it did not mean to give them to.
 */
export const INHERITED_ENV_VARS: readonly string[] =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'COMSPEC',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'PROGRAMDATA',
        'PROGRAMFILES',
        'PROGRAMFILES(X86)',
        'PROGRAMW6432',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'WINDIR',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** The inherited variables that are set (a value starting with "()" is a shell function export: skipped, as the SDK does), then the user's. */
export function serverEnvironment(userEnv: Record<string, string>, from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV_VARS) {
    const value = from[key];
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  return { ...env, ...userEnv };
}
