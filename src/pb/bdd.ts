import type { ClauseSink } from '../card/sink.js';
import type { WeightedLit } from './normalize.js';
import { checkDeadlineAt } from '../core/limits.js';

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
 */
interface Node {
  /** A literal, or a constant terminal. */
  lit: number | boolean;
  /** The bounds K for which this node is the same function. */
  lo: number;
  hi: number;
}

const FALSE: Node = { lit: false, lo: -Infinity, hi: -1 };

export function bddAtMostWeighted(sink: ClauseSink, terms: readonly WeightedLit[], k: number): void {
  const sorted = [...terms].sort((a, b) => b.weight - a.weight);
  const n = sorted.length;
  const rest = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) rest[i] = rest[i + 1]! + sorted[i]!.weight;
  // Each made with its first node: 2 million levels made up front were 2 million objects and 4 million arrays before any node.
  const levels: (Level | undefined)[] = new Array<Level | undefined>(n);
  /** The true terminal of each level, made once: one object per settled step was much of a large diagram's garbage. */
  const trueAt: Node[] = [];
  /** A node known without building its children: a terminal, or one already built whose interval holds K. */
  const settled = (i: number, K: number): Node | undefined => {
    if (K < 0) return FALSE;
    if (rest[i]! <= K) return (trueAt[i] ??= { lit: true, lo: rest[i]!, hi: Infinity });
    return levels[i]?.holding(K);
  };
  /** Node (i, K) from its children f (xᵢ false) and t (xᵢ true). */
  const joined = (i: number, f: Node, t: Node): Node => {
    const { lit: x, weight: w } = sorted[i]!;
    const lo = Math.max(f.lo, t.lo + w);
    const hi = Math.min(f.hi, t.hi + w);
    let lit: number | boolean;
    if (f.lit === t.lit) lit = f.lit;
    else {
      const v = sink.aux();
      // f is never false here (K ≥ 0), so v → f is nothing when f is true.
      if (typeof f.lit === 'number') sink.add([-v, f.lit]);
      if (t.lit !== true) sink.add(t.lit === false ? [-v, -x] : [-v, -x, t.lit]);
      lit = v;
    }
    const node = { lit, lo, hi };
    (levels[i] ??= new Level()).insert(node);
    return node;
  };
  /**
   * build(i, K): f = build(i + 1, K), then t = build(i + 1, K - wᵢ), then
   * joined. Written with its own stack, not recursion: the depth is the
   * number of terms, and 100,000 of them overflowed the call stack.
   */
  const build = (i0: number, K0: number): Node => {
    // The nodes waiting for their children, as parallel stacks of i, K and f (an object a step was most of the garbage).
    const openI: number[] = [];
    const openK: number[] = [];
    const openF: (Node | undefined)[] = [];
    let nextI = i0;
    let nextK = K0;
    let hasNext = true;
    let done: Node | undefined;
    for (let step = 1; ; step++) {
      checkDeadlineAt(step);
      if (hasNext) {
        done = settled(nextI, nextK);
        if (!done) {
          openI.push(nextI);
          openK.push(nextK);
          openF.push(undefined);
          nextI++;
          continue;
        }
        hasNext = false;
      }
      const top = openI.length - 1;
      if (top < 0) return done!;
      if (openF[top] === undefined) {
        openF[top] = done;
        nextI = openI[top]! + 1;
        nextK = openK[top]! - sorted[openI[top]!]!.weight;
        hasNext = true;
        continue;
      }
      openK.pop();
      const f = openF.pop()!;
      done = joined(openI.pop()!, f, done!);
    }
  };
  // The facade hands over Σ wᵢ > k ≥ 0, so the root is an inner node.
  sink.add([build(0, k).lit as number]);
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
  private readonly blocks: Node[][] = [];
  /** blocks[b][0].lo, for bisection over the blocks. */
  private readonly firsts: number[] = [];

  /** The node whose interval holds K, if one is built. */
  holding(K: number): Node | undefined {
    const b = firstAbove(this.firsts, K) - 1;
    if (b < 0) return undefined;
    const block = this.blocks[b]!;
    const node = block[firstAbove(block, K, (n) => n.lo) - 1]!;
    return K <= node.hi ? node : undefined;
  }

  insert(node: Node): void {
    const b = Math.max(0, firstAbove(this.firsts, node.lo) - 1);
    const block = this.blocks[b];
    if (!block) {
      this.blocks.push([node]);
      this.firsts.push(node.lo);
      return;
    }
    block.splice(
      firstAbove(block, node.lo, (n) => n.lo),
      0,
      node,
    );
    this.firsts[b] = block[0]!.lo;
    if (block.length < 2 * BLOCK) return;
    const upper = block.splice(BLOCK);
    this.blocks.splice(b + 1, 0, upper);
    this.firsts.splice(b + 1, 0, upper[0]!.lo);
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
