import { describe, expect, it } from 'vitest';
import { polyomino, pentomino } from '../encoders/polyomino.js';
import { soma } from '../encoders/polycube.js';
import { ROLL_COUNT, RollSolver, SIDE, blockedCells, rollAt } from '../encoders/genius-square.js';
import type { Instance } from '../src/core/puzzle.js';
import { seededRandom } from '../src/core/random.js';
import { image } from '../src/enumerate/cube-tree.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { bruteForceCount } from './helpers/exact-cover-count.js';
import { byDancingLinks } from './helpers/listing.js';
import { burnsideSum, classTerms } from '../src/count/burnside.js';
import { CountCache } from '../src/count/cache.js';
import { MrvCounter } from '../src/count/mrv.js';
import { MemoryBoundExceeded } from '../src/count/engine.js';
import { PinnedTerms, type UnitCount, runCount } from '../src/count/exact-cover.js';
import type { StrategyChoice } from '../src/core/plan.js';
import { type ExactCoverInput, type ItemOrder, boardOrder, compileProblem, inputOrder } from '../src/count/problem.js';
import { countInstance, itemOrderOf } from '../src/count/solutions.js';
import { SweepCounter, sweepWindow } from '../src/count/sweep.js';
import { polyform } from '../encoders/polyform.js';
import { GRIDS, type GridName, cellNumbers } from '../src/geometry/grids.js';
import { polyforms } from '../src/geometry/polyforms.js';

const STRATEGIES: StrategyChoice[] = ['sweep', 'mrv'];

function randomProblem(random: () => number): ExactCoverInput {
  const primary = 2 + Math.floor(random() * 6);
  const secondary = Math.floor(random() * 3);
  const rows = Array.from({ length: 6 + Math.floor(random() * 9) }, () => {
    const items = Array.from({ length: primary + secondary }, (_, i) => i).filter(() => random() < 0.3);
    return items.some((i) => i < primary) ? items : [Math.floor(random() * primary), ...items].sort((a, b) => a - b);
  });
  return { primary, secondary, rows };
}

/** Items swept in a random order, secondary ones among the primary (as a grid's crossing points are among its cells). */
function shuffledOrder(problem: ExactCoverInput, random: () => number): ItemOrder {
  const n = problem.primary + problem.secondary;
  const items = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
  const rank = new Int32Array(n);
  items.forEach((item, k) => (rank[item] = k));
  return { rank, local: n };
}

/** Every solution by dancing links, as sorted projection variables. */
function enumerated(instance: Instance): number[][] {
  const ec = instance.exactCover!;
  const out: number[][] = [];
  solveExactCover(ec, { onSolution: (rows) => void out.push(rows.map((r) => ec.rowVars[r]!).sort((a, b) => a - b)) });
  return out;
}

/** Classes by orbit counting: solutions whose least image under the symmetries is themselves. */
function orbitCount(instance: Instance, solutions: readonly number[][]): number {
  const key = (vars: readonly number[]) => vars.join(',');
  const least = (vars: number[]) => instance.symmetries.map((p) => key(image(p, vars))).sort()[0]!;
  return new Set(solutions.map((s) => least(s))).size;
}

