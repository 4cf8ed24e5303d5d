import { CountCache } from './cache.js';
import { CountSearch, type EngineOptions, CountOverflow, MAX_EXACT, MIN_STORED_COST, POLL_NODES, Stopped } from './engine.js';
import type { CountProblem } from './problem.js';

/**
 * Counting by Algorithm X with a memo (Nishino, Yasuda, Minato and Nagata,
 * "Dancing with Decision Diagrams", AAAI 2017): branch on the uncovered
 * primary item with the fewest rows left (MRV, ties to the item first in
 * the sweep), and remember the count below every node under the set of
 * items covered there, which is everything that decides what is below.
 *
 * The live rows of each item are kept as "dancing cells" rather than
 * dancing links: item i's rows sit in one segment of a flat array, the live
 * ones first; a row is hidden by swapping it to just past the live prefix
 * and shrinking the prefix, and since hiding is undone in exactly the
 * reverse order, undoing only grows the prefix back. So undoing needs no
 * walk over the rows at all: a step (taking a row, or covering a node's
 * item) works on a copy of where the prefixes end, a few hundred bytes, and
 * undoing it goes back to the copy before, with the covered bits and the
 * count of active items, saved alike. That walk, undoing each hide, was a
 * third of the search's time (O'Beirne's hexagon: 29.5% of a CPU profile),
 * and dancing links must still relink every node it unlinked.
 */
export class DancingCounter extends CountSearch {
  readonly strategy = 'mrv';
  readonly cache: CountCache;
  /** Memberships m (a row's m-th entry in rowItems) by item segment: the live ones first. */
  private readonly slots: Int32Array;
  private readonly where: Int32Array;
  private readonly memberRow: Int32Array;
  private readonly itemStart: Int32Array;
  /** Uncovered primary items: a sparse set, the first activeCount of `active`. */
  private readonly active: Int32Array;
  private readonly activePos: Int32Array;
  private activeCount = 0;
  /** Covered items as bits: the memo key. */
  private readonly covered: Int32Array;
  private readonly shouldStop: () => boolean;
  private untilPoll = POLL_NODES;
  /**
   * Where the live rows of each item end (the end of its prefix, as a
   * position in `slots`, so that a hide reads no segment start), a frame of
   * n per open step (a pushed row; a node's chosen item, then its branch
   * row): item i's live rows are slots[itemStart[i] .. frames[base + i] - 1]
   * now, and the frames below hold what each step goes back to. Grown when
   * the search goes deeper than ever before, two steps a row of a solution.
   */
  private frames: Int32Array;
  private base = 0;
  private readonly n: number;
  /** Per open step, the covered bits and activeCount before it. */
  private savedCovered: Int32Array;
  private savedActive: Int32Array;
  private depth = 0;

  constructor(problem: CountProblem, options: EngineOptions) {
    super(problem);
    const n = problem.items;
    const memberships = problem.rowItems.length;
    const rows = problem.rowStart.length - 1;
    this.memberRow = new Int32Array(memberships);
    for (let r = 0; r < rows; r++) this.memberRow.fill(r, problem.rowStart[r]!, problem.rowStart[r + 1]!);
    this.itemStart = new Int32Array(n + 1);
    for (const i of problem.rowItems) this.itemStart[i + 1]++;
    for (let i = 0; i < n; i++) this.itemStart[i + 1] += this.itemStart[i]!;
    this.n = n;
    this.frames = new Int32Array(16 * n);
    this.savedCovered = new Int32Array(16 * Math.max(1, Math.ceil(n / 32)));
    this.savedActive = new Int32Array(16);
    const end = this.frames;
    end.set(this.itemStart.subarray(0, n));
    this.slots = new Int32Array(memberships);
    this.where = new Int32Array(memberships);
    for (let m = 0; m < memberships; m++) {
      const at = end[problem.rowItems[m]!]!++;
      this.slots[at] = m;
      this.where[m] = at;
    }
    this.active = new Int32Array(n);
    this.activePos = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      if (!problem.primary[i]) continue;
      this.activePos[i] = this.activeCount;
      this.active[this.activeCount++] = i;
    }
    this.covered = new Int32Array(Math.max(1, Math.ceil(n / 32)));
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

  protected branchRows(): number[] {
    const item = this.choose();
    const out: number[] = [];
    if (item >= 0) for (let q = this.itemStart[item]!, end = this.frames[this.base + item]!; q < end; q++) out.push(this.memberRow[this.slots[q]!]!);
    return out;
  }

  protected countFromHere(): number {
    return this.visit();
  }

