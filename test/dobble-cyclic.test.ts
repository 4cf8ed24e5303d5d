/**
 * The cyclic model of the full Dobble deck (--variables cyclic): its models
 * are exactly the planar difference sets found by brute force (with no
 * step, with first-pair, with multipliers), each step keeps a translate of
 * every one, every model's developed deck passes the deck checker,
 * and the plane of order 9 (91 cards) is found (the CLI's answers, order 6's
 * UNSAT among them, are in dobble-cli.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkDeck, decodeDobble, encodeDobble, planeSize } from '../encoders/dobble.js';
import { CYCLIC_STEPS, type CyclicCnf, type CyclicStep, developedDeck, modelBase } from '../encoders/dobble/cyclic.js';
import { gcd, primeDivisors } from '../src/algebra/finite-field.js';
import { UsageError } from '../src/core/errors.js';
import { createLogicSolver } from '../solvers/logic-solver.js';
import { pickSolver } from '../solvers/index.js';

/** Every (n+1)-subset of Z_N, N = n² + n + 1, whose differences are each non-zero residue once (no SAT). */
function differenceSets(n: number): number[][] {
  const N = planeSize(n);
  const out: number[][] = [];
  const extend = (chosen: number[], next: number, seen: Set<number>): void => {
    if (chosen.length === n + 1) {
      out.push([...chosen]);
      return;
    }
    for (let s = next; s < N; s++) {
      const made = chosen.flatMap((a) => [(s - a + N) % N, (a - s + N) % N]);
      if (made.some((d) => seen.has(d)) || new Set(made).size < made.length) continue;
      extend([...chosen, s], s + 1, new Set([...seen, ...made]));
    }
  };
  extend([], 0, new Set());
  return out;
}

/** All models' first cards, by blocking each one found. */
async function allBases(
  order: number,
  options: { symmetryBreaking?: boolean; symmetry?: CyclicStep[]; pairs?: 'exactly-one' | 'at-most-one' },
): Promise<number[][]> {
  const cnf = encodeDobble(order, { variables: 'cyclic', ...options });
  const solver = createLogicSolver();
  for (const clause of cnf.clauses()) solver.addClause(clause);
  const found: number[][] = [];
  while ((await solver.solve()) === 'SAT') {
    expect(cnf.satisfiedBy((v) => solver.value(v)).ok).toBe(true);
    found.push(modelBase(cnf as unknown as CyclicCnf, (v) => solver.value(v)));
    solver.addClause(cnf.projection.map((v) => (solver.value(v) ? -v : v)));
  }
  solver.dispose();
  return found;
}

const key = (set: readonly number[]) => [...set].sort((a, b) => a - b).join(' ');

/** The translates of a set mod N. */
const translates = (set: readonly number[], N: number) => Array.from({ length: N }, (_, t) => set.map((s) => (s + t) % N));

