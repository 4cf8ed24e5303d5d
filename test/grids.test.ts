import { describe, expect, it } from 'vitest';
import { type Cell, cellKey, isMirror, regionSymmetries } from '../src/geometry/cells.js';
import { GRIDS, GRID_NAMES, type Grid, type GridName, aspect, cellProblem, isConnectedOn } from '../src/geometry/grids.js';
import { originCells, polyforms, rotationsOf } from '../src/geometry/polyforms.js';
import { namedBoard } from '../src/geometry/board-shapes.js';

const apply = (t: readonly (readonly number[])[], p: Cell): Cell =>
  [0, 1, 2].map((i) => t[i]![0]! * p[0] + t[i]![1]! * p[1] + t[i]![2]! * p[2]) as unknown as Cell;

/** The cells of a patch of the grid around the origin. */
function patch(grid: Grid, radius: number): Cell[] {
  const out: Cell[] = [];
  const zs = grid.name === 'cube' ? [-1, 0, 1] : [0];
  for (let x = -radius; x <= radius; x++)
    for (let y = -radius; y <= radius; y++) for (const c of originCells(grid)) for (const z of zs) out.push([x, y, grid.name === 'cube' ? z : c[2]]);
  return out;
}

const PLANAR = GRID_NAMES.filter((g) => g !== 'cube').map((g) => GRIDS[g]);

describe('grid point groups', () => {
  it.each([
    ['square', 8],
    ['cube', 48],
    ['triangle', 12],
    ['hexagon', 12],
    ['square-edges', 8],
    ['triangle-edges', 12],
    ['hexagon-edges', 12],
  ] as const)('%s has %i symmetries, half of them rotations, the identity first, all distinct', (name, order) => {
    const grid = GRIDS[name];
    expect(grid.group.length).toBe(order);
    expect(grid.group.filter((t) => !isMirror(t)).length).toBe(order / 2);
    expect(grid.group[0]).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(new Set(grid.group.map((t) => JSON.stringify(t))).size).toBe(order);
  });

  it.each(GRID_NAMES)('every transform of %s maps cells to cells and neighbours to neighbours', (name) => {
    const grid = GRIDS[name];
    for (const t of grid.group) {
      for (const c of patch(grid, 3)) {
        const image = grid.fromPoint(apply(t, grid.toPoint(c)));
        expect(image, `${name}: ${cellKey(c)} under ${JSON.stringify(t)}`).toBeDefined();
        const imageNeighbours = new Set(grid.neighbours(image!).map(cellKey));
        for (const n of grid.neighbours(c)) expect(imageNeighbours.has(cellKey(grid.fromPoint(apply(t, grid.toPoint(n)))!))).toBe(true);
      }
    }
  });

  it.each(GRID_NAMES)('%s: points and cells correspond one to one, translations by the period keep cells', (name) => {
    const grid = GRIDS[name];
    const seen = new Set<string>();
    for (const c of patch(grid, 4)) {
      const p = grid.toPoint(c);
      expect(grid.fromPoint(p)).toEqual(c);
      expect(seen.has(cellKey(p))).toBe(false);
      seen.add(cellKey(p));
      const moved = grid.fromPoint([p[0] + grid.period, p[1] - grid.period, p[2]]);
      expect(moved).toEqual([c[0] + 1, c[1] - 1, c[2]]);
    }
  });

  it('points that are not cells are refused (vertices, the other half of a triangle lattice)', () => {
    expect(GRIDS.triangle.fromPoint([0, 0, 0])).toBeUndefined();
    expect(GRIDS.triangle.fromPoint([1, 2, 0])).toBeUndefined();
    expect(GRIDS['square-edges'].fromPoint([2, 4, 0])).toBeUndefined();
    expect(GRIDS['square-edges'].fromPoint([1, 1, 0])).toBeUndefined();
    expect(GRIDS['triangle-edges'].fromPoint([2, 2, 0])).toBeUndefined();
    expect(GRIDS['hexagon-edges'].fromPoint([0, 0, 0])).toBeUndefined();
  });

  // Polyform Puzzler's own rotations, read from its coordsys.py docstrings: one step of the
  // triangle grid sends (x, y, z) to (-y-1, x+y+z, 1-z); of the hexagonal-grid edges, (0,0,0)
  // goes to (1,0,2), (1,0,1), (0,1,0), (0,1,2), (0,0,1) in steps of 60° (its tests).
  it('turns and flips agree with Polyform Puzzler on sample cells', () => {
    const turned = (grid: Grid, c: Cell, r: number, f = false) => grid.fromPoint(apply(aspect(grid, r, f), grid.toPoint(c)));
    for (const c of [
      [0, 0, 0],
      [2, -1, 1],
      [-3, 4, 0],
    ] as Cell[])
      expect(turned(GRIDS.triangle, c, 1)).toEqual([-c[1] - 1, c[0] + c[1] + c[2], 1 - c[2]]);
    const twig: Cell = [0, 0, 0];
    expect([1, 2, 3, 4, 5].map((r) => turned(GRIDS['hexagon-edges'], twig, r))).toEqual([
      [1, 0, 2],
      [1, 0, 1],
      [0, 1, 0],
      [0, 1, 2],
      [0, 0, 1],
    ]);
    // Flips: triangles (x,y,z) -> (-(x+y+z), y, z) up to a translation; trig edges (x,y,z) -> (-x, x+y, 2-z).
    expect(turned(GRIDS['triangle-edges'], [1, 2, 0], 0, true)).toEqual([-1, 3, 2]);
    expect(turned(GRIDS.hexagon, [2, 1, 0], 0, true)).toEqual([-2, 3, 0]);
    expect(turned(GRIDS['square-edges'], [0, 0, 0], 0, true)).toEqual([-1, 0, 0]);
  });
});

