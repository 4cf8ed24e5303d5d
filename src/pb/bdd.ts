import { type AuxRoom, type ClauseSink, refuseAuxPastLimit } from '../card/sink.js';
import type { WeightedLit } from './normalize.js';
import { Column } from '../core/column.js';
import { checkDeadlineAt, pastLimit, sizeLimit } from '../core/limits.js';

/**
 * Σ wᵢ·xᵢ ≤ k as a reduced ordered BDD (Eén & Sörensson, JSAT 2006; Abío,
 * Nieuwenhuis, Oliveras, Rodríguez-Carbonell & Mayer-Eichberger, CP 2012).
 * Node (i, K) stands for "the terms from i on sum to at most K"; terms are
 * taken heaviest first. Every node answers alike on a whole interval of K,
 * computed from its children's intervals, so one node serves the interval
 * (Abío et al.'s construction) and the diagram is built without enumerating
 * K. Each inner node v with children f (xᵢ false) and t (xᵢ true) costs the
 * two clauses v → f and v ∧ xᵢ → t, which is all an upper bound needs and
 * keeps generalised arc consistency; the root is asserted.
 *
 * The diagram is built first and written as clauses after, so that its size
 * is known before any auxiliary or clause exists: a node was an object, its
 * clauses and auxiliary were made with it, and a diagram past --max-literals
 * took gigabytes (30,000 items under a capacity of 1000: 1.6 GB) before the
 * literal array refused it. Nodes live in parallel typed columns (no object
 * each, 36 bytes a node), and the build stops as soon as the clauses it owes
 * pass the limit: a third of the memory at the same refusal.
 *
 * A node of a level (an entry) is its interval [lo, hi] of K and a reference
 * to what it computes: FALSE, TRUE, or an inner node (an index into the
 * inner nodes' term, f and t), shared by the entries that compute the same.
 */
const TRUE = -1;
const FALSE = -2;

export function bddAtMostWeighted(sink: ClauseSink, terms: readonly WeightedLit[], k: number): void {
  const sorted = [...terms].sort((a, b) => b.weight - a.weight);
  const diagram = buildDiagram(
    sorted.map((t) => t.weight),
    k,
    sizeLimit('literals'),
    sink.literalsAdded,
    sink.vars,
  );
  // Written in the order the inner nodes were made, children first: the auxiliaries and clauses come out as when they were made with their nodes.
  const litOf = new Int32Array(diagram.term.length);
  for (let j = 0; j < litOf.length; j++) {
    const v = (litOf[j] = sink.aux());
    const f = diagram.f.at(j);
    const t = diagram.t.at(j);
    // f is never FALSE (K ≥ 0), so v → f is nothing when f is TRUE.
    if (f !== TRUE) sink.add([-v, litOf[f]!]);
    const x = sorted[diagram.term.at(j)]!.lit;
    if (t !== TRUE) sink.add(t === FALSE ? [-v, -x] : [-v, -x, litOf[t]!]);
  }
  // The facade hands over Σ wᵢ > k ≥ 0, so the root is an inner node.
  sink.add([litOf[diagram.root]!]);
}

/** The inner nodes of a diagram (each its term and its children f, xᵢ false, and t, xᵢ true, as references), in the order they were made, and the root's. */
interface Diagram {
  term: Column;
  f: Column;
  t: Column;
  root: number;
  /** The literals its clauses hold, the root's unit and `literalsAdded` to each clause included. */
  literals: number;
}

/** The literals an inner node's clauses hold, `added` to each: v → f unless f is TRUE, v ∧ xᵢ → t unless t is TRUE. */
const literalsOf = (f: number, t: number, added: number): number => (f === TRUE ? 0 : 2 + added) + (t === TRUE ? 0 : (t === FALSE ? 2 : 3) + added);

/**
 * The reduced BDD of Σ wᵢ·xᵢ ≤ k over weights heaviest first, refused once
 * its clauses would hold more than `maxLiterals` literals, `literalsAdded`
 * to each clause by its sink included (an optimisation bound's guard).
 */
