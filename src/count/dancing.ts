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
 * reverse order, undoing only grows the prefix back. The same work as
 * dancing links, on contiguous memory.
 */
export class DancingCounter extends CountSearch {
  readonly strategy = 'mrv';
  readonly cache: CountCache;
  /** Memberships m (a row's m-th entry in rowItems) by item segment: the live ones first. */
  private readonly slots: Int32Array;
  private readonly where: Int32Array;
  private readonly memberRow: Int32Array;
  private readonly itemStart: Int32Array;
  private readonly live: Int32Array;
  /** Uncovered primary items: a sparse set, the first activeCount of `active`. */
  private readonly active: Int32Array;
  private readonly activePos: Int32Array;
  private activeCount = 0;
  /** Covered items as bits: the memo key. */
  private readonly covered: Int32Array;
  private readonly shouldStop: () => boolean;
  private untilPoll = POLL_NODES;

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
    this.live = new Int32Array(n);
    this.slots = new Int32Array(memberships);
    this.where = new Int32Array(memberships);
    for (let m = 0; m < memberships; m++) {
      const i = problem.rowItems[m]!;
      const at = this.itemStart[i]! + this.live[i]!++;
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
    this.selectRow(row);
  }

  protected giveBack(row: number): void {
    this.unselectRow(row);
  }

  protected branchRows(): number[] {
    const item = this.choose();
    const out: number[] = [];
    if (item >= 0) for (let q = this.itemStart[item]!, end = q + this.live[item]!; q < end; q++) out.push(this.memberRow[this.slots[q]!]!);
    return out;
  }

  protected countFromHere(): number {
    return this.visit();
  }

  /** The uncovered primary item with the fewest live rows (ties: first in the sweep); -1 when none is left. */
  private choose(): number {
    let best = -1;
    let fewest = Infinity;
    for (let a = 0; a < this.activeCount; a++) {
      const i = this.active[a]!;
      const n = this.live[i]!;
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

  private unselectRow(r: number): void {
    const { rowStart, rowItems } = this.p;
    for (let m = rowStart[r + 1]! - 1; m >= rowStart[r]!; m--) this.uncover(rowItems[m]!);
  }

  /** Covers item j: every live row through it is hidden from its other items. */
  private cover(j: number): void {
    const { rowStart, rowItems } = this.p;
    const { slots, where, memberRow, itemStart, live } = this;
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
    for (let q = itemStart[j]!, end = q + live[j]!; q < end; q++) {
      const r = memberRow[slots[q]!]!;
      for (let m = rowStart[r]!, stop = rowStart[r + 1]!; m < stop; m++) {
        const k = rowItems[m]!;
        if (k === j) continue;
        const at = where[m]!;
        const last = itemStart[k]! + --live[k]!;
        const other = slots[last]!;
        slots[at] = other;
        where[other] = at;
        slots[last] = m;
        where[m] = last;
      }
    }
  }

  /** Exact inverse of cover(j), in reverse order. */
  private uncover(j: number): void {
    const { rowStart, rowItems } = this.p;
    const { slots, memberRow, itemStart, live } = this;
    for (let q = itemStart[j]! + live[j]! - 1; q >= itemStart[j]!; q--) {
      const r = memberRow[slots[q]!]!;
      for (let m = rowStart[r + 1]! - 1, stop = rowStart[r]!; m >= stop; m--) {
        const k = rowItems[m]!;
        if (k !== j) live[k]!++;
      }
    }
    if (this.p.primary[j]) this.activeCount++;
    this.covered[j >>> 5]! &= ~(1 << (j & 31));
  }

  private visit(): number {
    this.nodes++;
    if (--this.untilPoll === 0) {
      this.untilPoll = POLL_NODES;
      if (this.shouldStop()) throw new Stopped();
    }
    const item = this.choose();
    if (item < 0) return 1;
    const branches = this.live[item]!;
    if (branches === 0) return 0;
    const key = this.covered;
    const known = this.cache.get(key);
    if (known >= 0) return known;
    const before = this.nodes;
    const { rowStart, rowItems } = this.p;
    // While the item is covered its own segment is left alone (every row through it is hidden elsewhere).
    this.cover(item);
    let total = 0;
    this.progress.enter(branches);
    for (let q = this.itemStart[item]!, end = q + branches; q < end; q++) {
      const r = this.memberRow[this.slots[q]!]!;
      for (let m = rowStart[r]!, stop = rowStart[r + 1]!; m < stop; m++) if (rowItems[m] !== item) this.cover(rowItems[m]!);
      total += this.visit();
      for (let m = rowStart[r + 1]! - 1, stop = rowStart[r]!; m >= stop; m--) if (rowItems[m] !== item) this.uncover(rowItems[m]!);
      this.progress.next();
    }
    this.progress.leave();
    this.uncover(item);
    if (total > MAX_EXACT) throw new CountOverflow();
    const cost = this.nodes - before;
    if (cost >= MIN_STORED_COST) this.cache.set(key, total, cost);
    return total;
  }
}