describe('grid drawings', () => {
  const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
  const centre = (grid: Grid, c: Cell) => {
    const ps = grid.corners(c).map((v) => grid.plane(v));
    return [ps.reduce((s, p) => s + p[0], 0) / ps.length, ps.reduce((s, p) => s + p[1], 0) / ps.length];
  };

  it.each(PLANAR)('$name: every side (or stick) has unit length', (grid) => {
    for (const c of patch(grid, 2)) {
      const ps = grid.corners(c).map((v) => grid.plane(v));
      const sides = grid.kind === 'edges' ? [[ps[0]!, ps[1]!]] : ps.map((p, i) => [p, ps[(i + 1) % ps.length]!]);
      for (const [a, b] of sides) expect(dist(a!, b!)).toBeCloseTo(1, 9);
    }
  });

  it.each(PLANAR)('$name: neighbours are exactly the cells sharing a side (for sticks, an end)', (grid) => {
    const cells = patch(grid, 3);
    const shared = grid.kind === 'edges' ? 1 : 2;
    for (const c of patch(grid, 1)) {
      const mine = new Set(grid.corners(c).map(cellKey));
      const touching = cells.filter((o) => cellKey(o) !== cellKey(c) && grid.corners(o).filter((v) => mine.has(cellKey(v))).length >= shared);
      expect(new Set(touching.map(cellKey))).toEqual(new Set(grid.neighbours(c).map(cellKey)));
    }
  });

  it.each(PLANAR)('$name: each transform moves the drawing rigidly', (grid) => {
    const cells = patch(grid, 2);
    for (const t of grid.group) {
      const moved = cells.map((c) => grid.fromPoint(apply(t, grid.toPoint(c)))!);
      for (let i = 1; i < cells.length; i += 3) {
        expect(dist(centre(grid, moved[0]!), centre(grid, moved[i]!))).toBeCloseTo(dist(centre(grid, cells[0]!), centre(grid, cells[i]!)), 9);
      }
    }
  });
});