describe('exact-cover counter', () => {
  it('counts what brute force counts on random small problems, both strategies, with forced rows', async () => {
    const random = seededRandom(23);
    for (let round = 0; round < 150; round++) {
      const problem = randomProblem(random);
      const forced = random() < 0.3 ? [Math.floor(random() * problem.rows.length)] : [];
      const expected = bruteForceCount(problem, forced);
      const order = random() < 0.5 ? inputOrder(problem) : shuffledOrder(problem, random);
      for (const strategy of STRATEGIES) {
        const result = await runCount(compileProblem(problem, order, forced), { strategy });
        expect(result, `round ${round}, ${strategy}`).toMatchObject({ count: BigInt(expected), complete: true });
      }
    }
  });

  it('counts what brute force counts where rows carry pieces (global items) over more than one word of bits, both strategies', async () => {
    // The sweep visits only the free pieces' runs, found word by word among the global items' bits:
    // here 36 pieces sit after 6 to 11 cells, so their bits always cross a word boundary.
    const random = seededRandom(31);
    let solved = 0;
    for (let round = 0; round < 120; round++) {
      const cells = 6 + Math.floor(random() * 6);
      const pieces = 36;
      // Cells and the first two pieces must be covered, the other pieces may be.
      const primary = cells + 2;
      const rows = Array.from({ length: 10 + Math.floor(random() * 7) }, () => {
        const row = new Set([Math.floor(random() * cells)]);
        while (random() < 0.5) row.add(Math.floor(random() * cells));
        if (random() < 0.85) row.add(cells + Math.floor(random() * pieces));
        if (random() < 0.15) row.add(cells + Math.floor(random() * pieces));
        return [...row].sort((x, y) => x - y);
      });
      // The two pieces that must be placed have rows of their own, or nearly nothing would be solvable.
      rows.push([Math.floor(random() * cells), cells], [Math.floor(random() * cells), cells + 1]);
      const problem = { primary, secondary: pieces - 2, rows };
      const expected = bruteForceCount(problem);
      if (expected > 0) solved++;
      const order = { rank: Int32Array.from({ length: cells + pieces }, (_, i) => i), local: cells };
      for (const strategy of STRATEGIES) {
        const result = await runCount(compileProblem(problem, order), { strategy });
        expect(result, `round ${round}, ${strategy}`).toMatchObject({ count: BigInt(expected), complete: true });
      }
    }
    // Not a vacuous check: enough rounds have solutions for a piece left out of the search to show.
    expect(solved).toBeGreaterThan(20);
  });

  it('counts the textbook example of Knuth\'s "Dancing Links" and an empty problem', async () => {
    const knuth = {
      primary: 7,
      secondary: 0,
      rows: [
        [2, 4, 5],
        [0, 3, 6],
        [1, 2, 5],
        [0, 3],
        [1, 6],
        [3, 4, 6],
      ],
    };
    expect((await runCount(compileProblem(knuth, inputOrder(knuth)))).count).toBe(1n);
    const empty = { primary: 0, secondary: 0, rows: [] };
    expect((await runCount(compileProblem(empty, inputOrder(empty)))).count).toBe(1n);
  });

  it('counts the 16146 classes of the 8x8 board with the 2x2 square (Polyform Puzzler, PentominoesPlusSquareTetromino8x8)', async () => {
    const result = await countInstance(pentomino({ preset: '8x8-square' }), { unique: true });
    expect(result).toMatchObject({ count: 16146n, complete: true });
  }, 600_000);

  /**
   * The pentomino presets' published counts. Rectangles: 2339 classes of
   * 6x10 (Haselgrove and Haselgrove, "A computer program for pentominoes",
   * Eureka 23, 1960), 1010 of 5x12, 368 of 4x15 and 2 of 3x20 (Golomb,
   * "Polyominoes", 2nd ed., 1994, ch. 2; Polyform Puzzler's Pentominoes6x10,
   * 5x12, 4x15 and 3x20 docs); no rectangle tiling is symmetric, so each
   * class holds 4 solutions. 8x8 with the centre 2x2 hole: 65 classes (Dana
   * Scott, 1958; Polyform Puzzler's Pentominoes8x8CenterHole), none
   * symmetric, so 8 x 65 solutions. Each is checked against dancing links
   * too: every solution enumerated, the classes as orbits of them. The sweep
   * counts every solution of every preset; MRV of the smaller ones only
   * (last column): on 6x10 and 5x12 (23 and 12 s, a tenth of the suite's
   * counting) it counts their classes, whose identity terms are a quarter of
   * the same search.
   */
  it.each([
    ['6x10', 2339, 4, false],
    ['5x12', 1010, 4, false],
    ['4x15', 368, 4, true],
    ['3x20', 2, 4, true],
    ['8x8-centre-hole', 65, 8, true],
  ] as const)(
    'counts the published classes and solutions of the %s preset, as dancing links enumerates them',
    async (preset, classes, group, mrvSolutions) => {
      const instance = pentomino({ preset });
      expect(instance.symmetries.length).toBe(group);
      const solutions = enumerated(instance);
      expect([solutions.length, orbitCount(instance, solutions)]).toEqual([classes * group, classes]);
      for (const strategy of STRATEGIES) {
        if (strategy === 'sweep' || mrvSolutions)
          expect(await countInstance(instance, { strategy })).toMatchObject({ count: BigInt(solutions.length), complete: true });
        expect(await countInstance(instance, { strategy, unique: true })).toMatchObject({ count: BigInt(classes), complete: true });
      }
    },
    600_000,
  );

  it('counts the Soma cube: 11520 solutions, 480 classes under rotations, 240 under isometries (Conway and Guy)', async () => {
    const rotations = soma({});
    const solutions = enumerated(rotations);
    expect(solutions.length).toBe(11520);
    expect((await countInstance(rotations)).count).toBe(11520n);
    expect((await countInstance(rotations, { unique: true })).count).toBe(BigInt(orbitCount(rotations, solutions)));
    expect((await countInstance(rotations, { unique: true })).count).toBe(480n);
    expect((await countInstance(soma({ symmetry: 'isometries' }), { unique: true })).count).toBe(240n);
  }, 600_000);
});

// ---- random boards ----------------------------------------------------------------

