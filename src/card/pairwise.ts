import type { ClauseSink } from './sink.js';

/** At most one: a binary clause forbidding each pair. n(n-1)/2 clauses, no auxiliaries. */
export function pairwiseAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  for (let i = 0; i < lits.length; i++) {
    for (let j = i + 1; j < lits.length; j++) sink.add([-lits[i]!, -lits[j]!]);
  }
}

/** The literals pairwiseAtMostOne's clauses hold: two a pair. */
export const pairwiseLiterals = (n: number): number => n * (n - 1);

/**
 * Recursive encodings (commander, product) hand their inner at-most-one
 * constraints to pairwise below this size: from 2 to 6 literals pairwise is no
 * larger than one more level of grouping, and it propagates best.
 */
export const PAIRWISE_BELOW = 7;

/** An inner at-most-one of a recursive encoding: `recursive` itself from PAIRWISE_BELOW literals up. */
export function innerAtMostOne(sink: ClauseSink, lits: readonly number[], recursive: (sink: ClauseSink, lits: readonly number[]) => void): void {
  if (lits.length >= PAIRWISE_BELOW) recursive(sink, lits);
  else pairwiseAtMostOne(sink, lits);
}

/** The literals innerAtMostOne's clauses hold over n literals, `recursive` counting its own. */
export const innerLiterals = (n: number, recursive: (n: number) => number): number => (n >= PAIRWISE_BELOW ? recursive(n) : pairwiseLiterals(n));

/** The auxiliaries innerAtMostOne makes over n literals, `recursive` counting its own (pairwise makes none). */
export const innerAux = (n: number, recursive: (n: number) => number): number => (n >= PAIRWISE_BELOW ? recursive(n) : 0);