export function buildDiagram(weights: readonly number[], k: number, maxLiterals: number, literalsAdded = 0, vars?: AuxRoom): Diagram {
  refuseOversized(weights, k, maxLiterals, literalsAdded, vars);
  const n = weights.length;
  const rest = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) rest[i] = rest[i + 1]! + weights[i]!;
  // The entries: interval and reference. Entry 0 is the false terminal.
  const lo = new Column(Float64Array);
  const hi = new Column(Float64Array);
  const ref = new Column(Int32Array);
  const inner: Diagram = { term: new Column(Int32Array), f: new Column(Int32Array), t: new Column(Int32Array), root: FALSE, literals: 0 };
  // The root's unit clause, asserted once the diagram is built (Σ wᵢ > k: the root is an inner node), owed from the start.
  let literals = 1 + literalsAdded;
  const entry = (l: number, h: number, r: number): number => {
    hi.push(h);
    ref.push(r);
    return lo.push(l);
  };
  entry(-Infinity, -1, FALSE);
  // Each made with its first node: 2 million levels made up front were 2 million objects and 4 million arrays before any node.
  const levels: (Level | undefined)[] = new Array<Level | undefined>(n);
  /** The true terminal's entry of each level, made once (0: not yet). */
  const trueAt = new Int32Array(n + 1);
  /** An entry known without building its children: a terminal, or one already built whose interval holds K (-1: none). */
  const settled = (i: number, K: number): number => {
    if (K < 0) return 0;
    if (rest[i]! <= K) return (trueAt[i] ||= entry(rest[i]!, Infinity, TRUE));
    return levels[i]?.holding(K, lo, hi) ?? -1;
  };
  /** Entry (i, K) from its children's entries f (xᵢ false) and t (xᵢ true). */
  const joined = (i: number, f: number, t: number): number => {
    const w = weights[i]!;
    let r = ref.at(f);
    const rt = ref.at(t);
    if (r !== rt) {
      literals += literalsOf(r, rt, literalsAdded);
      // Every inner node owes a clause of two or more literals: the count passes the limit long before the nodes fill memory.
      if (literals > maxLiterals) throw pastLimit('literals', `a BDD of ${n} weighted terms ≤ ${k}`, 'its clauses would hold more literals');
      inner.f.push(r);
      inner.t.push(rt);
      r = inner.term.push(i);
      // A node an auxiliary: held to the formula's variable limit as the diagram grows, as its literals are.
      refuseAuxPastLimit(vars, r + 1, `a BDD of ${n} weighted terms ≤ ${k}`);
    }
    const e = entry(Math.max(lo.at(f), lo.at(t) + w), Math.min(hi.at(f), hi.at(t) + w), r);
    (levels[i] ??= new Level()).insert(e, lo);
    return e;
  };
  /**
   * build(i, K): f = build(i + 1, K), then t = build(i + 1, K - wᵢ), then
   * joined. Written with its own stack, not recursion: the depth is the
   * number of terms, and 100,000 of them overflowed the call stack.
   */
  const build = (i0: number, K0: number): number => {
    // The entries waiting for their children, as parallel stacks of i, K and f (-1: f not yet built).
    const openI: number[] = [];
    const openK: number[] = [];
    const openF: number[] = [];
    let nextI = i0;
    let nextK = K0;
    let hasNext = true;
    let done = -1;
    for (let step = 1; ; step++) {
      checkDeadlineAt(step);
      if (hasNext) {
        done = settled(nextI, nextK);
        if (done < 0) {
          openI.push(nextI);
          openK.push(nextK);
          openF.push(-1);
          nextI++;
          continue;
        }
        hasNext = false;
      }
      const top = openI.length - 1;
      if (top < 0) return done;
      if (openF[top]! < 0) {
        openF[top] = done;
        nextI = openI[top]! + 1;
        nextK = openK[top]! - weights[openI[top]!]!;
        hasNext = true;
        continue;
      }
      openK.pop();
      const f = openF.pop()!;
      done = joined(openI.pop()!, f, done);
    }
  };
  inner.root = ref.at(build(0, k));
  inner.literals = literals;
  return inner;
}

/** The most words (32 bits each) the sums of refuseOversized may take: 16 MB. */
const SIZE_WORDS = 2 ** 22;
/** The most steps refuseOversized may take (a few seconds), about one per node of a diagram as large. */
const SIZE_STEPS = 2 ** 26;

/**
 * Refuses the reduced BDD of Σ wᵢ·xᵢ ≤ k (weights heaviest first) before any
 * node is made when it would pass a limit: its literals `maxLiterals`, its
 * nodes (an auxiliary each) the formula's room for variables. The diagram
 * was built node by node until it passed them, and one within the literal
 * limit (1000 random items under half their weight: 9.5 million nodes, 47
 * million literals, 19 s and most of a gigabyte) was built whole first.
 *
 * Counted from the weights: node (i, K), "the terms from i on sum to at
 * most K", is fixed by the largest sum of some of those terms that is at
 * most K (its floor; TRUE when K is their total or more, FALSE below 0). So
 * level i has an inner node for each floor of a K reached from the root (k
 * less a sum of some terms before i) whose children, the floors at level
 * i+1 of K and of K - wᵢ, differ. The sums of each level are bitsets over
 * 0..k: made only when that is cheap (SIZE_WORDS, SIZE_STEPS) and the
 * diagram may pass a limit at all, and counted until it does.
 */