type Point = [number, number];
/** The square's 8 symmetries on an n x n grid. */
const D4 = (n: number): ((p: Point) => Point)[] => [
  ([x, y]) => [x, y],
  ([x, y]) => [n - 1 - y, x],
  ([x, y]) => [n - 1 - x, n - 1 - y],
  ([x, y]) => [y, n - 1 - x],
  ([x, y]) => [n - 1 - x, y],
  ([x, y]) => [x, n - 1 - y],
  ([x, y]) => [y, x],
  ([x, y]) => [n - 1 - y, n - 1 - x],
];
/** Subgroups of D4 by index into it: orders 1, 2, 4 and 8. */
const SUBGROUPS = [[0], [0, 2], [0, 4], [0, 6], [0, 1, 2, 3], [0, 2, 4, 5], [0, 2, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7]];
/**
 * Distinct pieces to fill random boards with, as --pieces entries with their
 * areas: free pieces, or one-sided ones (turned, never flipped) where mirror
 * pairs come together, so that a reflection of the board swaps them and
 * solutions it fixes exist (with distinct free pieces a symmetric tiling
 * is all but impossible).
 */
const FREE: [string, number][] = [
  ['M1', 1],
  ['D2', 2],
  ['I3', 3],
  ['L3', 3],
  ['I4', 4],
  ['O4', 4],
  ['T4', 4],
  ['S4', 4],
  ['L4', 4],
  ['P', 5],
  ['U', 5],
  ['V', 5],
];
const ONE_SIDED: [string, number][] = [
  ['M1', 1],
  ['D2', 2],
  ['I3', 3],
  ['I4', 4],
  ['O4', 4],
  ['T4', 4],
  ['S4,Z4=##./.##', 8],
  ['L4,J4=###/..#', 8],
  ['L3,K3=##/.#', 6],
  ['U', 5],
];

/** A board symmetric under a random subgroup, with distinct pieces of the same total area; null when none fits. */
function randomBoard(random: () => number): { board: string; pieces: string; flip: boolean } | null {
  const n = 3 + Math.floor(random() * 3);
  const group = SUBGROUPS[Math.floor(random() * SUBGROUPS.length)]!.map((g) => D4(n)[g]!);
  const cells = new Set<string>();
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (random() < 0.45) for (const g of group) cells.add(g([x, y]).join(','));
  const area = cells.size;
  if (area < 6 || area > 18) return null;
  const flip = random() < 0.5;
  const shuffled = [...(flip ? FREE : ONE_SIDED)].sort(() => random() - 0.5);
  const chosen: string[] = [];
  let left = area;
  for (const [name, size] of shuffled) {
    if (size <= left) {
      chosen.push(name);
      left -= size;
    }
  }
  if (left !== 0) return null;
  const rows = Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => (cells.has(`${x},${y}`) ? '.' : '#')).join(''));
  return { board: rows.join('/'), pieces: chosen.join(','), flip };
}

describe('Burnside classes on random boards', () => {
  it('equal orbit counting of the enumerated solutions, for group orders 1, 2, 4 and 8, pinned or not, both strategies', async () => {
    const random = seededRandom(8);
    const orders = new Set<number>();
    let symmetriesFixingSolutions = 0;
    let cases = 0;
    while (cases < 60) {
      const spec = randomBoard(random);
      if (!spec) continue;
      const instance = polyomino(spec);
      const solutions = enumerated(instance);
      if (solutions.length === 0 && random() < 0.7) continue;
      cases++;
      orders.add(instance.symmetries.length);
      const classes = BigInt(orbitCount(instance, solutions));
      const where = `${spec.board} ${spec.pieces}${spec.flip ? '' : ' one-sided'}`;
      for (const strategy of STRATEGIES) {
        expect((await countInstance(instance, { strategy })).count, where).toBe(BigInt(solutions.length));
        for (const unpinned of [false, true]) {
          const result = await countInstance(instance, { strategy, unique: true, unpinned });
          expect(result.count, `${where} ${strategy}${unpinned ? ' unpinned' : ''}`).toBe(classes);
          // Mutation check: leaving out any term that counts something breaks the sum.
          const terms = classTerms(instance, !unpinned);
          result.terms.forEach((t, k) => {
            if (t.fixed === 0n) return;
            if (t.symmetry !== 0) symmetriesFixingSolutions++;
            const fixed = result.terms.map((u, j) => (j === k ? 0n : u.fixed));
            let caught: boolean;
            try {
              caught = burnsideSum(terms, fixed) !== classes;
            } catch {
              caught = true;
            }
            expect(caught, `${where}: term ${t.key} left out`).toBe(true);
          });
        }
      }
    }
    expect([...orders].sort((a, b) => a - b)).toEqual(expect.arrayContaining([1, 2, 4, 8]));
    // The mutation check above only bites where symmetric solutions exist: make sure there were some.
    expect(symmetriesFixingSolutions).toBeGreaterThan(10);
  }, 600_000);
});

