/**
 * Cardinality constraints over literals, in the encodings of the literature
 * (one module per family). Every function appends clauses to the Cnf's
 * current family, names its auxiliary variables `<encoding> <label>`, and
 * returns what it cost. `lits` is a multiset of literals: a repeated literal
 * counts each time it appears.
 */
import type { Cnf } from '../core/cnf.js';
import type { AmoEncoding, CardEncoding } from '../core/encodings.js';
import { UsageError, didYouMean } from '../core/errors.js';
import { choiceText, pastLimit, shownValue, sizeLimit } from '../core/limits.js';
import { bimanderAtMostOne, bimanderLiterals } from './bimander.js';
import { binaryAtMostOne, binaryLiterals, bitsFor } from './binary.js';
import { cardinalityNetworkAtMostK, cardinalityNetworkSize } from './cardinality-network.js';
import { commanderAtMostOne, commanderAux, commanderLiterals } from './commander.js';
import { ladderAtMostOne, ladderLiterals } from './ladder.js';
import { moduloTotalizerAtMostK, moduloTotalizerSize } from './modulo-totalizer.js';
import { pairwiseAtMostOne, pairwiseLiterals } from './pairwise.js';
import { productAtMostOne, productAux, productLiterals } from './product.js';
import { sequentialAtMostK, sequentialAtMostOne, sequentialLiterals } from './sequential.js';
import { type ClauseSink, auxRoom, refuseAuxPastLimit } from './sink.js';
import { type TreeSize, totalizerAtMostK, totalizerSize } from './totalizer.js';

export type { AmoEncoding, CardEncoding } from '../core/encodings.js';

export interface EncodingCost {
  clauses: number;
  auxVars: number;
}

/**
 * `fits`: one line on when to use it. `clauses`, `auxVars`: the size for n
 * literals (and bound k, 1 <= k < n); exact unless marked ≤ (an upper bound),
 * ≈ or O(...).
 */
/** An encoding in a table; `name` is typed as the encodings the constraints take, so a table's names can be passed to them. */
export interface EncodingInfo<Name extends string = string> {
  name: Name;
  fits: string;
  clauses: string;
  auxVars: string;
}

type Described = Omit<EncodingInfo, 'name'>;

/**
 * Called with 2 <= n literals. `size`: the literals its clauses hold and the
 * auxiliaries it makes, counted from n before it is built, so that one past
 * --max-literals or --max-vars is refused before it is made (as the
 * pseudo-Boolean encodings are).
 */
const AMO: Record<AmoEncoding, Described & { encode: (sink: ClauseSink, lits: readonly number[]) => void; size: (n: number) => TreeSize }> = {
  pairwise: {
    fits: 'few literals (up to about 6): no auxiliaries, the strongest propagation',
    clauses: 'n(n-1)/2',
    auxVars: '0',
    encode: pairwiseAtMostOne,
    size: (n) => ({ literals: pairwiseLiterals(n), auxVars: 0 }),
  },
  sequential: {
    fits: 'the all-round choice: linear size, propagates as well as pairwise',
    clauses: '3n-4',
    auxVars: 'n-1',
    encode: sequentialAtMostOne,
    size: (n) => ({ literals: sequentialLiterals(n, 1), auxVars: n - 1 }),
  },
  ladder: {
    fits: 'counting models without projection: its auxiliaries are functions of the inputs',
    clauses: '4n-2',
    auxVars: 'n',
    encode: ladderAtMostOne,
    size: (n) => ({ literals: ladderLiterals(n), auxVars: n }),
  },
  commander: {
    fits: 'long lists when auxiliaries should be functions of the inputs; groups of 3, recursive',
    clauses: '≤ 3.5n',
    auxVars: '≈ n/2',
    encode: commanderAtMostOne,
    size: (n) => ({ literals: commanderLiterals(n), auxVars: commanderAux(n) }),
  },
  product: {
    fits: 'very long lists: the fewest clauses and auxiliaries of the linear encodings',
    clauses: '2n + 4√n + O(n^¼)',
    auxVars: '2√n + O(n^¼)',
    encode: productAtMostOne,
    size: (n) => ({ literals: productLiterals(n), auxVars: productAux(n) }),
  },
  binary: {
    fits: 'the fewest auxiliaries; weaker propagation, more clauses than linear encodings',
    clauses: 'n⌈log₂n⌉',
    auxVars: '⌈log₂n⌉',
    encode: binaryAtMostOne,
    size: (n) => ({ literals: binaryLiterals(n), auxVars: bitsFor(n) }),
  },
  bimander: {
    fits: 'binary with pairs: a few clauses fewer than binary, one auxiliary fewer',
    clauses: '⌊n/2⌋ + n⌈log₂⌈n/2⌉⌉',
    auxVars: '⌈log₂⌈n/2⌉⌉',
    encode: bimanderAtMostOne,
    size: (n) => ({ literals: bimanderLiterals(n), auxVars: bitsFor(Math.ceil(n / 2)) }),
  },
};

