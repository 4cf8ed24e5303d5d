import { pickSolver } from '../../solvers/index.js';
import type { Cnf } from '../core/cnf.js';
import { callOptions } from '../core/call-options.js';
import { type Instance, checkSource } from '../core/puzzle.js';
import { pickProver } from '../proof/provers.js';
import { SatSolver } from './solver.js';

/**
 * Opening a solver object by engine name: the one place it meets the solver
 * registry (solvers/index.ts), which the object itself does without, so that
 * the browser playground can use it on an engine it created.
 */
export interface OpenSolverOptions {
  /** A solver name (solvers() lists them); default the in-process one measured best for single solves. */
  solver?: string;
  /** Have the engine write a DRAT proof (engines that can: cadical-wasm, cadical); must be asked for before any clause. */
  proof?: boolean;
}

/**
 * A solver object on a formula, or on a puzzle (its formula, and its
 * solution read back). The WebAssembly engines are loaded first; certify()
 * re-solves with the first engine here that writes proofs.
 */
export async function openSolver(source: Cnf | Instance, given: OpenSolverOptions = {}): Promise<SatSolver> {
  checkSource('openSolver', source);
  const options = callOptions('openSolver', given, { solver: true, proof: true });
  const instance = 'cnf' in source ? source : undefined;
  const factory = await pickSolver(options.solver, instance?.branchingFamily ? 'solve-exact-cover' : 'solve');
  return new SatSolver(instance?.cnf ?? (source as Cnf), factory.create(), { proof: options.proof, instance, prover: pickProver });
}
