import { CountCache } from './cache.js';
import { CountSearch, type EngineOptions, MIN_STORED_COST, POLL_NODES, Stopped } from './engine.js';
import { type CountProblem, type Reach, copyWaits, reachOf } from './problem.js';

/**
 * Counting by a sweep: always cover the first uncovered primary item in the
 * sweep order (problem.ts ranks a board's cells along its longest axis).
 * Every item before it is covered, so a row that covers it and fits has it
 * as its lowest primary item: rows are kept in lists by lowest primary item,
 * and a node only tries one list, each row with an AND per word it touches.
 * The covered items are one bitset; nothing is unlinked or restored.
 *
 * What is left below a node is decided by the first uncovered item f, the
 * items near it and the global items (pieces). A row taken earlier had its
 * lowest primary item before f, so it covered nothing past f + after (the
 * widest reach of a row past its lowest primary item); a row taken later
 * has its lowest primary item at or after f, so nothing before f - before
 * matters to it. The memo key is f, the bits of the window
 * [f - before, f + after], and the global bits: short when the board is
 * narrow across the sweep. (Rows pinned out of sweep order break the
 * rule while they reach past the window: the key's last word names them
 * then; see pin.)
 *
 * A dead end shows late in a sweep (a cell walled in ahead of f is only
 * found when f reaches it), so each node first checks that the next few
 * uncovered items ahead still have a row that fits.
 *
 * Both lists a node scans (the rows led by f, the rows through an item
 * ahead) are kept in runs by piece (a row's first global item), and a node
 * visits only the runs of the pieces still free, found by their bits: a
 * placed piece costs nothing, where failing each of its rows on the same
 * bit would. Profiling the 8x8 board with the 2x2 square, these scans were
 * two thirds of the time; on OneSidedPentominoes6x15, half the steps of the
 * look-ahead went to stepping over the runs of placed pieces.
 */
export type SweepWindow = Reach;

/** Uncovered items ahead of f checked for a fitting row at each node. */
const LOOKAHEAD = 8;

/** The window a key must cover for this problem (see the module comment). */
export const sweepWindow = (p: CountProblem): SweepWindow =>
  reachOf(
    p.rowStart.length - 1,
    (r) => p.rowItems.subarray(p.rowStart[r]!, p.rowStart[r + 1]!),
    (i) => i,
    (i) => p.primary[i] === 1,
    p.local,
  );

/** A row's piece: its first global item (rows list items ascending), or -1. */
function pieceOf(p: CountProblem, r: number): number {
  for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) if (p.rowItems[m]! >= p.local) return p.rowItems[m]!;
  return -1;
}

/**
 * Where each run begins in lists laid out list by list (list j is
 * rows[listStart[j] .. listStart[j + 1] - 1]), each in slot order: slot s
 * of list j begins at starts[j * (slots + 1) + s], and [j * (slots + 1) +
 * slots] is where list j ends. Slot 0 holds the rows with no piece, slot
 * 1 + k those of the k-th global item.
 */
function slotStarts(listStart: Int32Array, rows: Int32Array, slotOf: (r: number) => number, slots: number): Int32Array {
  const lists = listStart.length - 1;
  const starts = new Int32Array(lists * (slots + 1));
  for (let j = 0; j < lists; j++) {
    let q = listStart[j]!;
    for (let s = 0; s <= slots; s++) {
      while (q < listStart[j + 1]! && slotOf(rows[q]!) < s) q++;
      starts[j * (slots + 1) + s] = q;
    }
  }
  return starts;
}

/** Bytes of the two slot tables (slotStarts) a sweep keeps for this problem: engineBytes counts them. */
export const slotTableBytes = (p: CountProblem): number => 4 * (p.items + p.local) * (p.items - p.local + 2);

