import { UserError } from '../src/core/errors.js';
import { cadicalWasm, loadCadicalWasm } from './cadical-wasm.js';
import { claspWasm } from './clasp-wasm.js';
import { EXTERNAL_SOLVERS } from './external/adapter.js';
import { logicSolver } from './logic-solver.js';
import { loadMinisatWasm, minisatWasm } from './minisat-wasm.js';
import type { SolverFactory } from './types.js';

/**
 * Every SAT solver adapter by name. `dlx` is not here: it is an exact-cover
 * backend that works on the placement model, not on CNF (see src/enumerate/exact-cover.ts).
 */
export const SOLVERS: SolverFactory[] = [minisatWasm, cadicalWasm, logicSolver, claspWasm, ...EXTERNAL_SOLVERS];

/** Instantiates the WebAssembly engines that have been built (once; later calls share it). */
export async function loadWasmSolvers(): Promise<void> {
  await Promise.all([loadMinisatWasm(), loadCadicalWasm()]);
}

/**
 * What a solver is picked for: one large solve (solve, dobble, sweep's single
 * rolls) or enumeration (many short incremental solves under assumptions, the
 * leaves of a cube tree).
 */
export type SolverUse = 'solve' | 'solve-exact-cover' | 'enumerate';

/**
 * The in-process defaults, best first, each falling back to the next when it
 * has not been built (logic-solver needs nothing beyond `npm install`). From
 * bench/results/in-process-solvers.md (CPU s, one run): single solves go to
 * cadical-wasm, which finds Dobble order 7 in 0.7 (minisat-wasm: over 30) and
 * order 8 in 3.0, and random 3-SAT 3x faster; minisat-wasm is ahead only on
 * small UNSAT cores (Dobble 6: 0.6 against 1.0, pigeonhole 9->8). Enumeration
 * keeps minisat-wasm, whose glue keeps the trail between cube leaves: all
 * 1010 classes of 5x12 on one worker took it 4.2 CPU s, cadical-wasm 4.7.
 * One solve of an exact-cover puzzle (the instance names a family to branch
 * on) goes to minisat-wasm, whose glue branches on that family the way
 * dancing links does: the first 8x8 pentomino tiling in 0.22 CPU s against
 * 2.3 for native `minisat -no-pre` and 3.8 for native cadical
 * (bench/results/sat-search.md, in-process-solvers.md).
 */
export const IN_PROCESS_DEFAULTS: Record<SolverUse, readonly string[]> = {
  solve: [cadicalWasm.name, minisatWasm.name, logicSolver.name],
  'solve-exact-cover': [minisatWasm.name, cadicalWasm.name, logicSolver.name],
  enumerate: [minisatWasm.name, cadicalWasm.name, logicSolver.name],
};

/** The solver for `use` when none is named, or the named one; loads the WebAssembly engines first. */
export async function pickSolver(name: unknown, use: SolverUse = 'solve'): Promise<SolverFactory> {
  await loadWasmSolvers();
  return solverByName(name === undefined ? defaultSolverName(use) : String(name));
}

/** The first built solver of IN_PROCESS_DEFAULTS[use] (after loading has been tried). */
export function defaultSolverName(use: SolverUse = 'solve'): string {
  const candidates = IN_PROCESS_DEFAULTS[use];
  return candidates.find((name) => SOLVERS.find((f) => f.name === name)?.available().ok) ?? logicSolver.name;
}

export function solverByName(name: string): SolverFactory {
  const s = SOLVERS.find((f) => f.name === name);
  if (name === 'dlx')
    throw new UserError(
      '--solver dlx: dancing links is not a SAT solver; it works on the exact-cover form of a packing puzzle (enumerate --solver dlx)',
    );
  if (!s) throw new UserError(`--solver: unknown solver "${name}"; choose one of: ${[...SOLVERS.map((f) => f.name), 'dlx'].join(', ')}`);
  const ok = s.available();
  if (!ok.ok) throw new UserError(`--solver ${name}: ${ok.reason}`);
  return s;
}
