import { describe, expect, it, beforeAll } from 'vitest';
import { polyform, type PolyformOptions } from '../encoders/polyform.js';
import type { PackingInstance } from '../encoders/packing.js';
import { type Cell, isMirror } from '../src/geometry/cells.js';
import { inlineArt, parsePieceArt } from '../src/geometry/shapes.js';
import { SOMA_PIECES, polycube } from '../encoders/polycube.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { pickSolver } from '../solvers/index.js';
import type { SolverFactory } from '../solvers/types.js';
import { byDancingLinks, classKey, listing } from './helpers/listing.js';
import { countInstance } from '../src/count/solutions.js';
import { countPuzzle } from '../src/count/count.js';
import { GRIDS, type GridName, cellNumbers } from '../src/geometry/grids.js';
import { polyforms } from '../src/geometry/polyforms.js';
import { allPieces, boardJson, examplePieces, shape, without } from './helpers/polyform-fixtures.js';
import { explain } from '../src/explain/explain.js';
import { UsageError, UserError } from '../src/core/errors.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers/temp-dir.js';

let factory: SolverFactory;
beforeAll(async () => {
  factory = await pickSolver(undefined);
});

/** All solutions (or classes) by SAT and by dancing links, each checked by the puzzle's independent checker; the two must agree solution for solution. */
async function count(instance: PackingInstance, unique: boolean): Promise<number> {
  const checked = (f: { trueVars: readonly number[] }) => expect(instance.check(instance.decode(f.trueVars))).toBeNull();
  const sat = await listing(instance, unique, (onFound) => enumerate(instance, { createSolver: () => factory.create(), unique, onFound }), checked);
  const dlx = await byDancingLinks(instance, unique);
  expect(sat.complete && dlx.complete).toBe(true);
  expect(sat.keys).toEqual(dlx.keys);
  return sat.count;
}

const build = (options: PolyformOptions) => polyform(options);
const scratch = tempDir('polyform-test-');

