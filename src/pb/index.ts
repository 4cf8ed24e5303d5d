/**
 * Pseudo-Boolean constraints, Σ wᵢ·ℓᵢ ≤ k (and ≥, =), in the encodings of
 * the literature, one module each behind the same ClauseSink as the
 * cardinality encodings (src/card/index.ts): every function appends clauses
 * to the Cnf's current family, names its auxiliaries `<encoding> <label>#i`
 * and returns what it cost. Weights and bounds are integers of any sign;
 * normalize.ts brings each constraint to the form the encodings take.
 */
import type { Cnf } from '../core/cnf.js';
import type { PbEncoding } from '../core/encodings.js';
import { UsageError, didYouMean } from '../core/errors.js';
import { choiceText } from '../core/limits.js';
import { type EncodingCost, type EncodingInfo, describeEncodings, measured } from '../card/index.js';
import { type ClauseSink, auxRoom } from '../card/sink.js';
import { adderAtMostWeighted, adderNetwork, comparatorAtMost, comparatorSize, networkSize, refuseAdderPastLimit, sumBits } from './adder.js';
import { bddAtMostWeighted } from './bdd.js';
import { gcd } from '../algebra/finite-field.js';
import { type WeightedLit, normalizeAtMost, positiveSum } from './normalize.js';
import { swcAtMostWeighted } from './swc.js';

export type { WeightedLit } from './normalize.js';

export type { PbEncoding } from '../core/encodings.js';

/** Called with n ≥ 2 terms of positive weight, each at most k, summing to more than k ≥ 1. */
const PB: Record<PbEncoding, Omit<EncodingInfo, 'name'> & { encode: (sink: ClauseSink, terms: readonly WeightedLit[], k: number) => void }> = {
  bdd: {
    fits: 'the all-round choice: a reduced BDD, arc-consistent; small when few distinct partial sums matter, n·k nodes at worst',
    clauses: '≤ 2 per node + 1',
    auxVars: 'one per node, ≤ n·(k+1) nodes',
    encode: bddAtMostWeighted,
  },
  swc: {
    fits: 'small bounds: a sequential weight counter, linear in n·k, arc-consistent, simple',
    clauses: '≤ 3 per register + n - 1',
    auxVars: 'one per register a later row reads, ≤ (n-1)k',
    encode: swcAtMostWeighted,
  },
  adder: {
    fits: 'large weights and bounds: binary adders, O(n log W) whatever k, but propagation is weak',
    clauses: '14 per full adder + 7 per half adder + ≤ log₂k',
    auxVars: '2 per adder',
    encode: adderAtMostWeighted,
  },
};

export const PB_ENCODINGS: readonly EncodingInfo<PbEncoding>[] = describeEncodings(PB);

export const DEFAULT_PB: PbEncoding = 'bdd';

export function parsePb(given: unknown, where: string): PbEncoding {
  const name = choiceText(given, where);
  if (Object.hasOwn(PB, name)) return name as PbEncoding;
  throw new UsageError(
    `unknown pseudo-Boolean encoding "${name}"${didYouMean(name, Object.keys(PB))} (${where}); choose one of: ${Object.keys(PB).join(', ')}`,
  );
}

/**
 * A weighted-sum constraint on the Cnf's current family, its auxiliaries
 * labelled `<encoding> <label>`. `guard`, when given, makes it conditional:
 * it holds when the guard literal is true (every clause gets ¬guard), so that
 * a bound can be switched on by an assumption and left off later.
 */
type WeightedConstraint = (cnf: Cnf, terms: readonly WeightedLit[], k: number, encoding: PbEncoding, label: string, guard?: number) => EncodingCost;

/** Σ wᵢ·ℓᵢ ≤ k. */
export const atMostWeighted: WeightedConstraint = (cnf, terms, k, encoding, label, guard) => {
  const sink = sinkFor(cnf, `${encoding} ${label}`, guard);
  return measured(cnf, () => {
    const form = normalizeAtMost(terms, k);
    if (form.kind === 'false') sink.add([]);
    if (form.kind !== 'sum') return;
    for (const unit of form.units) sink.add([unit]);
    if (form.terms.length) PB[encoding].encode(sink, form.terms, form.k);
  });
};

/** Σ wᵢ·ℓᵢ ≥ k, as Σ (-wᵢ)·ℓᵢ ≤ -k. */
export const atLeastWeighted: WeightedConstraint = (cnf, terms, k, encoding, label, guard) =>
  atMostWeighted(
    cnf,
    terms.map((t) => ({ lit: t.lit, weight: -t.weight })),
    -k,
    encoding,
    label,
    guard,
  );

/** Σ wᵢ·ℓᵢ = k: at most k and at least k, encoded separately. */
export const exactlyWeighted: WeightedConstraint = (cnf, terms, k, encoding, label, guard) => {
  const upper = atMostWeighted(cnf, terms, k, encoding, label, guard);
  const lower = atLeastWeighted(cnf, terms, k, encoding, label, guard);
  return { clauses: upper.clauses + lower.clauses, auxVars: upper.auxVars + lower.auxVars };
};

function sinkFor(cnf: Cnf, auxLabel: string, guard: number | undefined): ClauseSink {
  return {
    add: (clause) => cnf.add(guard === undefined ? clause : [...clause, -guard]),
    aux: () => cnf.vars.aux(auxLabel),
    literalsAdded: guard === undefined ? 0 : 1,
    vars: auxRoom(cnf.vars),
  };
}

/**
 * Bounds Σ wᵢ·ℓᵢ ≤ k for one sum and many k (an optimisation's falling
 * bound), each switched on by its guard. The adder's network does not depend
 * on k: it is built once, and each bound adds only its comparator. The other
 * encodings build each bound afresh.
 */
export function weightedBounds(cnf: Cnf, terms: readonly WeightedLit[], encoding: PbEncoding, label: string): (k: number, guard: number) => void {
  if (encoding !== 'adder') return (k, guard) => void atMostWeighted(cnf, terms, k, encoding, `${label} ≤ ${k}`, guard);
  const positive = positiveSum(terms);
  const g = positive.terms.reduce((d, t) => gcd(d, t.weight), 0) || 1;
  const total = positive.terms.reduce((s, t) => s + t.weight, 0);
  const divided = positive.terms.map((t) => ({ lit: t.lit, weight: t.weight / g }));
  const network = adderNetwork(divided.map((t) => t.weight));
  let bits: (number | undefined)[] | undefined;
  return (k, guard) => {
    const sink = sinkFor(cnf, `adder ${label}`, guard);
    const bound = k - positive.shift;
    if (bound < 0) return sink.add([]);
    if (total <= bound) return;
    const K = Math.floor(bound / g);
    // Counted before anything is made, as adderAtMostWeighted counts: this bound's comparator, guarded, and the network, unguarded, when this bound is the first to need it.
    const adders = bits ? { literals: 0, auxVars: 0 } : networkSize(network);
    refuseAdderPastLimit(
      { literals: comparatorSize(network, K, sink.literalsAdded).literals + adders.literals, auxVars: adders.auxVars },
      divided.length,
      K,
      sink.vars,
    );
    bits ??= sumBits(sinkFor(cnf, `adder ${label}`, undefined), divided);
    comparatorAtMost(sink, bits, K);
  };
}