/**
 * Called with 1 <= k < n. `size`: the literals its clauses hold and the
 * auxiliaries it makes, counted from n and k before it is built, as the
 * at-most-one encodings count theirs.
 */
const CARD: Record<
  CardEncoding,
  Described & { encode: (sink: ClauseSink, lits: readonly number[], k: number) => void; size: (n: number, k: number) => TreeSize }
> = {
  sequential: {
    fits: 'small k: size grows with n*k, simple and propagates fully',
    clauses: '2nk+n-3k-1',
    auxVars: '(n-1)k',
    encode: sequentialAtMostK,
    size: (n, k) => ({ literals: sequentialLiterals(n, k), auxVars: (n - 1) * k }),
  },
  totalizer: {
    fits: 'the all-round choice: balanced tree of unary counters, propagates fully',
    clauses: 'O(nk)',
    auxVars: 'O(n log k)',
    encode: totalizerAtMostK,
    size: totalizerSize,
  },
  'cardinality-network': {
    fits: 'large k: sorting networks grow with n log² k instead of n*k',
    clauses: 'O(n log² k)',
    auxVars: 'O(n log² k)',
    encode: cardinalityNetworkAtMostK,
    size: cardinalityNetworkSize,
  },
  'modulo-totalizer': {
    fits: 'large k: a totalizer counting in two digits (base about √k)',
    clauses: 'O(n√k)',
    auxVars: 'O(n log k)',
    encode: moduloTotalizerAtMostK,
    size: moduloTotalizerSize,
  },
};

export const describeEncodings = <Name extends string>(table: Record<Name, Described>): readonly EncodingInfo<Name>[] =>
  Object.entries<Described>(table).map(([name, { fits, clauses, auxVars }]) => ({ name: name as Name, fits, clauses, auxVars }));

export const AMO_ENCODINGS: readonly EncodingInfo<AmoEncoding>[] = describeEncodings(AMO);
export const CARD_ENCODINGS: readonly EncodingInfo<CardEncoding>[] = describeEncodings(CARD);

export const DEFAULT_AMO: AmoEncoding = 'sequential';
// Measured: the fewest clauses for k up to about 8, and the fastest with MiniSat
// on exactly-k grids, ahead of cardinality networks and the modulo totalizer.
export const DEFAULT_CARD: CardEncoding = 'totalizer';

export function parseAmo(given: unknown, where: string): AmoEncoding {
  const name = choiceText(given, where);
  if (Object.hasOwn(AMO, name)) return name as AmoEncoding;
  throw new UsageError(
    `unknown at-most-one encoding "${name}"${didYouMean(name, Object.keys(AMO))} (${where}); choose one of: ${Object.keys(AMO).join(', ')}`,
  );
}

export function parseCard(given: unknown, where: string): CardEncoding {
  const name = choiceText(given, where);
  if (Object.hasOwn(CARD, name)) return name as CardEncoding;
  throw new UsageError(
    `unknown cardinality encoding "${name}"${didYouMean(name, Object.keys(CARD))} (${where}); choose one of: ${Object.keys(CARD).join(', ')}`,
  );
}

