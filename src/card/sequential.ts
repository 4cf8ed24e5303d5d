import { auxVars, type ClauseSink } from './sink.js';

/**
 * Sinz's sequential counter (CP 2005, LT_SEQ), at most k of n with 1 <= k < n.
 * Register s[i][j] means "at least j+1 of lits[0..i] are true" (only the
 * implication from inputs to registers is encoded, which is all "at most"
 * needs). Kept exactly as published, including the unit clauses that fix the
 * unreachable registers of the first row, so that the size is the published
 * 2nk + n - 3k - 1 clauses and (n-1)k auxiliaries; with k = 1 this is the
 * sequential at-most-one, 3n - 4 clauses and n - 1 auxiliaries.
 */
export function sequentialAtMostK(sink: ClauseSink, lits: readonly number[], k: number): void {
  const n = lits.length;
  const s = Array.from({ length: n - 1 }, () => auxVars(sink, k));
  sink.add([-lits[0]!, s[0]![0]!]);
  for (let j = 1; j < k; j++) sink.add([-s[0]![j]!]);
  for (let i = 1; i < n - 1; i++) {
    const x = lits[i]!;
    const prev = s[i - 1]!;
    const cur = s[i]!;
    sink.add([-x, cur[0]!]);
    sink.add([-prev[0]!, cur[0]!]);
    for (let j = 1; j < k; j++) {
      sink.add([-x, -prev[j - 1]!, cur[j]!]);
      sink.add([-prev[j]!, cur[j]!]);
    }
    sink.add([-x, -prev[k - 1]!]);
  }
  sink.add([-lits[n - 1]!, -s[n - 2]![k - 1]!]);
}

/**
 * The literals sequentialAtMostK's clauses hold (1 ≤ k < n): the first
 * row's binary clause and k-1 units, each middle row 2 + 2 + 5 per register
 * above the first + 2, and the last input's binary clause.
 */
export const sequentialLiterals = (n: number, k: number): number => 2 + (k - 1) + (n - 2) * (5 * k + 1) + 2;

export function sequentialAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  sequentialAtMostK(sink, lits, 1);
}