/**
 * Boards of the other grids whose groups the square grid lacks: the side-1
 * and side-2 hexagons (12 symmetries), triangles of triangles and of hexagons
 * (6), the 2x2x2 cube (48, reflections mapping each chiral piece onto its
 * twin). The pieces: a random half of the polyforms of orders 1 to `most`,
 * two of each, each placed at most once, sometimes one-sided.
 */
const OTHER_GRIDS: [GridName, string, number][] = [
  ['triangle', 'hexagon:1', 4],
  ['triangle', 'triangle:3', 4],
  ['hexagon', 'hexagon:2', 3],
  ['hexagon', 'triangle:4', 3],
  ['triangle-edges', 'hexagon:1', 3],
  ['hexagon-edges', 'hexagon:1', 3],
  ['cube', JSON.stringify({ grid: 'cube', cells: [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1].map((z) => [x, y, z]))) }), 3],
];

function otherGridCase(name: GridName, board: string, most: number, random: () => number): Instance | null {
  const grid = GRIDS[name];
  const chosen = polyforms(grid, most)
    .flat()
    .filter(() => random() < 0.5);
  if (chosen.length === 0) return null;
  const pieces = chosen.flatMap((cells, i) =>
    ['a', 'b'].map((copy) => ({ name: `S${i}${copy}`, cells: cells.map((c) => cellNumbers(grid, c)), count: '0..1' })),
  );
  try {
    return polyform({ grid: name, board, pieces: JSON.stringify({ grid: name, pieces }), oneSided: random() < 0.5 });
  } catch (e) {
    // A piece set that cannot cover the board is refused up front: nothing to compare.
    expect((e as Error).message).toMatch(/cover at most/);
    return null;
  }
}

/** Burnside's sum of the terms, each counted alone (compiled with its rows forced). */
async function termsSum(instance: Instance, terms: ReturnType<typeof classTerms>, strategy: StrategyChoice): Promise<bigint[]> {
  const order = itemOrderOf(instance);
  const fixed: bigint[] = [];
  for (const t of terms) fixed.push((await runCount(compileProblem(t.problem, order, t.forced), { strategy })).count);
  return fixed;
}

describe('Burnside classes pinned twice (nested)', () => {
  it('equal orbit counting of the enumerated solutions on random boards of group orders 2, 4 and 8, both strategies, each term needed', async () => {
    const random = seededRandom(16);
    let nestedBlocks = 0;
    let cases = 0;
    while (cases < 40) {
      const spec = randomBoard(random);
      if (!spec) continue;
      const instance = polyomino(spec);
      if (instance.symmetries.length === 1) continue;
      const solutions = enumerated(instance);
      if (solutions.length === 0) continue;
      cases++;
      const classes = BigInt(orbitCount(instance, solutions));
      const terms = classTerms(instance, true, undefined, true);
      const where = `${spec.board} ${spec.pieces}${spec.flip ? '' : ' one-sided'}`;
      nestedBlocks += new Set(terms.filter((t) => t.pinned!.length > 1).map((t) => t.block)).size;
      for (const strategy of STRATEGIES) {
        const fixed = await termsSum(instance, terms, strategy);
        expect(burnsideSum(terms, fixed), `${where} ${strategy}`).toBe(classes);
        // Mutation check: leaving out any term that counts something breaks the sum.
        fixed.forEach((f, k) => {
          if (f === 0n) return;
          let caught: boolean;
          try {
            caught =
              burnsideSum(
                terms,
                fixed.map((g, j) => (j === k ? 0n : g)),
              ) !== classes;
          } catch {
            caught = true;
          }
          expect(caught, `${where}: term ${terms[k]!.key} left out`).toBe(true);
        });
      }
    }
    // Not vacuous: representatives a symmetry fixes were pinned again.
    expect(nestedBlocks).toBeGreaterThan(20);
  }, 600_000);

  it('nests where the front is too wide for the sweep: the 156 classes of Puzzler Hexiamonds6x6, as over the whole group', async () => {
    const instance = polyform({ puzzle: 'hexiamonds-6x6' });
    const nested = await countInstance(instance, { unique: true });
    expect(nested.method).toMatch(/pinned at \d+ representatives \(nested\)/);
    expect(nested.terms.some((t) => t.pinned!.length === 2)).toBe(true);
    // Polyform Puzzler, Hexiamonds6x6: 156 solutions up to the board's symmetry.
    expect(nested.count).toBe(156n);
    expect((await countInstance(instance, { unique: true, unpinned: true })).count).toBe(156n);
  }, 120_000);

  it('refuses to resume a file whose terms this count does not have, naming the term', async () => {
    const instance = polyomino({ board: '5x4', pieces: 'L,P,T,Y' });
    const finished = new Map([['r1.2 s0', new Map([['0', 1n]])]]);
    await expect(countInstance(instance, { unique: true, finished })).rejects.toThrow(/term "r1\.2 s0" is not a term of this count/);
  });
});

