import { type Cell, GROUPS, type Transform, cellKey } from './cells.js';

/**
 * The seven grids a packing can be posed on, in Polyform Puzzler's
 * coordinates (so that its boards and pieces can be typed in directly):
 *
 * - square: cells [x, y]; cube: cells [x, y, z];
 * - triangle: [x, y, z], axes 60° apart, z = 0 the upward and z = 1 the
 *   downward triangle of the rhombus at (x, y);
 * - hexagon: [x, y], axes 60° apart;
 * - square-edges: [x, y, d], d = 0 the segment (x, y)→(x+1, y), d = 1 the
 *   segment (x, y)→(x, y+1);
 * - triangle-edges: [x, y, d], the segments from the lattice point (x, y) at
 *   0°, 60° and 120°;
 * - hexagon-edges: [x, y, d], the segments at 0°, 120° and 240° from the
 *   lower-left corner of hexagon (x, y) (Puzzler draws its hexagons flat-topped).
 *
 * Symmetry works on "points": each cell as an integer point (a centre,
 * centroid or midpoint, scaled) on which the grid's point group acts by
 * integer matrices, and the grid's translations are the multiples of
 * `period` on each axis. The point group of the square grids has 8
 * elements, of the triangular and hexagonal ones 12, of the cube 48; an edge
 * grid has its lattice's group.
 */

export const GRID_NAMES = ['square', 'cube', 'triangle', 'hexagon', 'square-edges', 'triangle-edges', 'hexagon-edges'] as const;
export type GridName = (typeof GRID_NAMES)[number];

/** A point of the drawing plane: y up, unit edge length. */
export type PlanePoint = readonly [number, number];

export interface Grid {
  name: GridName;
  /** Cells tile the plane (or space); edges are unit segments between lattice points (polysticks). */
  kind: 'cells' | 'edges';
  /** How many numbers a cell is written with. */
  arity: 2 | 3;
  /** The third coordinate of a three-number cell, where it is an index: its values and what they mean. */
  third?: { values: number; meaning: string };
  /** The integer point a cell stands for under the group. */
  toPoint(c: Cell): Cell;
  /** The cell at a point, or undefined when no cell is there. */
  fromPoint(p: Cell): Cell | undefined;
  /** Translations of the grid: multiples of this on every axis of the points. */
  period: number;
  /** Every rotation and reflection of the grid, as matrices on points; the identity first. */
  group: readonly Transform[];
  /** The rotations alone, the identity first: the classes of --symmetry rotations (a solid cannot be turned over). */
  rotationGroup: readonly Transform[];
  /**
   * Polyform Puzzler's aspects of a piece: `turn` rotates by 360/turns
   * degrees counterclockwise, `flip` is its reflection; aspect (r, f) is
   * turn^r after flip^f.
   */
  turn: Transform;
  flip: Transform;
  turns: number;
  /** The cells that share a side (a face; for edges, an end) with this one. */
  neighbours(c: Cell): Cell[];
  /**
   * Lattice vertices of a cell as integer points (polygon corners in order
   * around it, or a segment's two ends); `plane` places them. Empty on the cube grid.
   */
  corners(c: Cell): Cell[];
  plane(v: Cell): PlanePoint;
  /** Where the flip's mirror line lies in the drawing plane (radians), for the independent checker. */
  flipAxis: number;
  /** How many directions sticks can take at a lattice point, where pieces can cross there (square 4, triangular 6). */
  crossing?: number;
  /** A cell as messages write it: (x,y) or (x,y,z). */
  label(c: Cell): string;
}

const m = (rows: number[][]): Transform => rows.map((r) => [r[0]!, r[1]!, r[2]!] as const);

export function compose(a: Transform, b: Transform): Transform {
  return m([0, 1, 2].map((i) => [0, 1, 2].map((j) => a[i]![0] * b[0]![j]! + a[i]![1] * b[1]![j]! + a[i]![2] * b[2]![j]!)));
}

const IDENTITY = m([
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]);

