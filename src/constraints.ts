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
  atLeastK,
  atMostK,
  atMostOne as encodeAtMostOne,
  exactlyK,
  exactlyOne as encodeExactlyOne,
} from './card/index.js';
import type { Cnf } from './core/cnf.js';

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
  encodeAtMostOne(f, lits, options.encoding ?? DEFAULT_AMO, 'atMostOne');
}

/** Exactly one of the literals is true. */
export function exactlyOne(f: Cnf, lits: readonly number[], options: AmoOptions = {}): void {
  encodeExactlyOne(f, lits, options.encoding ?? DEFAULT_AMO, 'exactlyOne');
}

/** At most k of the literals are true. */
export function atMost(f: Cnf, lits: readonly number[], k: number, options: CardOptions = {}): void {
  atMostK(f, lits, k, options.encoding ?? DEFAULT_CARD, `atMost ${k}`);
}

/** At least k of the literals are true. */
export function atLeast(f: Cnf, lits: readonly number[], k: number, options: CardOptions = {}): void {
  atLeastK(f, lits, k, options.encoding ?? DEFAULT_CARD, `atLeast ${k}`);
}

/** Exactly k of the literals are true. */
export function exactly(f: Cnf, lits: readonly number[], k: number, options: CardOptions = {}): void {
  exactlyK(f, lits, k, options.encoding ?? DEFAULT_CARD, `exactly ${k}`);
}

/** The encodings the constraints above accept, with what each fits and costs. */
export const encodings = { amo: AMO_ENCODINGS, card: CARD_ENCODINGS, defaults: { amo: DEFAULT_AMO, card: DEFAULT_CARD } } as const;
