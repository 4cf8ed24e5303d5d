// prepack: refuses to pack a package without both WebAssembly engines, so
// that every tarball is the same whole package whatever machine packed it
// (without them it would quietly fall back to logic-solver).
import { existsSync, lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENGINE_FILES = [
  'minisat-wasm/build/minisat.js',
  'minisat-wasm/build/minisat.wasm',
  'cadical-wasm/build/cadical.js',
  'cadical-wasm/build/cadical.wasm',
];

// npm pack does not follow a symbolic link: a linked build would be left out.
const missing = ENGINE_FILES.map((f) => join('solvers', f)).filter(
  (f) => !existsSync(join(root, f)) || lstatSync(join(root, dirname(f))).isSymbolicLink(),
);
if (missing.length > 0) {
  console.error(
    `npm pack: refused: the WebAssembly engines are missing (${missing.join(', ')}); run npm run setup (as root on Debian) to build them`,
  );
  process.exit(1);
}
