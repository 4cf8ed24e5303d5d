import { UserError } from '../src/core/errors.js';
import { claspWasm } from './clasp-wasm.js';
import { EXTERNAL_SOLVERS } from './external/adapter.js';
import { logicSolver } from './logic-solver.js';
import { loadMinisatWasm, minisatWasm } from './minisat-wasm.js';
import type { SolverFactory } from './types.js';

/**
 * Every SAT solver adapter by name. `dlx` is not here: it is an exact-cover
 * backend that works on the placement model, not on CNF (see src/enumerate/exact-cover.ts).
 */
export const SOLVERS: SolverFactory[] = [minisatWasm, logicSolver, claspWasm, ...EXTERNAL_SOLVERS];

/**
 * The in-process default: the WebAssembly MiniSat when it has been built
 * (`npm run build:minisat-wasm`; about 2-3x faster, growable heap), else
 * logic-solver's MiniSat, which needs nothing beyond `npm install`.
 */
export async function pickSolver(name: unknown): Promise<SolverFactory> {
  const wasm = await loadMinisatWasm();
  return solverByName(name === undefined ? (wasm ? minisatWasm.name : logicSolver.name) : String(name));
}

/** The solver pickSolver chooses when none is named (after loading has been tried). */
export const defaultSolverName = (): string => (minisatWasm.available().ok ? minisatWasm.name : logicSolver.name);

export function solverByName(name: string): SolverFactory {
  const s = SOLVERS.find((f) => f.name === name);
  if (!s) throw new UserError(`--solver: unknown solver "${name}"; choose one of: ${[...SOLVERS.map((f) => f.name), 'dlx'].join(', ')}`);
  const ok = s.available();
  if (!ok.ok) throw new UserError(`--solver ${name}: ${ok.reason}`);
  return s;
}