describe('published counts on every grid, by SAT and by dancing links', () => {
  it('polyominoes: the 12 pentominoes in a 3x20 rectangle, 2 solutions (Polyform Puzzler FAQ, "3x20 Pentominoes (2 solutions)")', async () => {
    expect(await count(build({ board: '20x3', pieces: 'F,I,L,N,P,T,U,V,W,X,Y,Z' }), true)).toBe(2);
  }, 120_000);

  it('polycubes: the Soma cube, 240 solutions up to rotation and reflection (Polyform Puzzler FAQ, "3x3x3 Soma Cubes (240 solutions)")', async () => {
    const cube: Cell[] = Array.from({ length: 27 }, (_, i): Cell => [i % 3, Math.floor(i / 3) % 3, Math.floor(i / 9)]);
    const pieces = Object.entries(SOMA_PIECES).map(([name, art]) => ({ name, cells: parsePieceArt(inlineArt(art), name).map((c) => [...c]) }));
    const instance = build({ board: boardJson('cube', cube), pieces: JSON.stringify({ grid: 'cube', pieces }) });
    expect(await count(instance, true)).toBe(240);
  }, 120_000);

  it('a WxHxD box names a board of cubes (regression: polyform refused "3x3x3", which polycube --figure takes): the Soma cube again, and the 2x2x2 cube by dominoes as polycube counts it', async () => {
    const cube: Cell[] = Array.from({ length: 27 }, (_, i): Cell => [i % 3, Math.floor(i / 3) % 3, Math.floor(i / 9)]);
    const pieces = Object.entries(SOMA_PIECES).map(([name, art]) => ({ name, cells: parsePieceArt(inlineArt(art), name).map((c) => [...c]) }));
    const boxed = build({ board: '3x3x3', pieces: JSON.stringify({ grid: 'cube', pieces }) });
    expect(boxed.params.grid).toBe('cube');
    expect(boxed.params.board).toBe(build({ board: boardJson('cube', cube), pieces: JSON.stringify({ grid: 'cube', pieces }) }).params.board);
    // The grid need not be given: the box names it.
    const dominoes = build({ board: '2x2x2', pieces: 'free:2*4' });
    // Copies of a piece: counted on the formula (no exact-cover form), as the CLI's count does.
    const tilings = (instance: PackingInstance) => countPuzzle(instance).then((c) => c.count);
    expect(await tilings(dominoes)).toBe(await tilings(polycube({ figure: '2x2x2', pieces: 'D*4=##' })));
    expect(await tilings(dominoes)).toBe(9n);
  }, 120_000);

  // Polyform Puzzler, docs/hexiamonds.txt: "4x9: 74 solutions", "The 3x12 parallelogram has no (0) solutions".
  it('polyiamonds: the 12 hexiamonds in the 4x9 parallelogram, 74 solutions; in 3x12, none', async () => {
    const hexiamonds = examplePieces('hexiamonds.json');
    expect(await count(build({ board: '9x4', grid: 'triangle', pieces: hexiamonds }), true)).toBe(74);
    expect(await count(build({ board: '12x3', grid: 'triangle', pieces: hexiamonds }), false)).toBe(0);
  }, 300_000);

  // Polyform Puzzler, docs/polyhexes.txt: tetrahexes "4x7 parallelogram: 9 solutions", '5x7 "coin": 4 solutions';
  // puzzler/puzzles/tetrahexes.py restricts P4 to rotations (0, 1, 2) to count each solution once.
  it('polyhexes: the 7 tetrahexes in the 4x7 parallelogram, 9 solutions (also with Puzzler’s own restriction); the coin, 4', async () => {
    const tetrahexes = examplePieces('tetrahexes.json');
    expect(await count(build({ board: '7x4', pieces: tetrahexes }), true)).toBe(9);
    const restricted = JSON.parse(tetrahexes) as { pieces: { name: string; rotations?: number[] }[] };
    restricted.pieces.find((p) => p.name === 'P4')!.rotations = [0, 1, 2];
    expect(await count(build({ board: '7x4', pieces: JSON.stringify(restricted) }), false)).toBe(9);
    const coin: Cell[] = [];
    for (let y = 0; y < 5; y++) for (let x = 0; x < 7; x++) if (x + y > 1 && x + y < 9 && !(x === 3 && y === 2)) coin.push([x, y, 0]);
    expect(await count(build({ board: boardJson('hexagon', coin), pieces: tetrahexes }), true)).toBe(4);
  }, 300_000);

  // Polyform Puzzler, puzzler/puzzles/polysticks123.py: the polysticks of orders 1-3 in the 4x4 grid
  // with two corners clipped, "21 solutions" (opposite corners) and "132 solutions" (corners on one side).
  it('polysticks: orders 1-3 in 4x4 lattices with clipped corners, 21 and 132 solutions', async () => {
    const sticks = allPieces('square-edges', [1, 2, 3]);
    const opposite = without(shape('square-edges', '3x3'), [
      [0, 0, 0],
      [0, 0, 1],
      [2, 3, 0],
      [3, 2, 1],
    ]);
    const oneSide = without(shape('square-edges', '3x3'), [
      [0, 3, 0],
      [0, 2, 1],
      [2, 3, 0],
      [3, 2, 1],
    ]);
    expect(await count(build({ board: boardJson('square-edges', opposite), pieces: sticks }), true)).toBe(21);
    expect(await count(build({ board: boardJson('square-edges', oneSide), pieces: sticks }), true)).toBe(132);
  }, 300_000);

  // Polyform Puzzler, docs/polytrigs.txt: tritrigs "5x2 paralellogram: 9 solutions" (puzzler/puzzles/tritrigs.py: the bordered 5x2 grid less (2,1,0)).
  it('polytrigs: the 12 tritrigs in the 5x2 parallelogram, 9 solutions', async () => {
    const board = without(shape('triangle-edges', '5x2'), [[2, 1, 0]]);
    expect(await count(build({ board: boardJson('triangle-edges', board), pieces: allPieces('triangle-edges', [3]) }), true)).toBe(9);
  }, 300_000);

  // Polyform Puzzler, docs/polytrigs.txt: tritrigs "6x2 trapezoid: 8 solutions" (tritrigs.py: the trapezoid less (2,1,0)).
  it('polytrigs: the 12 tritrigs in the 6x2 trapezoid, 8 solutions; pieces given as free:3', async () => {
    const board = without(shape('triangle-edges', 'trapezoid:6x2'), [[2, 1, 0]]);
    expect(await count(build({ board: boardJson('triangle-edges', board), grid: 'triangle-edges', pieces: 'free:3' }), true)).toBe(8);
  }, 300_000);

  // Polyform Puzzler, puzzler/puzzles/polytwigs1234.py: Polytwigs1234Hex1, "1175 solutions".
  it('polytwigs: orders 1-4 in the side-2 hexagon less two twigs, 1175 solutions', async () => {
    const board = without(shape('hexagon-edges', 'hexagon:2'), [
      [1, 1, 0],
      [1, 2, 0],
    ]);
    expect(await count(build({ board: boardJson('hexagon-edges', board), pieces: allPieces('hexagon-edges', [1, 2, 3, 4]) }), true)).toBe(1175);
  }, 300_000);

  // Polyform Puzzler, puzzler/puzzles/polytwigs1234.py: Polytwigs1234Hex1..Hex6, "1175", "1506", "2019", "2007", "958",
  // "962 solutions", each with P4 limited to 3 of its 12 aspects (flips None, rotations (0, 1, 2)). Hex3-Hex6 are less
  // symmetric than that limit, so their counts are of solutions under it: reproduced with Puzzler's own pieces
  // (examples/polytwigs-1234.json) and the same per-piece limit in our aspect convention.
  it('polytwigs: Puzzler’s own per-piece limit reproduces its six hexagon counts, all solutions counted', async () => {
    const set = JSON.parse(examplePieces('polytwigs-1234.json')) as { pieces: { name: string; flip?: boolean; rotations?: number[] }[] };
    Object.assign(
      set.pieces.find((p) => p.name === 'P4')!,
      { flip: false, rotations: [0, 1, 2] },
    );
    const holes: [number, Cell[]][] = [
      [
        1175,
        [
          [1, 1, 0],
          [1, 2, 0],
        ],
      ],
      [
        1506,
        [
          [0, 2, 0],
          [2, 1, 0],
        ],
      ],
      [
        2019,
        [
          [1, 2, 1],
          [2, 2, 2],
        ],
      ],
      [
        2007,
        [
          [1, 1, 2],
          [1, 2, 1],
        ],
      ],
      [
        958,
        [
          [1, 2, 2],
          [2, 1, 1],
        ],
      ],
      [
        962,
        [
          [1, 2, 2],
          [1, 1, 1],
        ],
      ],
    ];
    for (const [expected, cut] of holes) {
      const board = boardJson('hexagon-edges', without(shape('hexagon-edges', 'hexagon:2'), cut));
      expect(await count(build({ board, pieces: JSON.stringify(set) }), false)).toBe(expected);
    }
  }, 600_000);
});

