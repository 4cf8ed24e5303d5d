import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { polyform } from '../encoders/polyform.js';
import type { PackingInstance } from '../encoders/packing.js';
import { type Cell, cellKey } from '../src/geometry/cells.js';
import { GRIDS, GRID_NAMES, type Grid, type GridName } from '../src/geometry/grids.js';
import { seededRandom } from '../src/core/random.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { pickSolver } from '../solvers/index.js';
import { type BrutePiece, bruteForceCount } from './helpers/brute-force.js';
import { polyforms } from '../src/geometry/polyforms.js';
import { countInstance } from '../src/count/solutions.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { explain } from '../src/explain/explain.js';

const PLANAR = GRID_NAMES.filter((g) => g !== 'cube');
const numbers = (grid: Grid, c: Cell) => (grid.arity === 2 ? [c[0], c[1]] : [...c]);

/** A random connected board of n cells grown from the origin. */
function randomBoard(grid: Grid, n: number, random: () => number): Cell[] {
  const cells: Cell[] = [[0, 0, 0]];
  const keys = new Set([cellKey(cells[0]!)]);
  while (cells.length < n) {
    const from = cells[Math.floor(random() * cells.length)]!;
    const options = grid.neighbours(from).filter((c) => !keys.has(cellKey(c)));
    if (options.length === 0) continue;
    const next = options[Math.floor(random() * options.length)]!;
    keys.add(cellKey(next));
    cells.push(next);
  }
  return cells;
}

interface Case {
  grid: Grid;
  required: Cell[];
  optional: Cell[];
  pieces: BrutePiece[];
  used?: { least: number; most: number };
}

/** The board cut into random connected chunks of one to three cells: a set of pieces that tiles it. */
function chunks(grid: Grid, board: readonly Cell[], random: () => number): Cell[][] {
  const free = new Set(board.map(cellKey));
  const out: Cell[][] = [];
  for (const start of board) {
    if (!free.has(cellKey(start))) continue;
    const chunk = [start];
    free.delete(cellKey(start));
    const size = 2 + Math.floor(random() * 2);
    while (chunk.length < size) {
      const options = chunk.flatMap((c) => grid.neighbours(c)).filter((c) => free.has(cellKey(c)));
      if (options.length === 0) break;
      const next = options[Math.floor(random() * options.length)]!;
      free.delete(cellKey(next));
      chunk.push(next);
    }
    out.push(chunk);
  }
  return out;
}

/**
 * A small random puzzle with every rule in play: optional cells, counts and
 * ranges, flips, turn limits, a total. The pieces are the chunks of a random
 * cutting of the board (so most cases have solutions) and a random decoy.
 */
function randomCase(name: GridName, seed: number): Case {
  const random = seededRandom(seed);
  const grid = GRIDS[name];
  const board = randomBoard(grid, 5 + Math.floor(random() * 4), random);
  const optional = board.filter(() => random() < 0.2);
  const required = board.filter((c) => !optional.includes(c));
  const shapes = polyforms(grid, 3).flat();
  const cut = [...chunks(grid, board, random), shapes[Math.floor(random() * shapes.length)]!];
  const all = Array.from({ length: grid.turns }, (_, r) => r);
  const pieces = cut.map((cells, i): BrutePiece => {
    const count = random() < 0.2 ? 2 : 1;
    const turns = random() < 0.3 ? [...new Set([0, Math.floor(random() * grid.turns)])].sort((a, b) => a - b) : all;
    return { name: `Q${i}`, cells, count, least: random() < 0.5 || i === cut.length - 1 ? 0 : 1, flip: random() < 0.7, turns };
  });
  const total = pieces.reduce((s, p) => s + p.count, 0);
  const used = random() < 0.3 ? { least: 1, most: Math.max(1, total - 1) } : undefined;
  return { grid, required, optional, pieces, used };
}

