import { type Cell, cellKey } from './cells.js';
import type { Grid } from './grids.js';

/**
 * Boards by name on each planar grid, as Polyform Puzzler builds its
 * puzzles' shapes (its coordinates_* generators, read for the definitions):
 *
 * - `WxH`: W by H cells (a parallelogram on the 60° grids), or every edge of
 *   W by H squares, rhombi or hexagons on the edge grids (Puzzler's bordered grids);
 * - `hexagon:N`: the hexagon of side N (cells, triangles, or the bordered
 *   hexagon of edges);
 * - `triangle:N`: the triangle of side N;
 * - `trapezoid:WxH`: the triangle of side W cut to H rows;
 * - `WxHxD`: the box of cubes, on the cube grid (as polycube's --figure).
 *
 * The 60° shapes are for the triangular and hexagonal grids only.
 */

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pairs = (w: number, h: number) => range(h).flatMap((y) => range(w).map((x) => [x, y] as const));

/** The six edges of hexagon (x, y) on the hexagonal grid's edges. */
const hexagonSides = (x: number, y: number): Cell[] => [
  [x, y, 0],
  [x, y, 1],
  [x + 1, y, 1],
  [x + 1, y, 2],
  [x, y + 1, 0],
  [x, y + 1, 2],
];

/** Every side of these hexagons, each once: Puzzler's bordered shapes of the hexagonal grid's edges. */
const sidesOf = (hexagons: readonly (readonly [number, number])[]): Cell[] => [
  ...new Map(hexagons.flatMap(([x, y]) => hexagonSides(x, y)).map((c) => [cellKey(c), c])).values(),
];

const hexagonOfHexes = (n: number) => pairs(2 * n - 1, 2 * n - 1).filter(([x, y]) => n - 1 <= x + y && x + y <= 3 * n - 3);
const trapezoidOfHexes = (w: number, h: number) => pairs(w, h).filter(([x, y]) => x + y <= w - 1);

/** The triangular grid's edges of the bordered W by H parallelogram: every side of every rhombus. */
const trigParallelogram = (w: number, h: number): Cell[] =>
  range(h + 1).flatMap((y) =>
    range(w + 1).flatMap((x) => [0, 1, 2].filter((d) => (d === 0 ? x < w : y < h && (d === 1 || x > 0))).map((d): Cell => [x, y, d])),
  );

/** W by H: cells, or every edge of W by H squares, rhombi or hexagons. */
export function parallelogram(grid: Grid, w: number, h: number): Cell[] | undefined {
  switch (grid.name) {
    case 'square':
    case 'hexagon':
      return pairs(w, h).map(([x, y]): Cell => [x, y, 0]);
    case 'triangle':
      return [0, 1].flatMap((z) => pairs(w, h).map(([x, y]): Cell => [x, y, z]));
    case 'square-edges':
      return [
        ...range(h + 1).flatMap((y) => range(w).map((x): Cell => [x, y, 0])),
        ...range(h).flatMap((y) => range(w + 1).map((x): Cell => [x, y, 1])),
      ];
    case 'triangle-edges':
      return trigParallelogram(w, h);
    case 'hexagon-edges':
      return sidesOf(pairs(w, h));
    default:
      return undefined;
  }
}

/** The hexagon of side n (Puzzler's coordinates_hexagon on each grid). */
export function hexagon(grid: Grid, n: number): Cell[] | undefined {
  switch (grid.name) {
    case 'triangle':
      return parallelogram(grid, 2 * n, 2 * n)!.filter(([x, y, z]) => n <= x + y + z && x + y + z <= 3 * n - 1);
    case 'hexagon':
      return hexagonOfHexes(n).map(([x, y]): Cell => [x, y, 0]);
    case 'triangle-edges':
      return trigParallelogram(2 * n, 2 * n).filter(([x, y, d]) => x + y >= n && x + y <= 3 * n && (x + y < 3 * n || d === 2));
    case 'hexagon-edges':
      return sidesOf(hexagonOfHexes(n));
    default:
      return undefined;
  }
}

/** The triangle of side w cut to its first h rows (Puzzler's coordinates_trapezoid; h = w is its triangle). */
export function trapezoid(grid: Grid, w: number, h: number): Cell[] | undefined {
  switch (grid.name) {
    case 'triangle':
      return parallelogram(grid, w, h)!.filter(([x, y, z]) => x + y + z <= w - 1);
    case 'hexagon':
      return trapezoidOfHexes(w, h).map(([x, y]): Cell => [x, y, 0]);
    case 'triangle-edges':
      return trigParallelogram(w, h).filter(([x, y, d]) => x + y < w || (x + y === w && d === 2));
    case 'hexagon-edges':
      return sidesOf(trapezoidOfHexes(w, h));
    default:
      return undefined;
  }
}

/** The W by H by D box of cubes, bottom level first. */
export function box(w: number, h: number, d: number): Cell[] {
  const cells: Cell[] = [];
  for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, z]);
  return cells;
}

/** A board named as above, or undefined when the text is not such a name; a name the grid lacks is an error message. */
export function namedBoard(grid: Grid, text: string): Cell[] | string | undefined {
  const cube = /^(\d+)x(\d+)x(\d+)$/.exec(text);
  if (cube) {
    const [w, h, d] = cube.slice(1).map(Number) as [number, number, number];
    if (grid.name !== 'cube') return `"${text}": WxHxD is a box of cubes, for the cube grid; the ${grid.name} grid takes WxH`;
    return w < 1 || h < 1 || d < 1 ? `"${text}": sizes are whole numbers from 1` : box(w, h, d);
  }
  const m = /^(?:(hexagon|triangle):(\d+)|(?:(trapezoid):)?(\d+)x(\d+))$/.exec(text);
  if (!m) return undefined;
  const [n, w, h] = [Number(m[2]), Number(m[4]), Number(m[5])];
  if ((m[2] !== undefined && n < 1) || (m[4] !== undefined && (w < 1 || h < 1))) return `"${text}": sizes are whole numbers from 1`;
  // Rows past the side would be empty: taken as the whole triangle, a typo for another board would go unseen.
  if (m[3] && h > w) return `"${text}": a trapezoid has at most as many rows as its side (${h} rows, side ${w}): triangle:${w} is the whole triangle`;
  const cells =
    m[1] === 'hexagon' ? hexagon(grid, n) : m[1] === 'triangle' ? trapezoid(grid, n, n) : m[3] ? trapezoid(grid, w, h) : parallelogram(grid, w, h);
  return (
    cells ??
    `"${text}": the ${grid.name} grid has no such board (WxH on every planar grid; hexagon:N, triangle:N and trapezoid:WxH on the triangular and hexagonal ones; WxHxD on the cube grid)`
  );
}