/** Per row, the words it touches among the items `keep` accepts and its bits in each: row r's are word[start[r] ..], bits[..]. */
function rowMasks(p: CountProblem, keep: (item: number, row: number) => boolean): { start: Int32Array; word: Int32Array; bits: Int32Array } {
  const rows = p.rowStart.length - 1;
  const start = new Int32Array(rows + 1);
  const word: number[] = [];
  const bits: number[] = [];
  for (let r = 0; r < rows; r++) {
    start[r] = word.length;
    const byWord = new Map<number, number>();
    for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) {
      const i = p.rowItems[m]!;
      if (keep(i, r)) byWord.set(i >>> 5, (byWord.get(i >>> 5) ?? 0) | (1 << (i & 31)));
    }
    for (const [w, b] of byWord) {
      word.push(w);
      bits.push(b);
    }
  }
  start[rows] = word.length;
  return { start, word: Int32Array.from(word), bits: Int32Array.from(bits) };
}

/**
 * Per local item, the first word of the window its look-ahead scans read,
 * and the words every window spans: the words of the rows through the
 * item, each row's piece left out (see entryMask).
 */
function scanWindows(p: CountProblem): { windowOf: Int32Array; span: number } {
  const words = Math.max(1, Math.ceil(p.items / 32));
  const first = new Int32Array(p.local).fill(words);
  const last = new Int32Array(p.local);
  for (let r = 0; r + 1 < p.rowStart.length; r++) {
    const piece = pieceOf(p, r);
    let lo = words;
    let hi = 0;
    for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) {
      const i = p.rowItems[m]!;
      if (i === piece) continue;
      lo = Math.min(lo, i >>> 5);
      hi = Math.max(hi, i >>> 5);
    }
    for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) {
      const i = p.rowItems[m]!;
      if (i >= p.local) continue;
      first[i] = Math.min(first[i]!, lo);
      last[i] = Math.max(last[i]!, hi);
    }
  }
  let span = 1;
  for (let i = 0; i < p.local; i++) if (first[i]! <= last[i]!) span = Math.max(span, last[i]! - first[i]! + 1);
  return { windowOf: first.map((w) => Math.max(0, Math.min(w, words - span))), span };
}

/** Bytes of the look-ahead's entry tables (entryLow, entryMask) for this problem: engineBytes counts them. */
export function scanTableBytes(p: CountProblem): number {
  let entries = 0;
  for (const i of p.rowItems) if (i < p.local) entries++;
  return 4 * entries * (1 + scanWindows(p).span);
}

function lowestPrimary(p: CountProblem, r: number): number {
  for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) if (p.primary[p.rowItems[m]!]) return p.rowItems[m]!;
  throw new Error(`count: row ${r} covers no primary item`);
}

export class SweepCounter extends CountSearch {
  readonly strategy = 'sweep';
  readonly cache: CountCache;
  private readonly words: number;
  private readonly covered: Int32Array;
  private readonly primaryBits: Int32Array;
  /** Rows by lowest primary item: those of item i are byLow[firstOf[i] .. firstOf[i + 1] - 1]. */
  private readonly byLow: Int32Array;
  private readonly firstOf: Int32Array;
  private readonly low: Int32Array;
  /** The runs of byLow by lowest item and piece (slotStarts, rows per slot). */
  private readonly leadSlots: Int32Array;
  /** Row r touches words maskWord[maskStart[r] ..] with bits maskBits[..]. */
  private readonly maskStart: Int32Array;
  private readonly maskWord: Int32Array;
  private readonly maskBits: Int32Array;
  /**
   * The same without the row's piece (its first global item), for fits:
   * every row tried is in a run of a piece still free, so only its other
   * items can clash.
   */
  private readonly cellStart: Int32Array;
  private readonly cellWord: Int32Array;
  private readonly cellBits: Int32Array;
  /** Each row's piece bit (word pieceWord[r], bit pieceBit[r]; 0 when it has none), for the witness check. */
  private readonly pieceWord: Int32Array;
  private readonly pieceBit: Int32Array;
  /**
   * Rows through each local item, in runs by piece, each run by lowest
   * primary item descending (the look-ahead leaves a run at its first row
   * led before f); cellSlots holds where the runs begin (slotStarts).
   */
  private readonly itemStart: Int32Array;
  private readonly itemRows: Int32Array;
  private readonly cellSlots: Int32Array;
  /**
   * The look-ahead's scans test each entry of itemRows as one AND per word
   * over a few words read once per scan (entryMasks), not through the row's
   * word list, a chain of dependent loads (a part of OneSidedPentominoes6x15
   * took 0.90 of the time, same process). Entry q (a row through item i):
   * its row's lowest primary item, and its items but the piece as `span`
   * words from word windowOf[i] on.
   */
  private readonly entryLow: Int32Array;
  private readonly entryMask: Int32Array;
  private readonly windowOf: Int32Array;
  private readonly span: number;
  /** The covered set's words of the window being scanned. */
  private readonly scanned: Int32Array;
  /** Slots per list, plus one (slotStarts); the global items' bits by word. */
  private readonly slotStride: number;
  private readonly globalBits: Int32Array;
  /** Per row, the copy to cover before it is taken (-1: none; copyWaits); undefined without copies. */
  private readonly waitFor: Int32Array | undefined;
  /** Per local item, the row that last showed it could still be covered (-1: none yet). */
  private readonly witness: Int32Array;
  private readonly window: SweepWindow;
  private readonly windowWords: number;
  private readonly lastWordMask: number;
  private readonly key: Int32Array;
  /** The number of the rows pin() took (-1: none; pinIds numbers each set of rows pinned) and their last local item. */
  private pinned = -1;
  private readonly pinIds = new Map<string, number>();
  private pinnedLast = -1;
  /** Key words before the pinned row's (the key has that word only when the engine may be pinned). */
  private readonly keyWords: number;
  private readonly shouldStop: () => boolean;
  private untilPoll = POLL_NODES;

