import { type Clauses, propagationRefutes, solveDpll } from './dpll.js';

/**
 * Exhaustive checks of an encoding on small sizes: every assignment of its
 * inputs, solved by the independent DPLL of ./dpll.ts, against what the
 * constraint says; and mutants of the encoding (a clause dropped, a literal
 * negated), each of which such a check must catch unless the clause is
 * redundant.
 */

/** Every assignment of the input variables, as assumption literals (input i true when bit i of the index is set). */
export function* assignments(inputs: readonly number[]): Generator<number[]> {
  for (let mask = 0; mask < 1 << inputs.length; mask++) yield inputs.map((v, i) => ((mask >> i) & 1 ? v : -v));
}

export interface TableOptions {
  /** Also require unit propagation alone to refute every assignment the constraint forbids. */
  propagation?: boolean;
}

/**
 * The assignments of the inputs on which the clauses disagree with
 * `holds` (satisfiable exactly when it holds), as text; empty when the
 * encoding is right. `satisfiable` counts the models projected onto the inputs.
 */
export function truthTable(
  clauses: Clauses,
  varCount: number,
  inputs: readonly number[],
  holds: (assumptions: readonly number[]) => boolean,
  options: TableOptions = {},
): { satisfiable: number; wrong: string[] } {
  let satisfiable = 0;
  const wrong: string[] = [];
  for (const lits of assignments(inputs)) {
    const sat = solveDpll(clauses, varCount, lits) !== null;
    if (sat) satisfiable++;
    if (sat !== holds(lits)) wrong.push(`inputs ${lits.join(' ')}: ${sat ? 'SAT' : 'UNSAT'}`);
    else if (!sat && options.propagation && !propagationRefutes(clauses, varCount, lits))
      wrong.push(`inputs ${lits.join(' ')}: unit propagation misses it`);
  }
  return { satisfiable, wrong };
}

/** Every clause dropped, and every literal of every clause negated, one at a time. */
export function* mutants(clauses: readonly (readonly number[])[]): Generator<{ what: string; clauses: number[][] }> {
  const copy = () => clauses.map((c) => [...c]);
  for (let i = 0; i < clauses.length; i++) {
    const dropped = copy();
    dropped.splice(i, 1);
    yield { what: `clause ${i + 1} [${clauses[i]!.join(' ')}] dropped`, clauses: dropped };
    for (let j = 0; j < clauses[i]!.length; j++) {
      const flipped = copy();
      flipped[i]![j] = -flipped[i]![j]!;
      yield { what: `literal ${clauses[i]![j]} of clause ${i + 1} [${clauses[i]!.join(' ')}] negated`, clauses: flipped };
    }
  }
}

/** The mutants a check does not catch (`check` returns whether the clauses are still right). */
export function survivors(clauses: readonly (readonly number[])[], stillRight: (mutant: number[][]) => boolean): string[] {
  return [...mutants(clauses)].filter((m) => stillRight(m.clauses)).map((m) => m.what);
}