/** turn^r after flip^f for f = 0, 1 and r = 0 .. turns-1: Puzzler's aspects, the identity first. */
function aspects(turn: Transform, flip: Transform, turns: number): Transform[] {
  const out: Transform[] = [];
  for (const f of [IDENTITY, flip]) {
    let t = f;
    for (let r = 0; r < turns; r++) {
      out.push(t);
      t = compose(turn, t);
    }
  }
  return out;
}

/** A planar grid's motions: Puzzler's turn and flip, the group they make, and where the flip's mirror lies in the drawing. */
const planar = (turn: Transform, turns: number, flip: Transform, flipAxis: number) => ({
  group: aspects(turn, flip, turns),
  rotationGroup: aspects(turn, flip, turns).slice(0, turns),
  turn,
  flip,
  turns,
  flipAxis,
});

/** The aspect turn^r after flip^f of a grid. */
export function aspect(grid: Grid, r: number, flipped: boolean): Transform {
  let t = flipped ? grid.flip : IDENTITY;
  for (let i = 0; i < r; i++) t = compose(grid.turn, t);
  return t;
}

// ---- the turns and flips ---------------------------------------------------------------
// On the square lattice a quarter turn is (x, y) → (-y, x). On the triangular
// lattice, with axes e1 at 0° and e2 at 60°, a sixth turn sends e1 to e2 and
// e2 to e2 - e1: (x, y) → (-y, x + y). Each flip is the one Puzzler uses for
// that grid (its linear part; a translation does not change a piece's aspect).

