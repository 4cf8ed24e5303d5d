/**
 * The mols model of the full Dobble deck (--variables mols): its decks pass
 * the deck checker for orders 2-5 and 7 with the default steps and every
 * allowed combination; order 6 is UNSAT; and for orders 3 and 4 the models
 * are exactly the tuples of pairwise orthogonal Latin squares, found by brute
 * force, that satisfy each step stated directly on the square values.
 */
import { describe, expect, it } from 'vitest';
import { checkDeck, decodeDobble, encodeDobble, planeSize, type DobbleStep } from '../encoders/dobble.js';
import { DEFAULT_MOLS_STEPS, MOLS_NEEDS, MOLS_STEPS, modelSquares, type MolsCnf, type MolsStep, squaresDeck } from '../encoders/dobble/mols.js';
import { UsageError } from '../src/core/errors.js';
import { createLogicSolver } from '../solvers/logic-solver.js';
import { pickSolver } from '../solvers/index.js';
import { makeField } from '../src/algebra/finite-field.js';
import { seededRandom } from '../src/core/random.js';

type Square = number[][];

/** Every subset of the steps that holds each step's needs. */
function allowedCombinations(): MolsStep[][] {
  const out: MolsStep[][] = [];
  for (let mask = 0; mask < 1 << MOLS_STEPS.length; mask++) {
    const steps = MOLS_STEPS.filter((_, i) => mask & (1 << i));
    if (steps.every((step) => MOLS_NEEDS[step].every((needed) => steps.includes(needed)))) out.push([...steps]);
  }
  return out;
}

async function solveWith(order: number, symmetry: readonly DobbleStep[] | undefined, pairs: 'exactly-one' | 'at-most-one' = 'exactly-one') {
  const cnf = encodeDobble(order, { variables: 'mols', symmetry, pairs });
  const solver = (await pickSolver(undefined)).create();
  solver.ensureVars(cnf.varCount);
  for (const clause of cnf.clauses()) solver.addClause(clause);
  const status = await solver.solve();
  const deck = status === 'SAT' ? decodeDobble(cnf, (v) => solver.value(v)) : null;
  const model = status === 'SAT' ? cnf.satisfiedBy((v) => solver.value(v)).ok : null;
  solver.dispose();
  return { status, deck, model };
}

/** Every Latin square of order n (rows filled left to right, backtracking). */
function latinSquares(n: number): Square[] {
  const out: Square[] = [];
  const grid = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  const fill = (i: number): void => {
    if (i === n * n) {
      out.push(grid.map((row) => [...row]));
      return;
    }
    const [r, c] = [Math.floor(i / n), i % n];
    for (let v = 0; v < n; v++) {
      if (grid[r]!.slice(0, c).includes(v) || grid.slice(0, r).some((row) => row[c] === v)) continue;
      grid[r]![c] = v;
      fill(i + 1);
    }
    grid[r]![c] = -1;
  };
  fill(0);
  return out;
}

function orthogonal(a: Square, b: Square): boolean {
  const n = a.length;
  const seen = new Set(a.flatMap((row, r) => row.map((v, c) => v * n + b[r]![c]!)));
  return seen.size === n * n;
}

/** Ordered (n-1)-tuples of pairwise orthogonal Latin squares, each satisfying `keep`. */
function completeSets(n: number, keep: (square: Square) => boolean): Square[][] {
  const squares = latinSquares(n).filter(keep);
  const out: Square[][] = [];
  const extend = (chosen: Square[]): void => {
    if (chosen.length === n - 1) {
      out.push(chosen);
      return;
    }
    for (const s of squares) if (chosen.every((t) => t !== s && orthogonal(t, s))) extend([...chosen, s]);
  };
  extend([]);
  return out;
}

/** The cycle lengths of row 1 of square 0 as a permutation, cycles in order of their smallest column. */
function cycleLengths(row: readonly number[]): number[] {
  const seen = new Set<number>();
  const lengths: number[] = [];
  for (let start = 0; start < row.length; start++) {
    if (seen.has(start)) continue;
    let length = 0;
    for (let c = start; !seen.has(c); c = row[c]!) {
      seen.add(c);
      length++;
    }
    lengths.push(length);
  }
  return lengths;
}

/** Each step as a predicate on the square values, independent of the clauses. */
function satisfies(set: Square[], step: MolsStep): boolean {
  const n = set[0]!.length;
  const columns = Array.from({ length: n }, (_, c) => c);
  const delta = set[0]![1]!;
  switch (step) {
    case 'first-rows':
      return set.every((s) => columns.every((c) => s[0]![c] === c));
    case 'first-column':
      return columns.every((r) => set[0]![r]![0] === r);
    case 'square-order':
      return set.every((s, k) => s[1]![0] === k + 1);
    case 'cycles': {
      // Cycles on consecutive columns, in order: each cycle's columns are the next block.
      let next = 0;
      for (const length of cycleLengths(delta)) {
        const block = Array.from({ length }, (_, i) => next + i);
        if (!block.every((c, i) => delta[c] === block[(i + 1) % length])) return false;
        next += length;
      }
      return true;
    }
    case 'cycle-order': {
      const lengths = cycleLengths(delta);
      return lengths.every((l, i) => i === 0 || l <= lengths[i - 1]!);
    }
    case 'point-pairs':
    case 'cell-values':
      return true; // implied: they remove no set of MOLS
  }
}