describe('one-sided sets', () => {
  // One-sided counts of order 5 (order 4 for trigs), as cited in test/grids.test.ts: the free set made one-sided.
  it.each([
    ['square', 5, 18],
    ['triangle', 5, 6],
    ['hexagon', 5, 33],
    ['square-edges', 5, 99],
    ['triangle-edges', 4, 104],
    ['hexagon-edges', 5, 19],
  ] as const)('%s: --one-sided turns the free polyforms of order %i into the %i one-sided ones, none turned over', (grid, order, oneSided) => {
    const instance = build({ board: boardJson(grid, [[0, 0, 0]]), pieces: allPieces(grid, [order], {}, '0..1'), oneSided: true });
    expect(instance.spec.pieces).toHaveLength(oneSided);
    expect(instance.spec.pieces.every((p) => p.moves!.every((t) => !isMirror(t)))).toBe(true);
  });

  it('refuses a piece turned over ("flip": true) in a one-sided set, and --one-sided with --flip (regression: the piece kept its flip and got its twin too, an area mismatch, or its twin\'s placements twice)', () => {
    const pieces = JSON.stringify({
      grid: 'square',
      pieces: [
        {
          name: 'L',
          cells: [
            [0, 0],
            [0, 1],
            [1, 1],
          ],
        },
        {
          name: 'S',
          cells: [
            [0, 0],
            [1, 0],
            [1, 1],
            [2, 1],
          ],
          flip: true,
        },
      ],
    });
    const board = { board: '4x4', pieces, oneSided: true };
    expect(() => build(board)).toThrow(/^pieces: \$\.pieces\[1\]\.flip: true, which oneSided contradicts: a one-sided set turns no piece over$/);
    expect(() => build(board)).toThrow(UsageError);
    const file = join(scratch, 'one-sided.json');
    writeFileSync(file, pieces);
    const fromFile = (() => {
      try {
        build({ board: '4x4', piecesFile: file, oneSided: true });
      } catch (e) {
        return e as Error;
      }
    })();
    expect([fromFile instanceof UserError && !(fromFile instanceof UsageError), fromFile?.message]).toEqual([
      true,
      `${file}: $.pieces[1].flip: true, which oneSided contradicts: a one-sided set turns no piece over`,
    ]);
    expect(() => build({ board: '4x4', pieces: 'free:4', oneSided: true, flip: true })).toThrow(
      /^oneSided and flip contradict each other: a one-sided set turns no piece over/,
    );
    // --no-flip says what --one-sided says already: no contradiction.
    expect(build({ board: '2x4', pieces: 'free:4*0..1', oneSided: true, flip: false }).spec.pieces).toHaveLength(7);
  });

  it('keeps the board’s reflections when two pieces share a chiral shape, each mapped onto its own twin (regression: the side-2 hexagon of triangles got 6 symmetries, not 12)', async () => {
    const grid = GRIDS.triangle;
    // The polyiamonds of orders 1 to 4: the straight tetriamond is the one chiral shape among them.
    const shapes = polyforms(grid, 4).flat();
    const piece = (name: string, cells: readonly Cell[], count: string) => ({ name, cells: cells.map((c) => cellNumbers(grid, c)), count });
    const whole = build({
      board: boardJson('triangle', [[0, 0, 0]]),
      pieces: JSON.stringify({ grid: 'triangle', pieces: shapes.map((s, i) => piece(`S${i}`, s, '0..1')) }),
      oneSided: true,
    });
    const bar = shapes.find((_, i) => whole.spec.pieces.some((p) => p.name === `s${i}`))!;
    expect(whole.spec.pieces).toHaveLength(shapes.length + 1);
    const others = shapes.filter((s) => s !== bar).map((s, i) => piece(`S${i}`, s, '0..1'));
    const oneSidedOn = (names: string[], placed: string) =>
      build({
        grid: 'triangle',
        board: 'hexagon:2',
        pieces: JSON.stringify({ grid: 'triangle', pieces: [...names.map((n) => piece(n, bar, placed)), ...others] }),
        oneSided: true,
      });
    // Three bars and their twins, any of them: the group alone (the solutions are too many to list here).
    expect(oneSidedOn(['A', 'B', 'C'], '0..1').symmetries).toHaveLength(12);
    // Bars A and B placed, and any of the other shapes (1,704 solutions by dancing links).
    const instance = oneSidedOn(['A', 'B'], '1');
    expect(instance.spec.pieces.filter((p) => /^[ab]$/.test(p.name)).map((p) => p.name)).toEqual(['a', 'b']);
    expect(instance.symmetries).toHaveLength(12);
    // The classes: SAT's and dancing links' (class for class), orbits of all solutions under the 12, and Burnside's count.
    const solutions = await byDancingLinks(instance, false);
    const orbits = new Set(solutions.keys.map((k) => classKey(instance, k.split(',').map(Number)))).size;
    expect(orbits).toBeGreaterThan(0);
    expect(await count(instance, true)).toBe(orbits);
    expect((await countInstance(instance, { unique: true })).count).toBe(BigInt(orbits));
  });

  it('keeps the board’s reflections when a piece without its mirror twin fits nowhere on the board (regression: an S4 that cannot be placed took them away, 2 classes for 1)', async () => {
    // The L-tromino board tiled by a monomino and a domino, none turned over: 2 tilings, mirror images of each other
    // under the board's one reflection (counted by hand), so 1 class. The S4 may stay out and fits nowhere: the same 2
    // tilings, the same 1 class (an independent brute-force tiler and its own orbit count agree).
    const on = (pieces: string) => build({ grid: 'square', board: '.#/..', pieces, flip: false });
    for (const instance of [on('A=#,B=##'), on('A=#,B=##,D*0..1=##./.##')]) {
      expect(instance.symmetries).toHaveLength(2);
      expect(await count(instance, false)).toBe(2);
      expect(await count(instance, true)).toBe(1);
      expect((await countInstance(instance, { unique: true })).count).toBe(1n);
    }
  });
});