const QUARTER = m([
  [0, -1, 0],
  [1, 0, 0],
  [0, 0, 1],
]);
const SIXTH = m([
  [0, -1, 0],
  [1, 1, 0],
  [0, 0, 1],
]);
/** (x, y) → (x, -y): Puzzler's flip of square cells. */
const FLIP_Y = m([
  [1, 0, 0],
  [0, -1, 0],
  [0, 0, 1],
]);
/** (x, y) → (-x, y): Puzzler's flip of square-grid edges. */
const FLIP_X = m([
  [-1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]);
/** (x, y) → (-x-y, y): the mirror across the line perpendicular to e1 (Puzzler's flip of triangles). */
const FLIP_PERPENDICULAR = m([
  [-1, -1, 0],
  [0, 1, 0],
  [0, 0, 1],
]);
/** (x, y) → (-x, x+y): the mirror along e2 (Puzzler's flip of hexagons and of triangular- and hexagonal-grid edges). */
const FLIP_ALONG_E2 = m([
  [-1, 0, 0],
  [1, 1, 0],
  [0, 0, 1],
]);

// ---- drawing planes -------------------------------------------------------------------------

const SQRT3 = Math.sqrt(3);
const squarePlane = (v: Cell): PlanePoint => [v[0], v[1]];
/** Triangular lattice points, unit spacing. */
const trianglePlane = (v: Cell): PlanePoint => [v[0] + v[1] / 2, (v[1] * SQRT3) / 2];
/** Hexagon corners: a third of the centre lattice, whose spacing is √3 (unit edges), hexagons pointy-topped. */
const hexPlane = (v: Cell): PlanePoint => [(v[0] + v[1] / 2) / SQRT3, v[1] / 2];

const flat = (c: Cell) => `(${c[0]},${c[1]})`;
const full = (c: Cell) => `(${c[0]},${c[1]},${c[2]})`;
const shift = (c: Cell, dx: number, dy: number, z = c[2]): Cell => [c[0] + dx, c[1] + dy, z];
const odd = (n: number) => (n & 1) === 1;

// ---- cells --------------------------------------------------------------------------------------

const SQUARE: Grid = {
  name: 'square',
  kind: 'cells',
  arity: 2,
  toPoint: (c) => c,
  fromPoint: (p) => (p[2] === 0 ? p : undefined),
  period: 1,
  ...planar(QUARTER, 4, FLIP_Y, 0),
  // The same eight in the order the square puzzles have always numbered orientations.
  group: GROUPS.planeIsometries,
  neighbours: (c) => [shift(c, 1, 0), shift(c, -1, 0), shift(c, 0, 1), shift(c, 0, -1)],
  corners: (c) => [shift(c, 0, 0), shift(c, 1, 0), shift(c, 1, 1), shift(c, 0, 1)],
  plane: squarePlane,
  label: flat,
};

const CUBE: Grid = {
  name: 'cube',
  kind: 'cells',
  arity: 3,
  toPoint: (c) => c,
  fromPoint: (p) => p,
  period: 1,
  group: GROUPS.isometries,
  rotationGroup: GROUPS.rotations,
  // Polyform Puzzler's 3D aspects have an axis as well; per-piece turns are offered on planar grids only.
  turn: QUARTER,
  flip: FLIP_Y,
  turns: 4,
  neighbours: (c) => [shift(c, 1, 0), shift(c, -1, 0), shift(c, 0, 1), shift(c, 0, -1), shift(c, 0, 0, c[2] + 1), shift(c, 0, 0, c[2] - 1)],
  corners: () => [],
  plane: squarePlane,
  flipAxis: 0,
  label: full,
};

/** Triangles: the centroid, in thirds of the lattice: up (3x+1, 3y+1), down (3x+2, 3y+2). */
const TRIANGLE: Grid = {
  name: 'triangle',
  kind: 'cells',
  arity: 3,
  third: { values: 2, meaning: '0 (the upward triangle) or 1 (the downward one)' },
  toPoint: (c) => [3 * c[0] + 1 + c[2], 3 * c[1] + 1 + c[2], 0],
  fromPoint: (p) => {
    const z = (((p[0] - 1) % 3) + 3) % 3;
    if (p[2] !== 0 || z > 1 || (((p[1] - 1 - z) % 3) + 3) % 3 !== 0) return undefined;
    return [(p[0] - 1 - z) / 3, (p[1] - 1 - z) / 3, z];
  },
  period: 3,
  ...planar(SIXTH, 6, FLIP_PERPENDICULAR, Math.PI / 2),
  neighbours: (c) =>
    c[2] === 0 ? [shift(c, 0, 0, 1), shift(c, -1, 0, 1), shift(c, 0, -1, 1)] : [shift(c, 1, 0, 0), shift(c, 0, 1, 0), shift(c, 0, 0, 0)],
  corners: (c) =>
    c[2] === 0 ? [shift(c, 0, 0, 0), shift(c, 1, 0, 0), shift(c, 0, 1, 0)] : [shift(c, 1, 0, 0), shift(c, 1, 1, 0), shift(c, 0, 1, 0)],
  plane: trianglePlane,
  label: full,
};

/** Corners of a hexagon around its centre, counterclockwise from 30°, in thirds of the centre lattice. */
const HEX_CORNERS: readonly (readonly [number, number])[] = [
  [1, 1],
  [-1, 2],
  [-2, 1],
  [-1, -1],
  [1, -2],
  [2, -1],
];

const HEXAGON: Grid = {
  name: 'hexagon',
  kind: 'cells',
  arity: 2,
  toPoint: (c) => c,
  fromPoint: (p) => (p[2] === 0 ? p : undefined),
  period: 1,
  ...planar(SIXTH, 6, FLIP_ALONG_E2, Math.PI / 3),
  neighbours: (c) => [shift(c, 1, 0), shift(c, 0, 1), shift(c, -1, 1), shift(c, -1, 0), shift(c, 0, -1), shift(c, 1, -1)],
  corners: (c) => HEX_CORNERS.map(([dx, dy]): Cell => [3 * c[0] + dx, 3 * c[1] + dy, 0]),
  plane: hexPlane,
  label: flat,
};

// ---- edges --------------------------------------------------------------------------------------
// An edge's point is its midpoint, doubled: on the square and triangular
// lattices in the lattice's own basis, on the hexagonal grid in the basis of
// hexagon centres (an edge of the honeycomb sits halfway between two centres).

/** Square-grid edges: (x, y, 0) at (2x+1, 2y), (x, y, 1) at (2x, 2y+1). */
const SQUARE_EDGES: Grid = {
  name: 'square-edges',
  kind: 'edges',
  arity: 3,
  third: { values: 2, meaning: '0 (the edge to (x+1, y)) or 1 (the edge to (x, y+1))' },
  toPoint: (c) => [2 * c[0] + 1 - c[2], 2 * c[1] + c[2], 0],
  fromPoint: (p) => {
    if (p[2] !== 0 || odd(p[0]) === odd(p[1])) return undefined;
    return odd(p[0]) ? [(p[0] - 1) / 2, p[1] / 2, 0] : [p[0] / 2, (p[1] - 1) / 2, 1];
  },
  period: 2,
  ...planar(QUARTER, 4, FLIP_X, Math.PI / 2),
  neighbours: (c) =>
    c[2] === 0
      ? [shift(c, 1, 0), shift(c, 1, 0, 1), shift(c, 0, 0, 1), shift(c, -1, 0), shift(c, 0, -1, 1), shift(c, 1, -1, 1)]
      : [shift(c, 0, 0, 0), shift(c, 0, 1, 0), shift(c, 0, 1), shift(c, -1, 1, 0), shift(c, -1, 0, 0), shift(c, 0, -1)],
  corners: (c) => [shift(c, 0, 0, 0), c[2] === 0 ? shift(c, 1, 0, 0) : shift(c, 0, 1, 0)],
  plane: squarePlane,
  crossing: 4,
  label: full,
};

/** Where each direction of a triangular-grid edge leads from its lattice point. */
const TRIANGLE_STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [-1, 1],
];

