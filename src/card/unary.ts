/**
 * Counters in unary: `counter[t]` stands for "the count is at least t+1".
 * The literals that, negated in a clause, say "the count is at least i":
 * none for i = 0, which holds trivially.
 */
export function atLeastPremise(counter: readonly number[], i: number): number[] {
  return i === 0 ? [] : [-counter[i - 1]!];
}

/** Splits at the middle: the trees of totalizers stay balanced, depth log2 n. */
export function halves<T>(items: readonly T[]): [T[], T[]] {
  const middle = items.length >> 1;
  return [items.slice(0, middle), items.slice(middle)];
}