describe('polyforms generated from each grid group', () => {
  const counts = (grid: Grid, mirror: boolean) => polyforms(grid, 6, mirror ? grid.group : rotationsOf(grid)).map((level) => level.length);

  // Free and one-sided counts of orders 1-6. Sources: OEIS, as cited by Polyform Puzzler's
  // docs (FAQ "How many of each type of polyform are there?", polysticks-intro, polytrigs-intro,
  // polytwigs-intro).
  it.each([
    ['square', 'A000105', [1, 1, 2, 5, 12, 35], 'A000988', [1, 1, 2, 7, 18, 60]],
    ['triangle', 'A000577', [1, 1, 1, 3, 4, 12], 'A006534', [1, 1, 1, 4, 6, 19]],
    ['hexagon', 'A000228', [1, 1, 3, 7, 22, 82], 'A006535', [1, 1, 3, 10, 33, 147]],
    ['square-edges', 'A019988', [1, 2, 5, 16, 55, 222], 'A151537', [1, 2, 7, 25, 99, 416]],
    ['triangle-edges', 'A159867', [1, 3, 12, 60, 375, 2613], 'A151539', [1, 3, 19, 104, 719, 5123]],
    ['hexagon-edges', 'A197459', [1, 1, 3, 4, 12, 27], 'A197460', [1, 1, 4, 6, 19, 49]],
    // Polycubes: A038119 (free, mirror images identified) and A000162 (up to rotation).
    ['cube', 'A038119', [1, 1, 2, 7, 23, 112], 'A000162', [1, 1, 2, 8, 29, 166]],
  ] as const)(
    '%s: free %s and one-sided %s',
    (name, _free, free, _oneSided, oneSided) => {
      const grid = GRIDS[name];
      expect(counts(grid, true)).toEqual(free);
      expect(counts(grid, false)).toEqual(oneSided);
    },
    120_000,
  );

  it('every generated polyform is connected, and a cell pair across a corner is not', () => {
    for (const grid of PLANAR) for (const level of polyforms(grid, 4)) for (const shape of level) expect(isConnectedOn(grid, shape)).toBe(true);
    expect(
      isConnectedOn(GRIDS.square, [
        [0, 0, 0],
        [1, 1, 0],
      ]),
    ).toBe(false);
    expect(
      isConnectedOn(GRIDS.triangle, [
        [0, 0, 0],
        [1, 1, 0],
      ]),
    ).toBe(false);
    expect(
      isConnectedOn(GRIDS['square-edges'], [
        [0, 0, 0],
        [1, 0, 1],
      ]),
    ).toBe(true);
    expect(
      isConnectedOn(GRIDS['square-edges'], [
        [0, 0, 0],
        [1, 1, 0],
      ]),
    ).toBe(false);
  });
});

describe('a board group computed from its shape', () => {
  const order = (grid: Grid, cells: readonly Cell[]) => regionSymmetries(cells.map(grid.toPoint), grid.group, grid.period).length;
  const parallelogram = (w: number, h: number, zs: readonly number[]): Cell[] =>
    Array.from({ length: w * h * zs.length }, (_, i): Cell => [i % w, Math.floor(i / w) % h, zs[Math.floor(i / (w * h))]!]);

  it('triangles: a hexagon 12, a triangle 6, the 6x6 rhombus 4, a 9x4 parallelogram 2, a lone triangle 6', () => {
    const hexagon: Cell[] = [
      [1, 1, 0],
      [0, 1, 1],
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
    ];
    expect(order(GRIDS.triangle, hexagon)).toBe(12);
    expect(
      order(GRIDS.triangle, [
        [0, 0, 0],
        [0, 0, 1],
        [1, 0, 0],
        [0, 1, 0],
      ]),
    ).toBe(6);
    expect(order(GRIDS.triangle, parallelogram(6, 6, [0, 1]))).toBe(4);
    expect(order(GRIDS.triangle, parallelogram(9, 4, [0, 1]))).toBe(2);
    expect(order(GRIDS.triangle, [[0, 0, 1]])).toBe(6);
  });

  it('hexagons: the 7-cell hexagon 12, a 7x4 parallelogram 2, a 3x3 rhombus 4, a line of three 4', () => {
    const flower: Cell[] = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [-1, 1, 0],
      [-1, 0, 0],
      [0, -1, 0],
      [1, -1, 0],
    ];
    expect(order(GRIDS.hexagon, flower)).toBe(12);
    expect(order(GRIDS.hexagon, parallelogram(7, 4, [0]))).toBe(2);
    expect(order(GRIDS.hexagon, parallelogram(3, 3, [0]))).toBe(4);
    expect(
      order(GRIDS.hexagon, [
        [0, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ]),
    ).toBe(4);
  });

  it('edges: a square ring 8, a 2x1 rectangle of sticks 4, a hexagon of twigs 12, a triangle of trigs 6', () => {
    expect(
      order(GRIDS['square-edges'], [
        [0, 0, 0],
        [0, 0, 1],
        [1, 0, 1],
        [0, 1, 0],
      ]),
    ).toBe(8);
    expect(
      order(GRIDS['square-edges'], [
        [0, 0, 0],
        [1, 0, 0],
        [0, 0, 1],
        [1, 0, 1],
        [2, 0, 1],
        [0, 1, 0],
        [1, 1, 0],
      ]),
    ).toBe(4);
    expect(
      order(GRIDS['hexagon-edges'], [
        [0, 0, 0],
        [0, 0, 1],
        [1, 0, 1],
        [1, 0, 2],
        [0, 1, 0],
        [0, 1, 2],
      ]),
    ).toBe(12);
    expect(
      order(GRIDS['triangle-edges'], [
        [0, 0, 0],
        [0, 0, 1],
        [1, 0, 2],
      ]),
    ).toBe(6);
  });
});

