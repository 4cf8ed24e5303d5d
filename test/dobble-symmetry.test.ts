/**
 * The selectable symmetry-breaking steps of the Dobble encoding: every
 * allowed combination still finds a deck the checker accepts (orders 2-5),
 * the dependencies between steps are enforced, and on the Fano plane the
 * number of models equals an independent count: the labelled planes (every
 * point labelling of PG(2, 2), every choice of card 0 with the other cards
 * sorted) that satisfy each step, stated directly on the incidence matrix.
 */
import { describe, expect, it } from 'vitest';
import {
  checkDeck,
  decodeDobble,
  DEFAULT_SYMMETRY,
  encodeDobble,
  parseSymmetrySteps,
  planeSize,
  projectivePlane,
  SYMMETRY_NEEDS,
  SYMMETRY_STEPS,
  type SymmetryStep,
} from '../encoders/dobble.js';
import { MOLS_STEPS } from '../encoders/dobble/mols.js';
import { CYCLIC_STEPS } from '../encoders/dobble/cyclic.js';
import { UsageError } from '../src/core/errors.js';
import { createLogicSolver } from '../solvers/logic-solver.js';

const COMBINATIONS: SymmetryStep[][] = [
  [],
  ['first-line'],
  ['first-line', 'first-pencil'],
  ['lex-lines'],
  ['lex-lines', 'lex-points'],
  ['first-line', 'first-pencil', 'lex-lines'],
  ['first-line', 'first-pencil', 'lex-lines', 'lex-points'],
  ['first-line', 'first-pencil', 'lex-lines', 'second-pencil'],
  [...DEFAULT_SYMMETRY],
  [...DEFAULT_SYMMETRY, 'lex-points'],
  [...DEFAULT_SYMMETRY, 'latin'],
  [...SYMMETRY_STEPS],
];

/** All models of the encoding, as incidence matrices (rows are cards), by blocking each one found. */
async function allMatrices(order: number, symmetry: SymmetryStep[]): Promise<boolean[][][]> {
  const cnf = encodeDobble(order, { symmetry });
  const solver = createLogicSolver();
  for (const clause of cnf.clauses()) solver.addClause(clause);
  const size = planeSize(order);
  const found: boolean[][][] = [];
  while ((await solver.solve()) === 'SAT') {
    const values = cnf.projection.map((v) => solver.value(v));
    found.push(Array.from({ length: size }, (_, c) => values.slice(c * size, (c + 1) * size)));
    solver.addClause(cnf.projection.map((v) => (solver.value(v) ? -v : v)));
  }
  solver.dispose();
  return found;
}

const compareRows = (a: readonly boolean[], b: readonly boolean[]) => {
  const k = a.findIndex((x, i) => x !== b[i]);
  return k < 0 ? 0 : a[k] ? 1 : -1;
};