describe("--symmetry rotations: classes under the board's rotations alone", () => {
  it.each([
    // [grid, board, pieces, isometries, rotations]: a square, a hexagon, a triangle (D3), a box of cubes, and the edges of each planar grid.
    ['square', '4x4', 'free:1*16', 8, 4],
    ['hexagon', 'hexagon:2', 'free:1*7', 12, 6],
    ['triangle', 'triangle:2', 'free:1*4', 6, 3],
    ['cube', '2x2x2', 'free:1*8', 48, 24],
    ['square-edges', '2x2', 'free:1*12', 8, 4],
    ['triangle-edges', 'triangle:2', 'free:1*9', 6, 3],
    ['hexagon-edges', 'hexagon:1', 'free:1*6', 12, 6],
  ] as const)('%s %s (%s): %i symmetries, %i of them rotations', (grid, board, pieces, isometries, rotations) => {
    expect(polyform({ grid, board, pieces }).symmetries).toHaveLength(isometries);
    expect(polyform({ grid, board, pieces, symmetry: 'isometries' }).symmetries).toHaveLength(isometries);
    expect(polyform({ grid, board, pieces, symmetry: 'rotations' }).symmetries).toHaveLength(rotations);
  });

  it("3x20 pentominoes: 2 classes under the rectangle's 4 symmetries, 4 under its half turn (8 solutions, none symmetric; Wikipedia, Pentomino)", async () => {
    const board = { board: '3x20', pieces: 'free:5' };
    expect((await countInstance(polyform(board), { unique: true })).count).toBe(2n);
    const turned = polyform({ ...board, symmetry: 'rotations' });
    expect((await countInstance(turned, { unique: true })).count).toBe(4n);
    // The same classes as the orbits of every solution under the instance's group, by dancing links.
    const all = await byDancingLinks(turned, false);
    expect(all.count).toBe(8);
    expect(new Set(all.keys.map((k) => classKey(turned, k.split(',').map(Number)))).size).toBe(4);
  });
});