  /** `window` defaults to sweepWindow(problem); a narrower one gives wrong counts (the tests' mutation check). */
  constructor(problem: CountProblem, options: EngineOptions, window: SweepWindow = sweepWindow(problem)) {
    super(problem, options.lane);
    const n = problem.items;
    const rows = problem.rowStart.length - 1;
    this.words = Math.max(1, Math.ceil(n / 32));
    this.covered = new Int32Array(this.words);
    this.primaryBits = new Int32Array(this.words);
    for (let i = 0; i < n; i++) if (problem.primary[i]) this.primaryBits[i >>> 5]! |= 1 << (i & 31);

    this.low = Int32Array.from({ length: rows }, (_, r) => lowestPrimary(problem, r));
    const piece = Int32Array.from({ length: rows }, (_, r) => pieceOf(problem, r));
    const { low } = this;
    this.byLow = Int32Array.from({ length: rows }, (_, r) => r).sort((a, b) => low[a]! - low[b]! || piece[a]! - piece[b]! || a - b);
    this.firstOf = new Int32Array(n + 1);
    for (const r of this.byLow) this.firstOf[this.low[r]! + 1]++;
    for (let i = 0; i < n; i++) this.firstOf[i + 1] += this.firstOf[i]!;
    const slots = n - problem.local + 1;
    const slotOf = (r: number) => (piece[r]! < 0 ? 0 : piece[r]! - problem.local + 1);
    this.slotStride = slots + 1;
    this.leadSlots = slotStarts(this.firstOf, this.byLow, slotOf, slots);
    this.globalBits = new Int32Array(this.words);
    for (let i = problem.local; i < n; i++) this.globalBits[i >>> 5]! |= 1 << (i & 31);

    ({ start: this.maskStart, word: this.maskWord, bits: this.maskBits } = rowMasks(problem, () => true));
    ({ start: this.cellStart, word: this.cellWord, bits: this.cellBits } = rowMasks(problem, (i, r) => i !== piece[r]));
    this.waitFor = problem.prevCopy && copyWaits(problem, problem.prevCopy).waitFor;
    this.pieceWord = Int32Array.from(piece, (k) => (k < 0 ? 0 : k >>> 5));
    this.pieceBit = Int32Array.from(piece, (k) => (k < 0 ? 0 : 1 << (k & 31)));

    this.itemStart = new Int32Array(problem.local + 1);
    const through: number[][] = Array.from({ length: problem.local }, () => []);
    for (let r = 0; r < rows; r++) {
      for (let m = problem.rowStart[r]!; m < problem.rowStart[r + 1]!; m++) {
        const i = problem.rowItems[m]!;
        if (i < problem.local) through[i]!.push(r);
      }
    }
    const listed: number[] = [];
    through.forEach((list, i) => {
      this.itemStart[i] = listed.length;
      listed.push(...list.sort((a, b) => piece[a]! - piece[b]! || low[b]! - low[a]!));
    });
    this.itemStart[problem.local] = listed.length;
    this.itemRows = Int32Array.from(listed);
    this.cellSlots = slotStarts(this.itemStart, this.itemRows, slotOf, slots);
    ({ windowOf: this.windowOf, span: this.span } = scanWindows(problem));
    ({ low: this.entryLow, mask: this.entryMask } = this.entryMasks());
    this.scanned = new Int32Array(this.span);
    this.witness = new Int32Array(problem.local).fill(-1);

    this.window = window;
    this.windowWords = Math.ceil((window.before + window.after) / 32);
    const rest = (window.before + window.after) % 32;
    this.lastWordMask = rest === 0 ? -1 : (1 << rest) - 1;
    this.keyWords = 1 + this.windowWords + Math.ceil((n - problem.local) / 32);
    // A last word for the pinned row while part of it lies past the window (fillKey).
    this.key = new Int32Array(this.keyWords + (options.pinnable ? 1 : 0));
    this.cache = options.cache ?? new CountCache(this.key.length, options.cacheBytes);
    this.shouldStop = options.shouldStop ?? (() => false);
  }