describe('Burnside classes on the other grids', () => {
  it('equal orbit counting of the enumerated solutions for groups of order 6, 12 and 48 (triangles, hexagons, their edges, the cube), pinned or not, both strategies', async () => {
    const random = seededRandom(48);
    const orders = new Set<number>();
    let symmetriesFixingSolutions = 0;
    for (const [name, board, most] of OTHER_GRIDS) {
      for (let cases = 0, tries = 0; cases < 3 && tries < 200; tries++) {
        const instance = otherGridCase(name, board, most, random);
        if (!instance) continue;
        const solutions = enumerated(instance);
        if (solutions.length === 0 || solutions.length > 3000) continue;
        cases++;
        orders.add(instance.symmetries.length);
        const classes = BigInt(orbitCount(instance, solutions));
        const where = `${name} ${board.slice(0, 20)} case ${cases}`;
        for (const strategy of STRATEGIES) {
          expect((await countInstance(instance, { strategy })).count, where).toBe(BigInt(solutions.length));
          for (const unpinned of [false, true]) {
            const result = await countInstance(instance, { strategy, unique: true, unpinned });
            expect(result.count, `${where} ${strategy}${unpinned ? ' unpinned' : ''}`).toBe(classes);
            symmetriesFixingSolutions += result.terms.filter((t) => t.symmetry !== 0 && t.fixed > 0).length;
          }
        }
      }
    }
    expect([...orders].sort((a, b) => a - b)).toEqual([6, 12, 48]);
    // Terms other than the identity's count something: the sum is not the solutions over the group by luck.
    expect(symmetriesFixingSolutions).toBeGreaterThan(10);
  }, 600_000);
});

describe('auto: the sweep for cells alone, MRV where a solution may leave items uncovered', () => {
  it('counts trigs (crossing claims) by MRV, cells by the sweep (regression: a ring of trigs took the sweep 90.8 CPU s, MRV 6, dancing links 13)', async () => {
    // Polyform Puzzler, puzzles/tritrigs.py, TritrigsStackedElongatedHexagons2x2x1: 9 solutions under its restriction of one piece's
    // aspects (the catalogue's entry); 36 unrestricted, 9 up to the board's symmetry.
    const restricted = polyform({ puzzle: 'tritrigs-stacked-elongated-hexagons-2x2x1' });
    expect(await countInstance(restricted)).toMatchObject({ count: 9n, method: 'exact cover (mrv)' });
    const free = polyform({ board: String(restricted.params.board), pieces: 'free:3' });
    expect(await countInstance(free)).toMatchObject({ count: 36n, method: 'exact cover (mrv)' });
    expect(await countInstance(free, { unique: true })).toMatchObject({ count: 9n });
    expect(await countInstance(pentomino({ preset: '3x20' }))).toMatchObject({ count: 8n, method: 'exact cover (sweep)' });
  });
});

describe('placements over more optional cells than the area leaves spare', () => {
  it('are no rows of the exact cover: the 8x8 board with its centre optional counts as the board with a hole (regression: 45 million nodes and 23 CPU s against 1.7 million)', async () => {
    const centre = (x: number, y: number) => (x === 3 || x === 4) && (y === 3 || y === 4);
    const cells = Array.from({ length: 64 }, (_, i) => [i % 8, Math.floor(i / 8)] as const);
    const board = (optional: boolean) =>
      JSON.stringify({
        grid: 'square',
        cells: cells.filter(([x, y]) => !centre(x, y)),
        ...(optional ? { optional: cells.filter(([x, y]) => centre(x, y)) } : {}),
      });
    // The 12 pentominoes cover 60 cells, the 60 required ones: none is left for the centre.
    const [withCentre, withHole] = [polyform({ board: board(true), pieces: 'free:5' }), polyform({ board: board(false), pieces: 'free:5' })];
    expect(withCentre.exactCover!.rows.length).toBe(withHole.exactCover!.rows.length);
    // Dana Scott's board: 65 solutions up to symmetry (Knuth, Dancing Links), 520 in all.
    expect(await countInstance(withCentre)).toMatchObject({ count: 520n, nodes: (await countInstance(withHole)).nodes });
    expect(await countInstance(withCentre, { unique: true })).toMatchObject({ count: 65n });
    expect((await byDancingLinks(withCentre, true)).count).toBe(65);
  });

  it('keeps the rows the spare area allows: with one cell spare, a monomino on an optional cell, not a square over two', async () => {
    // A 2x2 square of required cells over a row of 3 optional ones; the square O and a monomino M that may stay out: 5 cells for 4.
    const instance = polyform({
      board: JSON.stringify({
        grid: 'square',
        cells: [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ],
        optional: [
          [0, 2],
          [1, 2],
          [2, 2],
        ],
      }),
      pieces: 'O=##/##,M*0..1=#',
    });
    // O at the top (its other place covers two optional cells) and M on each of the 7 cells.
    expect(instance.exactCover!.rowVars.filter((v) => v > 0)).toHaveLength(8);
    // O at the top, M on one of the 3 optional cells or left out.
    expect(await countInstance(instance)).toMatchObject({ count: 4n });
  });
});

