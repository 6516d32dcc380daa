export type StopReason = 'SIGINT' | 'SIGTERM' | 'orphaned';

/**
 * Resolves when mcpscope should shut down: on SIGINT/SIGTERM, or when its parent process goes
 * away. The latter matters under `npx`: npm and the `sh -c` it runs die on SIGTERM without
 * passing it on, which would leave mcpscope (and the servers it spawned) running unparented.
 * Node has no parent-death signal, so the parent pid is checked twice a second (unref'd, it
 * never keeps the process alive). A process started as PID 1 or by PID 0 is not watched, nor
 * a background mcpscope (`watchParentMs: 0`): its parent, `mcpscope connect`, exits at once.
 */
export function waitForStop(watchParentMs = 500): { stopped: Promise<StopReason>; dispose(): void } {
  let dispose = (): void => {};
  const stopped = new Promise<StopReason>((resolve) => {
    const initialParent = process.ppid;
    const finish = (reason: StopReason): void => {
      dispose();
      resolve(reason);
    };
    const onInt = (): void => finish('SIGINT');
    const onTerm = (): void => finish('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const timer =
      watchParentMs > 0 && initialParent > 1 && process.pid !== 1
        ? setInterval(() => process.ppid !== initialParent && finish('orphaned'), watchParentMs).unref()
        : undefined;
    dispose = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      if (timer) clearInterval(timer);
    };
  });
  return { stopped, dispose };
}