  /** entryLow and entryMask (see entryMask) from itemStart, itemRows and the rows' words. */
  private entryMasks(): { low: Int32Array; mask: Int32Array } {
    const { itemStart, itemRows, cellStart, cellWord, cellBits, windowOf, span } = this;
    const low = Int32Array.from(itemRows, (r) => this.low[r]!);
    const mask = new Int32Array(itemRows.length * span);
    for (let i = 0; i + 1 < itemStart.length; i++) {
      for (let q = itemStart[i]!; q < itemStart[i + 1]!; q++) {
        const r = itemRows[q]!;
        for (let j = cellStart[r]!; j < cellStart[r + 1]!; j++) mask[q * span + cellWord[j]! - windowOf[i]!]! |= cellBits[j]!;
      }
    }
    return { low, mask };
  }

  /**
   * Takes `rows` out of sweep order, as a Burnside term pins pieces: the
   * counts below are those with the rows taken. Their cells ahead of the
   * window break the rule the memo key rests on (see the module comment),
   * so the key names them (by a number for the set) until the sweep reaches
   * the last; past that, terms pinned at different rows meet the same
   * subproblems and share the memo.
   */
  override pin(rows: readonly number[]): void {
    if (this.key.length === this.keyWords) throw new Error('count: a sweep made without `pinnable` cannot be pinned');
    for (const r of rows) this.toggle(r);
    const name = rows.join(',');
    this.pinned = this.pinIds.get(name) ?? this.pinIds.set(name, this.pinIds.size).get(name)!;
    this.pinnedLast = -1;
    for (const r of rows)
      for (let m = this.p.rowStart[r]!; m < this.p.rowStart[r + 1]!; m++)
        if (this.p.rowItems[m]! < this.p.local) this.pinnedLast = Math.max(this.pinnedLast, this.p.rowItems[m]!);
  }

  override unpin(rows: readonly number[]): void {
    for (const r of rows) this.toggle(r);
    this.pinned = -1;
    this.pinnedLast = -1;
  }

  protected take(row: number): void {
    this.toggle(row);
  }

  /** The covered set is all a count changes and leaves changed when it stops: the node is its bits (the witnesses only speed scans up). */
  protected rewinder(): () => void {
    const covered = this.covered.slice();
    return () => this.covered.set(covered);
  }

  protected giveBack(row: number): void {
    this.toggle(row);
  }

  protected branchRows(): number[] {
    const out: number[] = [];
    const f = this.firstFree(0);
    if (f >= 0)
      for (let k = this.firstOf[f]!; k < this.firstOf[f + 1]!; k++)
        if (this.pieceFree(this.byLow[k]!) && !this.waits(this.byLow[k]!) && this.fits(this.byLow[k]!)) out.push(this.byLow[k]!);
    return out;
  }

