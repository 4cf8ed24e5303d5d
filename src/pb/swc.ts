import type { ClauseSink } from '../card/sink.js';
import type { WeightedLit } from './normalize.js';

/**
 * The sequential weight counter (Hölldobler, Manthey & Steinke, KI 2012):
 * Sinz's sequential counter with weights. Register s[i][j] (j from 1) means
 * "terms 0..i sum to at least j", encoded upward only: term i sets its first
 * wᵢ registers, a row carries the previous row and shifts it by wᵢ when term
 * i is true, and a term that would lift the previous row past k is
 * forbidden. Only the registers a later row reads are kept (the published
 * form keeps k per row): walking back from the last term, row i needs
 * register j when the next row reads it for its own needed registers (j,
 * or j + wᵢ₊₁) or to forbid term i+1 (j = k+1-wᵢ₊₁), and no register above
 * the prefix sum. Terms go lightest first: a heavy term early sets many
 * registers at once that the lighter ones after it never need (on 4 + 3 +
 * 2 + 1 ≤ 6, 13 clauses against 5 the other way round). Linear in n·k, and
 * it keeps arc consistency.
 */
export function swcAtMostWeighted(sink: ClauseSink, terms: readonly WeightedLit[], k: number): void {
  const sorted = lightestFirst(terms);
  const needed = neededRegisters(
    sorted.map((t) => t.weight),
    k,
  );
  let prev = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    const { lit: x, weight: w } = sorted[i]!;
    const overflow = prev.get(k + 1 - w);
    if (overflow !== undefined) sink.add([-x, -overflow]);
    if (i === sorted.length - 1) break;
    const row = new Map(needed[i]!.map((j) => [j, sink.aux()]));
    for (const [j, s] of row) {
      if (j <= w) sink.add([-x, s]);
      const carried = prev.get(j);
      if (carried !== undefined) sink.add([-carried, s]);
      const shifted = prev.get(j - w);
      if (shifted !== undefined) sink.add([-x, -shifted, s]);
    }
    prev = row;
  }
}

/** The registers each row 0..n-2 keeps, ascending (see swcAtMostWeighted). */
export function neededRegisters(weights: readonly number[], k: number): number[][] {
  const n = weights.length;
  const prefix: number[] = [];
  weights.reduce((sum, w, i) => (prefix[i] = sum + w), 0);
  const needed: number[][] = [];
  let next = new Set<number>();
  for (let i = n - 2; i >= 0; i--) {
    const w = weights[i + 1]!;
    const here = new Set<number>([k + 1 - w]);
    for (const j of next) {
      here.add(j);
      here.add(j - w);
    }
    needed[i] = [...here].filter((j) => j >= 1 && j <= Math.min(k, prefix[i]!)).sort((a, b) => a - b);
    next = new Set(needed[i]);
  }
  return needed;
}

/** The terms by ascending weight (stable), the order the counter takes them in. */
export const lightestFirst = (terms: readonly WeightedLit[]): WeightedLit[] => [...terms].sort((a, b) => a.weight - b.weight);
