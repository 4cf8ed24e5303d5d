/**
 * Counters in unary: `counter[t]` stands for "the count is at least t+1".
 * The two helpers give the literals that, negated into a clause, state a
 * premise about the count; an always-true premise needs no literal.
 */

/** Premise "the count is at least i" (true for i = 0). */
export function atLeastPremise(counter: readonly number[], i: number): number[] {
  return i === 0 ? [] : [-counter[i - 1]!];
}

/** Premise "the count is at most i" (true once i reaches the counter's length). */
export function atMostPremise(counter: readonly number[], i: number): number[] {
  return i < counter.length ? [counter[i]!] : [];
}

/** Splits at the middle: the trees of totalizers stay balanced, depth log2 n. */
export function halves<T>(items: readonly T[]): [T[], T[]] {
  const middle = items.length >> 1;
  return [items.slice(0, middle), items.slice(middle)];
}
