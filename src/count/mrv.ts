import { CountCache } from './cache.js';
import { CountSearch, type EngineOptions, MIN_STORED_COST, POLL_NODES, Stopped } from './engine.js';
import { type CountProblem, copyWaits } from './problem.js';

/**
 * Counting by Algorithm X with a memo (Nishino, Yasuda, Minato and Nagata,
 * "Dancing with Decision Diagrams", AAAI 2017): branch on the uncovered
 * primary item with the fewest rows left (MRV, ties to the item first in
 * the sweep), and remember the count below every node under the set of
 * items covered there, which is everything that decides what is below.
 *
 * The live rows are one bitset, and each item's rows its (word, mask)
 * pairs, the bits numbered by each row's first item so that a cell's rows,
 * which lie near it, share few words (on O'Beirne's hexagon about 19 words
 * a cell rather than 91). Covering an item clears its rows' bits a word at
 * a time and takes each row that dies off the live-row counts of its
 * items, which is all MRV reads; undoing sets the bits back from a trail
 * and the counts from a copy per open step (n numbers). Every row dies once
 * on a path, so the work is a decrement per membership of a dying row,
 * where the dancing cells before this swapped each such membership out of
 * its item's segment. Two nodes in three are dead ends (O'Beirne's hexagon,
 * pentomino 6x10): a branch row is taken only until some item left to
 * cover loses its last row, and a branch that misses an item only the
 * chosen item's rows covered is not taken at all. Against dancing links in
 * the same process: bench/results/count-term-obeirne.md.
 */
export class MrvCounter extends CountSearch {
  readonly strategy = 'mrv';
  readonly cache: CountCache;
  /** Item i's rows: the bits maskOf[k] of word wordOf[k] of the row bitset, for k from itemWords[i] to itemWords[i + 1] - 1. */
  private readonly itemWords: Int32Array;
  private readonly wordOf: Int32Array;
  private readonly maskOf: Int32Array;
  /** Live rows, a bit each: bit b is row rowAt[b]. */
  private readonly live: Int32Array;
  private readonly rowAt: Int32Array;
  /**
   * The rows each open node branches on, deepest last. A row is a branch of
   * one node on a path at most (the node's cover kills it), so the stack
   * never holds more than every row.
   */
  private readonly branches: Int32Array;
  private branchTop = 0;
  /** Bit b's row covers bitItems[bitStart[b] .. bitStart[b + 1] - 1]. */
  private readonly bitStart: Int32Array;
  private readonly bitItems: Int32Array;
  /**
   * The words kill() cleared and the bits it cleared in them, to set back.
   * An item is covered at most once on a path and clears each of its pairs
   * at most once, so the trail never holds more entries than there are pairs.
   */
  private readonly trailWord: Int32Array;
  private readonly trailMask: Int32Array;
  private trailLength = 0;
  /** Uncovered primary items: a sparse set, the first activeCount of `active`. */
  private readonly active: Int32Array;
  private readonly activePos: Int32Array;
  private activeCount = 0;
  /** Covered items as bits: the memo key. */
  private readonly covered: Int32Array;
  private readonly shouldStop: () => boolean;
  private untilPoll = POLL_NODES;
  /**
   * Pieces with copies (CountProblem.prevCopy): the copy each row waits for
   * (-1: none) and the items that are copies, never branched on (which copy
   * a placement is comes from the order of the search). Undefined without
   * copies.
   */
  private readonly copies: { waitFor: Int32Array; isCopy: Uint8Array } | undefined;
  /** Live rows of each item, a frame of n per open step (a pushed row; a node's chosen item, then its branch row): the current frame at base. */
  private counts: Int32Array;
  private base = 0;
  private readonly n: number;
  /** Per open step, the covered bits, activeCount and trail length before it. */
  private savedCovered: Int32Array;
  private savedActive: Int32Array;
  private savedTrail: Int32Array;
  private depth = 0;

