import { escapeControl } from './commands/escape-control.js';

/**
 * A server's notifications/message as one stderr line: level, logger and data are the server's
 * text, so each is escaped onto that line (a newline in them must not print a line of its own).
 */
export function serverLogLine(params: unknown): string {
  const { level, logger, data } = (params !== null && typeof params === 'object' ? params : {}) as {
    level?: unknown;
    logger?: unknown;
    data?: unknown;
  };
  const text = (value: unknown): string => escapeControl(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
  return `[server log] ${level === undefined ? '?' : text(level)}${logger ? ` ${text(logger)}` : ''}: ${text(data)}\n`;
}
