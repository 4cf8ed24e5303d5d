import { type Cell, type Transform, cellKey, isMirror, shapeKey, transformShape } from './cells.js';
import type { Grid } from './grids.js';

/**
 * Every polyform of orders 1..n on a grid, up to the given transforms (the
 * grid's whole group: free polyforms; its rotations: one-sided ones) and the
 * grid's translations: grown one cell at a time through the grid's
 * neighbours, each shape kept by its least key over the transforms. Returns
 * one representative (as grid cells) per class, by order, in the order found.
 */
export function polyforms(grid: Grid, n: number, transforms: readonly Transform[] = grid.group): Cell[][][] {
  const canonical = (points: readonly Cell[]) => transforms.map((t) => shapeKey(transformShape(t, points, grid.period), grid.period)).sort()[0]!;
  // One cell of each kind the translations cannot map onto each other (up and down triangles, the edge directions).
  const kinds = new Map<string, Cell[]>();
  for (const c of originCells(grid)) {
    const points = [grid.toPoint(c)];
    kinds.set(canonical(points), points);
  }
  let level = [...kinds.values()];
  const out: Cell[][][] = [level.map((points) => points.map((p) => grid.fromPoint(p)!))];
  for (let order = 2; order <= n; order++) {
    const next = new Map<string, Cell[]>();
    for (const points of level) {
      const cells = points.map((p) => grid.fromPoint(p)!);
      const taken = new Set(cells.map(cellKey));
      for (const c of cells) {
        for (const nb of grid.neighbours(c)) {
          if (taken.has(cellKey(nb))) continue;
          const grown = [...points, grid.toPoint(nb)];
          const key = canonical(grown);
          if (!next.has(key)) next.set(key, grown);
        }
      }
    }
    level = [...next.values()];
    out.push(level.map((points) => points.map((p) => grid.fromPoint(p)!)));
  }
  return out;
}

/** The cells at the origin: every value of the third coordinate where it is an index, else the origin itself. */
export function originCells(grid: Grid): Cell[] {
  const values = grid.third?.values ?? 1;
  return Array.from({ length: values }, (_, z): Cell => [0, 0, z]);
}

export const rotationsOf = (grid: Grid): Transform[] => grid.group.filter((t) => !isMirror(t));

/** A, B, ..., Z, AA, AB, ...: the letter part of generated piece names. */
function letters(n: number): string {
  const letter = String.fromCharCode(65 + (n % 26));
  return n < 26 ? letter : letters(Math.floor(n / 26) - 1) + letter;
}

/**
 * Every polyform of orders from..to on a grid up to `transforms` (default the
 * grid's whole group: the free ones), named by a letter and the order (A4,
 * B4, ...), in the order found.
 */
export function freePolyforms(
  grid: Grid,
  from: number,
  to: number,
  transforms: readonly Transform[] = grid.group,
): { name: string; cells: Cell[] }[] {
  const levels = polyforms(grid, to, transforms);
  return levels.slice(from - 1).flatMap((level, i) => level.map((cells, k) => ({ name: `${letters(k)}${from + i}`, cells })));
}