describe('free:K, every polyform of order K, each once as the pieces move', () => {
  const pieces = (grid: GridName, order: number, options: Partial<PolyformOptions>) =>
    build({ board: boardJson(grid, [[0, 0, 0]]), pieces: `free:${order}*0..1`, ...options }).spec.pieces.length;

  // OEIS counts of orders 1-6 (1-5 for polyhexes and polycubes), as test/grids.test.ts cites them for the generator.
  it.each([
    // Pieces that are turned over (the plane's default, or --flip): a shape and its mirror image are one piece.
    ['square', {}, 'A000105', [1, 1, 2, 5, 12, 35]],
    ['triangle', {}, 'A000577', [1, 1, 1, 3, 4, 12]],
    ['hexagon', {}, 'A000228', [1, 1, 3, 7, 22]],
    ['cube', { flip: true }, 'A038119', [1, 1, 2, 7, 23]],
    // Pieces that are not (the cube's default, or --no-flip): a chiral shape and its mirror image are two, or one could not be placed
    // (regression: free:4 on cubes gave 7 tetracubes, one of the chiral pair missing, as free:5 gave 23 of the 29 pentacubes).
    ['cube', {}, 'A000162', [1, 1, 2, 8, 29]],
    ['square', { flip: false }, 'A000988', [1, 1, 2, 7, 18, 60]],
    // --one-sided adds the mirror images itself: each chiral tetracube once, not twice.
    ['cube', { oneSided: true }, 'A000162', [1, 1, 2, 8, 29]],
  ] as const)('%s %o: free:1 … free:K give %s', (grid, options, _oeis, counts) => {
    expect(counts.map((_, i) => pieces(grid, i + 1, options))).toEqual(counts);
  });
});

describe('explain on the other grids', () => {
  const families = (instance: PackingInstance) => instance.cnf.familyCounts();
  it.each([
    ['sticks with crossings, optional sticks, ranges and a total', 'square-edges', 'compact'],
    ['trigs with crossings, pairwise', 'triangle-edges', 'pairwise'],
    ['hexagons with optional cells, pairwise', 'hexagon', 'pairwise'],
  ] as const)('%s: every family’s formula gives the clauses and auxiliaries built', (_what, grid, nonOverlap) => {
    const cells =
      grid === 'hexagon'
        ? Array.from({ length: 9 }, (_, i): Cell => [i % 3, Math.floor(i / 3), 0])
        : grid === 'square-edges'
          ? shape('square-edges', '2x2')
          : shape('triangle-edges', '2x2');
    const instance = build({
      board: boardJson(grid, cells.slice(2), cells.slice(0, 2)),
      // Five pieces for the 14 required trig edges: four of at most 3 cannot cover them, and the area checks refuse that.
      pieces: allPieces(grid, [2, 3], { use: grid === 'triangle-edges' ? '1..5' : '1..4' }, '0..1'),
      nonOverlap,
    });
    const e = explain(instance);
    expect(e.families.map((f) => f.name)).toEqual(families(instance).map((f) => f.name));
    expect(e.families.map((f) => f.name)).toEqual(expect.arrayContaining(['optional-cells', 'pieces-used']));
    if (grid !== 'hexagon') expect(e.families.map((f) => f.name)).toContain('no-crossing');
    for (const f of e.families) expect([f.formula!.clauses, f.formula!.auxVars], `${f.name}: ${f.formula!.text}`).toEqual([f.clauses, f.auxVars]);
  });
});