function instanceOf(c: Case): PackingInstance {
  const board = JSON.stringify({
    grid: c.grid.name,
    cells: c.required.map((x) => numbers(c.grid, x)),
    optional: c.optional.map((x) => numbers(c.grid, x)),
  });
  const pieces = JSON.stringify({
    grid: c.grid.name,
    pieces: c.pieces.map((p) => ({
      name: p.name,
      cells: p.cells.map((x) => numbers(c.grid, x)),
      count: p.least === p.count ? p.count : `${p.least}..${p.count}`,
      flip: p.flip,
      ...(p.turns.length < c.grid.turns ? { rotations: p.turns } : {}),
    })),
    ...(c.used ? { use: `${c.used.least}..${c.used.most}` } : {}),
  });
  return polyform({ board, pieces });
}

/** The area rules refuse some random cases up front (more pieces required than fit); those have no count to compare. */
function tryInstance(c: Case): PackingInstance | undefined {
  try {
    return instanceOf(c);
  } catch (e) {
    expect((e as Error).message).toMatch(/more pieces required than fit|cover at most|pieces used|area mismatch/);
    return undefined;
  }
}

describe('every rule at once against brute force, on random small boards of every planar grid', () => {
  it.each(PLANAR)(
    '%s: optional cells, count ranges, flips, turn limits and a total agree with a brute-force count (SAT; dancing links where posed)',
    async (name) => {
      let compared = 0;
      let positive = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
          const c = randomCase(name, seed);
          const instance = tryInstance(c);
          if (!instance) return;
          const expected = bruteForceCount(c.grid, c.required, c.optional, c.pieces, c.used);
          // Cases with very many solutions take long to list one by one and test nothing more.
          if (expected > 300) return;
          const check = (f: { trueVars: readonly number[] }) => expect(instance.check(instance.decode(f.trueVars))).toBeNull();
          const factory = await pickSolver(undefined);
          const sat = await enumerate(instance, { createSolver: () => factory.create(), unique: false, onFound: check });
          expect(sat.count, `seed ${seed}`).toBe(expected);
          if (instance.exactCover) expect((await enumerateExactCover(instance, { unique: false, onFound: check })).count).toBe(expected);
          compared++;
          if (expected > 0) positive++;
        }),
        { numRuns: 25, seed: 22 },
      );
      expect(compared).toBeGreaterThan(10);
      expect(positive).toBeGreaterThan(3);
    },
    600_000,
  );
});

describe('counting without enumerating, with optional cells and optional pieces (rows that leave one out)', () => {
  /** Solutions by brute force, classes by dancing links' enumeration: the counter's sum and its Burnside classes must match both. */
  async function expectCounts(instance: PackingInstance, solutions: number, where: string): Promise<void> {
    expect((await countInstance(instance, {})).count, `${where}: solutions`).toBe(BigInt(solutions));
    const classes = BigInt((await enumerateExactCover(instance, { unique: true, onFound: () => {} })).count);
    expect((await countInstance(instance, { unique: true })).count, `${where}: classes`).toBe(classes);
    expect((await countInstance(instance, { unique: true, unpinned: true })).count, `${where}: classes, unpinned`).toBe(classes);
  }

  it.each(PLANAR)(
    '%s: random boards, solutions against brute force and classes against dancing links (regression: Burnside stopped with "the first symmetry must be the identity")',
    async (name) => {
      let compared = 0;
      for (let seed = 0; compared < 12 && seed < 200; seed++) {
        const c = randomCase(name, 1000 + seed);
        const instance = tryInstance(c);
        if (!instance?.exactCover || c.optional.length + c.pieces.filter((p) => p.least === 0).length === 0) continue;
        const expected = bruteForceCount(c.grid, c.required, c.optional, c.pieces, c.used);
        if (expected > 300) continue;
        await expectCounts(instance, expected, `${name} seed ${1000 + seed}`);
        compared++;
      }
      expect(compared).toBeGreaterThan(5);
    },
    600_000,
  );

  it('symmetric boards whose optional cells the symmetries move: a ring round an optional centre, a board with optional corners', async () => {
    const square = (cells: number[][], optional: number[][], pieces: string) =>
      polyform({ board: JSON.stringify({ grid: 'square', cells, optional }), pieces });
    // The 3x3 ring (group of order 8) round an optional centre; four dominoes and a monomino that may stay out.
    const ring = [0, 1, 2].flatMap((x) => [0, 1, 2].map((y) => [x, y])).filter(([x, y]) => x !== 1 || y !== 1);
    const withCentre = square(ring, [[1, 1]], 'A=##,B=##,C=##,E=##,M*0..1=#');
    expect(withCentre.symmetries.length).toBe(8);
    await expectCounts(withCentre, listingCount(withCentre), 'ring');
    // The 4x4 board without its corners, and the corners optional: trominoes and dominoes, each at most once.
    const inner = [0, 1, 2, 3].flatMap((x) => [0, 1, 2, 3].map((y) => [x, y])).filter(([x, y]) => !((x === 0 || x === 3) && (y === 0 || y === 3)));
    const corners = [
      [0, 0],
      [0, 3],
      [3, 0],
      [3, 3],
    ];
    const cornered = square(inner, corners, 'I*0..1=###,L*0..1=##/#.,D*0..1=##,E=##,F=##,G=##');
    expect(cornered.symmetries.length).toBe(8);
    await expectCounts(cornered, listingCount(cornered), 'corners');
  }, 600_000);
});

