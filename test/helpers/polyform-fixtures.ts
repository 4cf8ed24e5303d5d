import { readFileSync } from 'node:fs';
import type { Cell } from '../../src/geometry/cells.js';
import { GRIDS, type GridName } from '../../src/geometry/grids.js';
import { polyforms } from './polyforms.js';

/**
 * Boards and piece sets of published puzzles, as the JSON the polyform
 * puzzle reads. Shapes follow Polyform Puzzler's definitions (its
 * coordinates_* generators, read for the facts); piece sets are every
 * polyform of the given orders, generated (names made up: the counts do not
 * depend on them), or the example files with Puzzler's own pieces.
 */

const numbers = (name: GridName, c: Cell) => (GRIDS[name].arity === 2 ? [c[0], c[1]] : [...c]);

export const boardJson = (grid: GridName, cells: readonly Cell[], optional: readonly Cell[] = []): string =>
  JSON.stringify({
    grid,
    cells: cells.map((c) => numbers(grid, c)),
    ...(optional.length ? { optional: optional.map((c) => numbers(grid, c)) } : {}),
  });

/** Every free polyform of these orders on a grid, named P<order><letter>. */
export function allPieces(grid: GridName, orders: readonly number[], extra: Record<string, unknown> = {}): string {
  const levels = polyforms(GRIDS[grid], Math.max(...orders));
  const pieces = orders.flatMap((o) =>
    levels[o - 1]!.map((cells, i) => ({ name: `P${o}${String.fromCharCode(97 + i)}`, cells: cells.map((c) => numbers(grid, c)) })),
  );
  return JSON.stringify({ grid, pieces, ...extra });
}

export const examplePieces = (file: string): string => readFileSync(new URL(`../../examples/polyform/${file}`, import.meta.url), 'utf8');

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Polyform Puzzler's bordered m x n polystick grid: m by n lattice points, all the sticks between them. */
export const stickRectangle = (m: number, n: number): Cell[] =>
  range(n).flatMap((y) =>
    range(m).flatMap((x) => [0, 1].filter((z) => !((z === 1 && y === n - 1) || (z === 0 && x === m - 1))).map((z): Cell => [x, y, z])),
  );

/** Polyform Puzzler's bordered polytrig parallelogram of side lengths m and n. */
export const trigParallelogram = (m: number, n: number): Cell[] =>
  range(n + 1).flatMap((y) =>
    range(m + 1).flatMap((x) =>
      [0, 1, 2].filter((z) => !((z !== 0 && y === n) || (z === 0 && x === m) || (z === 2 && x === 0))).map((z): Cell => [x, y, z]),
    ),
  );

/** Polyform Puzzler's bordered polytwig hexagon of side s (coordinates_hexagon of polytwigs.py). */
export function twigHexagon(s: number): Cell[] {
  const [m, lo, hi] = [2 * s - 1, s - 1, 3 * s - 2];
  return range(m + 1).flatMap((y) =>
    range(m + 1).flatMap((x) =>
      [0, 1, 2]
        .filter((z) => !(z === 2 && y === 0 && x === 0) && !((z === 1 && y === m) || (z === 0 && x === m)) && !(x === m && y === m))
        .filter((z) => !(x + y < lo || (x + y === lo && z === 2) || x + y > hi))
        .map((z): Cell => [x, y, z]),
    ),
  );
}

export const without = (cells: readonly Cell[], holes: readonly Cell[]): Cell[] => cells.filter((c) => !holes.some((h) => h.join() === c.join()));