  constructor(problem: CountProblem, options: EngineOptions) {
    super(problem, options.lane);
    const n = problem.items;
    const rows = problem.rowStart.length - 1;
    const { rowItems } = problem;
    ({ rowAt: this.rowAt, bitStart: this.bitStart, bitItems: this.bitItems } = rowBits(problem));
    ({ itemWords: this.itemWords, wordOf: this.wordOf, maskOf: this.maskOf } = itemPairs(n, this.bitStart, this.bitItems));
    const pairs = this.wordOf.length;
    this.branches = new Int32Array(rows);
    this.live = new Int32Array(Math.ceil(rows / 32));
    for (let b = 0; b < rows; b++) this.live[b >>> 5] |= 1 << (b & 31);
    this.trailWord = new Int32Array(pairs);
    this.trailMask = new Int32Array(pairs);
    this.n = n;
    this.counts = new Int32Array(16 * n);
    for (let m = 0; m < rowItems.length; m++) this.counts[rowItems[m]!]++;
    this.savedCovered = new Int32Array(16 * Math.max(1, Math.ceil(n / 32)));
    this.savedActive = new Int32Array(16);
    this.savedTrail = new Int32Array(16);
    this.active = new Int32Array(n);
    this.activePos = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      if (!problem.primary[i]) continue;
      this.activePos[i] = this.activeCount;
      this.active[this.activeCount++] = i;
    }
    this.covered = new Int32Array(Math.max(1, Math.ceil(n / 32)));
    this.copies = problem.prevCopy && copyWaits(problem, problem.prevCopy);
    this.cache = options.cache ?? new CountCache(this.covered.length, options.cacheBytes);
    this.shouldStop = options.shouldStop ?? (() => false);
  }

  protected take(row: number): void {
    this.save();
    this.selectRow(row);
  }

  protected giveBack(): void {
    this.restore();
  }

  /** A count stopped anywhere has its steps open above the node: each restore() closes one (its live rows, counts and covered items back). */
  protected rewinder(): () => void {
    const { depth, branchTop } = this;
    return () => {
      while (this.depth > depth) this.restore();
      this.branchTop = branchTop;
    };
  }

  protected branchRows(): number[] {
    const item = this.choose();
    if (item < 0) return [];
    const from = this.branchTop;
    this.stackRows(item);
    const rows = Array.from(this.branches.subarray(from, this.branchTop)).filter((r) => !this.waits(r));
    this.branchTop = from;
    return rows;
  }

  /** Row r places a copy whose predecessor is uncovered: it waits, or one solution would be counted once per numbering of its copies. */
  private waits(r: number): boolean {
    if (!this.copies) return false;
    const prev = this.copies.waitFor[r]!;
    return prev >= 0 && (this.covered[prev >>> 5]! & (1 << (prev & 31))) === 0;
  }

  /** Puts the live rows of `item` on the branch stack. */
  private stackRows(item: number): void {
    const { live, wordOf, maskOf, rowAt, branches } = this;
    for (let k = this.itemWords[item]!, end = this.itemWords[item + 1]!; k < end; k++) {
      const w = wordOf[k]!;
      let bits = live[w]! & maskOf[k]!;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        branches[this.branchTop++] = rowAt[w * 32 + 31 - Math.clz32(low)]!;
      }
    }
  }

  protected countFromHere(): number {
    return this.visit();
  }

  /**
   * The uncovered primary item with the fewest live rows (ties: first in the
   * sweep), copies left out; -1 when none is left. Copies left uncovered
   * then can no longer be placed: every row of a copy covers a required
   * cell (packing.ts, coverOf).
   */
  private choose(): number {
    let best = -1;
    let fewest = Infinity;
    const { counts, base } = this;
    const isCopy = this.copies?.isCopy;
    for (let a = 0; a < this.activeCount; a++) {
      const i = this.active[a]!;
      if (isCopy?.[i]) continue;
      const n = counts[base + i]!;
      if (n < fewest || (n === fewest && i < best)) {
        best = i;
        fewest = n;
      }
    }
    return best;
  }

  private selectRow(r: number): void {
    const { rowStart, rowItems } = this.p;
    for (let m = rowStart[r]!, end = rowStart[r + 1]!; m < end; m++) this.mark(rowItems[m]!);
    for (let m = rowStart[r]!, end = rowStart[r + 1]!; m < end; m++) this.kill(rowItems[m]!, false);
  }

  /**
   * Takes branch row r of a node whose chosen item is covered already;
   * false as soon as an item left to cover has no live row (the child is a
   * dead end, and what was taken is left for restore() to undo). Two nodes
   * in three are such dead ends (O'Beirne's hexagon, pentomino 6x10), and
   * the first death usually comes before the row's last item is covered.
   */
  private placeBranch(r: number, item: number): boolean {
    const { rowStart, rowItems } = this.p;
    for (let m = rowStart[r]!, end = rowStart[r + 1]!; m < end; m++) if (rowItems[m] !== item) this.mark(rowItems[m]!);
    for (let m = rowStart[r]!, end = rowStart[r + 1]!; m < end; m++) if (rowItems[m] !== item && this.kill(rowItems[m]!, true)) return false;
    return true;
  }

  /** Opens a step: what restore() will put back. */
  private save(): void {
    if (this.depth === this.savedActive.length - 1) this.grow();
    const { n, covered } = this;
    this.counts.copyWithin(this.base + n, this.base, this.base + n);
    this.base += n;
    let at = this.depth * covered.length;
    for (let w = 0; w < covered.length; w++) this.savedCovered[at++] = covered[w]!;
    this.savedTrail[this.depth] = this.trailLength;
    this.savedActive[this.depth++] = this.activeCount;
  }

  /** Twice the steps: the stacks keep one length in steps (n, the covered words, and 1 a step). */
  private grow(): void {
    this.counts = doubled(this.counts);
    this.savedCovered = doubled(this.savedCovered);
    this.savedActive = doubled(this.savedActive);
    this.savedTrail = doubled(this.savedTrail);
  }

  private restore(): void {
    const { covered, live, trailWord, trailMask } = this;
    this.base -= this.n;
    this.activeCount = this.savedActive[--this.depth]!;
    const to = this.savedTrail[this.depth]!;
    for (let t = this.trailLength - 1; t >= to; t--) live[trailWord[t]!] |= trailMask[t]!;
    this.trailLength = to;
    let at = this.depth * covered.length;
    for (let w = 0; w < covered.length; w++) covered[w] = this.savedCovered[at++]!;
  }

  /** The uncovered primary items without a live row. */
  private rowless(): number[] {
    const out: number[] = [];
    for (let a = 0; a < this.activeCount; a++) if (this.counts[this.base + this.active[a]!] === 0) out.push(this.active[a]!);
    return out;
  }

  /** Row r covers every one of `items`. */
  private holdsAll(r: number, items: readonly number[]): boolean {
    const { rowStart, rowItems } = this.p;
    // A loop, not every() and a closure: it runs once a branch, almost always over no items.
    for (const i of items) if (!rowItems.subarray(rowStart[r]!, rowStart[r + 1]!).includes(i)) return false;
    return true;
  }

  /** Item j is covered: the memo key's bit, and out of MRV's choice. */
  private mark(j: number): void {
    this.covered[j >>> 5]! |= 1 << (j & 31);
    if (this.p.primary[j]) {
      const last = this.active[--this.activeCount]!;
      const at = this.activePos[j]!;
      this.active[at] = last;
      this.activePos[last] = at;
      this.active[this.activeCount] = j;
      this.activePos[j] = this.activeCount;
    }
  }

  /**
   * Every live row through item j dies, and each item of a dying row counts
   * one live row fewer. Returns whether an uncovered primary item was left
   * without rows; with `stopAtDeath`, at once, the rest undone by restore().
   */
  private kill(j: number, stopAtDeath: boolean): boolean {
    const { primary } = this.p;
    const { live, counts, base, wordOf, maskOf, covered, bitStart, bitItems } = this;
    let died = false;
    for (let k = this.itemWords[j]!, end = this.itemWords[j + 1]!; k < end; k++) {
      const w = wordOf[k]!;
      let killed = live[w]! & maskOf[k]!;
      if (killed === 0) continue;
      live[w] = live[w]! ^ killed;
      this.trailWord[this.trailLength] = w;
      this.trailMask[this.trailLength++] = killed;
      while (killed !== 0) {
        const low = killed & -killed;
        killed ^= low;
        const b = w * 32 + 31 - Math.clz32(low);
        for (let m = bitStart[b]!, stop = bitStart[b + 1]!; m < stop; m++) {
          const i = bitItems[m]!;
          if (--counts[base + i] === 0 && primary[i] && (covered[i >>> 5]! & (1 << (i & 31))) === 0) died = true;
        }
        if (died && stopAtDeath) return true;
      }
    }
    return died;
  }

  /**
   * Counts `work` toward the next poll of shouldStop: a node, or the words
   * of the row bitset a cover cleared. Where a node kills thousands of rows
   * (a 16x20 board of 40 octominoes: 60-100 µs a node), POLL_NODES nodes
   * alone came over a second apart, and a --timeout was heard that late.
   */
  private spend(work: number): void {
    if ((this.untilPoll -= work) > 0) return;
    this.untilPoll = POLL_NODES;
    if (this.shouldStop()) throw new Stopped();
  }

  private visit(): number {
    this.nodes++;
    this.spend(1);
    const item = this.choose();
    if (item < 0) return this.activeCount === 0 ? 1 : 0;
    if (this.counts[this.base + item] === 0) return 0;
    const key = this.covered;
    const known = this.cache.get(key);
    if (known >= 0) return known;
    const before = this.nodes;
    // While the item is covered, the rows through it are dead: the branches are read before.
    const from = this.branchTop;
    this.stackRows(item);
    const to = this.branchTop;
    this.save();
    this.mark(item);
    // An item whose every live row went through the chosen one is left to the branches through it too.
    const orphans = this.kill(item, false) ? this.rowless() : NONE;
    this.spend(this.trailLength - this.savedTrail[this.depth - 1]!);
    let total = 0;
    this.progress.enter(to - from);
    for (let q = from; q < to; q++) {
      const r = this.branches[q]!;
      if (this.waits(r)) {
        this.progress.next();
        continue;
      }
      this.save();
      const placed = this.holdsAll(r, orphans) && this.placeBranch(r, item);
      this.spend(this.trailLength - this.savedTrail[this.depth - 1]!);
      if (placed) total += this.visit();
      else this.nodes++; // the dead end, a node all the same: the tree and its figures as before
      this.restore();
      this.progress.next();
    }
    this.progress.leave();
    this.restore();
    this.branchTop = from;
    total = this.kept(total);
    const cost = this.nodes - before;
    if (cost >= MIN_STORED_COST) this.cache.set(key, total, cost);
    return total;
  }
}