describe('a board of optional cells alone', () => {
  // Regression: refused as "the board has no cells". Pieces go on optional cells; none of them is required.
  const row = (n: number, pieces: string) =>
    polyform({ board: JSON.stringify({ grid: 'square', cells: [], optional: Array.from({ length: n }, (_, x) => [x, 0]) }), pieces });

  /** Solutions by SAT, by dancing links and by the counter; classes by SAT and by the counter. */
  async function counts(instance: PackingInstance) {
    const factory = await pickSolver(undefined);
    const sat = (unique: boolean) => enumerate(instance, { createSolver: () => factory.create(), unique, onFound: () => {} });
    return {
      sat: (await sat(false)).count,
      dlx: listingCount(instance),
      counted: Number((await countInstance(instance, {})).count),
      satClasses: (await sat(true)).count,
      countedClasses: Number((await countInstance(instance, { unique: true })).count),
    };
  }

  it('places the pieces on it: two cells and a domino, 1 solution; three in a row, 2 (1 up to symmetry); a piece that may stay out, also none', async () => {
    expect(await counts(row(2, 'D=##'))).toEqual({ sat: 1, dlx: 1, counted: 1, satClasses: 1, countedClasses: 1 });
    expect(await counts(row(3, 'D=##'))).toEqual({ sat: 2, dlx: 2, counted: 2, satClasses: 1, countedClasses: 1 });
    expect(await counts(row(3, 'D*0..1=##'))).toEqual({ sat: 3, dlx: 3, counted: 3, satClasses: 2, countedClasses: 2 });
    // A piece too long for the board, left out: the one solution places nothing, and is drawn as an empty picture (regression: "-Infinity" wide).
    const none = row(3, 'I*0..1=####');
    expect(await counts(none)).toEqual({ sat: 1, dlx: 1, counted: 1, satClasses: 1, countedClasses: 1 });
    expect(none.svg({ placements: [] })).not.toMatch(/Infinity|NaN/);
    // More than the cells hold is still refused, and a board of no cells at all.
    expect(() => row(3, 'D=##,E=##')).toThrow(/more pieces required than fit/);
    expect(() => polyform({ board: '{"grid":"square","cells":[],"optional":[]}', pieces: 'D=##' })).toThrow(/\$\.cells: the board has no cells/);
  }, 120_000);

  it('explains its families with no cell to cover (regression: "Infinity to -Infinity" placements per cell)', () => {
    const e = explain(row(3, 'D=##'));
    for (const f of e.families) expect([f.formula!.clauses, f.formula!.auxVars], f.name).toEqual([f.clauses, f.auxVars]);
    expect(JSON.stringify(e)).not.toMatch(/Infinity/);
  });
});

/** Solutions by dancing links, one by one. */
function listingCount(instance: PackingInstance): number {
  let n = 0;
  solveExactCover(instance.exactCover!, { onSolution: () => void n++ });
  return n;
}
