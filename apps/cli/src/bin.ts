import type { PreStartedUi } from './commands/launch-early.js';
import { run } from './main.js';
import { setBinDir } from './paths.js';
import { processIo } from './io.js';

/** The bin's body, loaded by mcpscope.ts once the compile cache is on (and a plain launch's UI listens). */
export async function start(dir: string, entry: string, early?: PreStartedUi): Promise<never> {
  // The bundle's own files (demo-server.js, web/) sit next to the entry.
  setBinDir(dir, entry);
  // Exit explicitly: headless commands must return promptly even if a library keeps a handle open
  // (and whatever the outcome, a pre-started UI's listeners go with the process).
  process.exit(await run(process.argv, processIo, early));
}