/** Each step as a predicate on the incidence matrix M[card][symbol] of a full deck of order n. */
function satisfiesStep(m: boolean[][], n: number, step: SymmetryStep): boolean {
  const size = planeSize(n);
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const block = (i: number, t: number) => n + 1 + (i - 1) * n + t;
  const holdsExactly = (row: number, columns: number[], members: number[]) => columns.every((s) => m[row]![s] === members.includes(s));
  const card = (j: number, t: number) => (j === 1 ? n + 1 + t : 2 * n + 1 + (j - 2) * n + t);
  switch (step) {
    case 'first-line':
      return holdsExactly(0, range(0, size), range(0, n + 1));
    case 'first-pencil':
      return range(1, n + 1).every((i) => !m[i]![0] || range(0, n).every((t) => m[i]![block(i, t)]));
    case 'lex-lines':
      return range(1, size - 1).every((c) => compareRows(m[c]!, m[c + 1]!) >= 0);
    case 'lex-points': {
      const column = (s: number) => m.map((row) => row[s]!);
      return range(0, size - 1).every((s) => compareRows(column(s), column(s + 1)) >= 0);
    }
    case 'second-pencil':
      return (
        range(0, n).every((t) => holdsExactly(card(1, t), range(0, size), [1, ...range(1, n + 1).map((i) => block(i, t))])) &&
        range(2, n + 1).every((j) =>
          range(0, n).every((t) => holdsExactly(card(j, t), [...range(0, n + 1), ...range(block(1, 0), block(2, 0))], [j, block(1, t)])),
        )
      );
    case 'mols':
      return range(2, n + 1).every((j) => m[card(j, 0)]![block(2, j - 1)]) && range(3, n + 1).every((i) => m[card(2, 0)]![block(i, i - 1)]);
    case 'latin':
      return true; // implied clauses: they remove no model
  }
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/**
 * The labelled Fano planes with card 0 any line and the others in decreasing
 * order (what lex-lines allows), as incidence matrices.
 */
function fanoWithSortedCards(): boolean[][][] {
  const lines = projectivePlane(2).lines;
  const out: boolean[][][] = [];
  for (const perm of permutations(7)) {
    const rows = lines.map((line) => {
      const row = new Array<boolean>(7).fill(false);
      for (const p of line) row[perm[p]!] = true;
      return row;
    });
    for (let first = 0; first < 7; first++) {
      const rest = rows.filter((_, i) => i !== first).sort((a, b) => -compareRows(a, b));
      out.push([rows[first]!, ...rest]);
    }
  }
  return out;
}

describe('Dobble symmetry-breaking steps', () => {
  it('knows each step, what it needs and which need the full deck', () => {
    expect(parseSymmetrySteps('first-line, lex-lines')).toEqual(['first-line', 'lex-lines']);
    expect(parseSymmetrySteps('none')).toEqual([]);
    expect(() => parseSymmetrySteps('first-line,rotate')).toThrow(
      new UsageError(
        `symmetrySteps: unknown step "rotate"; choose from ${SYMMETRY_STEPS.join(', ')} (variables incidence), ${MOLS_STEPS.join(', ')} (variables mols), ${CYCLIC_STEPS.join(', ')} (variables cyclic), or none`,
      ),
    );
    expect(() => encodeDobble(3, { symmetry: ['first-pencil'] })).toThrow(new UsageError('symmetrySteps: first-pencil needs first-line too'));
    expect(() => encodeDobble(3, { symmetry: ['mols'] })).toThrow(/mols needs second-pencil/);
    expect(() => encodeDobble(3, { cards: 10, symmetry: ['first-line', 'first-pencil', 'lex-lines', 'second-pencil'] })).toThrow(
      /second-pencil is for the full deck of 13/,
    );
    for (const step of SYMMETRY_STEPS)
      for (const needed of SYMMETRY_NEEDS[step]) expect(SYMMETRY_STEPS.indexOf(needed)).toBeLessThan(SYMMETRY_STEPS.indexOf(step));
  });

  for (const order of [2, 3, 4, 5]) {
    it(`order ${order}: every combination finds a deck the checker accepts`, { timeout: 120_000 }, async () => {
      for (const symmetry of COMBINATIONS) {
        const cnf = encodeDobble(order, { symmetry });
        const solver = createLogicSolver();
        for (const clause of cnf.clauses()) solver.addClause(clause);
        expect([symmetry.join(','), await solver.solve()]).toEqual([symmetry.join(','), 'SAT']);
        const deck = decodeDobble(cnf, (v) => solver.value(v));
        solver.dispose();
        expect(checkDeck(deck)).toMatchObject({ ok: true, cards: planeSize(order), symbolsPerCard: order + 1 });
      }
    });
  }

  describe('on the Fano plane the models are exactly the labelled planes that satisfy the steps', () => {
    const labelled = fanoWithSortedCards();
    const key = (m: boolean[][]) => m.map((row) => row.map(Number).join('')).join('/');
    for (const symmetry of COMBINATIONS.filter((steps) => steps.includes('lex-lines'))) {
      it(symmetry.join(','), async () => {
        const expected = new Set(labelled.filter((m) => symmetry.every((step) => satisfiesStep(m, 2, step))).map(key));
        const models = (await allMatrices(2, symmetry)).map(key);
        expect(new Set(models).size).toBe(models.length);
        expect(new Set(models)).toEqual(expected);
        expect(models.length).toBeGreaterThan(0);
      });
    }

    it('with lex-lines alone, 151200 / 6! = 210 planes; with every step one', async () => {
      expect((await allMatrices(2, ['lex-lines'])).length).toBe(210);
      expect((await allMatrices(2, [...SYMMETRY_STEPS])).length).toBe(1);
    });
  });

  it('counts the normalised planes of orders 3 and 4: second-pencil leaves the first column of the first Latin square free, mols fixes it', async () => {
    const count = async (order: number, symmetry: SymmetryStep[]) => (await allMatrices(order, symmetry)).length;
    const upToSecondPencil: SymmetryStep[] = ['first-line', 'first-pencil', 'lex-lines', 'second-pencil'];
    // Order 3: one Latin square with its first row fixed, whose first column is (0, 1, 2) or (0, 2, 1).
    expect([await count(3, upToSecondPencil), await count(3, [...DEFAULT_SYMMETRY]), await count(3, [...SYMMETRY_STEPS])]).toEqual([2, 1, 1]);
    // Order 4: the complete set of MOLS in standard form is unique (so is the plane); before mols, 12 labellings of it.
    expect([await count(4, upToSecondPencil), await count(4, [...DEFAULT_SYMMETRY]), await count(4, [...SYMMETRY_STEPS])]).toEqual([12, 1, 1]);
  }, 120_000);
});
