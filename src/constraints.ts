/**
 * The constraints a formula writer calls, one signature each: the formula,
 * the literals, the bound, and options naming the encoding. `puzzlesat` and
 * `puzzlesat/card` export these same functions, with the tables of
 * encodings (what each fits and costs).
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
} from './card/index.js';
import type { Cnf } from './core/cnf.js';
import { recorded } from './core/ledger.js';
import { add, amoCost, atLeastKCost, atMostKCost, sizeText } from './explain/sizes.js';

export type { AmoEncoding, CardEncoding, EncodingInfo } from './card/index.js';
export { AMO_ENCODINGS, CARD_ENCODINGS };

export interface AmoOptions {
  /** Default 'sequential' (puzzlesat list encodings compares them). */
  encoding?: AmoEncoding;
}

export interface CardOptions {
  /** Default 'totalizer'. */
  encoding?: CardEncoding;
}

/** At most one of the literals is true. */
export function atMostOne(f: Cnf, lits: readonly number[], options: AmoOptions = {}): void {
  const encoding = options.encoding ?? DEFAULT_AMO;
  const n = lits.length;
  record(f, `atMostOne of ${n}`, `${encoding}, ${amoSize(encoding, n)}`, amoCost(encoding, n), () => encodeAtMostOne(f, lits, encoding, 'atMostOne'));
}

/** Exactly one of the literals is true. */
export function exactlyOne(f: Cnf, lits: readonly number[], options: AmoOptions = {}): void {
  const encoding = options.encoding ?? DEFAULT_AMO;
  const n = lits.length;
  const cost = add({ clauses: 1, auxVars: 0 }, amoCost(encoding, n));
  record(f, `exactlyOne of ${n}`, `one clause + ${encoding}, ${amoSize(encoding, n)}`, cost, () => encodeExactlyOne(f, lits, encoding, 'exactlyOne'));
}

/** At most k of the literals are true. */
export function atMost(f: Cnf, lits: readonly number[], k: number, options: CardOptions = {}): void {
  const encoding = options.encoding ?? DEFAULT_CARD;
  const label = `atMost ${k}`;
  const n = lits.length;
  record(f, `${label} of ${n}`, `${encoding}, ${cardSize(encoding, n, k)}`, atMostKCost(encoding, n, k), () => atMostK(f, lits, k, encoding, label));
}

/** At least k of the literals are true. */
export function atLeast(f: Cnf, lits: readonly number[], k: number, options: CardOptions = {}): void {
  const encoding = options.encoding ?? DEFAULT_CARD;
  const label = `atLeast ${k}`;
  const n = lits.length;
  const how = k === 1 ? 'one clause' : `${encoding} on the negations, at most ${n - k}: ${cardSize(encoding, n, n - k)}`;
  record(f, `${label} of ${n}`, how, atLeastKCost(encoding, n, k), () => atLeastK(f, lits, k, encoding, label));
}

/** Exactly k of the literals are true. */
export function exactly(f: Cnf, lits: readonly number[], k: number, options: CardOptions = {}): void {
  const encoding = options.encoding ?? DEFAULT_CARD;
  const label = `exactly ${k}`;
  const n = lits.length;
  const cost = k < 0 || k > n ? { clauses: 1, auxVars: 0 } : add(atLeastKCost(encoding, n, k), atMostKCost(encoding, n, k));
  record(f, `${label} of ${n}`, `${encoding}, at least ${k} and at most ${k}`, cost, () => exactlyK(f, lits, k, encoding, label));
}

const amoSize = (encoding: AmoEncoding, n: number) => (n < 2 ? 'nothing below 2 literals' : `${sizeText(AMO_ENCODINGS, encoding, 'n')}, n = ${n}`);
const cardSize = (encoding: CardEncoding, n: number, k: number) =>
  k <= 0 || k >= n ? 'no counter (a bound at an end)' : `${sizeText(CARD_ENCODINGS, encoding, 'n', 'k')}, n = ${n}, k = ${k}`;

/** Emits a constraint into the formula's ledger (what explain shows), with the size its encoding's formula gives. */
function record(f: Cnf, label: string, how: string, formula: EncodingCost, emit: () => unknown): void {
  recorded(f, emit, () => ({ label, text: `${how}: ${formula.clauses} clauses, ${formula.auxVars} aux`, formula }));
}

/** The encodings the constraints above accept, with what each fits and costs. */
export const encodings = { amo: AMO_ENCODINGS, card: CARD_ENCODINGS, defaults: { amo: DEFAULT_AMO, card: DEFAULT_CARD } } as const;
