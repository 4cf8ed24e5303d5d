import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The playground bundles the library's own TypeScript. The few Node
 * built-ins that library modules import (file reading, logic-solver's Node
 * loader, a random seed, the WebAssembly adapters' build-directory lookup)
 * are replaced by a stub that fails loudly if called: the playground never
 * takes those paths. Two pages: tilings (index.html) and Dobble decks.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const nodeStub = here('./node-stub.ts');

export default defineConfig({
  base: './',
  resolve: {
    alias: [{ find: /^node:(fs|module|crypto|path|url)$/, replacement: nodeStub }],
  },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: { index: here('./index.html'), dobble: here('./dobble.html') } },
  },
});
