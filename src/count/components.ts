import type { CacheStats } from './cache.js';
import { type CountEngine, CountOverflow, type EngineOptions, MAX_EXACT, MemoryBoundExceeded, POLL_NODES, Stopped, TreeProgress } from './engine.js';
import type { CountProblem } from './problem.js';

/**
 * Counting a board that falls apart: when no row joins two parts of the
 * board, the parts interact only through the pieces (the global items).
 * Each part is filled on its own, once, and its fillings are tallied by
 * the set of pieces they take; the count is then the number of ways to
 * give every part one of its fillings with no piece taken twice and every
 * piece that must be placed placed:
 *
 *   count = Σ over pairwise disjoint S_1, …, S_k covering the primary pieces of  Π_i N_i(S_i)
 *
 * where N_i(S) is the number of fillings of part i with exactly the pieces
 * S. The sum is folded part by part over piece sets (a table of 2^g counts
 * for g pieces), the parts split in two halves whose tables meet at
 * complementary sets, so that neither half's table has to be combined with
 * the other's entry by entry. Pieces that may stay unused are summed over
 * by a subset-sum (zeta) transform of one half before the meeting.
 *
 * Why it pays: a search over the whole board meets part 2 once for every
 * way part 1 was filled (the memo merges only fillings with the same piece
 * set, and with distinct pieces few are), so it visits about the product
 * of the parts' fillings; here the parts are searched once each and the
 * product is taken over piece sets. DorianCube5Towers (five towers of
 * 25 cells, 25 distinct pentacubes) is the case in point. The price: a
 * part is searched without a memo, so a board of one large part and small
 * ones, on which the memo pays, may count faster by `--strategy sweep`.
 */

/** Most pieces a table over piece sets may have: 2^26 float64 counts are 512 MiB. */
const MAX_GLOBALS = 26;

/** A tally of piece sets: masks[k] taken by counts[k] fillings. */
interface Tally {
  masks: Int32Array;
  counts: Float64Array;
}

/** The parts of the board: local items joined by rows, each part's items ascending. */
export function boardParts(p: CountProblem): number[][] {
  const parent = Int32Array.from({ length: p.local }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let r = 0; r + 1 < p.rowStart.length; r++) {
    const first = p.rowItems[p.rowStart[r]!]!;
    for (let m = p.rowStart[r]! + 1; m < p.rowStart[r + 1]! && p.rowItems[m]! < p.local; m++) parent[find(p.rowItems[m]!)] = find(first);
  }
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < p.local; i++) {
    const root = find(i);
    const part = byRoot.get(root) ?? [];
    part.push(i);
    byRoot.set(root, part);
  }
  return [...byRoot.values()];
}

/**
 * Whether counting by parts applies: at least two parts with a cell to
 * fill, every row with a cell it must fill (a row on optional cells alone
 * would be a choice no part's search makes), and few enough pieces for the
 * tables.
 */
export function countsByParts(p: CountProblem): boolean {
  const globals = p.items - p.local;
  // Copies (prevCopy) are numbered in the order one search places them, which parts searched apart do not share.
  if (p.impossible || p.prevCopy || globals > MAX_GLOBALS || p.local === 0) return false;
  for (let r = 0; r + 1 < p.rowStart.length; r++) if (leadingCell(p, r) < 0) return false;
  return boardParts(p).filter((part) => part.some((i) => p.primary[i])).length >= 2;
}

/** A row's lowest cell that must be filled, or -1 (rows list their items ascending, cells first). */
function leadingCell(p: CountProblem, r: number): number {
  for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]! && p.rowItems[m]! < p.local; m++) if (p.primary[p.rowItems[m]!]) return p.rowItems[m]!;
  return -1;
}

/** Bytes the tables take for a problem with `globals` pieces: one dense table and the tallies, bounded by two more. */
export const partsBytes = (globals: number): number => 3 * 8 * 2 ** globals;

/** The tables for this problem's pieces fit in `cacheBytes` (what is left of the bound beside the engine). */
export const partsFit = (p: CountProblem, cacheBytes: number): boolean => partsBytes(p.items - p.local) <= cacheBytes;

/** The parts' fillings tallied by piece set, with the search nodes it took. */
interface Tallies {
  tallies: Tally[];
  nodes: number;
}

/** Thrown out of a tally that passed its budget. */
class OverBudget extends Error {}

/**
 * The fillings of every part, by piece set: a search over each part's
 * cells in order, each node the first cell left; null once it passes
 * `budget` nodes. `poll` is called at every node.
 */