/** Triangular-grid edges: midpoints (2x+1, 2y), (2x, 2y+1), (2x-1, 2y+1) for d = 0, 1, 2. */
const TRIANGLE_EDGES: Grid = {
  name: 'triangle-edges',
  kind: 'edges',
  arity: 3,
  third: { values: 3, meaning: '0, 1 or 2 (the edges at 0°, 60° and 120°)' },
  toPoint: (c) => [2 * c[0] + TRIANGLE_STEPS[c[2]]![0], 2 * c[1] + TRIANGLE_STEPS[c[2]]![1], 0],
  fromPoint: (p) => {
    if (p[2] !== 0 || (!odd(p[0]) && !odd(p[1]))) return undefined;
    const d = !odd(p[1]) ? 0 : odd(p[0]) ? 2 : 1;
    return [(p[0] - TRIANGLE_STEPS[d]![0]) / 2, (p[1] - TRIANGLE_STEPS[d]![1]) / 2, d];
  },
  period: 2,
  ...planar(SIXTH, 6, FLIP_ALONG_E2, Math.PI / 3),
  // The edges through each end: the other two from the start point and the three into it, then the same at the far end.
  neighbours: (c) => {
    const [dx, dy] = TRIANGLE_STEPS[c[2]]!;
    const atPoint = (x: number, y: number): Cell[] => [
      [x, y, 0],
      [x, y, 1],
      [x, y, 2],
      [x - 1, y, 0],
      [x, y - 1, 1],
      [x + 1, y - 1, 2],
    ];
    const self = cellKey(c);
    return [...atPoint(c[0], c[1]), ...atPoint(c[0] + dx, c[1] + dy)].filter((n) => cellKey(n) !== self);
  },
  corners: (c) => [shift(c, 0, 0, 0), shift(c, TRIANGLE_STEPS[c[2]]![0], TRIANGLE_STEPS[c[2]]![1], 0)],
  plane: trianglePlane,
  crossing: 6,
  label: full,
};

/** Where each direction of a hexagonal-grid edge leads from the lower-left corner (in thirds of the centre lattice). */
const HEX_EDGE_STEPS: readonly (readonly [number, number])[] = [
  [2, -1],
  [-1, 2],
  [-1, -1],
];