function refuseOversized(weights: readonly number[], k: number, maxLiterals: number, literalsAdded: number, vars: AuxRoom | undefined): void {
  const n = weights.length;
  const rest = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) rest[i] = rest[i + 1]! + weights[i]!;
  // The K of level i that may be inner lie in a window (reached, and below the total); the 2^i paths there bound them too.
  let bound = 0;
  let steps = 0;
  for (let i = 0, before = 0; i < n; before += weights[i++]!) {
    const top = Math.min(k, rest[i]! - 1);
    bound += Math.min(2 ** Math.min(i, 53), Math.max(0, top - Math.max(0, k - before) + 1));
    steps += top + 1;
  }
  const maxNodes = vars?.room ?? Infinity;
  const perNode = 5 + 2 * literalsAdded;
  if (bound <= maxNodes && 1 + literalsAdded + bound * perNode <= maxLiterals) return;
  const words = Math.floor(k / 32) + 1;
  if ((n + 2) * words > SIZE_WORDS || steps > SIZE_STEPS) return;
  const what = `a BDD of ${n} weighted terms ≤ ${k}`;
  const sums = suffixSums(weights, words);
  const reached = new Uint32Array(words);
  reached[0] = 1;
  const has = (bits: Uint32Array, at: number, x: number): boolean => ((bits[at + (x >>> 5)]! >>> (x & 31)) & 1) === 1;
  let nodes = 0;
  let literals = 1 + literalsAdded;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    const [here, next] = [i * words, (i + 1) * words];
    const total = rest[i + 1]!;
    // The floors of K at level i and at level i+1, and of K - wᵢ at level i+1 (-1: FALSE), as K rises.
    let floor = 0;
    let f = 0;
    let t = -1;
    let counted = -1;
    for (let K = 0; K <= Math.min(k, rest[i]! - 1); K++) {
      if (has(sums, here, K)) floor = K;
      if (has(sums, next, K)) f = K;
      if (K >= w && has(sums, next, K - w)) t = K - w;
      if (floor === counted || !has(reached, 0, k - K)) continue;
      counted = floor;
      if (f === t) continue;
      nodes++;
      literals += (K >= total ? 0 : 2 + literalsAdded) + (K - w >= total ? 0 : (K < w ? 2 : 3) + literalsAdded);
    }
    if (literals > maxLiterals) throw pastLimit('literals', what, 'its clauses would hold more literals', maxLiterals);
    refuseAuxPastLimit(vars, nodes, what);
    shiftOr(reached, 0, reached, 0, words, w);
  }
}

/** The sums of some of the terms from i on, for each level i (0..n), as bitsets over 0..k of `words` words each, one after another. */
function suffixSums(weights: readonly number[], words: number): Uint32Array {
  const n = weights.length;
  const sums = new Uint32Array((n + 1) * words);
  sums[n * words] = 1;
  for (let i = n - 1; i >= 0; i--) {
    sums.copyWithin(i * words, (i + 1) * words, (i + 2) * words);
    shiftOr(sums, (i + 1) * words, sums, i * words, words, weights[i]!);
  }
  // Bits past k, where a shift put some, are never read.
  return sums;
}

/** The bitset at `to` gets the one at `from` shifted up by w bits (what lies past the words is dropped); the two may be one, then read from the top down. */
function shiftOr(from: Uint32Array, fromAt: number, to: Uint32Array, toAt: number, words: number, w: number): void {
  const q = w >>> 5;
  const r = w & 31;
  for (let j = words - 1; j >= q; j--) {
    const low = from[fromAt + j - q]!;
    const below = r !== 0 && j - q - 1 >= 0 ? from[fromAt + j - q - 1]! >>> (32 - r) : 0;
    to[toAt + j]! |= r === 0 ? low : (low << r) | below;
  }
}

/**
 * The nodes of one level, by interval. The intervals are disjoint (each K has
 * one function), so they are kept sorted by lo in blocks of at most
 * 2·BLOCK and found by bisection, first over the blocks' first lo, then in
 * the block. A plain list searched from the front made the diagrams of
 * random weights (thousands of nodes a level) quadratic in their width; one
 * sorted array made each insertion move the whole level.
 */
const BLOCK = 256;

class Level {
  /** Entry ids, each block sorted by its entries' lo. */
  private readonly blocks: number[][] = [];
  /** The lo of each block's first entry, for bisection over the blocks. */
  private readonly firsts: number[] = [];

  /** The entry whose interval holds K, if one is built (-1: none); lo and hi are the entries' bounds. */
  holding(K: number, lo: Column, hi: Column): number {
    const b = firstAbove(this.firsts, K) - 1;
    if (b < 0) return -1;
    const block = this.blocks[b]!;
    const e = block[firstAbove(block, K, (id) => lo.at(id)) - 1]!;
    return K <= hi.at(e) ? e : -1;
  }

  insert(e: number, lo: Column): void {
    const b = Math.max(0, firstAbove(this.firsts, lo.at(e)) - 1);
    const block = this.blocks[b];
    if (!block) {
      this.blocks.push([e]);
      this.firsts.push(lo.at(e));
      return;
    }
    block.splice(
      firstAbove(block, lo.at(e), (id) => lo.at(id)),
      0,
      e,
    );
    this.firsts[b] = lo.at(block[0]!);
    if (block.length < 2 * BLOCK) return;
    const upper = block.splice(BLOCK);
    this.blocks.splice(b + 1, 0, upper);
    this.firsts.splice(b + 1, 0, lo.at(upper[0]!));
  }
}

/** The index of the first entry of a sorted list whose key is above K. */
function firstAbove<T>(list: readonly T[], K: number, key: (entry: T) => number = (entry) => entry as number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(list[mid]!) <= K) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