describe('the sweep key', () => {
  it('fails the cross-checks when it leaves out one cell at either end of its window (mutation check)', () => {
    // On a tiling the pieces in the key already fix how many cells are covered, so one cell fewer
    // would go unnoticed there: general exact cover (secondary items, rows of any size) shows it.
    const random = seededRandom(77);
    const wrong = { before: 0, after: 0 };
    for (let round = 0; round < 400; round++) {
      const problem = randomProblem(random);
      const expected = bruteForceCount(problem);
      const compiled = compileProblem(problem, shuffledOrder(problem, random));
      const window = sweepWindow(compiled);
      expect(new SweepCounter(compiled, { cacheBytes: 1 << 20 }).count(), `round ${round}`).toBe(expected);
      for (const end of ['before', 'after'] as const) {
        if (window[end] === 0) continue;
        const short = new SweepCounter(compiled, { cacheBytes: 1 << 20 }, { ...window, [end]: window[end] - 1 });
        if (short.count() !== expected) wrong[end]++;
      }
    }
    expect(wrong.before).toBeGreaterThan(0);
    expect(wrong.after).toBeGreaterThan(0);
  });
});

/**
 * Counts `forced` (input rows) pinned on the shared engine and compiled
 * alone, expects the same count and the same units (nodes aside), and
 * returns the count; undefined when the rows leave nothing to count.
 */
async function pinnedAsAlone(
  ec: ExactCoverInput,
  order: ItemOrder,
  shared: PinnedTerms,
  forced: number[],
  where: string,
): Promise<bigint | undefined> {
  const alone = compileProblem(ec, order, forced);
  if (alone.impossible) return undefined;
  const units = (into: UnitCount[]) => (u: UnitCount) => void into.push({ ...u, nodes: 0 });
  const apart: UnitCount[] = [];
  const together: UnitCount[] = [];
  const { strategy } = shared;
  const expected = await runCount(alone, { strategy, onUnit: units(apart) });
  const rows = forced.map((r) => shared.problem.rowIds.indexOf(r));
  const run = await runCount(shared.problem, { strategy, pinned: { terms: shared, rows }, onUnit: units(together) });
  expect(run.count, where).toBe(expected.count);
  expect(together, `${where}: the units`).toEqual(apart);
  return run.count;
}

describe('pinned terms sharing one engine and memo', () => {
  it('count every placement of a piece as its own term would, unit by unit, and sum to the solutions (10x3, 12x2 and 5x6 boards, both strategies)', async () => {
    // Pins ahead of the sweep's window are what its key's last word is for: long narrow boards have them.
    for (const spec of [
      { board: '10x3', pieces: 'P,U,V,L,Y,N' },
      { board: '12x2', pieces: 'D2,I3,L3,L4,T4,S4,O4' },
      { board: '5x6', pieces: 'P,U,V,L,Y,N' },
    ]) {
      const instance = polyomino(spec);
      const ec = instance.exactCover!;
      const order = itemOrderOf(instance);
      // Every placement of the piece of the first row: each solution has exactly one.
      const piece = ec.rows[0]!.find((i) => order.rank[i]! >= order.local)!;
      for (const strategy of ['sweep', 'mrv'] as const) {
        const shared = new PinnedTerms(compileProblem(ec, order), strategy);
        let sum = 0n;
        let placementsCompared = 0;
        for (let r = 0; r < ec.rows.length; r++) {
          if (!ec.rows[r]!.includes(piece)) continue;
          const count = await pinnedAsAlone(ec, order, shared, [r], `${spec.board} ${strategy} row ${r}`);
          if (count === undefined) continue;
          sum += count;
          placementsCompared++;
        }
        // Not vacuous: more than five placements of the piece were compared.
        expect(placementsCompared, spec.board).toBeGreaterThan(5);
        expect(sum, spec.board).toBe(BigInt(solveExactCover(ec, {}).count));
      }
    }
  });
});