/** Hexagonal-grid edges: midpoints (2x, 2y-1), (2x-1, 2y), (2x-1, 2y-1) for d = 0, 1, 2. */
const HEXAGON_EDGES: Grid = {
  name: 'hexagon-edges',
  kind: 'edges',
  arity: 3,
  third: { values: 3, meaning: '0, 1 or 2 (the edges at 0°, 120° and 240° from the lower-left corner)' },
  toPoint: (c) => [2 * c[0] - (c[2] === 0 ? 0 : 1), 2 * c[1] - (c[2] === 1 ? 0 : 1), 0],
  fromPoint: (p) => {
    if (p[2] !== 0 || (!odd(p[0]) && !odd(p[1]))) return undefined;
    const d = !odd(p[0]) ? 0 : odd(p[1]) ? 2 : 1;
    return [(p[0] + (d === 0 ? 0 : 1)) / 2, (p[1] + (d === 1 ? 0 : 1)) / 2, d];
  },
  period: 2,
  ...planar(SIXTH, 6, FLIP_ALONG_E2, Math.PI / 3),
  neighbours: (c) => {
    const [x, y] = c;
    if (c[2] === 0) return [shift(c, 0, 0, 1), shift(c, 0, 0, 2), [x + 1, y - 1, 1], [x + 1, y, 2]];
    if (c[2] === 1) return [shift(c, 0, 0, 2), shift(c, 0, 0, 0), [x, y + 1, 2], [x - 1, y + 1, 0]];
    return [shift(c, 0, 0, 0), shift(c, 0, 0, 1), [x - 1, y, 0], [x, y - 1, 1]];
  },
  corners: (c) => {
    const start: Cell = [3 * c[0] - 1, 3 * c[1] - 1, 0];
    const [dx, dy] = HEX_EDGE_STEPS[c[2]]!;
    return [start, [start[0] + dx, start[1] + dy, 0]];
  },
  // Drawn turned 30° clockwise from Puzzler's pictures, like the hexagon cells (the mirror along e2 at 60°).
  plane: hexPlane,
  label: full,
};

export const GRIDS: Readonly<Record<GridName, Grid>> = {
  square: SQUARE,
  cube: CUBE,
  triangle: TRIANGLE,
  hexagon: HEXAGON,
  'square-edges': SQUARE_EDGES,
  'triangle-edges': TRIANGLE_EDGES,
  'hexagon-edges': HEXAGON_EDGES,
};

/**
 * How far from the origin a cell's coordinates may lie. Turning a cell takes
 * sums of its coordinates (on the hexagon grid x + y), and cells are kept in
 * 32-bit integers: beyond about a billion a turned cell wrapped, and the
 * independent check caught placements that were no piece at all (an internal
 * error). A hundred million leaves room for every grid's turns.
 */
export const MAX_COORDINATE = 100_000_000;

/** Why these numbers are not a cell of the grid (written as in a board file), or null when they are. */
export function cellProblem(grid: Grid, numbers: readonly unknown[]): string | null {
  const form = grid.arity === 2 ? '[x, y]' : grid.third ? `[x, y, ${grid.kind === 'edges' ? 'd' : 'z'}]` : '[x, y, z]';
  if (numbers.length !== grid.arity || !numbers.every((n) => Number.isInteger(n)))
    return `a cell of the ${grid.name} grid is ${grid.arity} whole numbers ${form}`;
  if (numbers.some((n) => Math.abs(n as number) > MAX_COORDINATE)) return `coordinates run from -${MAX_COORDINATE} to ${MAX_COORDINATE}`;
  const third = numbers[2] as number;
  if (grid.third && !(third >= 0 && third < grid.third.values))
    return `${grid.kind === 'edges' ? 'direction' : 'orientation'} ${third} is not one of ${grid.third.meaning}`;
  return null;
}

/** The numbers of a cell as a Cell (two-number cells get z = 0). */
export const asCell = (numbers: readonly number[]): Cell => [numbers[0]!, numbers[1]!, numbers[2] ?? 0];

/** A cell as written in a board file: [x, y] or [x, y, z]. */
export const cellNumbers = (grid: Grid, c: Cell): number[] => (grid.arity === 2 ? [c[0], c[1]] : [c[0], c[1], c[2]]);

/** Is the cell set one piece: connected through the grid's neighbours? */
export function isConnectedOn(grid: Grid, cells: readonly Cell[]): boolean {
  if (cells.length === 0) return false;
  const keys = new Set(cells.map(cellKey));
  const seen = new Set([cellKey(cells[0]!)]);
  const stack = [cells[0]!];
  while (stack.length) {
    for (const n of grid.neighbours(stack.pop()!)) {
      const k = cellKey(n);
      if (keys.has(k) && !seen.has(k)) {
        seen.add(k);
        stack.push(n);
      }
    }
  }
  return seen.size === keys.size;
}
