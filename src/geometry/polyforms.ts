import { type Cell, type Transform, cellKey, isMirror, shapeKey, transformShape } from './cells.js';
import type { Grid } from './grids.js';
import { UserError } from '../core/errors.js';
import { COUNT, parseCount } from './shapes.js';

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

/** Every polyform of some orders in a piece list: "free:4" or "free:1-3", with a count for each ("free:4*0..1"). */
const FREE = new RegExp(String.raw`^free:(\d+)(?:-(\d+))?(?:\*(${COUNT}))?$`);

/**
 * The pieces a list's item "free:K", "free:J-K" or "free:K*N" stands for,
 * or undefined when the item is not one: every polyform of those orders,
 * each with the item's count, up to the grid's whole group where the pieces
 * are turned over (`mirrored`) and up to its rotations where not (a chiral
 * shape is then two pieces, else its mirror image could not be placed). The
 * one reading of polyform's and polycube's lists.
 */
export function freeListItem(
  item: string,
  grid: Grid,
  mirrored: boolean,
  where: string,
): { name: string; cells: Cell[]; least: number; count: number }[] | undefined {
  const free = FREE.exec(item);
  if (!free) return undefined;
  const [from, to] = [Number(free[1]), Number(free[2] ?? free[1])];
  if (from < 1 || to < from || to > 8) throw new UserError(`${where}: "${item}": orders from 1 to 8, the first no larger than the second`);
  const counts = parseCount(free[3] ?? '1', `${where}: ${item}`);
  return freePolyforms(grid, from, to, mirrored ? grid.group : rotationsOf(grid)).map((p) => ({ ...p, ...counts }));
}