  protected countFromHere(): number {
    return this.visit(0);
  }

  /** Takes a row in or out (rows taken are disjoint, so XOR does both). */
  private toggle(r: number): void {
    for (let j = this.maskStart[r]!, end = this.maskStart[r + 1]!; j < end; j++) this.covered[this.maskWord[j]!]! ^= this.maskBits[j]!;
  }

  /** Row r places copies whose predecessor is still uncovered: it waits, or one solution would be counted once per numbering of its copies. */
  private waits(r: number): boolean {
    const prev = this.waitFor === undefined ? -1 : this.waitFor[r]!;
    return prev >= 0 && (this.covered[prev >>> 5]! & (1 << (prev & 31))) === 0;
  }

  private pieceFree(r: number): boolean {
    return (this.covered[this.pieceWord[r]!]! & this.pieceBit[r]!) === 0;
  }

  /** Row r's items are all uncovered, its piece taken to be free (see cellStart). */
  private fits(r: number): boolean {
    const { covered, cellWord, cellBits } = this;
    for (let j = this.cellStart[r]!, end = this.cellStart[r + 1]!; j < end; j++) if (covered[cellWord[j]!]! & cellBits[j]!) return false;
    return true;
  }

  /** The first uncovered primary item at or after `from`, or -1. */
  private firstFree(from: number): number {
    const { covered, primaryBits } = this;
    for (let w = from >>> 5; w < this.words; w++) {
      let free = ~covered[w]! & primaryBits[w]!;
      if (w === from >>> 5) free &= -1 << (from & 31);
      if (free !== 0) return (w << 5) + 31 - Math.clz32(free & -free);
    }
    return -1;
  }

  /** 32 bits of the covered set from bit `at` on (bits outside the set read 0). */
  private bitsFrom(at: number): number {
    const w = at >> 5;
    const s = at & 31;
    const lo = w >= 0 && w < this.words ? this.covered[w]! : 0;
    if (s === 0) return lo;
    const hi = w + 1 >= 0 && w + 1 < this.words ? this.covered[w + 1]! : 0;
    return (lo >>> s) | (hi << (32 - s));
  }

  /**
   * The key of the node at f: f, the window's bits (the last word cut to the
   * window), the global bits. The window may run past the cells into the
   * global bits, which then appear twice: harmless, as the key stays a
   * function of the node; what must not happen is a bit that matters being
   * left out.
   */
  private fillKey(f: number): Int32Array {
    const key = this.key;
    key[0] = f;
    const start = f - this.window.before;
    for (let k = 0; k < this.windowWords; k++) key[1 + k] = this.bitsFrom(start + 32 * k);
    if (this.lastWordMask !== -1) key[this.windowWords]! &= this.lastWordMask;
    for (let k = 1 + this.windowWords, at = this.p.local; k < this.keyWords; k++, at += 32) key[k] = this.bitsFrom(at);
    if (key.length > this.keyWords) key[this.keyWords] = f + this.window.after < this.pinnedLast ? this.pinned : -1;
    return key;
  }

  /**
   * Some row through local item i, led at or after f, still fits. The row
   * that showed it last time is tried first: on the 8x8 board with the 2x2
   * square a scan took 10 steps and 5.6 tests of a row on average.
   */
  private canCover(i: number, f: number): boolean {
    const seen = this.witness[i]!;
    if (seen >= 0 && this.low[seen]! >= f && this.pieceFree(seen) && this.fits(seen)) return true;
    const { covered, globalBits, cellSlots } = this;
    for (let k = 0, w = this.windowOf[i]!; k < this.span; k++) this.scanned[k] = covered[w + k]!;
    const at = i * this.slotStride;
    let found = this.fitIn(cellSlots[at]!, cellSlots[at + 1]!, f);
    // The runs of the free pieces (slot 1 + k for the k-th global item), in slot order.
    for (let w = this.p.local >>> 5; found < 0 && w < this.words; w++) {
      for (let free = ~covered[w]! & globalBits[w]!; found < 0 && free !== 0; free &= free - 1) {
        const s = this.pieceSlot(w, free);
        found = this.fitIn(cellSlots[at + s]!, cellSlots[at + s + 1]!, f);
      }
    }
    if (found < 0) return false;
    this.witness[i] = found;
    return true;
  }

