/**
 * The constraints a formula writer calls, one signature each: the formula,
 * the terms (literals, variable names or expressions), the weights where
 * they count, the bound, and options naming the encoding. `puzzlesat` and
 * `puzzlesat/card` export these same functions, with the tables of
 * encodings (what each fits and costs). Each records itself in the
 * formula's ledger, so that explain() shows its family with its size.
 */
import {
  type AmoEncoding,
  type CardEncoding,
  AMO_ENCODINGS,
  CARD_ENCODINGS,
  DEFAULT_AMO,
  DEFAULT_CARD,
  type EncodingCost,
  atLeastK,
  atMostK,
  atMostOne as encodeAtMostOne,
  exactlyK,
  exactlyOne as encodeExactlyOne,
  parseAmo,
  parseCard,
} from './card/index.js';
import type { Cnf } from './core/cnf.js';
import { kindOf, shownValue } from './core/limits.js';
import { callOptions } from './core/call-options.js';
import { type Term } from './formula/expr.js';
import { checkFormula, literalsOf, termList } from './formula/translate.js';
import {
  DEFAULT_PB,
  PB_ENCODINGS,
  type PbEncoding,
  atLeastWeighted as encodeAtLeastWeighted,
  atMostWeighted as encodeAtMostWeighted,
  parsePb,
} from './pb/index.js';
import { magnitudeProblem } from './pb/normalize.js';
import { recorded } from './core/ledger.js';
import { add, amoCost, atLeastKCost, atMostKCost, pbAtLeastCost, pbAtMostCost, sizeText } from './explain/sizes.js';

export type { AmoEncoding, CardEncoding, EncodingInfo } from './card/index.js';
export type { PbEncoding } from './pb/index.js';
export { AMO_ENCODINGS, CARD_ENCODINGS, PB_ENCODINGS };

export interface AmoOptions {
  /** Default 'sequential' (puzzlesat list encodings compares them). */
  encoding?: AmoEncoding;
}

export interface CardOptions {
  /** Default 'totalizer'. */
  encoding?: CardEncoding;
}

export interface PbOptions {
  /** Default 'bdd'. */
  encoding?: PbEncoding;
}

/** At most one of the literals is true. */
export function atMostOne(f: Cnf, terms: readonly Term[], options: AmoOptions = {}): void {
  const lits = checkedLiterals('atMostOne', f, terms);
  const encoding = parseAmo(encodingOf('atMostOne', options) ?? DEFAULT_AMO, 'encoding');
  const n = lits.length;
  record(f, `atMostOne of ${n}`, `${encoding}, ${amoSize(encoding, n)}`, amoCost(encoding, n), () => encodeAtMostOne(f, lits, encoding, 'atMostOne'));
}

/** Exactly one of the literals is true. */
export function exactlyOne(f: Cnf, terms: readonly Term[], options: AmoOptions = {}): void {
  const lits = checkedLiterals('exactlyOne', f, terms);
  const encoding = parseAmo(encodingOf('exactlyOne', options) ?? DEFAULT_AMO, 'encoding');
  const n = lits.length;
  const cost = add({ clauses: 1, auxVars: 0 }, amoCost(encoding, n));
  record(f, `exactlyOne of ${n}`, `one clause + ${encoding}, ${amoSize(encoding, n)}`, cost, () => encodeExactlyOne(f, lits, encoding, 'exactlyOne'));
}

/** At most k of the literals are true. */
export function atMost(f: Cnf, terms: readonly Term[], k: number, options: CardOptions = {}): void {
  checkBound('atMost', k);
  const lits = checkedLiterals('atMost', f, terms);
  const encoding = parseCard(encodingOf('atMost', options) ?? DEFAULT_CARD, 'encoding');
  const label = `atMost ${k}`;
  const n = lits.length;
  record(f, `${label} of ${n}`, `${encoding}, ${cardSize(encoding, n, k)}`, atMostKCost(encoding, n, k), () => atMostK(f, lits, k, encoding, label));
}

/** At least k of the literals are true. */
export function atLeast(f: Cnf, terms: readonly Term[], k: number, options: CardOptions = {}): void {
  checkBound('atLeast', k);
  const lits = checkedLiterals('atLeast', f, terms);
  const encoding = parseCard(encodingOf('atLeast', options) ?? DEFAULT_CARD, 'encoding');
  const label = `atLeast ${k}`;
  const n = lits.length;
  const how = k === 1 ? 'one clause' : `${encoding} on the negations, at most ${n - k}: ${cardSize(encoding, n, n - k)}`;
  record(f, `${label} of ${n}`, how, atLeastKCost(encoding, n, k), () => atLeastK(f, lits, k, encoding, label));
}

/** Exactly k of the literals are true. */
export function exactly(f: Cnf, terms: readonly Term[], k: number, options: CardOptions = {}): void {
  checkBound('exactly', k);
  const lits = checkedLiterals('exactly', f, terms);
  const encoding = parseCard(encodingOf('exactly', options) ?? DEFAULT_CARD, 'encoding');
  const label = `exactly ${k}`;
  const n = lits.length;
  const cost = k < 0 || k > n ? { clauses: 1, auxVars: 0 } : add(atLeastKCost(encoding, n, k), atMostKCost(encoding, n, k));
  record(f, `${label} of ${n}`, `${encoding}, at least ${k} and at most ${k}`, cost, () => exactlyK(f, lits, k, encoding, label));
}

