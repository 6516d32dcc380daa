import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Launches under test record traces and write ui.json in the data dir: keep them out of $HOME.
const dataHome = mkdtempSync(join(tmpdir(), 'mcpscope-vitest-data-'));

export default defineConfig({
  resolve: { conditions: ['mcpscope-source'] },
  ssr: { resolve: { conditions: ['mcpscope-source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    env: { XDG_DATA_HOME: dataHome },
    reporters: ['default', ['json', { outputFile: '.tmp/results/vitest.json' }]],
  },
});
