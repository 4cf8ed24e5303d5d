/**
 * An exact-cover problem made ready for the counting engines: items renumbered
 * into the order the search sweeps them, items that always go together merged,
 * rows forced in advance taken out, everything in flat typed arrays.
 *
 * Items and rows: items 0..primary-1 must be covered exactly once, the others
 * at most once; each row lists distinct items, at least one primary (the
 * convention of dancing links: a row without one could never be chosen).
 */
import { spanOf } from '../core/extent.js';

export interface ExactCoverInput {
  primary: number;
  secondary: number;
  rows: readonly (readonly number[])[];
  /** Copies of one piece, covered in order: item i only once item prevCopy[i] is (-1: any time; Instance.copyCover). */
  prevCopy?: readonly number[];
}

/** Where each item sits in the sweep: rank[item], a permutation; items ranked below `local` are on the board, the rest (pieces) are global. */
export interface ItemOrder {
  rank: Int32Array;
  local: number;
}

export interface CountProblem {
  /** Items, numbered by their place in the sweep. */
  items: number;
  /** 1 for an item that must be covered, 0 for one that may be. */
  primary: Uint8Array;
  /** Items below this are local (cells), the rest global (pieces). */
  local: number;
  /** Row r covers rowItems[rowStart[r] .. rowStart[r + 1] - 1], ascending. */
  rowStart: Int32Array;
  rowItems: Int32Array;
  /** The input row each row came from. */
  rowIds: Int32Array;
  /** The forced rows clash or leave a primary item no row covers: no solution at all. */
  impossible: boolean;
  /**
   * Present when pieces have copies: per item, the copy that must be
   * covered before it, or -1. A solution is met once, its copies numbered
   * in the order the search places them; an engine takes a row of copy i
   * only while prevCopy[i] is covered, and never branches on a copy.
   */
  prevCopy?: Int32Array;
  /**
   * With prevCopy: 1 for an item made of copies alone. An item that merged
   * a copy with a cell is a cell to branch on: a Burnside term may cover a
   * cell only with rows that take the same copy (copyClassTerms).
   */
  copyItems?: Uint8Array;
}

/** The identity order: every item local, in input order. */
export function inputOrder(problem: ExactCoverInput): ItemOrder {
  const n = problem.primary + problem.secondary;
  return { rank: Int32Array.from({ length: n }, (_, i) => i), local: n };
}

/**
 * The order of a board's cells for the sweep: along the longest axis first
 * (a 6x15 board is swept in 15 columns of 6), so the front between filled and
 * empty cells stays as short as the board is narrow. Cells are items
 * 0..cells.length-1; the items after them (pieces) are global.
 */
export function boardOrder(cells: readonly (readonly number[])[], items: number): ItemOrder {
  const dims = cells[0]?.length ?? 0;
  const extent = Array.from({ length: dims }, (_, d) => {
    const { min, max } = spanOf(cells.map((c) => c[d]!));
    return max - min;
  });
  // Axes from longest to shortest; the first decides most.
  const axes = extent.map((_, d) => d).sort((a, b) => extent[b]! - extent[a]! || a - b);
  const byPlace = cells.map((_, i) => i);
  byPlace.sort((a, b) => {
    for (const d of axes) if (cells[a]![d] !== cells[b]![d]) return cells[a]![d]! - cells[b]![d]!;
    return a - b;
  });
  const rank = new Int32Array(items);
  byPlace.forEach((cell, k) => (rank[cell] = k));
  for (let i = cells.length; i < items; i++) rank[i] = i;
  return { rank, local: cells.length };
}

/** How far rows reach around their lowest primary item, in places of the sweep: back to their first cell, on to their last. */
export interface Reach {
  before: number;
  after: number;
}

/**
 * The reach of `rows` rows, row r's items itemsOf(r), each at place
 * rankOf(i) of the sweep (below `local`: a cell). A row led by a global
 * item but touching cells spans them all. The sweep's window
 * (sweepWindow) on a compiled problem; on a problem as given (frontOf),
 * before it is compiled.
 */