/** All models of the mols formula as their squares, by blocking each one found. */
async function allModels(order: number, symmetry: MolsStep[]): Promise<Square[][]> {
  const cnf = encodeDobble(order, { variables: 'mols', symmetry }) as unknown as MolsCnf;
  const solver = createLogicSolver();
  for (const clause of cnf.clauses()) solver.addClause(clause);
  const found: Square[][] = [];
  while ((await solver.solve()) === 'SAT') {
    found.push(modelSquares(cnf, (v) => solver.value(v)));
    solver.addClause(cnf.projection.map((v) => (solver.value(v) ? -v : v)));
  }
  solver.dispose();
  return found;
}

const key = (set: Square[]) => JSON.stringify(set);

/** The n - 1 squares S_m[r][c] = m·r + c over GF(n), m ≠ 0: the Desarguesian plane. */
function fieldSquares(n: number): Square[] {
  const f = makeField(n);
  const range = Array.from({ length: n }, (_, i) => i);
  return range.slice(1).map((m) => range.map((r) => range.map((c) => f.add(f.mul(m, r), c))));
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The same plane in another frame numbering: rows, columns, squares and each square's values permuted at random. */
function scrambled(set: Square[], random: () => number): Square[] {
  const n = set[0]!.length;
  const range = Array.from({ length: n }, (_, i) => i);
  const [rows, columns] = [shuffled(range, random), shuffled(range, random)];
  return shuffled(set, random).map((square) => {
    const values = shuffled(range, random);
    return rows.map((r) => columns.map((c) => values[square[r]![c]!]!));
  });
}

/**
 * The proof at `normalise` (encoders/dobble/mols.ts) as a procedure: number
 * each square's values by row 0; lay the cycles of row 1 of square 0 out on
 * consecutive columns, longest first, and renumber; order rows by column 0
 * of square 0; order squares by their cell (1, 0).
 */
function normalForm(set: Square[]): Square[] {
  const n = set[0]!.length;
  const byFirstRow = (squares: Square[]) =>
    squares.map((square) => {
      const rank = new Map(square[0]!.map((v, c) => [v, c]));
      return square.map((row) => row.map((v) => rank.get(v)!));
    });
  let squares = byFirstRow(set);
  const delta = squares[0]![1]!;
  const cycles: number[][] = [];
  const seen = new Set<number>();
  for (let start = 0; start < n; start++) {
    const cycle: number[] = [];
    for (let c = start; !seen.has(c); c = delta[c]!) {
      seen.add(c);
      cycle.push(c);
    }
    if (cycle.length > 0) cycles.push(cycle);
  }
  const columns = cycles.sort((a, b) => b.length - a.length).flat();
  squares = byFirstRow(squares.map((square) => square.map((row) => columns.map((c) => row[c]!))));
  const rowOrder = Array.from({ length: n }, (_, r) => squares[0]!.findIndex((row) => row[0] === r));
  squares = squares.map((square) => rowOrder.map((r) => square[r]!));
  return squares.sort((a, b) => a[1]![0]! - b[1]![0]!);
}

describe('Dobble as mutually orthogonal Latin squares (--variables mols)', () => {
  it('checks its steps and shape', () => {
    expect(() => encodeDobble(4, { variables: 'mols', symmetry: ['cycle-order'] })).toThrow(
      new UsageError('symmetrySteps: cycle-order needs cycles too'),
    );
    expect(() => encodeDobble(4, { variables: 'mols', symmetry: ['first-line'] })).toThrow(
      /first-line is a step of variables incidence, not of variables mols/,
    );
    expect(() => encodeDobble(4, { symmetry: ['cycles'] })).toThrow(/cycles is a step of variables mols/);
    expect(() => encodeDobble(4, { variables: 'mols', cards: 20 })).toThrow(/^variables mols: the squares make the full deck of 21 cards/);
    expect(() => encodeDobble(1, { variables: 'mols' })).toThrow(UsageError);
    for (const step of MOLS_STEPS) for (const needed of MOLS_NEEDS[step]) expect(MOLS_STEPS.indexOf(needed)).toBeLessThan(MOLS_STEPS.indexOf(step));
  });

  it('decodes squares into the plane: the two orthogonal squares of order 3 give a valid 13-card deck', () => {
    const deck = squaresDeck(3, [
      [
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
      ],
      [
        [0, 1, 2],
        [2, 0, 1],
        [1, 2, 0],
      ],
    ]);
    expect(checkDeck(deck)).toEqual({ ok: true, cards: 13, symbolsPerCard: 4, symbols: 13 });
    // Two equal squares are not orthogonal: lines of squares 0 and 1 meet in 3 points.
    expect(
      checkDeck(
        squaresDeck(3, [
          [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
          ],
          [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
          ],
        ]),
      ),
    ).toMatchObject({ ok: false });
  });

  for (const order of [2, 3, 4, 5, 7]) {
    // Heavy by design at order 7: its own generous timeout.
    it(`order ${order}: the default steps, with either pair encoding, give a deck the checker accepts`, { timeout: 900_000 }, async () => {
      for (const pairs of ['exactly-one', 'at-most-one'] as const) {
        const { status, deck, model } = await solveWith(order, undefined, pairs);
        expect([pairs, status, model]).toEqual([pairs, 'SAT', true]);
        expect(checkDeck(deck!)).toEqual({ ok: true, cards: planeSize(order), symbolsPerCard: order + 1, symbols: planeSize(order) });
      }
    });
  }

  for (const order of [3, 4, 5]) {
    it(`order ${order}: every allowed combination of steps gives a checked deck`, { timeout: 120_000 }, async () => {
      for (const steps of allowedCombinations()) {
        const { status, deck } = await solveWith(order, steps);
        expect([steps.join(','), status]).toEqual([steps.join(','), 'SAT']);
        expect(checkDeck(deck!)).toMatchObject({ ok: true, cards: planeSize(order) });
      }
    });
  }

  it('every step holds of the normal form of the Desarguesian planes of orders 3-9, in any frame numbering', () => {
    const random = seededRandom(9);
    for (const order of [3, 4, 5, 7, 8, 9]) {
      for (let trial = 0; trial < 5; trial++) {
        const normal = normalForm(scrambled(fieldSquares(order), random));
        expect([order, MOLS_STEPS.filter((step) => !satisfies(normal, step))]).toEqual([order, []]);
        expect(checkDeck(squaresDeck(order, normal))).toMatchObject({ ok: true, cards: planeSize(order) });
      }
    }
  });

  it('the cuts hold of the normal form of Latin squares of order 5 with any cycle type of row 1 (5 or 3 + 2)', () => {
    const sample = latinSquares(5).filter((_, i) => i % 101 === 0);
    const types = new Set(sample.map((square) => cycleLengths(normalForm([square])[0]![1]!).join('+')));
    expect(types).toEqual(new Set(['5', '3+2']));
    const cuts = MOLS_STEPS.filter((step) => step !== 'point-pairs' && step !== 'cell-values');
    for (const square of sample) expect(cuts.filter((step) => !satisfies(normalForm([square]), step))).toEqual([]);
  });

  it('order 6 is UNSAT with the default steps (no two orthogonal Latin squares of order 6)', { timeout: 120_000 }, async () => {
    expect((await solveWith(6, [...DEFAULT_MOLS_STEPS])).status).toBe('UNSAT');
  });

  describe('the models are exactly the brute-force complete sets that satisfy the steps', () => {
    const sets = new Map([3, 4].map((n) => [n, completeSets(n, (s) => s[0]!.every((v, c) => v === c))]));
    const cases: [number, MolsStep[]][] = [
      [3, ['first-rows']],
      [4, ['first-rows']],
      [4, ['first-rows', 'cycles']],
      [4, ['first-rows', 'first-column']],
      [4, ['first-rows', 'square-order']],
      [4, ['first-rows', 'point-pairs']],
      [3, ['first-rows', 'cell-values']],
      [4, ['first-rows', 'cell-values']],
      [4, [...DEFAULT_MOLS_STEPS, 'cell-values']],
      [4, [...DEFAULT_MOLS_STEPS]],
    ];
    for (const [order, steps] of cases) {
      it(`order ${order}: ${steps.join(',')}`, { timeout: 120_000 }, async () => {
        const expected = sets
          .get(order)!
          .filter((set) => steps.every((step) => satisfies(set, step)))
          .map(key);
        const models = (await allModels(order, steps)).map(key);
        expect(new Set(models).size).toBe(models.length);
        expect(new Set(models)).toEqual(new Set(expected));
        expect(models.length).toBeGreaterThan(0);
      });
    }

    it('order 3 has 2 ordered pairs with first rows fixed, order 4 has 12 triples; the default steps leave one for orders 3, 4 and 5', async () => {
      expect([sets.get(3)!.length, sets.get(4)!.length]).toEqual([2, 12]);
      const counts = await Promise.all([3, 4, 5].map(async (order) => (await allModels(order, [...DEFAULT_MOLS_STEPS])).length));
      expect(counts).toEqual([1, 1, 1]);
    });
  });
});
