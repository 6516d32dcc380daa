import type { Finding } from '@mcpscope/protocol';

/**
 * A finding of an exercise rule, with where it came from (no frame of its own). Its own file:
 * check-steps.ts makes them and exercise-deep.ts drives the steps, so neither imports the other for it.
 */
export interface ExerciseFinding extends Finding {
  excerpt: string;
}
