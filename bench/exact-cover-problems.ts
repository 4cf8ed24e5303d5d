/**
 * Known exact cover instances shared by test/exact-cover.test.ts and
 * bench/exact-cover.ts: pentomino tilings of a rectangle and n queens.
 */
import type { ExactCoverProblem } from '../solvers/dlx/exact-cover.js';

/** The 12 pentominoes in their conventional letters, plus the 2x2 square of the 8x8 puzzle. */
export const PENTOMINO_SHAPES: Readonly<Record<string, readonly string[]>> = {
  F: ['.##', '##.', '.#.'],
  I: ['#####'],
  L: ['####', '#...'],
  N: ['##..', '.###'],
  P: ['##', '##', '#.'],
  T: ['###', '.#.', '.#.'],
  U: ['#.#', '###'],
  V: ['#..', '#..', '###'],
  W: ['#..', '##.', '.##'],
  X: ['.#.', '###', '.#.'],
  Y: ['.#..', '####'],
  Z: ['##.', '.#.', '.##'],
};
export const SQUARE_TETROMINO: readonly string[] = ['##', '##'];

type Cell = readonly [row: number, col: number];

function cellsOfPicture(picture: readonly string[]): Cell[] {
  return picture.flatMap((line, row) => [...line].flatMap((ch, col) => (ch === '#' ? [[row, col] as const] : [])));
}

/** Shifts cells to touch row 0 and column 0, sorted, so equal shapes compare equal. */
function normalize(cells: readonly Cell[]): Cell[] {
  const minRow = Math.min(...cells.map(([r]) => r));
  const minCol = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - minRow, c - minCol] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** The distinct shapes reachable by rotating and reflecting the picture. */
export function orientations(picture: readonly string[]): Cell[][] {
  const distinct = new Map<string, Cell[]>();
  let cells = cellsOfPicture(picture);
  for (let reflection = 0; reflection < 2; reflection++) {
    for (let rotation = 0; rotation < 4; rotation++) {
      const shape = normalize(cells);
      distinct.set(JSON.stringify(shape), shape);
      cells = cells.map(([r, c]) => [c, -r] as const);
    }
    cells = cells.map(([r, c]) => [r, -c] as const);
  }
  return [...distinct.values()];
}

export interface Placement {
  piece: string;
  /** Board cells, numbered row * width + col. */
  cells: number[];
}

export interface TilingProblem extends ExactCoverProblem {
  placements: Placement[];
}

/**
 * Tiling of a width x height board where every piece is used once: columns
 * 0..width*height-1 are cells, then one column per piece, all primary.
 * `keep` filters placements, e.g. to pin a piece at one position.
 */
export function tilingProblem(
  width: number,
  height: number,
  pieces: Readonly<Record<string, readonly string[]>>,
  keep: (placement: Placement) => boolean = () => true,
): TilingProblem {
  const cellCount = width * height;
  const placements: Placement[] = [];
  const rows: number[][] = [];
  Object.entries(pieces).forEach(([piece, picture], pieceIndex) => {
    for (const shape of orientations(picture)) {
      const shapeHeight = Math.max(...shape.map(([r]) => r)) + 1;
      const shapeWidth = Math.max(...shape.map(([, c]) => c)) + 1;
      for (let top = 0; top + shapeHeight <= height; top++) {
        for (let left = 0; left + shapeWidth <= width; left++) {
          const placement = { piece, cells: shape.map(([r, c]) => (top + r) * width + left + c) };
          if (!keep(placement)) continue;
          placements.push(placement);
          rows.push([cellCount + pieceIndex, ...placement.cells]);
        }
      }
    }
  });
  return { primary: cellCount + Object.keys(pieces).length, secondary: 0, rows, placements };
}

/**
 * n queens as exact cover: ranks and files primary (one queen each), the
 * 2n-1 diagonals and 2n-1 anti-diagonals secondary (at most one queen each).
 */
export function queensProblem(n: number): ExactCoverProblem {
  const diagonals = 2 * n - 1;
  const rows: number[][] = [];
  for (let rank = 0; rank < n; rank++) {
    for (let file = 0; file < n; file++) {
      rows.push([rank, n + file, 2 * n + rank + file, 2 * n + diagonals + rank - file + n - 1]);
    }
  }
  return { primary: 2 * n, secondary: 2 * diagonals, rows };
}