/** One clause: at least one literal is true (the empty clause for no literals). */
export function atLeastOne(cnf: Cnf, lits: readonly number[]): EncodingCost {
  return measured(cnf, () => cnf.add(lits));
}

export function atMostOne(cnf: Cnf, lits: readonly number[], encoding: AmoEncoding, label: string): EncodingCost {
  return measured(cnf, () => {
    if (lits.length < 2) return;
    refusePastLimits(cnf, AMO[encoding].size(lits.length), `at most one of ${lits.length} literals by ${encoding}`);
    AMO[encoding].encode(sinkFor(cnf, encoding, label), lits);
  });
}

export function exactlyOne(cnf: Cnf, lits: readonly number[], encoding: AmoEncoding, label: string): EncodingCost {
  return sum(atLeastOne(cnf, lits), atMostOne(cnf, lits, encoding, label));
}

/** k < 0 is impossible (the empty clause); k = 0 makes every literal false; k >= n says nothing. */
export function atMostK(cnf: Cnf, lits: readonly number[], k: number, encoding: CardEncoding, label: string): EncodingCost {
  checkBound(k);
  return measured(cnf, () => {
    if (k < 0) cnf.add([]);
    else if (k === 0) for (const lit of lits) cnf.add([-lit]);
    else if (k < lits.length) {
      refusePastLimits(cnf, CARD[encoding].size(lits.length, k), `at most ${k} of ${lits.length} literals by ${encoding}`);
      CARD[encoding].encode(sinkFor(cnf, encoding, label), lits, k);
    }
  });
}

/** Refuses a constraint, `what`, whose clauses would hold more literals than the limit, before any is made. */
function refusePastLimit(literals: number, what: string): void {
  if (literals > sizeLimit('literals')) throw pastLimit('literals', what, 'its clauses would hold more literals');
}

/** Refuses a constraint, `what`, past the literal limit or whose auxiliaries would give the formula more variables than its limit, before any is made. */
export function refusePastLimits(cnf: Cnf, size: TreeSize, what: string): void {
  refusePastLimit(size.literals, what);
  refuseAuxPastLimit(auxRoom(cnf.vars), size.auxVars, what);
}

/**
 * At least k of n true = at most n-k of the negated literals true, so every
 * cardinality encoding serves both. The one exception is k = 1, a single
 * clause that no encoding beats.
 */
export function atLeastK(cnf: Cnf, lits: readonly number[], k: number, encoding: CardEncoding, label: string): EncodingCost {
  checkBound(k);
  if (k === 1) return atLeastOne(cnf, lits);
  return atMostK(
    cnf,
    lits.map((lit) => -lit),
    lits.length - k,
    encoding,
    label,
  );
}

/** At most k and at least k, encoded separately (two counters). */
export function exactlyK(cnf: Cnf, lits: readonly number[], k: number, encoding: CardEncoding, label: string): EncodingCost {
  checkBound(k);
  if (k < 0 || k > lits.length) return measured(cnf, () => cnf.add([]));
  return sum(atLeastK(cnf, lits, k, encoding, label), atMostK(cnf, lits, k, encoding, label));
}

function sinkFor(cnf: Cnf, encoding: string, label: string): ClauseSink {
  const auxLabel = `${encoding} ${label}`;
  return { add: (clause) => cnf.add(clause), aux: () => cnf.vars.aux(auxLabel) };
}

/** What `emit` added to the formula: clauses and auxiliary variables. */
export function measured(cnf: Cnf, emit: () => void): EncodingCost {
  const clausesBefore = cnf.clauseCount;
  const auxBefore = cnf.vars.auxCount;
  emit();
  return { clauses: cnf.clauseCount - clausesBefore, auxVars: cnf.vars.auxCount - auxBefore };
}

function sum(a: EncodingCost, b: EncodingCost): EncodingCost {
  return { clauses: a.clauses + b.clauses, auxVars: a.auxVars + b.auxVars };
}

// A fractional bound is a bug in the calling encoder, not a user error.
function checkBound(k: number): void {
  if (!Number.isInteger(k)) throw new RangeError(`cardinality bound must be an integer, got ${shownValue(k)}`);
}
