import { UserError } from '../core/errors.js';
import { SOLVERS } from '../../solvers/index.js';
import type { SolverFactory } from '../../solvers/types.js';
import { writesProofs } from './certify.js';

/**
 * Which registered solver re-solves an UNSAT claim for a proof. Kept apart
 * from certify.ts, which needs no registry: the solver object that uses it
 * also runs in the browser playground, where the registry's solver programs
 * cannot load.
 */

/** Solvers asked to re-solve for a proof, best first: in-process needs no program start. */
const PROVER_PREFERENCE = ['cadical-wasm', 'cadical'];

/** The registered solvers that can write a DRAT proof here, by name. */
export function proofSolverNames(): string[] {
  return SOLVERS.filter((f) => f.available().ok && writesProofs(f)).map((f) => f.name);
}

/** The solver that re-solves for proofs; a UserError naming `option` when none can run. */
export function pickProver(option: string): SolverFactory {
  for (const name of PROVER_PREFERENCE) {
    const factory = SOLVERS.find((f) => f.name === name);
    if (factory?.available().ok && writesProofs(factory)) return factory;
  }
  throw new UserError(`${option} needs a solver that writes DRAT proofs (${PROVER_PREFERENCE.join(' or ')}), and none can run here`);
}