/**
 * Bit b of the row bitset is row rowAt[b]: rows by their first item, so
 * that a cell's rows, which lie near it, share few words; and the rows'
 * items again in the order of their bits (bitItems from bitStart[b] to
 * bitStart[b + 1] - 1), so that the rows a cover kills are read together.
 */
function rowBits({ rowStart, rowItems }: CountProblem): { rowAt: Int32Array; bitStart: Int32Array; bitItems: Int32Array } {
  const rows = rowStart.length - 1;
  const rowAt = Int32Array.from({ length: rows }, (_, r) => r).sort((a, b) => rowItems[rowStart[a]!]! - rowItems[rowStart[b]!]! || a - b);
  const bitStart = new Int32Array(rows + 1);
  const bitItems = new Int32Array(rowItems.length);
  for (let b = 0, to = 0; b < rows; b++) {
    const r = rowAt[b]!;
    for (let m = rowStart[r]!; m < rowStart[r + 1]!; m++) bitItems[to++] = rowItems[m]!;
    bitStart[b + 1] = to;
  }
  return { rowAt, bitStart, bitItems };
}

/**
 * Each of n items' rows as (word, mask) pairs of the row bitset: item i's
 * are wordOf[k] and maskOf[k] for k from itemWords[i] to itemWords[i + 1] - 1,
 * counted and then filled. Bits come in ascending order, so an item's words do too.
 */