describe('two rows pinned on the shared engine', () => {
  it('count every pair of placements of two pieces as the pair forced alone would, unit by unit (10x3 and 5x6 boards, both strategies)', async () => {
    // The pair reaches ahead of the sweep's window further than either row: the key names the pair (sweep.ts, pin).
    for (const spec of [
      { board: '10x3', pieces: 'P,U,V,L,Y,N' },
      { board: '5x6', pieces: 'P,U,V,L,Y,N' },
    ]) {
      const instance = polyomino(spec);
      const ec = instance.exactCover!;
      const order = itemOrderOf(instance);
      const pieces = [...new Set(ec.rows.flatMap((row) => row.filter((i) => order.rank[i]! >= order.local)))].slice(0, 2);
      const rowsOf = (piece: number) => ec.rows.flatMap((row, r) => (row.includes(piece) ? [r] : []));
      for (const strategy of ['sweep', 'mrv'] as const) {
        const shared = new PinnedTerms(compileProblem(ec, order), strategy);
        let sum = 0n;
        let pairsCompared = 0;
        for (const r of rowsOf(pieces[0]!)) {
          for (const q of rowsOf(pieces[1]!)) {
            const count = await pinnedAsAlone(ec, order, shared, [r, q], `${spec.board} ${strategy} rows ${r}, ${q}`);
            if (count === undefined) continue;
            sum += count;
            pairsCompared++;
          }
        }
        expect(pairsCompared, spec.board).toBeGreaterThan(20);
        expect(sum, spec.board).toBe(BigInt(solveExactCover(ec, {}).count));
      }
    }
  }, 300_000);
});

describe('Genius Square rolls', () => {
  it('counts 400 random rolls (seeded) as the bitboard counter does, roll by roll', async () => {
    // Each roll on its own: the empty board's placements, with a row of the seven blocked cells forced.
    // A seeded sample: all 62208 rolls take about ten CPU minutes, too long for the suite.
    const solver = new RollSolver();
    const { cells, pieces, placements } = solver.emptyBoard;
    const rows = placements.map((pl) => [...pl.cells, cells + pl.piece]);
    const order = boardOrder(
      Array.from({ length: cells }, (_, c) => [c % SIDE, Math.floor(c / SIDE)]),
      cells + pieces,
    );
    const random = seededRandom(62208);
    for (let k = 0; k < 400; k++) {
      const roll = rollAt(Math.floor(random() * ROLL_COUNT));
      const problem = { primary: cells + pieces, secondary: 0, rows: [...rows, blockedCells(roll)] };
      const counted = (await runCount(compileProblem(problem, order, [rows.length]), { maxBytes: 1 << 22 })).count;
      expect(counted, roll.join(' ')).toBe(BigInt(solver.count(roll)));
    }
  }, 600_000);
});

