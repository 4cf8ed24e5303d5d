/**
 * Exact cover of a small board by bitboards: the counter behind the Genius
 * Square sweep, and a general one for any packing of at most 64 cells and 32
 * pieces (each used exactly once).
 *
 * The board is two 32-bit words of "taken" bits. The search fills the first
 * free cell in cell order: every cell before it is taken, so a placement that
 * covers it and fits has it as its lowest cell. Placements are therefore kept
 * in lists by lowest cell, and a node only tests the few placements of one
 * list with three ANDs (its cells against the two words, its piece against
 * the pieces used). There is no matrix to update or restore; the recursion
 * passes the board by value. On boards this small that does far less work
 * per node than dancing links. When counting, the count below each state
 * (board and pieces used) is remembered, so a state reached again by another
 * arrangement of the same pieces costs one lookup.
 *
 * Cells taken before the search (a roll's blockers) are given per call:
 * the placements that hit them are dropped once, up front, so the lists the
 * search walks hold only placements that can still fit.
 */

export interface BitboardPacking {
  /** Board cells 0..cells-1; every one not taken up front must be covered exactly once. */
  cells: number;
  /** Pieces 0..pieces-1; a solution places each exactly once. */
  pieces: number;
  /** Each placement covers distinct cells of the board with one piece. */
  placements: readonly { piece: number; cells: readonly number[] }[];
}

export const BITBOARD_LIMITS = { cells: 64, pieces: 32 } as const;

export interface BitboardOptions {
  /** Stop after this many solutions. */
  limit?: number;
  /** Receives each solution as placement indices (into BitboardPacking.placements), in the order they were placed. */
  onSolution?: (placements: number[]) => void;
}

/** Whether a packing fits the bitboard counter. */
export function fitsBitboard(packing: Pick<BitboardPacking, 'cells' | 'pieces'>): boolean {
  return packing.cells <= BITBOARD_LIMITS.cells && packing.pieces <= BITBOARD_LIMITS.pieces;
}

const WORD = 32;

/** A bit's mask in its word (bits 0..31 in the low word, 32..63 in the high one). */
const maskOf = (bit: number): number => 1 << (bit % WORD);

export class BitboardCounter {
  private readonly cells: number;
  /** Placements sorted by lowest cell: their cells as two words, their piece as a bit, their index in the packing. */
  private readonly low: Int32Array;
  private readonly high: Int32Array;
  private readonly pieceBit: Int32Array;
  private readonly index: Int32Array;
  private readonly lowestBit: Int32Array;
  /** The bit of each cell: its place in the order the search fills the board. */
  private readonly bit: Int32Array;
  private readonly allPieces: number;
  private readonly cache = new StateCache();
  /** Per call: the placements that miss the cells taken up front, and where each cell's list starts. */
  private readonly fit: { low: Int32Array; high: Int32Array; pieceBit: Int32Array; index: Int32Array; start: Int32Array };

  constructor(packing: BitboardPacking) {
    if (!fitsBitboard(packing)) {
      throw new Error(
        `bitboard: at most ${BITBOARD_LIMITS.cells} cells and ${BITBOARD_LIMITS.pieces} pieces, got ${packing.cells} and ${packing.pieces}`,
      );
    }
    packing.placements.forEach((pl, i) => validatePlacement(packing, pl, i));
    this.cells = packing.cells;
    this.allPieces = packing.pieces === 0 ? 0 : (2 ** packing.pieces - 1) | 0;
    this.bit = cellOrder(packing);
    const order = packing.placements.map((pl, i) => ({ i, lowest: Math.min(...pl.cells.map((c) => this.bit[c]!)) }));
    order.sort((a, b) => a.lowest - b.lowest || a.i - b.i);
    const n = order.length;
    this.low = new Int32Array(n);
    this.high = new Int32Array(n);
    this.pieceBit = new Int32Array(n);
    this.index = new Int32Array(n);
    this.lowestBit = new Int32Array(n);
    order.forEach(({ i, lowest }, k) => {
      const pl = packing.placements[i]!;
      for (const c of pl.cells) {
        const b = this.bit[c]!;
        if (b < WORD) this.low[k]! |= maskOf(b);
        else this.high[k]! |= maskOf(b);
      }
      this.pieceBit[k] = 1 << pl.piece;
      this.index[k] = i;
      this.lowestBit[k] = lowest;
    });
    this.fit = {
      low: new Int32Array(n),
      high: new Int32Array(n),
      pieceBit: new Int32Array(n),
      index: new Int32Array(n),
      start: new Int32Array(BITBOARD_LIMITS.cells + 1),
    };
  }

