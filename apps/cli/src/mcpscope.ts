#!/usr/bin/env node
import { run } from './main.js';

// Exit explicitly: headless commands must return promptly even if a library keeps a handle open.
process.exit(await run(process.argv));
