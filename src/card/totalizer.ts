import { auxVars, type ClauseSink } from './sink.js';
import { atLeastPremise, halves } from './unary.js';

/**
 * Bailleux & Boufkhad's totalizer (CP 2003), at most k of n with 1 <= k < n.
 * A balanced binary tree over the inputs; each internal node counts the true
 * inputs below it in unary, capped at k+1 outputs (counting further cannot
 * matter). Only the upward implications a[i] & b[j] -> out[i+j] are encoded,
 * which is all "at most" needs. At the root the sums that reach k+1 are
 * forbidden directly, so the root has no outputs.
 */
export function totalizerAtMostK(sink: ClauseSink, lits: readonly number[], k: number): void {
  const [leftLits, rightLits] = halves(lits);
  const left = unaryCount(sink, leftLits, k + 1);
  const right = unaryCount(sink, rightLits, k + 1);
  for (let i = Math.max(0, k + 1 - right.length); i <= Math.min(left.length, k + 1); i++) {
    sink.add([...atLeastPremise(left, i), ...atLeastPremise(right, k + 1 - i)]);
  }
}

/** A unary counter of `lits`, capped at `cap` outputs: out[t] follows from t+1 of them true (upward only). */
export function unaryCount(sink: ClauseSink, lits: readonly number[], cap: number): number[] {
  if (lits.length === 1) return [lits[0]!];
  const [leftLits, rightLits] = halves(lits);
  const a = unaryCount(sink, leftLits, cap);
  const b = unaryCount(sink, rightLits, cap);
  const out = auxVars(sink, Math.min(lits.length, cap));
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      const sum = i + j;
      // Sums beyond the cap need no clause: a smaller (i, j) already reaches out[cap-1].
      if (sum === 0 || sum > out.length) continue;
      sink.add([...atLeastPremise(a, i), ...atLeastPremise(b, j), out[sum - 1]!]);
    }
  }
  return out;
}