export function reachOf(
  rows: number,
  itemsOf: (r: number) => ArrayLike<number>,
  rankOf: (i: number) => number,
  isPrimary: (i: number) => boolean,
  local: number,
): Reach {
  let before = 0;
  let after = 0;
  for (let r = 0; r < rows; r++) {
    const items = itemsOf(r);
    let low = Infinity;
    let first = Infinity;
    let last = -1;
    for (let m = 0; m < items.length; m++) {
      const at = rankOf(items[m]!);
      if (isPrimary(items[m]!)) low = Math.min(low, at);
      if (at >= local) continue;
      first = Math.min(first, at);
      last = Math.max(last, at);
    }
    if (last < 0) continue;
    if (low >= local) return { before: local, after: local };
    before = Math.max(before, low - first);
    after = Math.max(after, last - low);
  }
  return { before, after };
}

/**
 * The sweep's front (reachOf's `after`) read off the problem as given: the
 * compiled problem's can only be narrower (merged items), and compiling
 * costs what a term's compile does, which a count stopped at once must not
 * spend.
 */
export const frontOf = (problem: ExactCoverInput, order: ItemOrder): number =>
  reachOf(
    problem.rows.length,
    (r) => problem.rows[r]!,
    (i) => order.rank[i]!,
    (i) => i < problem.primary,
    order.local,
  ).after;

/**
 * The problem with `forced` rows (input indices) already taken: their items
 * gone, every row clashing with them gone. Items covered by exactly the same
 * rows are merged into one (primary if any of them is): a symmetry's
 * restriction (burnside.ts) makes whole orbits of cells move together.
 */
export function compileProblem(problem: ExactCoverInput, order: ItemOrder, forced: readonly number[] = []): CountProblem {
  const n = problem.primary + problem.secondary;
  checkInput(problem, order);
  const taken = new Uint8Array(n);
  let impossible = false;
  for (const r of forced) {
    for (const i of problem.rows[r]!) {
      if (taken[i]) impossible = true;
      taken[i] = 1;
    }
  }
  const kept: number[] = [];
  problem.rows.forEach((row, r) => {
    if (!row.some((i) => taken[i])) kept.push(r);
  });

  // Items by the rows that cover them: an item's signature is its list of kept rows.
  const rowsOf: number[][] = Array.from({ length: n }, () => []);
  kept.forEach((r, k) => {
    for (const i of problem.rows[r]!) rowsOf[i]!.push(k);
  });
  const groupOf = new Int32Array(n).fill(-1);
  const groups: { rank: number; primary: boolean }[] = [];
  const bySignature = new Map<string, number>();
  const byRank = Array.from({ length: n }, (_, i) => i).sort((a, b) => order.rank[a]! - order.rank[b]!);
  for (const i of byRank) {
    if (taken[i]) continue;
    const isPrimary = i < problem.primary;
    if (rowsOf[i]!.length === 0) {
      // A primary item nothing can cover: no solution. A secondary one: never touched, dropped.
      if (isPrimary) impossible = true;
      continue;
    }
    const signature = rowsOf[i]!.join(',');
    const g = bySignature.get(signature);
    if (g === undefined) {
      bySignature.set(signature, groups.length);
      groupOf[i] = groups.length;
      groups.push({ rank: order.rank[i]!, primary: isPrimary });
    } else {
      groupOf[i] = g;
      if (isPrimary) groups[g]!.primary = true;
    }
  }
  // Groups are numbered in sweep order already (items were visited by rank).
  const local = groups.filter((g) => g.rank < order.local).length;
  const rowStart = new Int32Array(kept.length + 1);
  const items: number[] = [];
  kept.forEach((r, k) => {
    rowStart[k] = items.length;
    const merged = [...new Set(problem.rows[r]!.map((i) => groupOf[i]!))].sort((a, b) => a - b);
    items.push(...merged);
  });
  rowStart[kept.length] = items.length;
  const compiled = {
    items: groups.length,
    primary: Uint8Array.from(groups, (g) => (g.primary ? 1 : 0)),
    local,
    rowStart,
    rowItems: Int32Array.from(items),
    rowIds: Int32Array.from(kept),
    impossible,
  };
  return problem.prevCopy
    ? {
        ...compiled,
        prevCopy: copiesAfter(problem.prevCopy, groupOf, taken, groups.length),
        copyItems: copiesAlone(problem.prevCopy, groupOf, groups.length),
      }
    : compiled;
}

