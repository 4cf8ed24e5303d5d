import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { DEFAULT_HEAP_MB, createMinisatAsm } from './minisat-asm.js';
import type { Solver, SolverFactory } from './types.js';

/**
 * logic-solver's MiniSat in Node: the asm.js build read from node_modules and
 * evaluated by solvers/minisat-asm.ts (which the browser playground shares).
 */
export { DEFAULT_HEAP_MB } from './minisat-asm.js';

let source: { text: string; file: string } | undefined;

function minisatSource(): { text: string; file: string } {
  if (!source) {
    const file = createRequire(import.meta.url).resolve('logic-solver/minisat.js');
    source = { text: readFileSync(file, 'utf8'), file };
  }
  return source;
}

export function createLogicSolver(heapMb = DEFAULT_HEAP_MB): Solver {
  const { text, file } = minisatSource();
  return createMinisatAsm(text, heapMb, file);
}

export const logicSolver: SolverFactory = {
  name: 'logic-solver',
  // Its glue exports one blocking solve() and no conflict budget: nothing can stop it part-way.
  description: `MiniSat 2.2 (asm.js, from the npm package logic-solver), heap raised to ${DEFAULT_HEAP_MB} MiB; --timeout is checked only between solves`,
  kind: 'in-process',
  available: () => ({ ok: true, version: 'logic-solver 2.0.1' }),
  create: () => createLogicSolver(),
};
