import { readFileSync } from 'node:fs';
import type { Cell } from '../../src/geometry/cells.js';
import { GRIDS, type GridName } from '../../src/geometry/grids.js';
import { polyforms } from '../../src/geometry/polyforms.js';
import { namedBoard } from '../../src/geometry/board-shapes.js';

/**
 * Boards and piece sets of published puzzles, as the JSON the polyform
 * puzzle reads. Shapes are the named boards of src/geometry/board-shapes.ts
 * (Polyform Puzzler's definitions); piece sets are every
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

/** A piece set of one piece, as the JSON the polyform puzzle reads (`count` copies of it, when given). */
export const onePiece = (grid: GridName, name: string, cells: readonly (readonly number[])[], count?: number): string =>
  JSON.stringify({ grid, pieces: [{ name, cells, ...(count === undefined ? {} : { count }) }] });

/** Every free polyform of these orders on a grid, named P<order>_<index> (each `count` times, when given). */
export function allPieces(grid: GridName, orders: readonly number[], extra: Record<string, unknown> = {}, count?: string): string {
  const levels = polyforms(GRIDS[grid], Math.max(...orders));
  const pieces = orders.flatMap((o) =>
    levels[o - 1]!.map((cells, i) => ({
      name: `P${o}_${i}`,
      cells: cells.map((c) => numbers(grid, c)),
      ...(count ? { count } : {}),
    })),
  );
  return JSON.stringify({ grid, pieces, ...extra });
}

export const examplePieces = (file: string): string => readFileSync(new URL(`../../examples/${file}`, import.meta.url), 'utf8');

/** A named board of src/geometry/board-shapes.ts, which must exist on the grid. */
export const shape = (grid: GridName, name: string): Cell[] => namedBoard(GRIDS[grid], name) as Cell[];

export const without = (cells: readonly Cell[], holes: readonly Cell[]): Cell[] => cells.filter((c) => !holes.some((h) => h.join() === c.join()));
