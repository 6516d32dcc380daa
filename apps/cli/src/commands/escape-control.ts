import { escapeForTerminal } from '../terminal-text.js';

/**
 * One field from a trace file (an argv word, a path, a name) made safe for one terminal line:
 * escapeForTerminal, plus \n and \t, which would otherwise split or shift the shown command.
 */
export function escapeControl(text: string): string {
  return escapeForTerminal(text).replace(/[\n\t]/g, (c) => (c === '\n' ? '\\n' : '\\t'));
}
