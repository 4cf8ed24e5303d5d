import { UserError } from '../src/errors.js';
import { claspWasm } from './clasp-wasm.js';
import { EXTERNAL_SOLVERS } from './external.js';
import { logicSolver } from './logic-solver.js';
import type { SolverFactory } from './types.js';

/**
 * Every SAT solver adapter by name. `dlx` is not here: it is an exact-cover
 * backend that works on the placement model, not on CNF (see src/exact-cover.ts).
 */
export const SOLVERS: SolverFactory[] = [logicSolver, claspWasm, ...EXTERNAL_SOLVERS];

/** The in-process default: needs nothing beyond `npm install`. */
export const DEFAULT_SOLVER = 'logic-solver';

export function solverByName(name: string): SolverFactory {
  const s = SOLVERS.find((f) => f.name === name);
  if (!s) throw new UserError(`--solver: unknown solver "${name}"; choose one of: ${[...SOLVERS.map((f) => f.name), 'dlx'].join(', ')}`);
  const ok = s.available();
  if (!ok.ok) throw new UserError(`--solver ${name}: ${ok.reason}`);
  return s;
}
