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

/**
 * The literals totalizerAtMostK's clauses hold and the auxiliaries it makes
 * (1 ≤ k < n), counted from the tree's sizes without building it: a clause
 * is its premises (one literal each, none for "at least 0") and, below the
 * root, its output.
 */
export function totalizerSize(n: number, k: number): TreeSize {
  const counted = new Map<number, CounterSize>();
  const left = counterSize(n >> 1, k + 1, counted);
  const right = counterSize(n - (n >> 1), k + 1, counted);
  let literals = left.literals + right.literals;
  for (let i = Math.max(0, k + 1 - right.outputs); i <= Math.min(left.outputs, k + 1); i++) literals += Number(i > 0) + Number(k + 1 - i > 0);
  return { literals, auxVars: left.auxVars + right.auxVars };
}

/** What a tree of unary counters writes: the literals its clauses hold and its auxiliaries. */
export interface TreeSize {
  literals: number;
  auxVars: number;
}

/** unaryCount's size over m ≥ 1 literals capped at `cap` outputs, counted without building it. */
export function unaryCountSize(m: number, cap: number): TreeSize {
  const { literals, auxVars } = counterSize(m, cap, new Map());
  return { literals, auxVars };
}

/** A unary counter's outputs, and the literals of its clauses and the auxiliaries of it and its subtrees. */
interface CounterSize extends TreeSize {
  outputs: number;
}

/** unaryCount's size over m literals, capped at `cap` outputs; the halves of a tree repeat a few sizes a level, each counted once. */
function counterSize(m: number, cap: number, counted: Map<number, CounterSize>): CounterSize {
  if (m === 1) return { outputs: 1, literals: 0, auxVars: 0 };
  const known = counted.get(m);
  if (known) return known;
  const a = counterSize(m >> 1, cap, counted);
  const b = counterSize(m - (m >> 1), cap, counted);
  const outputs = Math.min(m, cap);
  let literals = a.literals + b.literals;
  // For each i, the clauses of j from (i = 0 ? 1 : 0) to min(|b|, outputs - i): the output, a's premise when i > 0, b's when j > 0.
  for (let i = 0; i <= a.outputs; i++) {
    const low = i === 0 ? 1 : 0;
    const high = Math.min(b.outputs, outputs - i);
    if (high < low) continue;
    literals += (high - low + 1) * (1 + Number(i > 0)) + (high - Math.max(low, 1) + 1);
  }
  const size = { outputs, literals, auxVars: a.auxVars + b.auxVars + outputs };
  counted.set(m, size);
  return size;
}
