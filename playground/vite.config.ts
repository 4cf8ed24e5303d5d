import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The playground bundles the library's own TypeScript. The few Node
 * built-ins that library modules import (file reading, logic-solver's Node
 * loader, a random seed) are replaced by a stub that fails loudly if called:
 * the playground never takes those paths.
 */
const nodeStub = fileURLToPath(new URL('./node-stub.ts', import.meta.url));

export default defineConfig({
  base: './',
  resolve: {
    alias: [{ find: /^node:(fs|module|crypto)$/, replacement: nodeStub }],
  },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
