import { type Cell, cellKey } from '../../src/geometry/cells.js';
import type { Grid } from '../../src/geometry/grids.js';
import { crossingProblem, planeCongruence } from '../../src/geometry/plane-check.js';

/**
 * A brute-force count of the packings of a small planar board, sharing
 * nothing with the encoder: candidate placements are the board's connected
 * cell sets that the checker's own plane geometry finds congruent to a piece
 * in an allowed aspect, and every set of pairwise disjoint candidates is
 * tried and kept when it covers the required cells, places each piece
 * between its least and most copies (and the total in range), and has no
 * two sticks crossing.
 */
export interface BrutePiece {
  name: string;
  cells: Cell[];
  least: number;
  count: number;
  flip: boolean;
  turns: readonly number[];
}

/** Every connected set of `size` cells of the region containing a given first cell (each set once). */
function connectedSets(grid: Grid, region: ReadonlySet<string>, size: number): Cell[][] {
  const out = new Map<string, Cell[]>();
  const grow = (set: Cell[]) => {
    const key = set.map(cellKey).sort().join(' ');
    if (out.has(key)) return;
    if (set.length === size) return void out.set(key, set);
    out.set(key, []);
    for (const c of set)
      for (const n of grid.neighbours(c)) if (region.has(cellKey(n)) && !set.some((s) => cellKey(s) === cellKey(n))) grow([...set, n]);
  };
  for (const k of region) grow([k.split(',').map(Number) as unknown as Cell]);
  return [...out.values()].filter((s) => s.length === size);
}

export function bruteForceCount(
  grid: Grid,
  required: readonly Cell[],
  optional: readonly Cell[],
  pieces: readonly BrutePiece[],
  used?: { least: number; most: number },
): number {
  const region = new Set([...required, ...optional].map(cellKey));
  const fits = planeCongruence(grid, (p) => {
    const piece = pieces.find((q) => q.name === p.name)!;
    return { turns: piece.turns, flip: piece.flip };
  });
  const candidates: { piece: number; keys: Set<string>; cells: Cell[] }[] = [];
  pieces.forEach((piece, i) => {
    for (const set of connectedSets(grid, region, piece.cells.length))
      if (fits({ name: piece.name, cells: piece.cells, count: piece.count }, set))
        candidates.push({ piece: i, keys: new Set(set.map(cellKey)), cells: set });
  });
  const placed = pieces.map(() => 0);
  const taken = new Set<string>();
  const chosen: number[] = [];
  let count = 0;
  const visit = (from: number) => {
    const total = chosen.length;
    const complete =
      required.every((c) => taken.has(cellKey(c))) &&
      pieces.every((p, i) => placed[i]! >= p.least) &&
      (!used || (total >= used.least && total <= used.most)) &&
      (!grid.crossing ||
        crossingProblem(
          grid,
          chosen.map((c) => ({ piece: pieces[candidates[c]!.piece]!.name, cells: candidates[c]!.cells })),
        ) === null);
    if (complete) count++;
    for (let c = from; c < candidates.length; c++) {
      const cand = candidates[c]!;
      if (placed[cand.piece]! >= pieces[cand.piece]!.count || [...cand.keys].some((k) => taken.has(k))) continue;
      placed[cand.piece]!++;
      for (const k of cand.keys) taken.add(k);
      chosen.push(c);
      visit(c + 1);
      chosen.pop();
      for (const k of cand.keys) taken.delete(k);
      placed[cand.piece]!--;
    }
  };
  visit(0);
  return count;
}