function tallyParts(p: CountProblem, budget: number, poll: () => void): Tallies | null {
  const covered = new Int32Array(Math.max(1, Math.ceil(p.items / 32)));
  const isCovered = (i: number) => (covered[i >>> 5]! & (1 << (i & 31))) !== 0;
  const fits = (r: number) => {
    for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) if (isCovered(p.rowItems[m]!)) return false;
    return true;
  };
  const toggle = (r: number) => {
    for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) covered[p.rowItems[m]! >>> 5]! ^= 1 << (p.rowItems[m]! & 31);
  };
  const pieceMask = new Int32Array(p.rowStart.length - 1);
  for (let r = 0; r + 1 < p.rowStart.length; r++)
    for (let m = p.rowStart[r]!; m < p.rowStart[r + 1]!; m++) if (p.rowItems[m]! >= p.local) pieceMask[r]! |= 1 << (p.rowItems[m]! - p.local);
  // Rows by their lowest cell to fill: when that cell is the first one left, the cells before it are filled, so no other row through it fits.
  const led = new Map<number, number[]>();
  for (let r = 0; r + 1 < p.rowStart.length; r++) {
    const lead = leadingCell(p, r);
    const rows = led.get(lead) ?? [];
    rows.push(r);
    led.set(lead, rows);
  }
  let nodes = 0;
  const tally = (part: readonly number[]): Tally => {
    const cells = part.filter((i) => p.primary[i]);
    const rowsOf = cells.map((c) => Int32Array.from(led.get(c) ?? []));
    const found = new Map<number, number>();
    const visit = (k: number, pieces: number): void => {
      if (++nodes > budget) throw new OverBudget();
      poll();
      while (k < cells.length && isCovered(cells[k]!)) k++;
      if (k === cells.length) {
        found.set(pieces, (found.get(pieces) ?? 0) + 1);
        return;
      }
      for (const r of rowsOf[k]!) {
        if (!fits(r)) continue;
        toggle(r);
        visit(k + 1, pieces | pieceMask[r]!);
        toggle(r);
      }
    };
    visit(0, 0);
    return { masks: Int32Array.from(found.keys()), counts: Float64Array.from(found.values()) };
  };
  try {
    const parts = boardParts(p).filter((part) => part.some((i) => p.primary[i]));
    return { tallies: parts.map(tally), nodes };
  } catch (e) {
    if (e instanceof OverBudget) return null;
    throw e;
  }
}

/**
 * Search nodes auto lets the parts' tallies take before it gives up on
 * counting by parts. A part is searched without a memo: where a piece
 * pinned for Burnside cuts Polyominoes2345X1's X-shaped board into four
 * arms, each arm has more fillings than a 10-minute count could list,
 * while the sweep or MRV, with the memo, counts them. The trial costs at
 * most a few seconds; its tallies are kept for the count.
 */
export const PARTS_TRIAL_NODES = 1 << 23;

const trials = new WeakMap<CountProblem, { budget: number; found: Tallies | null }>();

/** The tallies a trial found for this problem, if one did and succeeded. */
function triedTallies(p: CountProblem): Tallies | null {
  return trials.get(p)?.found ?? null;
}

/**
 * Whether auto counts by parts: it applies, and the parts' fillings are all
 * found within `budget` nodes. The trial polls `shouldStop` as the engines
 * do (a trial takes seconds, and a --timeout or Ctrl-C must not wait for
 * it); a stopped trial answers no and is not kept, as it decided nothing.
 */
export function partsPayOff(p: CountProblem, shouldStop: () => boolean = () => false, budget = PARTS_TRIAL_NODES): boolean {
  // The answer is kept with the trial: the parts are not looked for again on the same problem.
  if (trials.get(p)?.budget === budget) return trials.get(p)!.found !== null;
  if (!countsByParts(p)) {
    trials.set(p, { budget, found: null });
    return false;
  }
  let untilPoll = POLL_NODES;
  const poll = () => {
    if (--untilPoll > 0) return;
    untilPoll = POLL_NODES;
    if (shouldStop()) throw new Stopped();
  };
  try {
    trials.set(p, { budget, found: tallyParts(p, budget, poll) });
  } catch (e) {
    if (e instanceof Stopped) return false;
    throw e;
  }
  return trials.get(p)!.found !== null;
}

export class PartsCounter implements CountEngine {
  readonly strategy = 'components';
  nodes = 0;
  /** Piece sets the tallies and folds kept, and the bytes of their arrays and the dense table. */
  private kept = { entries: 0, bytes: 0 };
  private readonly globals: number;
  private readonly progress = new TreeProgress();
  private readonly shouldStop: () => boolean;
  private untilPoll = POLL_NODES;

  constructor(
    private readonly p: CountProblem,
    options: EngineOptions,
  ) {
    this.globals = p.items - p.local;
    if (p.prevCopy) throw new Error('count: counting by parts takes no copies of a piece (countsByParts)');
    if (!partsFit(p, options.cacheBytes)) throw new MemoryBoundExceeded(partsBytes(this.globals), options.cacheBytes);
    this.shouldStop = options.shouldStop ?? (() => false);
  }