describe('bounds and stops', () => {
  it('orders a board of 400,000 cells along its longest axis (regression: Math.min(...values) overflowed the stack)', () => {
    // 1000 columns of 400, given row by row: the sweep runs down each column, as on a 6x15 board.
    const cells = Array.from({ length: 400_000 }, (_, i) => [i % 1000, Math.floor(i / 1000)]);
    const { rank, local } = boardOrder(cells, cells.length + 1);
    expect([local, rank[0], rank[1000], rank[1], rank[cells.length]]).toEqual([400_000, 0, 1, 400, 400_000]);
  });

  it('refuses a problem whose rows alone pass the memory bound, naming both sizes', async () => {
    const instance = pentomino({ preset: '6x10' });
    const problem = compileProblem(instance.exactCover!, itemOrderOf(instance));
    await expect(runCount(problem, { maxBytes: 100_000 })).rejects.toThrow(MemoryBoundExceeded);
    await expect(runCount(problem, { maxBytes: 100_000 })).rejects.toThrow(/needs about \d+ MiB .* bound of 1 MiB/);
  });

  it('MRV polls by the rows its covers kill, not only by nodes (regression: a 16x20 board of 40 octominoes, 60-100 µs a node, polled over a second apart and overran --timeout)', () => {
    // Two nodes: item 2's one row {0, 2}, whose cover of item 0 kills 600,000 rows {0, 1} (18,750 words of the row bitset); then item 1 has none.
    const many = 600_000;
    const knuth: ExactCoverInput = { primary: 3, secondary: 0, rows: [[0, 2], ...Array.from({ length: many }, () => [0, 1])] };
    let polls = 0;
    const engine = new MrvCounter(compileProblem(knuth, inputOrder(knuth)), { cacheBytes: 2 ** 20, shouldStop: () => (++polls, false) });
    expect(engine.count()).toBe(0);
    expect(engine.nodes).toBe(2);
    expect(polls).toBe(1);
  });

  it('keeps counting right in a memo too small to hold the states (eviction)', async () => {
    const instance = pentomino({ preset: '5x12' });
    const problem = compileProblem(instance.exactCover!, itemOrderOf(instance));
    for (const Engine of [SweepCounter, MrvCounter]) {
      const engine = new Engine(problem, { cacheBytes: 64 * 1024 });
      expect(engine.count()).toBe(4040);
      expect(engine.cache.snapshot().evictions).toBeGreaterThan(0);
      expect(engine.cache.snapshot().bytes).toBeLessThanOrEqual(64 * 1024);
    }
  }, 600_000);

  it("keeps each entry's key, count and cost through growth, for odd and even key widths", () => {
    for (const width of [1, 2, 3, 4]) {
      const cache = new CountCache(width, 256 * 2 ** 20);
      const key = new Int32Array(width);
      const fill = (k: number) => {
        for (let j = 0; j < width; j++) key[j] = Math.imul(k, 7919) + j * 104729;
        return key;
      };
      // 600,000 entries: the table doubles three times from its first 32768 buckets; counts past 2^32, exact in a double.
      const n = 600_000;
      for (let k = 1; k <= n; k++) cache.set(fill(k), k * 2 ** 21 + 1, k);
      const { evictions } = cache.snapshot();
      let missing = 0;
      for (let k = 1; k <= n; k += 97) {
        const saved = cache.stats.savedNodes;
        const got = cache.get(fill(k));
        if (got < 0) missing++;
        else expect([got, cache.stats.savedNodes - saved], `width ${width}, entry ${k}`).toEqual([k * 2 ** 21 + 1, k]);
      }
      expect(missing).toBeLessThanOrEqual(evictions);
      expect(missing).toBeLessThan(n / 97 / 10);
    }
  });

  it('makes room by evicting the entry that cost least; a cost past 2^32 ranks above every smaller one', () => {
    const cache = new CountCache(2, 0); // one bucket of 8 slots
    const key = (k: number) => Int32Array.of(k, -k);
    const costs = [5, 3, 2 ** 40, 7, 4, 9, 6, 8];
    costs.forEach((cost, k) => cache.set(key(k), k, cost));
    cache.set(key(8), 8, 10);
    expect(cache.get(key(1))).toBe(-1); // cost 3 went first
    cache.set(key(9), 9, 11);
    expect(cache.get(key(4))).toBe(-1); // then cost 4
    for (let k = 10; k < 40; k++) cache.set(key(k), k, 2 ** 31 + k);
    const saved = cache.stats.savedNodes;
    expect(cache.get(key(2))).toBe(2);
    expect(cache.stats.savedNodes - saved).toBe(2 ** 32 - 1); // kept in 32 bits, saturated
  });

  it('holds the memo within its bound while it grows, the old table and the new one together (regression: 9 GiB took 12)', () => {
    const bound = 64 * 2 ** 20;
    const cache = new CountCache(1, bound);
    const key = new Int32Array(1);
    for (let k = 1; k <= 4_000_000; k++) {
      key[0] = k;
      cache.set(key, k, 2);
    }
    const { bytes, peakBytes } = cache.snapshot();
    expect(bytes).toBeGreaterThan(8 * 2 ** 20); // it grew from its first size (6 MiB for one-word keys)
    expect(peakBytes).toBeLessThanOrEqual(bound);
    expect(cache.get(Int32Array.of(4_000_000))).toBe(4_000_000); // the last stored is found after the moves
  });

  it('stops with a lower bound marked incomplete, and resumes from the finished units to the exact count', async () => {
    const instance = pentomino({ preset: '6x10' });
    for (const strategy of STRATEGIES) {
      const problem = compileProblem(instance.exactCover!, itemOrderOf(instance));
      const finished = new Map<string, bigint>();
      let polls = 0;
      const first = await runCount(problem, { strategy, shouldStop: () => ++polls > 40, onUnit: (u) => finished.set(u.unit, u.count) });
      expect(first.complete).toBe(false);
      expect(first.count).toBeLessThan(9356n);
      expect(first.count).toBe([...finished.values()].reduce((a, b) => a + b, 0n));
      const rest = await runCount(problem, { strategy, finished });
      expect(rest).toMatchObject({ count: 9356n, complete: true, resumed: finished.size });
      // Regression: a resume stopped before the units it had on file (--resume --timeout 1) left them out of its lower bound.
      const later = new Map([...finished].slice(3));
      const recorded = [...later.values()].reduce((a, b) => a + b, 0n);
      expect(await runCount(problem, { strategy, finished: later, shouldStop: () => true })).toMatchObject({ count: recorded, complete: false });
    }
  }, 600_000);

  it('a count of Burnside terms stopped at once still counts every term unit its file records (regression: the terms after the stop were left out)', async () => {
    const instance = pentomino({ preset: '5x12' });
    const finished = new Map<string, Map<string, bigint>>();
    const whole = await countInstance(instance, {
      unique: true,
      onUnit: (term, _strategy, u) => finished.set(term, (finished.get(term) ?? new Map()).set(u.unit, u.count)),
    });
    expect(whole).toMatchObject({ count: 1010n, complete: true });
    expect(finished.size).toBeGreaterThan(1);
    // Every unit on file, nothing counted: the terms' fixed counts are whole, so the lower bound is the count itself.
    const stopped = await countInstance(instance, { unique: true, finished, shouldStop: () => true });
    expect(stopped).toMatchObject({ count: 1010n, complete: false });
    expect(stopped.terms!.map((t) => t.fixed)).toEqual(whole.terms!.map((t) => t.fixed));
  }, 600_000);
});
