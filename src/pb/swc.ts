import { type AuxRoom, type ClauseSink, refuseAuxPastLimit } from '../card/sink.js';
import { Column } from '../core/column.js';
import { checkDeadlineAt, pastLimit, sizeLimit } from '../core/limits.js';
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
 *
 * The registers are laid out first and the clauses written after, so that
 * the size is known before any auxiliary or clause exists: 30,000 items
 * under a capacity of 1000 took 1.3 GB of maps and clauses before the literal
 * array refused them (under half their total weight, the register lists alone
 * ran out of memory).
 */
export function swcAtMostWeighted(sink: ClauseSink, terms: readonly WeightedLit[], k: number): void {
  const sorted = lightestFirst(terms);
  const layout = registerLayout(
    sorted.map((t) => t.weight),
    k,
    sizeLimit('literals'),
    sink.literalsAdded,
    sink.vars,
  );
  let prev = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    const { lit: x, weight: w } = sorted[i]!;
    const overflow = prev.get(k + 1 - w);
    if (overflow !== undefined) sink.add([-x, -overflow]);
    if (i === sorted.length - 1) break;
    const row = new Map(layout.row(i).map((j) => [j, sink.aux()]));
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

/** The registers of a counter, row by row, and what its clauses cost. */
export interface RegisterLayout {
  /** The registers row i (0..n-2) keeps, ascending. */
  row(i: number): number[];
  clauses: number;
  auxVars: number;
  /** The literals the clauses hold, `literalsAdded` to each included. */
  literals: number;
}

/**
 * The registers each row 0..n-2 of the counter over `weights` (lightest
 * first) keeps, and its clauses, counted without writing them; refused once
 * they would hold more than `maxLiterals` literals, `literalsAdded` to each
 * clause by its sink included (an optimisation bound's guard). Every
 * register row i keeps is one row i+1 reads, so the rows before i keep
 * exactly the registers of 1..min(k, prefix sum) that row i can be told
 * from: whether row i-1 has j or j-wᵢ is a comparison, not a lookup.
 */
export function registerLayout(weights: readonly number[], k: number, maxLiterals: number, literalsAdded = 0, vars?: AuxRoom): RegisterLayout {
  const n = weights.length;
  // top[i + 1]: the highest register row i may keep, min(k, wₒ + … + wᵢ); top[0] = 0, no row before the first.
  const top = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) top[i + 1] = Math.min(k, top[i]! + weights[i]!);
  // The rows are found last to first, each from the next; kept in one column (registers ≤ k: 32 bits unless k is not).
  const registers = new Column(k < 2 ** 31 ? Int32Array : Float64Array);
  const start = new Float64Array(n);
  let clauses = 0;
  let literals = 0;
  let next: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const w = weights[i]!;
    const before = top[i]!;
    // Term i's clauses: its overflow when row i-1 has k+1-wᵢ, then per register j of row i, set (j ≤ wᵢ), carried (j in row i-1), shifted (j-wᵢ in row i-1).
    if (k + 1 - w <= before) {
      clauses++;
      literals += 2 + literalsAdded;
    }
    for (const j of next) {
      const set = j <= w;
      const carried = j <= before;
      const shifted = j - w >= 1 && j - w <= before;
      clauses += Number(set) + Number(carried) + Number(shifted);
      literals += (2 + literalsAdded) * (Number(set) + Number(carried)) + (3 + literalsAdded) * Number(shifted);
    }
    // Each register owes a clause of two literals or more: the count passes the limit before the rows fill memory.
    if (literals > maxLiterals)
      throw pastLimit('literals', `a sequential weight counter of ${n} weighted terms ≤ ${k}`, 'its clauses would hold more literals');
    if (i === 0) break;
    next = rowBefore(next, w, k + 1 - w, before);
    start[i - 1] = registers.length;
    for (const j of next) checkDeadlineAt(registers.push(j));
    // A register an auxiliary: held to the formula's variable limit as it is laid out, as its literals are.
    refuseAuxPastLimit(vars, registers.length, `a sequential weight counter of ${n} weighted terms ≤ ${k}`);
  }
  const auxVars = registers.length;
  const row = (i: number): number[] => {
    const end = i === 0 ? auxVars : start[i - 1]!;
    const kept: number[] = [];
    for (let e = start[i]!; e < end; e++) kept.push(registers.at(e));
    return kept;
  };
  return { row, clauses, auxVars, literals };
}

/**
 * The registers row i-1 keeps, ascending, given row i's (`next`, ascending),
 * wᵢ and term i's overflow register: each of row i's j and j-wᵢ, and the
 * overflow, those within 1..top. A merge of the two ascending runs and the
 * one register, without a set or a sort.
 */
function rowBefore(next: readonly number[], w: number, overflow: number, top: number): number[] {
  const kept: number[] = [];
  const keep = (j: number) => {
    if (j >= 1 && j <= top && j !== kept[kept.length - 1]) kept.push(j);
  };
  let a = 0;
  let b = 0;
  let overflowDue = true;
  while (a < next.length || b < next.length || overflowDue) {
    const carried = a < next.length ? next[a]! : Infinity;
    const shifted = b < next.length ? next[b]! - w : Infinity;
    const least = Math.min(carried, shifted, overflowDue ? overflow : Infinity);
    keep(least);
    if (least === carried) a++;
    if (least === shifted) b++;
    if (overflowDue && least === overflow) overflowDue = false;
  }
  return kept;
}

/** The terms by ascending weight (stable), the order the counter takes them in. */
export const lightestFirst = (terms: readonly WeightedLit[]): WeightedLit[] => [...terms].sort((a, b) => a.weight - b.weight);
