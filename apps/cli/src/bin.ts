import { run } from './main.js';
import { setBinDir } from './paths.js';

/** The bin's body, loaded by mcpscope.ts once the compile cache is on. */
export async function start(dir: string, entry: string): Promise<never> {
  // The bundle's own files (demo-server.js, web/) sit next to the entry.
  setBinDir(dir, entry);
  // Exit explicitly: headless commands must return promptly even if a library keeps a handle open.
  process.exit(await run(process.argv));
}
