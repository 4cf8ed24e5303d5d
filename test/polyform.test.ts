import { describe, expect, it, beforeAll } from 'vitest';
import { polyform, type PolyformOptions } from '../encoders/polyform.js';
import type { PackingInstance } from '../encoders/packing.js';
import type { Cell } from '../src/geometry/cells.js';
import { inlineArt, parsePieceArt } from '../src/geometry/shapes.js';
import { SOMA_PIECES } from '../encoders/polycube.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { pickSolver } from '../solvers/index.js';
import type { SolverFactory } from '../solvers/types.js';
import { byDancingLinks, listing } from './helpers/listing.js';
import { allPieces, boardJson, examplePieces, stickRectangle, trigParallelogram, twigHexagon, without } from './helpers/polyform-fixtures.js';

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
    const opposite = without(stickRectangle(4, 4), [
      [0, 0, 0],
      [0, 0, 1],
      [2, 3, 0],
      [3, 2, 1],
    ]);
    const oneSide = without(stickRectangle(4, 4), [
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
    const board = without(trigParallelogram(5, 2), [[2, 1, 0]]);
    expect(await count(build({ board: boardJson('triangle-edges', board), pieces: allPieces('triangle-edges', [3]) }), true)).toBe(9);
  }, 300_000);

  // Polyform Puzzler, puzzler/puzzles/polytwigs1234.py: Polytwigs1234Hex1, "1175 solutions".
  it('polytwigs: orders 1-4 in the side-2 hexagon less two twigs, 1175 solutions', async () => {
    const board = without(twigHexagon(2), [
      [1, 1, 0],
      [1, 2, 0],
    ]);
    expect(await count(build({ board: boardJson('hexagon-edges', board), pieces: allPieces('hexagon-edges', [1, 2, 3, 4]) }), true)).toBe(1175);
  }, 300_000);
});