  /** Solutions with the cells `taken` (indices, any order) covered up front, stopping at `limit`. */
  count(taken: readonly number[], options: BitboardOptions = {}): number {
    const limit = options.limit ?? Infinity;
    if (!(limit >= 1)) throw new Error(`bitboard: option limit must be at least 1, got ${limit}`);
    // Bits beyond the board count as taken, so "all taken" is both words full.
    let takenLow = this.cells >= WORD ? 0 : ~((2 ** this.cells - 1) | 0);
    let takenHigh = this.cells >= 2 * WORD ? 0 : ~((2 ** Math.max(0, this.cells - WORD) - 1) | 0);
    for (const c of taken) {
      if (!Number.isInteger(c) || c < 0 || c >= this.cells) throw new Error(`bitboard: taken cell ${c} outside 0..${this.cells - 1}`);
      const b = this.bit[c]!;
      if (b < WORD) takenLow |= maskOf(b);
      else takenHigh |= maskOf(b);
    }
    this.keepFitting(takenLow, takenHigh);
    return search(this.fit, this.cache, takenLow, takenHigh, this.allPieces, limit, options.onSolution);
  }

  /** Fills `fit` with the placements that miss the taken cells, in lists by lowest cell. */
  private keepFitting(takenLow: number, takenHigh: number): void {
    const { low, high, pieceBit, index, start } = this.fit;
    let kept = 0;
    let cell = 0;
    for (let k = 0; k < this.low.length; k++) {
      if ((this.low[k]! & takenLow) | (this.high[k]! & takenHigh)) continue;
      const lowest = this.lowestBit[k]!;
      while (cell <= lowest) start[cell++] = kept;
      low[kept] = this.low[k]!;
      high[kept] = this.high[k]!;
      pieceBit[kept] = this.pieceBit[k]!;
      index[kept] = this.index[k]!;
      kept++;
    }
    while (cell < start.length) start[cell++] = kept;
  }
}

/**
 * The order in which the search fills the cells, as each cell's bit. The
 * search always fills the first free cell, so the free cells it has passed
 * over must stay few: a long front of half-filled rows (a 3x20 board read
 * along its long side) multiplies the dead ends — 48 CPU s against 0.03 for
 * the 8 tilings of 3x20. What keeps the front short is a small bandwidth:
 * the widest span, in the order, of one placement's cells. The order is the
 * packing's own (reading order on the usual boards) unless a Cuthill-McKee
 * order has a smaller bandwidth; Cuthill-McKee sweeps a board across its
 * short side, but on a square it runs along diagonals, a longer front than
 * rows (Genius rolls count 1.5x slower that way).
 */
function cellOrder(packing: BitboardPacking): Int32Array {
  const given = Int32Array.from({ length: packing.cells }, (_, c) => c);
  const band = bandOrder(packing);
  return bandwidth(packing, band) < bandwidth(packing, given) ? band : given;
}

function bandwidth(packing: BitboardPacking, bit: Int32Array): number {
  let widest = 0;
  for (const pl of packing.placements) {
    const bits = pl.cells.map((c) => bit[c]!);
    widest = Math.max(widest, Math.max(...bits) - Math.min(...bits));
  }
  return widest;
}

/**
 * Cuthill-McKee on the graph "two cells share a placement": breadth first
 * from a cell at the graph's edge (few neighbours, as far from the rest as a
 * corner), neighbours by fewest neighbours first.
 */
function bandOrder(packing: BitboardPacking): Int32Array {
  const neighbours = Array.from({ length: packing.cells }, () => new Set<number>());
  for (const pl of packing.placements) for (const a of pl.cells) for (const b of pl.cells) if (a !== b) neighbours[a]!.add(b);
  const degree = (c: number) => neighbours[c]!.size;
  const byDegree = (a: number, b: number) => degree(a) - degree(b) || a - b;
  const bit = new Int32Array(packing.cells).fill(-1);
  let next = 0;
  for (const seed of Array.from({ length: packing.cells }, (_, c) => c).sort(byDegree)) {
    if (bit[seed] !== -1) continue;
    const queue = [peripheralCell(seed, neighbours, byDegree)];
    bit[queue[0]!] = next++;
    for (let head = 0; head < queue.length; head++) {
      for (const c of [...neighbours[queue[head]!]!].sort(byDegree)) {
        if (bit[c] !== -1) continue;
        bit[c] = next++;
        queue.push(c);
      }
    }
  }
  return bit;
}

/** A cell far from `start` in its component: the fewest-neighbour cell of the last breadth-first level, repeated while the distance grows (George and Liu). */
function peripheralCell(start: number, neighbours: readonly Set<number>[], byDegree: (a: number, b: number) => number): number {
  let cell = start;
  let depth = -1;
  for (;;) {
    const levels = breadthFirstLevels(cell, neighbours);
    if (levels.length - 1 <= depth) return cell;
    depth = levels.length - 1;
    cell = [...levels[depth]!].sort(byDegree)[0]!;
  }
}

function breadthFirstLevels(start: number, neighbours: readonly Set<number>[]): number[][] {
  const seen = new Set([start]);
  const levels = [[start]];
  for (;;) {
    const level: number[] = [];
    for (const c of levels[levels.length - 1]!) {
      for (const d of neighbours[c]!) {
        if (!seen.has(d)) {
          seen.add(d);
          level.push(d);
        }
      }
    }
    if (level.length === 0) return levels;
    levels.push(level);
  }
}