  // One unit: the parts are counted whole (a stopped count starts again).
  push(): void {
    throw new Error('count: counting by parts has no units below the root');
  }

  pop(): void {
    throw new Error('count: counting by parts has no units below the root');
  }

  children(): number[] {
    return [];
  }

  fraction(): number {
    return this.progress.fraction();
  }

  /** No memo (each part is searched once): the tables over piece sets are what is kept. */
  memory(): CacheStats {
    return { ...this.kept, lookups: 0, hits: 0, stores: this.kept.entries, evictions: 0, savedNodes: 0 };
  }

  /** A count's search and tables are its own (nothing of them stays in the engine): its figures are all it leaves. */
  checkpoint(): (undo: boolean) => void {
    const nodes = this.nodes;
    const kept = { ...this.kept };
    return (undo) => {
      if (!undo) return;
      this.nodes = nodes;
      this.kept = kept;
    };
  }

  /** A tally kept: its piece sets and bytes (an Int32 mask and a float64 count each). */
  private keep(t: Tally): Tally {
    this.kept.entries += t.masks.length;
    this.kept.bytes += 12 * t.masks.length;
    return t;
  }

  count(): number {
    if (this.p.impossible) return 0;
    this.progress.reset();
    this.progress.running = true;
    try {
      // Progress in steps: the tallies, a fold per part, the meeting.
      const found = triedTallies(this.p) ?? tallyParts(this.p, Infinity, () => this.poll())!;
      this.nodes += found.nodes;
      found.tallies.forEach((t) => this.keep(t));
      this.progress.enter(found.tallies.length + 2);
      this.progress.next();
      return this.meet(found.tallies);
    } finally {
      this.progress.running = false;
    }
  }

  private poll(): void {
    if (--this.untilPoll === 0) {
      this.untilPoll = POLL_NODES;
      if (this.shouldStop()) throw new Stopped();
    }
  }

  /**
   * The tallies met: the parts split into two halves of about equal
   * work, each folded into one tally, the second made dense and summed
   * over the pieces that may stay unused, then every set of the first
   * half looks up the sets of the second that complete it.
   */
  private meet(tallies: Tally[]): number {
    const size = 2 ** this.globals;
    const table = new Float64Array(size);
    this.kept.bytes += table.byteLength;
    const bySize = [...tallies].sort((a, b) => b.masks.length - a.masks.length);
    const halves: Tally[][] = [[], []];
    const work = [0, 0];
    for (const t of bySize) {
      const h = work[0]! <= work[1]! ? 0 : 1;
      halves[h]!.push(t);
      work[h]! += Math.log(t.masks.length + 1);
    }
    const [first, second] = halves.map((half) => this.fold(half, table));
    for (let k = 0; k < second!.masks.length; k++) table[second!.masks[k]!] = second!.counts[k]!;
    let optional = 0;
    for (let g = 0; g < this.globals; g++) if (!this.p.primary[this.p.local + g]) optional |= 1 << g;
    // Zeta over the optional pieces: table[x] becomes the sum over the sets that agree with x on the others and take no optional piece x lacks.
    for (let g = 0; g < this.globals; g++) {
      if (!(optional & (1 << g))) continue;
      this.poll();
      for (let x = 0; x < size; x++) if (x & (1 << g)) table[x]! += table[x ^ (1 << g)]!;
    }
    const all = size - 1;
    let total = 0;
    for (let k = 0; k < first!.masks.length; k++) {
      const m = first!.masks[k]!;
      // The second half must take every required piece the first did not, and may take optional ones it did not.
      total += first!.counts[k]! * table[all & ~m]!;
      if ((k & 1023) === 0) this.poll();
    }
    this.progress.next();
    if (total > MAX_EXACT) throw new CountOverflow();
    return total;
  }

  /** Tallies combined: the sets of pieces their parts take together, disjoint, with the products of their counts. `table` is scratch, all zero. */
  private fold(tallies: readonly Tally[], table: Float64Array): Tally {
    let acc: Tally = { masks: Int32Array.of(0), counts: Float64Array.of(1) };
    for (const t of tallies) {
      const touched: number[] = [];
      for (let a = 0; a < acc.masks.length; a++) {
        const m = acc.masks[a]!;
        const v = acc.counts[a]!;
        for (let b = 0; b < t.masks.length; b++) {
          const s = t.masks[b]!;
          if (m & s) continue;
          const x = m | s;
          if (table[x] === 0) touched.push(x);
          table[x]! += v * t.counts[b]!;
        }
        if ((a & 255) === 0) this.poll();
      }
      const counts = Float64Array.from(touched, (x) => table[x]!);
      for (const x of touched) table[x] = 0;
      if (counts.some((c) => c > MAX_EXACT)) throw new CountOverflow();
      acc = this.keep({ masks: Int32Array.from(touched), counts });
      this.progress.next();
    }
    return acc;
  }
}
