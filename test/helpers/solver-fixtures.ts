import type { Status } from '../../solvers/types.js';

/** Clauses as the adapters take them: any array-like of literals. */
type ClauseList = readonly ArrayLike<number>[];

/** The solver, given the clauses (whatever kind of solver it is: the tests keep its own type). */
export function loaded<S extends { addClause(lits: ArrayLike<number>): void }>(solver: S, clauses: ClauseList): S {
  for (const clause of clauses) solver.addClause(clause);
  return solver;
}

/** Every clause has a literal that the solver's last model makes true. */
export const satisfies = (clauses: ClauseList, solver: { value(v: number): boolean }): boolean =>
  clauses.every((c) => Array.from(c).some((lit) => solver.value(Math.abs(lit)) === lit > 0));

/** Exactly one of 1..4 true, and 5 implies 1: four models over 1..4, five in all. */
export const EXACTLY_ONE_OF_FOUR = [
  [1, 2, 3, 4],
  [-1, -2],
  [-1, -3],
  [-1, -4],
  [-2, -3],
  [-2, -4],
  [-3, -4],
  [-5, 1],
];

/** Formulas small enough to answer by eye: none, a chain, a contradiction, all four clauses over two variables, the empty clause. */
export const SMALL_FORMULAS: [number[][], Status][] = [
  [[], 'SAT'],
  [[[1, 2], [-1], [-2, 3]], 'SAT'],
  [[[1], [-1]], 'UNSAT'],
  [
    [
      [1, 2],
      [1, -2],
      [-1, 2],
      [-1, -2],
    ],
    'UNSAT',
  ],
  [[[]], 'UNSAT'],
];