describe('Dobble as the translates of one card (--variables cyclic)', () => {
  it('checks its steps and shape', () => {
    expect(() => encodeDobble(4, { variables: 'cyclic', symmetry: ['cycles'] })).toThrow(
      new UsageError('symmetrySteps: cycles is a step of variables mols, not of variables cyclic (its steps: first-pair, multipliers)'),
    );
    expect(() => encodeDobble(4, { symmetry: ['first-pair'] })).toThrow(/first-pair is a step of variables cyclic, not of variables incidence/);
    expect(() => encodeDobble(4, { variables: 'cyclic', cards: 20 })).toThrow(
      /^variables cyclic: the translates of one card make the full deck of 21 cards/,
    );
    expect(CYCLIC_STEPS).toEqual(['first-pair', 'multipliers']);
    expect(() => encodeDobble(4, { variables: 'cyclic', symmetry: ['first-pair', 'multipliers'] })).toThrow(
      /first-pair and multipliers each choose the translate/,
    );
    expect([1, 2, 9, 10, 12, 30, 97].map(primeDivisors)).toEqual([[], [2], [3], [2, 5], [2, 3], [2, 3, 5], [97]]);
  });

  it('develops a difference set into a deck, and a set that is not one into a deck the checker rejects', () => {
    expect(checkDeck(developedDeck(2, [0, 1, 3]))).toEqual({ ok: true, cards: 7, symbolsPerCard: 3, symbols: 7 });
    expect(checkDeck(developedDeck(2, [0, 1, 2]))).toMatchObject({ ok: false });
  });

  for (const order of [1, 2, 3, 4, 5]) {
    it(`order ${order}: the models are exactly the brute-force difference sets that satisfy each step, and each step keeps a translate of every one`, async () => {
      const N = planeSize(order);
      const all = differenceSets(order);
      expect(all.length).toBeGreaterThan(0);
      const holds: Record<CyclicStep | 'none', (set: number[]) => boolean> = {
        none: () => true,
        'first-pair': (set) => set.includes(0) && set.includes(1),
        multipliers: (set) => primeDivisors(order).every((p) => key(set.map((s) => (p * s) % N)) === key(set)),
      };
      for (const step of ['none', ...CYCLIC_STEPS] as const) {
        const options = step === 'none' ? { symmetryBreaking: false } : { symmetry: [step] };
        for (const pairs of ['exactly-one', 'at-most-one'] as const) {
          const models = (await allBases(order, { ...options, pairs })).map(key);
          expect(models).toHaveLength(new Set(models).size);
          expect(new Set(models)).toEqual(new Set(all.filter(holds[step]).map(key)));
        }
        // The step's proof, checked: every difference set has a translate the step keeps.
        for (const set of all) expect(translates(set, N).some(holds[step]), `${step}: ${key(set)}`).toBe(true);
      }
    });
  }

  // The Singer sets of order n = pᵉ are the φ(N) / 3e sets t·D up to translation (the multiplier group <p> has order 3e), and a set
  // fixed by p has gcd(p - 1, N) translates fixed by p: D + s with (p - 1)·s = 0 mod N. Every cyclic plane of these orders is Desarguesian.
  it(
    'orders 2-9: as many multiplier-fixed difference sets as the Singer sets give, φ(N) / 3e · gcd(p - 1, N) for n = pᵉ',
    { timeout: 120_000 },
    async () => {
      const totient = (N: number) => Array.from({ length: N }, (_, i) => i).filter((i) => gcd(i, N) === 1).length;
      for (const [order, p, e] of [
        [2, 2, 1],
        [3, 3, 1],
        [4, 2, 2],
        [5, 5, 1],
        [7, 7, 1],
        [8, 2, 3],
        [9, 3, 2],
      ] as const) {
        const cnf = encodeDobble(order, { variables: 'cyclic' });
        const solver = (await pickSolver(undefined)).create();
        solver.ensureVars(cnf.varCount);
        for (const clause of cnf.clauses()) solver.addClause(clause);
        let count = 0;
        while ((await solver.solve()) === 'SAT') {
          expect(checkDeck(decodeDobble(cnf, (v) => solver.value(v))).ok).toBe(true);
          solver.addClause(cnf.projection.map((v) => (solver.value(v) ? -v : v)));
          count++;
        }
        solver.dispose();
        const N = planeSize(order);
        expect([order, count]).toEqual([order, (totient(N) / (3 * e)) * gcd(p - 1, N)]);
      }
    },
  );

  for (const order of [7, 8, 9, 11]) {
    it(`order ${order}: the default solver finds a cyclic deck of ${planeSize(order)} cards the checker accepts`, { timeout: 300_000 }, async () => {
      const cnf = encodeDobble(order, { variables: 'cyclic' });
      const solver = (await pickSolver(undefined)).create();
      solver.ensureVars(cnf.varCount);
      for (const clause of cnf.clauses()) solver.addClause(clause);
      expect(await solver.solve()).toBe('SAT');
      expect(cnf.satisfiedBy((v) => solver.value(v)).ok).toBe(true);
      const deck = decodeDobble(cnf, (v) => solver.value(v));
      solver.dispose();
      expect(checkDeck(deck)).toEqual({ ok: true, cards: planeSize(order), symbolsPerCard: order + 1, symbols: planeSize(order) });
    });
  }
});