function itemPairs(n: number, bitStart: Int32Array, bitItems: Int32Array): { itemWords: Int32Array; wordOf: Int32Array; maskOf: Int32Array } {
  const rows = bitStart.length - 1;
  const eachMembership = (visit: (i: number, b: number) => void): void => {
    for (let b = 0; b < rows; b++) for (let m = bitStart[b]!; m < bitStart[b + 1]!; m++) visit(bitItems[m]!, b);
  };
  const itemWords = new Int32Array(n + 1);
  const lastWord = new Int32Array(n).fill(-1);
  eachMembership((i, b) => {
    if (lastWord[i] === b >>> 5) return;
    lastWord[i] = b >>> 5;
    itemWords[i + 1]++;
  });
  for (let i = 0; i < n; i++) itemWords[i + 1] += itemWords[i]!;
  const wordOf = new Int32Array(itemWords[n]!);
  const maskOf = new Int32Array(itemWords[n]!);
  const at = itemWords.slice(0, n);
  lastWord.fill(-1);
  eachMembership((i, b) => {
    if (lastWord[i] !== b >>> 5) {
      lastWord[i] = b >>> 5;
      wordOf[at[i]!++] = b >>> 5;
    }
    maskOf[at[i]! - 1] |= 1 << (b & 31);
  });
  return { itemWords, wordOf, maskOf };
}

const NONE: readonly number[] = [];

/** A copy twice as long, the old contents first. */
function doubled(stack: Int32Array): Int32Array {
  const grown = new Int32Array(2 * stack.length);
  grown.set(stack);
  return grown;
}
