import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { polyform } from '../encoders/polyform.js';
import type { PackingInstance } from '../encoders/packing.js';
import { type Cell, type Transform, cellKey } from '../src/geometry/cells.js';
import { GRIDS, GRID_NAMES, type Grid, type GridName } from '../src/geometry/grids.js';
import { seededRandom } from '../src/core/random.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { pickSolver } from '../solvers/index.js';
import type { SolverFactory } from '../solvers/types.js';
import { byDancingLinks, classKey, listing } from './helpers/listing.js';
import { polyforms } from '../src/geometry/polyforms.js';

/*
 * --unique on every grid: the board's group is computed from its shape (with
 * mirror twins relabelled), the symmetry-breaking family leaves one model
 * per class, and dancing links keeps the same model per class. The classes
 * are computed here without either: every solution, each reduced to the least
 * of its images under the group (test/helpers/listing.ts).
 */

let factory: SolverFactory;
beforeAll(async () => {
  factory = await pickSolver(undefined);
});

const apply = (t: Transform, p: Cell): Cell => [0, 1, 2].map((i) => t[i]![0] * p[0] + t[i]![1] * p[1] + t[i]![2] * p[2]) as unknown as Cell;
const numbers = (grid: Grid, c: Cell) => (grid.arity === 2 ? [c[0], c[1]] : [...c]);

/** The images of cells under the powers of one transform: a set that transform maps onto itself. */
function orbitUnder(grid: Grid, t: Transform, cells: readonly Cell[]): Cell[] {
  const out = new Map<string, Cell>();
  let points = cells.map(grid.toPoint);
  for (let i = 0; i < 12; i++) {
    for (const p of points) out.set(cellKey(p), grid.fromPoint(p)!);
    points = points.map((p) => apply(t, p));
  }
  return [...out.values()];
}

const compose = (a: Transform, b: Transform): Transform =>
  a.map((row) => [0, 1, 2].map((j) => row[0] * b[0]![j]! + row[1] * b[1]![j]! + row[2] * b[2]![j]!)) as unknown as Transform;
const isIdentity = (t: Transform) => t.every((row, i) => row.every((v, j) => v === (i === j ? 1 : 0)));

/**
 * A random board with some symmetry: a random small polyform and its image
 * under a random involution of the grid's group (a reflection or the half
 * turn), moved near the origin; sometimes one more orbit of a cell as
 * optional cells. The pieces: every polyform of orders 1 to 3, two of each
 * (distinct pieces), each placed at most once; half the time one-sided (a
 * reflection of the board then maps each chiral piece onto its twin).
 */
function symmetricCase(name: GridName, seed: number): { board: string; pieces: string; oneSided: boolean } {
  const random = seededRandom(seed);
  const grid = GRIDS[name];
  const involutions = grid.group.filter((t) => !isIdentity(t) && isIdentity(compose(t, t)));
  const t = involutions[Math.floor(random() * involutions.length)]!;
  const shapes = polyforms(grid, 3).flat();
  const [dx, dy] = [Math.floor(random() * 3) - 1, Math.floor(random() * 3) - 1];
  const seedShape = shapes[Math.floor(random() * shapes.length)]!.map((c): Cell => [c[0] + dx, c[1] + dy, c[2]]);
  const required = orbitUnder(grid, t, seedShape);
  const loose: Cell = [Math.floor(random() * 5) - 2, Math.floor(random() * 5) - 2, grid.third ? Math.floor(random() * grid.third.values) : 0];
  const extra = orbitUnder(grid, t, [loose]).filter((c) => !required.some((r) => cellKey(r) === cellKey(c)));
  const optional = random() < 0.5 ? extra : [];
  const pieces = shapes.flatMap((cells, i) =>
    ['a', 'b'].map((copy) => ({ name: `S${i}${copy}`, cells: cells.map((c) => numbers(grid, c)), count: '0..1' })),
  );
  return {
    board: JSON.stringify({
      grid: name,
      cells: required.map((c) => numbers(grid, c)),
      ...(optional.length ? { optional: optional.map((c) => numbers(grid, c)) } : {}),
    }),
    pieces: JSON.stringify({ grid: name, pieces }),
    oneSided: random() < 0.5,
  };
}

const sat = (instance: PackingInstance, unique: boolean) =>
  listing(instance, unique, (onFound) => enumerate(instance, { createSolver: () => factory.create(), unique, onFound }));

describe('--unique on random symmetric boards of every grid', () => {
  it.each(GRID_NAMES)(
    '%s: one model per class (against orbits of all solutions), and dancing links agrees with SAT solution for solution',
    async (name) => {
      let symmetric = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
          let instance: PackingInstance;
          try {
            instance = polyform(symmetricCase(name, seed));
          } catch (e) {
            // A board the pieces cannot cover at all is refused up front: nothing to compare.
            expect((e as Error).message).toMatch(/cover at most/);
            return;
          }
          const all = await byDancingLinks(instance, false);
          const classes = new Set(all.keys.map((k) => classKey(instance, k.split(',').map(Number))));
          const [satUnique, dlxUnique, satAll] = [await sat(instance, true), await byDancingLinks(instance, true), await sat(instance, false)];
          expect(satAll.keys, `seed ${seed}`).toEqual(all.keys);
          expect(satUnique.count, `seed ${seed}`).toBe(classes.size);
          expect(new Set(satUnique.keys)).toEqual(classes);
          expect(dlxUnique.keys).toEqual(satUnique.keys);
          if (instance.symmetries.length > 1 && all.count > 0) symmetric++;
        }),
        { numRuns: 16, seed: 2022 },
      );
      expect(symmetric).toBeGreaterThan(3);
    },
    600_000,
  );
});
