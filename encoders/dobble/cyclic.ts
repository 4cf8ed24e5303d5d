import { atMostOne, exactlyK, exactlyOne, type AmoEncoding, type CardEncoding } from '../../src/card/index.js';
import { Cnf } from '../../src/core/cnf.js';
import { UsageError, UserError } from '../../src/core/errors.js';
import { fieldName } from '../../src/core/field-names.js';
import { primeDivisors } from '../../src/algebra/finite-field.js';
import { sortedDeck } from './cards.js';

/**
 * The full Dobble deck of order n as the translates of one card: a cyclic
 * projective plane, searched for with a prescribed automorphism (the
 * rotation s ↦ s + 1 of the N = n² + n + 1 symbols, moving card i to card
 * i + 1).
 *
 * Why it is a deck. Let card 0 be a set D of symbols mod N and card i be
 * D + i. Cards i and j share symbol t exactly when t - i and t - j are both
 * in D, that is once for every pair (a, b) of D with a - b = j - i. So the
 * translates form a deck exactly when every non-zero residue d is a
 * difference a - b of D once (D is a planar difference set). Since a - b = d
 * and b - a = -d come from one pair, it is enough that every d ≤ (N - 1)/2
 * comes from exactly one pair {a, a + d}; D then has n + 1 symbols, as its
 * C(|D|, 2) pairs are the (N - 1)/2 differences.
 *
 * What it keeps. Only cyclic planes: Singer (1938) gave one for every prime
 * power n (PG(2, n) has a collineation cycling its points), and none of
 * another order is known (Baumert and Gordon 2004 rule out every
 * non-prime-power order up to 2·10⁹). So the model finds the plane of every
 * prime power order fast, and an UNSAT answer rules out cyclic planes only,
 * not planes: the normalised models (incidence, mols) are the ones that keep
 * every isomorphism class.
 *
 * Variables `D s` ("symbol s is on card 0"); pair auxiliaries per difference.
 */

/**
 * Which translate of D to keep (any translate D + t has the same deck up to
 * renaming symbols and cards: translate everything by t). Either step keeps
 * a deck of every cyclic class; they pick different translates, so only one
 * can be used.
 * - first-pair: symbols 0 and 1 are on card 0. The difference 1 comes from
 *   one pair {a, a + 1} of D, and D - a holds 0 and 1.
 * - multipliers: p·D = D for every prime p dividing n. Hall's multiplier
 *   theorem (1947) says each such p is a multiplier of a planar difference
 *   set: p·D = D + s for some s. The translate whose symbols sum to 0 mod N
 *   exists and is unique, since the size n + 1 is invertible mod N
 *   (N = n(n + 1) + 1), and it is fixed: p·D sums to 0 too, and D + s sums
 *   to (n + 1)·s, so s = 0. D is then a union of orbits of s ↦ p·s.
 */
export const CYCLIC_STEPS = ['first-pair', 'multipliers'] as const;
export type CyclicStep = (typeof CYCLIC_STEPS)[number];
export const CYCLIC_NEEDS: Record<CyclicStep, readonly CyclicStep[]> = { 'first-pair': [], multipliers: [] };
export const DEFAULT_CYCLIC_STEPS: readonly CyclicStep[] = ['multipliers'];

export interface CyclicOptions {
  amo: AmoEncoding;
  card: CardEncoding;
  /** Every difference from exactly one pair (true), or from at most one (enough by counting). */
  exactPairs: boolean;
  steps: ReadonlySet<CyclicStep>;
}

export const baseName = (s: number) => `D s${s}`;

export type CyclicCnf = Cnf & { readonly base: readonly number[] };

/** The difference-set formula of order n ≥ 1: its models are the first cards D. */
export function encodeCyclic(n: number, { amo, card, exactPairs, steps }: CyclicOptions): CyclicCnf {
  if (!Number.isInteger(n) || n < 1) throw new UserError(`${fieldName('variables')} cyclic: the order must be a whole number ≥ 1, not ${n}`);
  if (steps.has('first-pair') && steps.has('multipliers'))
    throw new UsageError(`${fieldName('symmetrySteps')}: first-pair and multipliers each choose the translate of card 0 to keep; give one of them`);
  const N = n * n + n + 1;
  const cnf = new Cnf();
  const base = Array.from({ length: N }, (_, s) => cnf.vars.named(baseName(s)));
  cnf.projection = [...base];

  cnf.family('card-size', `card 0 holds exactly ${n + 1} of the ${N} symbols (implied by the differences, said for propagation)`);
  exactlyK(cnf, base, n + 1, card, 'card 0');

  cnf.family(
    'differences',
    `every difference d = 1..${(N - 1) / 2} mod ${N} is made by ${exactPairs ? 'exactly' : 'at most'} one pair {a, a + d} of card 0`,
  );
  for (let d = 1; d <= (N - 1) / 2; d++) {
    const pairs = base.map((a, i) => {
      const b = base[(i + d) % N]!;
      const both = cnf.vars.aux(`pair d${d} s${i}`);
      cnf.add([-a, -b, both]);
      if (exactPairs) {
        cnf.add([-both, a]);
        cnf.add([-both, b]);
      }
      return both;
    });
    if (exactPairs) exactlyOne(cnf, pairs, amo, `difference d${d}`);
    else atMostOne(cnf, pairs, amo, `difference d${d}`);
  }

  if (steps.has('first-pair')) {
    cnf.family('normalise', 'symbols 0 and 1 on card 0 (the pair of difference 1, translated to 0)');
    cnf.add([base[0]!]);
    cnf.add([base[1]!]);
  }
  const primes = steps.has('multipliers') ? primeDivisors(n) : [];
  if (primes.length > 0) {
    cnf.family('normalise', `card 0 is fixed by multiplying by ${primes.join(' and ')} mod ${N} (the translate fixed by the multipliers)`);
    for (const p of primes) {
      for (let s = 0; s < N; s++) {
        const image = (p * s) % N;
        if (image !== s) cnf.add([-base[s]!, base[image]!]);
      }
    }
  }
  return Object.assign(cnf, { base });
}

/** The N translates of card 0 (its symbols, any order), as a sorted deck. */
export function developedDeck(n: number, first: readonly number[]): number[][] {
  const N = n * n + n + 1;
  return sortedDeck(Array.from({ length: N }, (_, i) => first.map((s) => (s + i) % N)));
}

/** Card 0 of a model: the symbols whose variable is true. */
export function modelBase(cnf: CyclicCnf, value: (v: number) => boolean): number[] {
  return cnf.base.flatMap((v, s) => (value(v) ? [s] : []));
}
