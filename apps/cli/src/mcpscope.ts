#!/usr/bin/env node
import module from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// Node ≥ 22.1 keeps V8's compiled code of the modules loaded from here on in a disk cache
// (module.enableCompileCache; NODE_DISABLE_COMPILE_CACHE=1 turns it off); on Node 20 there is
// none. Hence everything else is behind the dynamic import below.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const entry = fileURLToPath(import.meta.url);
const { start } = await import('./bin.js');
await start(dirname(entry), entry);
