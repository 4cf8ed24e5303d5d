import { ModelCheckError, type Solver, SolverHeapExhausted, type Status } from '../../solvers/types.js';
import type { Cnf } from '../core/cnf.js';
import { UserError } from '../core/errors.js';

/** Hands a formula to a solver: its variables (so that models cover unused ones too), then its clauses, but for the families left out. */
export function loadFormula(solver: Solver, cnf: Cnf, leftOut: ReadonlySet<string> = new Set()): void {
  solver.ensureVars(cnf.varCount);
  for (const family of cnf.families) if (!leftOut.has(family.name)) for (const clause of family.clauses()) solver.addClause(clause);
}

/**
 * The projection variables true in the solver's model (ascending), once the
 * model is known to satisfy every clause: a wrong model is a solver or
 * encoder bug, never skipped quietly.
 */
export function checkedTrueVars(cnf: Cnf, solver: Solver): number[] {
  const check = cnf.satisfiedBy((v) => solver.value(v));
  if (!check.ok) throw new ModelCheckError(`${solver.name} returned a model that breaks a ${check.family} clause: ${cnf.show(check.clause)}`);
  return cnf.projection.filter((v) => solver.value(v)).sort((a, b) => a - b);
}

export interface SolveOnceResult {
  status: Status;
  /** The true projection variables (empty unless SAT). */
  trueVars: number[];
  /** The whole model as signed literals 1..varCount (empty unless SAT). */
  model: number[];
}

export interface SolveOnceOptions {
  timeoutSeconds?: number;
  /** After an UNSAT answer, before the solver is disposed (--proof takes its proof here). */
  afterUnsat?: (solver: Solver) => void | Promise<void>;
}

/** One solver call on a formula, the model checked; the solver is disposed at the end. */
export async function solveOnce(cnf: Cnf, solver: Solver, options: SolveOnceOptions = {}): Promise<SolveOnceResult> {
  try {
    loadFormula(solver, cnf);
    const status = await solver.solve({ timeoutSeconds: options.timeoutSeconds });
    if (status === 'UNSAT') await options.afterUnsat?.(solver);
    if (status !== 'SAT') return { status, trueVars: [], model: [] };
    const trueVars = checkedTrueVars(cnf, solver);
    const model = Array.from({ length: cnf.varCount }, (_, i) => (solver.value(i + 1) ? i + 1 : -(i + 1)));
    return { status, trueVars, model };
  } catch (e) {
    // The in-process solver has a fixed heap; a bigger problem needs another solver.
    if (e instanceof SolverHeapExhausted)
      throw new UserError(`${e.message}; try an external solver, e.g. --solver cadical (puzzlesat solvers lists them)`);
    throw e;
  } finally {
    solver.dispose();
  }
}