  /** The uncovered primary item with the fewest live rows (ties: first in the sweep); -1 when none is left. */
  private choose(): number {
    let best = -1;
    let fewest = Infinity;
    const { frames, base } = this;
    for (let a = 0; a < this.activeCount; a++) {
      const i = this.active[a]!;
      const n = frames[base + i]! - this.itemStart[i]!;
      if (n < fewest || (n === fewest && i < best)) {
        best = i;
        fewest = n;
      }
    }
    return best;
  }

  private selectRow(r: number): void {
    const { rowStart, rowItems } = this.p;
    for (let m = rowStart[r]!, end = rowStart[r + 1]!; m < end; m++) this.cover(rowItems[m]!);
  }

  /** Opens a step: what restore() will put back. */
  private save(): void {
    if (this.depth === this.savedActive.length - 1) this.grow();
    const { n, covered } = this;
    this.frames.copyWithin(this.base + n, this.base, this.base + n);
    this.base += n;
    let at = this.depth * covered.length;
    for (let w = 0; w < covered.length; w++) this.savedCovered[at++] = covered[w]!;
    this.savedActive[this.depth++] = this.activeCount;
  }

  /** Twice the steps: the three stacks keep one length in steps (n, the covered words, and 1 a step). */
  private grow(): void {
    this.frames = doubled(this.frames);
    this.savedCovered = doubled(this.savedCovered);
    this.savedActive = doubled(this.savedActive);
  }

  private restore(): void {
    const { covered } = this;
    this.base -= this.n;
    this.activeCount = this.savedActive[--this.depth]!;
    let at = this.depth * covered.length;
    for (let w = 0; w < covered.length; w++) covered[w] = this.savedCovered[at++]!;
  }

  /** Covers item j: every live row through it is hidden from its other items. */
  private cover(j: number): void {
    const { rowStart, rowItems } = this.p;
    const { slots, where, memberRow, itemStart, frames, base } = this;
    this.covered[j >>> 5]! |= 1 << (j & 31);
    if (this.p.primary[j]) {
      // Swap j out of the active prefix.
      const last = this.active[--this.activeCount]!;
      const at = this.activePos[j]!;
      this.active[at] = last;
      this.activePos[last] = at;
      this.active[this.activeCount] = j;
      this.activePos[j] = this.activeCount;
    }
    for (let q = itemStart[j]!, end = frames[base + j]!; q < end; q++) {
      // The row's other memberships, cyclically from the one after j's: j itself never comes up, so nothing tests for it.
      const through = slots[q]!;
      const r = memberRow[through]!;
      const first = rowStart[r]!;
      const stop = rowStart[r + 1]!;
      for (let m = through + 1 === stop ? first : through + 1; m !== through; m = m + 1 === stop ? first : m + 1) {
        const at = where[m]!;
        const last = --frames[base + rowItems[m]!]!;
        const other = slots[last]!;
        slots[at] = other;
        where[other] = at;
        slots[last] = m;
        where[m] = last;
      }
    }
  }

  private visit(): number {
    this.nodes++;
    if (--this.untilPoll === 0) {
      this.untilPoll = POLL_NODES;
      if (this.shouldStop()) throw new Stopped();
    }
    const item = this.choose();
    if (item < 0) return 1;
    const branches = this.frames[this.base + item]! - this.itemStart[item]!;
    if (branches === 0) return 0;
    const key = this.covered;
    const known = this.cache.get(key);
    if (known >= 0) return known;
    const before = this.nodes;
    const { rowStart, rowItems } = this.p;
    // While the item is covered its own segment is left alone (every row through it is hidden elsewhere).
    this.save();
    this.cover(item);
    let total = 0;
    this.progress.enter(branches);
    for (let q = this.itemStart[item]!, end = q + branches; q < end; q++) {
      const r = this.memberRow[this.slots[q]!]!;
      this.save();
      for (let m = rowStart[r]!, stop = rowStart[r + 1]!; m < stop; m++) if (rowItems[m] !== item) this.cover(rowItems[m]!);
      total += this.visit();
      this.restore();
      this.progress.next();
    }
    this.progress.leave();
    this.restore();
    if (total > MAX_EXACT) throw new CountOverflow();
    const cost = this.nodes - before;
    if (cost >= MIN_STORED_COST) this.cache.set(key, total, cost);
    return total;
  }
}

/** A copy twice as long, the old contents first. */
function doubled(stack: Int32Array): Int32Array {
  const grown = new Int32Array(2 * stack.length);
  grown.set(stack);
  return grown;
}
