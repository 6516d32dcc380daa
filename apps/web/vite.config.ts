import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

/**
 * `MCPSCOPE_PROXY=http://127.0.0.1:PORT pnpm dev` forwards /api and /ws to a running proxy.
 * The Origin header is rewritten to the proxy's own, because its DNS-rebinding guard answers
 * 403 to any other origin.
 */
function devProxy(): Record<string, ProxyOptions> | undefined {
  const target = process.env.MCPSCOPE_PROXY;
  if (!target) return undefined;
  const common: ProxyOptions = { target, changeOrigin: true, headers: { origin: target } };
  return { '/api': common, '/ws': { ...common, ws: true } };
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Workspace packages export their TypeScript sources under the `mcpscope-source` condition.
  resolve: {
    conditions: ['mcpscope-source', ...defaultClientConditions],
    // monaco-editor's `exports` map only exposes .js files; its codicon CSS is reached directly.
    alias: {
      'monaco-codicons': fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon', import.meta.url)),
    },
  },
  server: { host: '127.0.0.1', proxy: devProxy() },
  preview: { host: '127.0.0.1', proxy: devProxy() },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // Monaco is a lazily loaded chunk of several MB; the initial bundle is checked separately.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      output: {
        // Zod and the module that configures it share one chunk, so `jitless` is set when the
        // chunk evaluates, before any other chunk builds a schema: without it zod probes
        // `new Function` and the page's CSP (no 'unsafe-eval') reports a console error.
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zodConfig\.ts$/ }] },
      },
    },
  },
});