function validatePlacement(packing: BitboardPacking, pl: BitboardPacking['placements'][number], i: number): void {
  if (!Number.isInteger(pl.piece) || pl.piece < 0 || pl.piece >= packing.pieces)
    throw new Error(`bitboard: placement ${i} has piece ${pl.piece} outside 0..${packing.pieces - 1}`);
  if (pl.cells.length === 0) throw new Error(`bitboard: placement ${i} covers no cell`);
  const seen = new Set<number>();
  for (const c of pl.cells) {
    if (!Number.isInteger(c) || c < 0 || c >= packing.cells)
      throw new Error(`bitboard: placement ${i} has cell ${c} outside 0..${packing.cells - 1}`);
    if (seen.has(c)) throw new Error(`bitboard: placement ${i} lists cell ${c} twice`);
    seen.add(c);
  }
}

/** The lowest clear bit of a word that is not full, as a bit index. */
const lowestFree = (word: number): number => 31 - Math.clz32(~word & (word + 1));

/**
 * Counts below a state, remembered by the state: the board's two words and
 * the pieces used. Different partial solutions often leave the same cells
 * and pieces (the same pieces tiling one area in two ways), and what is
 * below depends on nothing else, so a count found once is reused. A
 * direct-mapped cache: a slot holds the last state hashed to it, and a
 * generation number per call makes clearing it free.
 */
class StateCache {
  private static readonly BITS = 16;
  private readonly taken = new Int32Array(1 << StateCache.BITS);
  private readonly takenHigh = new Int32Array(1 << StateCache.BITS);
  private readonly used = new Int32Array(1 << StateCache.BITS);
  private readonly generationOf = new Int32Array(1 << StateCache.BITS);
  private readonly counts = new Float64Array(1 << StateCache.BITS);
  private generation = 0;

  /** Forgets every state (the placements that fit change from call to call). */
  clear(): void {
    this.generation++;
  }

  slot(taken: number, takenHigh: number, used: number): number {
    const h = Math.imul(taken, 0x9e3779b1) ^ Math.imul(takenHigh ^ Math.imul(used, 0x27d4eb2f), 0x85ebca77);
    return (h ^ (h >>> StateCache.BITS)) & ((1 << StateCache.BITS) - 1);
  }

  /** The count stored for this state in its slot, or -1. */
  get(slot: number, taken: number, takenHigh: number, used: number): number {
    const hit =
      this.generationOf[slot] === this.generation && this.taken[slot] === taken && this.takenHigh[slot] === takenHigh && this.used[slot] === used;
    return hit ? this.counts[slot]! : -1;
  }

  set(slot: number, taken: number, takenHigh: number, used: number, count: number): void {
    this.generationOf[slot] = this.generation;
    this.taken[slot] = taken;
    this.takenHigh[slot] = takenHigh;
    this.used[slot] = used;
    this.counts[slot] = count;
  }
}

/**
 * The search from a board and no piece used. `found` counts solutions
 * (leaves and remembered subtrees alike), so a subtree's count is the
 * growth of `found` across it, and the limit stops everything at once.
 * With onSolution every solution is visited, so nothing is remembered.
 */
function search(
  fit: BitboardCounter['fit'],
  cache: StateCache,
  startLow: number,
  startHigh: number,
  allPieces: number,
  limit: number,
  onSolution: BitboardOptions['onSolution'],
): number {
  const { low, high, pieceBit, index, start } = fit;
  const remember = onSolution === undefined;
  const path: number[] = [];
  let found = 0;
  cache.clear();
  const visit = (taken: number, takenHigh: number, used: number): void => {
    let cell: number;
    if (taken !== -1) cell = lowestFree(taken);
    else if (takenHigh !== -1) cell = WORD + lowestFree(takenHigh);
    else {
      // Board full: a solution when every piece is placed.
      if (used === allPieces) {
        found++;
        onSolution?.([...path]);
      }
      return;
    }
    let slot = 0;
    if (remember) {
      slot = cache.slot(taken, takenHigh, used);
      const known = cache.get(slot, taken, takenHigh, used);
      if (known >= 0) {
        found += known;
        return;
      }
    }
    const before = found;
    const end = start[cell + 1]!;
    for (let k = start[cell]!; k < end; k++) {
      if ((used & pieceBit[k]!) | (taken & low[k]!) | (takenHigh & high[k]!)) continue;
      if (!remember) path.push(index[k]!);
      visit(taken | low[k]!, takenHigh | high[k]!, used | pieceBit[k]!);
      if (!remember) path.pop();
      // A count cut short by the limit is not the subtree's: leave it unremembered.
      if (found >= limit) return;
    }
    if (remember) cache.set(slot, taken, takenHigh, used, found - before);
  };
  visit(startLow, startHigh, 0);
  return found;
}