describe('encoding defaults', () => {
  it('every packing built without encodings gets the one declared default, and records it', async () => {
    const { PACKING_DEFAULTS } = await import('../encoders/packing.js');
    const { polyomino } = await import('../encoders/polyomino.js');
    const { polycube } = await import('../encoders/polycube.js');
    const { geniusSquare } = await import('../encoders/genius-square.js');
    const built = [
      polyomino({ board: '5x2', pieces: 'L,I' }),
      polycube({ figure: '2x2x1', pieces: 'Q=##/#.,M=#' }),
      polyform({ board: '3x2', grid: 'square', pieces: 'L3,I3' }),
      geniusSquare({ random: true, seed: 1 }),
    ];
    for (const instance of built) {
      expect(instance.spec).toMatchObject({ nonOverlap: 'compact', amo: PACKING_DEFAULTS.amo, card: PACKING_DEFAULTS.card });
      expect(instance.params.amo).toBe(PACKING_DEFAULTS.amo);
    }
  });
});

describe('solutions written as their grid writes cells', () => {
  it('keeps z on a cube board lying at z = 0 (regression: [[0,0,0],[1,0,0]] came back as [[0,0],[1,0]], z only at z ≠ 0)', () => {
    const board = '{"grid":"cube","cells":[[0,0,0],[1,0,0]]}';
    const pieces = '{"grid":"cube","pieces":[{"name":"A","cells":[[0,0,0],[1,0,0]]}]}';
    const instance = polyform({ board, pieces });
    const [placement] = instance.placements;
    const json = instance.toJson(instance.decode([placement!.variable])) as { placements: { cells: number[][] }[] };
    expect(json.placements[0]!.cells).toEqual([
      [0, 0, 0],
      [1, 0, 0],
    ]);
  });

  it('writes a flat polycube figure, on the square grid, as (x, y) as it always has', async () => {
    const { polycube } = await import('../encoders/polycube.js');
    const instance = polycube({ figure: '2x1x1', pieces: 'D=##' });
    const json = instance.toJson(instance.decode([instance.placements[0]!.variable])) as { placements: { cells: number[][] }[] };
    expect(json.placements[0]!.cells).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });
});

describe('inline art that names a directory too', () => {
  it('is read as art: "." one cell, ".." two, "../.." the 2x2 square (regression: "../.." is not JSON, WxH or inline art, nor a readable file)', async () => {
    // The tests run in the checkout, where ".", ".." and "../.." are directories; no directory is a board file.
    const cells = (instance: PackingInstance) => (JSON.parse(instance.params.board as string) as { cells: unknown[] }).cells.length;
    expect(cells(polyform({ board: '.', grid: 'hexagon', pieces: 'A=#' }))).toBe(1);
    expect(cells(polyform({ board: '..', pieces: 'A=##' }))).toBe(2);
    const square = polyform({ board: '../..', pieces: 'A=##,B=##' });
    expect(cells(square)).toBe(4);
    expect((await countInstance(square, {})).count).toBe(4n);
    // A pieces file is a file (or JSON): a directory named there is refused as one, never read as art.
    expect(() => polyform({ board: '2x1', piecesFile: '.' })).toThrow(/"\." is not a pieces file, nor a readable file/);
  });

  it("an empty board or pieces file is a usage error, as polyomino's empty --board is (regression: a file that could not be read, exit 1)", () => {
    expect(() => polyform({ board: '', pieces: 'A=#' })).toThrow(UsageError);
    expect(() => polyform({ board: '', pieces: 'A=#' })).toThrow(/^board: an empty value; give /);
    expect(() => polyform({ board: '1x1', piecesFile: ' ' })).toThrow(UsageError);
  });
});