/** Per compiled item, 1 when every item merged into it is a copy (CountProblem.copyItems). */
function copiesAlone(prevCopy: readonly number[], groupOf: Int32Array, items: number): Uint8Array {
  const isCopy = new Uint8Array(prevCopy.length);
  prevCopy.forEach((prev, i) => {
    if (prev < 0) return;
    isCopy[i] = 1;
    isCopy[prev] = 1;
  });
  const holdsCopy = new Uint8Array(items);
  const holdsOther = new Uint8Array(items);
  groupOf.forEach((g, i) => {
    if (g >= 0) (isCopy[i] ? holdsCopy : holdsOther)[g] = 1;
  });
  return holdsCopy.map((copy, g) => (copy && !holdsOther[g] ? 1 : 0));
}

/**
 * prevCopy in the compiled items: a copy whose predecessor was forced (or
 * never touched) may be covered any time. Forcing a copy before the one it
 * follows would number a solution apart from the search's order.
 */
function copiesAfter(prevCopy: readonly number[], groupOf: Int32Array, taken: Uint8Array, items: number): Int32Array {
  const out = new Int32Array(items).fill(-1);
  prevCopy.forEach((prev, i) => {
    if (prev < 0) return;
    if (taken[i] && !taken[prev]) throw new Error(`count: copy item ${i} forced before item ${prev}, the copy it follows`);
    if (groupOf[i]! >= 0 && groupOf[prev]! >= 0) out[groupOf[i]!] = groupOf[prev]!;
  });
  return out;
}

/**
 * For each row, the copy that must be covered before it may be taken (-1:
 * none), and which items are copies alone (copyItems): a row takes a block of a piece's
 * copies (one, or an orbit's several in a Burnside term), and waits for
 * the copy before its block. Rows without copies wait for nothing.
 */
export function copyWaits(p: CountProblem, prevCopy: Int32Array): { waitFor: Int32Array; isCopy: Uint8Array } {
  // compileProblem sets copyItems with prevCopy.
  const isCopy = p.copyItems!;
  const rows = p.rowStart.length - 1;
  const waitFor = new Int32Array(rows).fill(-1);
  for (let r = 0; r < rows; r++) {
    const items = p.rowItems.subarray(p.rowStart[r]!, p.rowStart[r + 1]!);
    for (const i of items) if (prevCopy[i]! >= 0 && !items.includes(prevCopy[i]!)) waitFor[r] = prevCopy[i]!;
  }
  return { waitFor, isCopy };
}

/** Throws an Error for a malformed problem (a caller's bug, not user input). */
function checkInput(problem: ExactCoverInput, order: ItemOrder): void {
  const { primary, secondary, rows } = problem;
  if (!Number.isInteger(primary) || primary < 0 || !Number.isInteger(secondary) || secondary < 0)
    throw new Error(`count: primary and secondary must be non-negative integers, got ${primary} and ${secondary}`);
  const n = primary + secondary;
  if (order.rank.length !== n) throw new Error(`count: the item order ranks ${order.rank.length} items, the problem has ${n}`);
  const seen = new Int32Array(n).fill(-1);
  rows.forEach((row, r) => {
    for (const i of row) {
      if (!Number.isInteger(i) || i < 0 || i >= n) throw new Error(`count: row ${r} has item ${i} outside 0..${n - 1}`);
      if (seen[i] === r) throw new Error(`count: row ${r} lists item ${i} twice`);
      seen[i] = r;
    }
    if (!row.some((i) => i < primary)) throw new Error(`count: row ${r} covers no primary item`);
  });
  if (problem.prevCopy && problem.prevCopy.length !== n) throw new Error(`count: prevCopy has ${problem.prevCopy.length} items, the problem ${n}`);
}