const amoSize = (encoding: AmoEncoding, n: number) => (n < 2 ? 'nothing below 2 literals' : `${sizeText(AMO_ENCODINGS, encoding, 'n')}, n = ${n}`);
const cardSize = (encoding: CardEncoding, n: number, k: number) =>
  k <= 0 || k >= n ? 'no counter (a bound at an end)' : `${sizeText(CARD_ENCODINGS, encoding, 'n', 'k')}, n = ${n}, k = ${k}`;

/** Σ weights[i]·terms[i] ≤ k (integer weights of any sign). */
export function atMostWeighted(f: Cnf, terms: readonly Term[], weights: readonly number[], k: number, options: PbOptions = {}): void {
  weightedSum('atMostWeighted', f, terms, weights, k, '≤', options);
}

/** Σ weights[i]·terms[i] ≥ k. */
export function atLeastWeighted(f: Cnf, terms: readonly Term[], weights: readonly number[], k: number, options: PbOptions = {}): void {
  weightedSum('atLeastWeighted', f, terms, weights, k, '≥', options);
}

/** Σ weights[i]·terms[i] = k: at most k and at least k. */
export function exactlyWeighted(f: Cnf, terms: readonly Term[], weights: readonly number[], k: number, options: PbOptions = {}): void {
  weightedSum('exactlyWeighted', f, terms, weights, k, '≤', options);
  weightedSum('exactlyWeighted', f, terms, weights, k, '≥', options);
}

function weightedSum(what: string, f: Cnf, terms: readonly Term[], weights: readonly number[], k: number, op: '≤' | '≥', options: PbOptions): void {
  checkFormula(what, f);
  termList(what, terms);
  checkWeights(what, terms, weights);
  checkBound(what, k);
  const encoding = parsePb(encodingOf(what, options) ?? DEFAULT_PB, 'encoding');
  const lits = literalsOf(f, terms);
  const sum = lits.map((lit, i) => ({ lit, weight: weights[i]! }));
  const label = `Σ ${op} ${k}`;
  const cost = (op === '≤' ? pbAtMostCost : pbAtLeastCost)(encoding, sum, k);
  const emit = op === '≤' ? encodeAtMostWeighted : encodeAtLeastWeighted;
  record(f, `${label} over ${lits.length} terms`, `${encoding} after normalising`, cost, () => emit(f, sum, k, encoding, label));
}

/**
 * The literals of the terms of a constraint on the formula (names create
 * variables on first use), checked first: a script without types passed
 * undefined terms, or no formula, and met a TypeError from inside ("Cannot
 * read properties of undefined (reading 'map')").
 */
function checkedLiterals(what: string, f: Cnf, terms: readonly Term[]): number[] {
  checkFormula(what, f);
  return literalsOf(f, termList(what, terms));
}

/** The bound of a constraint, named as the caller spells it (before a name in the terms makes a variable). */
function checkBound(what: string, k: number): void {
  if (!Number.isSafeInteger(k)) throw new RangeError(`${what}: k: expected a safe integer, got ${shownValue(k)}`);
}

/** The encoding the options name, if any; they have no other field. */
const encodingOf = <E>(what: string, options: { encoding?: E } | undefined): E | undefined => callOptions(what, options, { encoding: true }).encoding;

/** Integer weights, one a term, named as the caller spells them (a constraint's, an objective's), checked before anything is added. */
export function checkWeights(what: string, terms: readonly Term[], weights: readonly number[]): void {
  if (!Array.isArray(weights)) throw new TypeError(`${what}: weights: expected a list of integers, got ${kindOf(weights)}`);
  if (terms.length !== weights.length) throw new RangeError(`${what}: ${terms.length} terms but ${weights.length} weights`);
  const wrong = weights.findIndex((w) => !Number.isSafeInteger(w));
  if (wrong >= 0) throw new RangeError(`${what}: weights[${wrong}]: expected a safe integer, got ${shownValue(weights[wrong])}`);
  const problem = magnitudeProblem(weights);
  if (problem) throw new RangeError(`${what}: weights: ${problem}`);
}

/** Emits a constraint into the formula's ledger (what explain shows), with the size its encoding's formula gives. */
function record(f: Cnf, label: string, how: string, formula: EncodingCost, emit: () => unknown): void {
  recorded(f, emit, () => ({ label, text: `${how}: ${formula.clauses} clauses, ${formula.auxVars} aux`, formula }));
}

/** The encodings the constraints above accept, with what each fits and costs. */
export const encodings = {
  amo: AMO_ENCODINGS,
  card: CARD_ENCODINGS,
  pb: PB_ENCODINGS,
  defaults: { amo: DEFAULT_AMO, card: DEFAULT_CARD, pb: DEFAULT_PB },
} as const;
