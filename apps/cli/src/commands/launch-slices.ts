import { answerWaitingRequests } from './launch-early.js';

export const LAUNCH_SLICES: ReadonlyArray<() => unknown> = [
  () => import('zod'),
  () => import('commander'),
  () => import('@modelcontextprotocol/client'),
  () => import('fastify'),
  () => import('@mcpscope/engine'),
  () => import('@mcpscope/proxy'),
  () => import('./launch.js'),
];

/**
 * A plain launch's UI answers while the rest loads (mcpscope.ts). Node evaluates a dynamic
 * import's module graph in one synchronous run (Node 22 reads it synchronously too), during which
 * the listening UI answers nothing: loaded whole, the launch's modules held a first `GET /` for
 * ~100 ms. Loaded in slices, a turn of the event loop between them, a request waits for one slice
 * at most. Each slice is what the next ones build on; the order only spreads the work.
 */
export async function loadLaunchInSlices(slices: ReadonlyArray<() => unknown> = LAUNCH_SLICES): Promise<void> {
  for (const slice of slices) {
    await answerWaitingRequests();
    await slice();
  }
  await answerWaitingRequests();
}