  /** The slot of the piece at the lowest bit of `free`, bits of word w of the global items: slot 1 + k holds the k-th global item's rows. */
  private pieceSlot(w: number, free: number): number {
    return (w << 5) + 31 - Math.clz32(free & -free) - this.p.local + 1;
  }

  /** The first row of itemRows[from .. to - 1] (one run, by lowest item descending) led at or after f that fits, or -1. */
  private fitIn(from: number, to: number, f: number): number {
    const { entryLow, entryMask, scanned, span } = this;
    for (let q = from; q < to; q++) {
      if (entryLow[q]! < f) return -1;
      let clash = 0;
      for (let k = 0, at = q * span; k < span; k++) clash |= scanned[k]! & entryMask[at + k]!;
      if (clash === 0) return this.itemRows[q]!;
    }
    return -1;
  }

  /**
   * f, or some uncovered item among the next LOOKAHEAD ahead of it (found by
   * their bits, not cell by cell), has no row left that fits. f first: on
   * the 8x8 board with the 2x2 square one node in twenty has no row for f,
   * and testing it here spares its memo lookup (0.91 of the CPU, same nodes).
   */
  private walledIn(f: number): boolean {
    const end = Math.min(this.p.local, f + this.window.after);
    if (f < this.p.local && !this.canCover(f, f)) return true;
    let checked = 0;
    for (let i = this.firstFree(f + 1); i >= 0 && i < end && checked < LOOKAHEAD; i = this.firstFree(i + 1)) {
      checked++;
      if (!this.canCover(i, f)) return true;
    }
    return false;
  }

  /** The count below each row of byLow[from .. to - 1] that fits, summed (the progress moves one branch per row). */
  private branchRun(f: number, from: number, to: number): number {
    let total = 0;
    for (let k = from; k < to; k++) {
      const r = this.byLow[k]!;
      if (this.fits(r) && !this.waits(r)) {
        this.toggle(r);
        total += this.visit(f + 1);
        this.toggle(r);
      }
      this.progress.next();
    }
    return total;
  }

  private visit(from: number): number {
    this.nodes++;
    if (--this.untilPoll === 0) {
      this.untilPoll = POLL_NODES;
      if (this.shouldStop()) throw new Stopped();
    }
    const f = this.firstFree(from);
    if (f < 0) return 1;
    // The look-ahead before the memo: on the 8x8 board with the 2x2 square two nodes in three are dead ends it finds, whose lookups would all miss.
    if (this.walledIn(f)) return 0;
    const hash = this.cache.hashOf(this.fillKey(f));
    const known = this.cache.get(this.key, hash);
    if (known >= 0) return known;
    const before = this.nodes;
    let total = 0;
    const at = f * this.slotStride;
    // Where the rows of f not yet tried begin: the runs of placed pieces are passed over, and the progress moves past them.
    let next = this.leadSlots[at]!;
    this.progress.enter(this.firstOf[f + 1]! - next);
    total += this.branchRun(f, next, this.leadSlots[at + 1]!);
    next = this.leadSlots[at + 1]!;
    for (let w = this.p.local >>> 5; w < this.words; w++) {
      // This word of the covered set is taken before the runs below it: each branch restores what it changed.
      for (let free = ~this.covered[w]! & this.globalBits[w]!; free !== 0; free &= free - 1) {
        const s = this.pieceSlot(w, free);
        const from = this.leadSlots[at + s]!;
        const to = this.leadSlots[at + s + 1]!;
        if (from === to) continue;
        this.progress.next(from - next);
        total += this.branchRun(f, from, to);
        next = to;
      }
    }
    this.progress.leave();
    total = this.kept(total);
    const cost = this.nodes - before;
    if (cost >= MIN_STORED_COST) this.cache.set(this.fillKey(f), total, cost, hash);
    return total;
  }
}
