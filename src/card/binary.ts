import { auxVars, type ClauseSink } from './sink.js';

/** Number of bits needed to write the numbers 0..count-1. */
export function bitsFor(count: number): number {
  return count <= 1 ? 0 : Math.ceil(Math.log2(count));
}

/**
 * Forces the bit vector to spell `code` when `lit` is true: one clause per bit.
 * Two literals with different codes then cannot both be true.
 */
export function implyCode(sink: ClauseSink, lit: number, code: number, bits: readonly number[]): void {
  bits.forEach((bit, j) => sink.add([-lit, (code >> j) & 1 ? bit : -bit]));
}

/**
 * Binary / bitwise encoding (Frisch et al. 2005, Prestwich): input i implies
 * the bits of i. n*ceil(log2 n) clauses, ceil(log2 n) auxiliaries.
 */
export function binaryAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  const bits = auxVars(sink, bitsFor(lits.length));
  lits.forEach((lit, i) => implyCode(sink, lit, i, bits));
}

/** The literals binaryAtMostOne's clauses hold: two a bit for each input. */
export const binaryLiterals = (n: number): number => 2 * n * bitsFor(n);
