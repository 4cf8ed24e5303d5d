import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The playground bundles the library's own TypeScript. The few Node
 * built-ins that library modules import (file reading, logic-solver's Node
 * loader, a random seed, the WebAssembly adapters' build-directory lookup,
 * gzip'd DIMACS) are replaced by a stub that fails loudly if called: the
 * playground never takes those paths. (Vite's own stand-in throws as soon as
 * a named import is read, which breaks the dev server.) Two pages: tilings
 * (index.html) and Dobble decks.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const nodeStub = here('./node-stub.ts');

export default defineConfig({
  base: './',
  resolve: {
    alias: [{ find: /^node:(fs|module|crypto|path|url|child_process|zlib)$/, replacement: nodeStub }],
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
