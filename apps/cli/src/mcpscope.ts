#!/usr/bin/env node
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './main.js';
import { setBinDir } from './paths.js';

// The bundle's own files (demo-server.js, web/) sit next to this entry.
const entry = fileURLToPath(import.meta.url);
setBinDir(dirname(entry), entry);
// Exit explicitly: headless commands must return promptly even if a library keeps a handle open.
process.exit(await run(process.argv));
