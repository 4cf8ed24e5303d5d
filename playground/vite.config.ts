import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The playground bundles the library's own TypeScript. The few Node
 * built-ins that library modules import (file reading, logic-solver's Node
 * loader, a random seed, the WebAssembly adapters' build-directory lookup,
 * gzip'd DIMACS, thread pools and the CPU count) are replaced by a stub that fails loudly if called: the
 * playground never takes those paths. (Vite's own stand-in throws as soon as
 * a named import is read, which breaks the dev server.) The package's
 * optional peer dependencies (PNG output, the queue, clingo) are imported
 * lazily, on paths the playground never takes: they stay out of the bundle
 * (resvg's native binding cannot be bundled at all). Two pages: tilings
 * (index.html) and Dobble decks.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const nodeStub = here('./node-stub.ts');
const { peerDependenciesMeta } = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as {
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const optionalPackages = Object.keys(peerDependenciesMeta).filter((name) => peerDependenciesMeta[name]!.optional);
/**
 * The playground imports the library through its facade, src/index.ts, which
 * reaches the whole package. Its modules are taken as free of side effects, so
 * that a module the playground uses nothing of is left out, top-level
 * statements and all: the CLI's (bench's system probes, the external
 * solvers' exit hooks on `process`, which a browser lacks) stay in Node.
 */
const library = ['src', 'encoders', 'solvers'].map((folder) => here(`../${folder}/`));
const bundle = {
  external: optionalPackages,
  treeshake: { moduleSideEffects: (id: string) => !library.some((folder) => id.startsWith(folder)) },
};

export default defineConfig({
  base: './',
  resolve: {
    alias: [{ find: /^node:(fs|fs\/promises|module|crypto|path|url|child_process|zlib|os|worker_threads|v8|net|tty)$/, replacement: nodeStub }],
  },
  // The dev server's dependency scan would bundle the optional packages too.
  optimizeDeps: { exclude: optionalPackages },
  worker: { format: 'es', rolldownOptions: bundle },
  server: { fs: { allow: ['..'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: { index: here('./index.html'), dobble: here('./dobble.html') }, ...bundle },
  },
});
