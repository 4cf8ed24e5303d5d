import type { Solver, Status } from '../../solvers/types.js';
import type { Cnf } from '../core/cnf.js';
import { passedAt } from '../core/limits.js';
import { SatSolver, checkModel, declareVars } from '../session/solver.js';

/**
 * Hands a formula to a solver: its variables (so that models cover unused
 * ones too), then its clauses, but for the families left out. False when the
 * deadline (Date.now() clock) passes first, read every 8192 steps: handing
 * over millions of clauses takes seconds, part of the run's --timeout; the
 * solver then holds part of the formula and is of no further use.
 */
export function loadFormula(solver: Solver, cnf: Cnf, leftOut: ReadonlySet<string> = new Set(), deadline = Infinity): boolean {
  if (declareVars(solver, 0, cnf.varCount, deadline) < cnf.varCount) return false;
  let step = 0;
  for (const family of cnf.families) {
    if (leftOut.has(family.name)) continue;
    for (const clause of family.clauses()) {
      if (passedAt(step++, deadline)) return false;
      solver.addClause(clause);
    }
  }
  return true;
}

/**
 * The projection variables true in the solver's model (ascending), once the
 * model is known to satisfy every clause: a wrong model is a solver or
 * encoder bug, never skipped quietly.
 */
export function checkedTrueVars(cnf: Cnf, solver: Solver): number[] {
  checkModel(cnf, solver);
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

/** One solver call on a formula (through the solver object), the model checked; the solver is disposed at the end. */
export async function solveOnce(cnf: Cnf, solver: Solver, options: SolveOnceOptions = {}): Promise<SolveOnceResult> {
  const session = new SatSolver(cnf, solver);
  try {
    const status = await session.solve({ timeout: options.timeoutSeconds });
    if (status === 'UNSAT') await options.afterUnsat?.(solver);
    if (status !== 'SAT') return { status, trueVars: [], model: [] };
    const model = session.model!.literals;
    return { status, trueVars: cnf.projection.filter((v) => model[v - 1]! > 0).sort((a, b) => a - b), model };
  } finally {
    session.close();
  }
}