describe('boards by name (Polyform Puzzler’s shapes)', () => {
  const sized = (grid: GridName, name: string) => namedBoard(GRIDS[grid], name) as Cell[];
  const order = (grid: GridName, name: string) =>
    regionSymmetries(sized(grid, name).map(GRIDS[grid].toPoint), GRIDS[grid].group, GRIDS[grid].period).length;
  it.each([
    ['triangle', 'hexagon:2', 24, 12],
    ['triangle', 'triangle:3', 9, 6],
    ['triangle', '9x4', 72, 2],
    ['hexagon', 'hexagon:3', 19, 12],
    ['hexagon', 'triangle:4', 10, 6],
    ['hexagon', 'trapezoid:5x2', 9, 2],
    ['square-edges', '5x5', 60, 8],
    ['triangle-edges', 'hexagon:1', 12, 12],
    ['triangle-edges', 'triangle:2', 9, 6],
    ['triangle-edges', 'trapezoid:6x2', 37, 2],
    ['hexagon-edges', 'hexagon:2', 30, 12],
    ['hexagon-edges', 'triangle:2', 15, 6],
    ['cube', '3x2x4', 24, 8],
    ['cube', '2x2x2', 8, 48],
  ] as const)('%s %s: %i cells, a group of %i', (grid, name, cells, group) => {
    expect(sized(grid, name)).toHaveLength(cells);
    expect(new Set(sized(grid, name).map(cellKey)).size).toBe(cells);
    expect(order(grid, name)).toBe(group);
  });
  it('refuses shapes a grid lacks, and sizes of 0', () => {
    expect(namedBoard(GRIDS.square, 'hexagon:2')).toMatch(/the square grid has no such board/);
    expect(namedBoard(GRIDS.triangle, '0x3')).toMatch(/sizes are whole numbers from 1/);
    expect(namedBoard(GRIDS.triangle, 'octagon:2')).toBeUndefined();
    expect(namedBoard(GRIDS.cube, '2x0x2')).toMatch(/sizes are whole numbers from 1/);
    expect(namedBoard(GRIDS.square, '2x2x2')).toBe('"2x2x2": WxHxD is a box of cubes, for the cube grid; the square grid takes WxH');
    expect(namedBoard(GRIDS.cube, '2x2')).toMatch(/the cube grid has no such board .*WxHxD on the cube grid/);
  });
  it('refuses a trapezoid with more rows than its side (regression: trapezoid:2x5 silently became triangle:2)', () => {
    for (const grid of ['triangle', 'hexagon'] as const) {
      expect(namedBoard(GRIDS[grid], 'trapezoid:2x5')).toBe(
        '"trapezoid:2x5": a trapezoid has at most as many rows as its side (5 rows, side 2): triangle:2 is the whole triangle',
      );
      expect(sized(grid, 'trapezoid:3x3')).toEqual(sized(grid, 'triangle:3'));
    }
  });
});

describe('cells as written', () => {
  it('names the problem with a cell: arity, whole numbers, the third index', () => {
    expect(cellProblem(GRIDS.hexagon, [1, 2])).toBeNull();
    expect(cellProblem(GRIDS.hexagon, [1, 2, 0])).toMatch(/2 whole numbers \[x, y\]/);
    expect(cellProblem(GRIDS.triangle, [1, 2, 2])).toMatch(/orientation 2 is not one of 0 \(the upward triangle\) or 1/);
    expect(cellProblem(GRIDS['square-edges'], [0, 0, 2])).toMatch(/direction 2 is not one of 0 \(the edge to \(x\+1, y\)\)/);
    expect(cellProblem(GRIDS['triangle-edges'], [0, 0, 1.5])).toMatch(/3 whole numbers \[x, y, d\]/);
    // Coordinates far enough out that a neighbour's lost its last unit (1e20 + 1 is 1e20) or a key wrapped: refused.
    for (const far of [1e8 + 1, -1e8 - 1, 2 ** 32, 1e20])
      expect(cellProblem(GRIDS.hexagon, [far, 0]), String(far)).toMatch(/coordinates run from -100000000 to 100000000/);
    for (const near of [1e8, -1e8]) expect(cellProblem(GRIDS.hexagon, [near, near])).toBeNull();
  });
});
