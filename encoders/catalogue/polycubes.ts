import { family, pieceSet } from './define.js';
import { cubes, union, without } from './shapes.js';
import type { CataloguePuzzle } from './types.js';
import { PENTOMINOES } from './polyominoes.js';

/**
 * Polycube puzzles: Soma figures and solid pentominoes. Counts from Wikipedia
 * (the Soma cube) and Polyform Puzzler's polycube page (docstrings of
 * puzzler/puzzles/somacubes.py and solid_pentominoes.py). Soma's screws A and
 * B are mirror images, so Puzzler removes duplicates under rotations only
 * (`symmetry: 'rotations'`); solid pentominoes turn over in space, so their
 * classes are under all isometries.
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/polycubes.html';

export const SOMA = pieceSet({
  V: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
  ],
  L: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
    [0, 1, 0],
  ],
  T: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
    [1, 1, 0],
  ],
  Z: [
    [1, 0, 0],
    [2, 0, 0],
    [0, 1, 0],
    [1, 1, 0],
  ],
  A: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [1, 0, 1],
  ],
  B: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 1, 1],
  ],
  P: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
}).map((p) => ({ ...p, flip: false }));

export const SOLID_PENTOMINOES = PENTOMINOES.map((p) => ({ ...p, cells: p.cells.map(([x, y]) => [x!, y!, 0]) }));

const soma = family('polycubes', 'cube', SOMA, PUZZLER);
const solid = family('polycubes', 'cube', SOLID_PENTOMINOES, PUZZLER);

/** Puzzler's rotation classes: duplicates under the figure's rotations removed (the screws make reflections another solution). */
const somaClasses = (name: string, board: ReturnType<typeof cubes>, count: number, puzzler: string) =>
  soma(name, { board, count, counts: 'classes', symmetry: 'rotations', note: `Puzzler ${puzzler}: duplicates under the figure's rotations removed` });
/** Puzzler's figures without duplicate removal: the figure has no rotation but the identity, so every solution counts. */
const somaAll = (name: string, board: ReturnType<typeof cubes>, count: number, puzzler: string) =>
  soma(name, { board, count, counts: 'solutions', note: `Puzzler ${puzzler}: all solutions (no rotation maps the figure to itself)` });

/** Puzzler's SolidPentominoesRing: the walls of a w x h x d box open at the ends of y. */
const ring = (w: number, h: number, d: number) => cubes(w, h, d, (x, _y, z) => x === 0 || x === w - 1 || z === 0 || z === d - 1);
const ringPuzzle = (w: number, h: number, d: number, count: number) =>
  solid(`solid-pentominoes-ring-${h}x${d}x${w}`, {
    board: ring(w, h, d),
    count,
    counts: 'classes',
    symmetry: 'isometries',
    note: `Puzzler SolidPentominoes${h}x${d}x${w}Ring: duplicates under the ring's reflections removed`,
  });

/** Puzzler's Soma castles: a 5x5 floor with a tower on each corner. */
const castle = union(cubes(5, 5, 1), [
  [0, 0, 1],
  [0, 4, 1],
  [4, 0, 1],
  [4, 4, 1],
]);

export const POLYCUBE_PUZZLES: CataloguePuzzle[] = [
  soma('soma-cube', {
    board: cubes(3, 3, 3),
    count: 240,
    counts: 'classes',
    symmetry: 'isometries',
    source: 'https://en.wikipedia.org/wiki/Soma_cube',
    note: 'Wikipedia, Soma cube: 240 solutions up to rotation and reflection (Conway and Guy); Puzzler Soma3x3x3 agrees',
  }),
  somaAll(
    'soma-crystal',
    cubes(3, 3, 5, (x, y, z) => x + y <= z),
    2800,
    'SomaCrystal',
  ),
  somaAll(
    'soma-long-wall',
    cubes(6, 6, 2, (x, y, z) => x + y >= 4 && x + y <= 6 - z),
    104,
    'SomaLongWall',
  ),
  somaClasses(
    'soma-high-wall',
    cubes(5, 5, 3, (x, y) => x + y >= 3 && x + y <= 4),
    46,
    'SomaHighWall',
  ),
  soma('soma-bench', { board: cubes(9, 2, 2, (_x, y, z) => y + z < 2), count: 0, counts: 'solutions', note: 'Puzzler SomaBench' }),
  somaClasses(
    'soma-steps',
    cubes(5, 3, 3, (x, _y, z) => z <= x && x <= 4 - z),
    164,
    'SomaSteps',
  ),
  somaClasses(
    'soma-bathtub',
    cubes(5, 3, 2, (x, y, z) => z !== 1 || x === 0 || x === 4 || y === 0 || y === 2),
    158,
    'SomaBathtub',
  ),
  somaClasses(
    'soma-curved-wall',
    cubes(5, 3, 3, (x, y) => (y === 2 && x >= 1 && x <= 3) || (y === 1 && x !== 2) || (y === 0 && (x === 0 || x === 4))),
    66,
    'SomaCurvedWall',
  ),
  soma('soma-square-wall', {
    board: cubes(5, 3, 3, (x, y) => y === 2 || x === 0 || x === 4),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler SomaSquareWall',
  }),
  somaClasses(
    'soma-sofa',
    cubes(5, 3, 3, (x, y, z) => z === 0 || y === 0 || ((x === 0 || x === 4) && z === 1 && y === 1)),
    32,
    'SomaSofa',
  ),
  somaAll(
    'soma-cornerstone',
    cubes(5, 5, 5, (x, y, z) => (z === 0 && x + y <= 4) || (x === 0 && z + y <= 4) || (z === 1 && x === 1 && y <= 1)),
    10,
    'SomaCornerstone',
  ),
  soma('soma-w', {
    board: cubes(5, 5, 3, (x, y) => (x === 0 || x === 2 || y === 0 || y === 2) && x + y >= 2 && x + y <= 4),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Soma_W',
  }),
  somaClasses(
    'soma-skew-1',
    cubes(5, 3, 3, (x, y) => x + y >= 2 && x + y <= 4),
    244,
    'SomaSkew1',
  ),
  somaClasses(
    'soma-skew-2',
    cubes(7, 3, 3, (x, y) => x + 2 * y >= 4 && x + 2 * y <= 6),
    14,
    'SomaSkew2',
  ),
  somaClasses(
    'soma-steamer',
    cubes(5, 5, 3, (x, y, z) => y >= z && y < 5 - z && x >= z && x < 5 - z && x + y + z >= 2 + 2 * z && x + y + z <= 6),
    152,
    'SomaSteamer',
  ),
  somaClasses(
    'soma-tunnel',
    cubes(5, 3, 3, (x, y) =>
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [1, 2],
        [2, 2],
        [3, 2],
        [3, 1],
        [3, 0],
        [4, 0],
      ].some(([a, b]) => a === x && b === y),
    ),
    26,
    'SomaTunnel',
  ),
  somaAll(
    'soma-screw',
    union(
      without(cubes(3, 4, 3), [
        [0, 0, 1],
        [0, 0, 2],
        [1, 0, 2],
        [1, 1, 2],
        [2, 1, 2],
        [2, 1, 1],
        [2, 2, 1],
        [2, 2, 0],
        [1, 2, 0],
        [1, 3, 0],
        [0, 3, 0],
        [0, 3, 1],
      ]),
      [
        [2, 4, 2],
        [2, 4, 1],
        [1, 4, 1],
      ],
    ),
    14,
    'SomaScrew',
  ),
  somaClasses(
    'soma-clip',
    cubes(4, 4, 3, (x, y) => y === 0 || x === 0 || (x === 3 && y === 1) || (y === 3 && x === 1)),
    20,
    'SomaClip',
  ),
  somaAll(
    'soma-castle-1',
    without(castle, [
      [4, 4, 0],
      [4, 4, 1],
    ]),
    6,
    'SomaCastle1',
  ),
  somaClasses(
    'soma-castle-2',
    without(castle, [
      [2, 0, 0],
      [2, 4, 0],
    ]),
    10,
    'SomaCastle2',
  ),
  solid('solid-pentominoes-2x3x10', {
    board: cubes(10, 3, 2),
    count: 12,
    counts: 'classes',
    symmetry: 'isometries',
    note: 'Puzzler SolidPentominoes2x3x10: X kept to one quarter and F not turned over, one solution per class',
  }),
  solid('solid-pentominoes-2x5x6', {
    board: cubes(6, 5, 2),
    count: 264,
    counts: 'classes',
    symmetry: 'isometries',
    note: 'Puzzler SolidPentominoes2x5x6: X kept to one quarter (F not turned over when X is central), one solution per class',
  }),
  solid('solid-pentominoes-3x4x5', {
    board: cubes(5, 4, 3),
    count: 3940,
    counts: 'classes',
    symmetry: 'isometries',
    note: 'Puzzler SolidPentominoes3x4x5: I kept to one corner and duplicates under reflections removed',
  }),
  ringPuzzle(9, 3, 3, 3),
  ringPuzzle(8, 3, 4, 0),
  ringPuzzle(7, 3, 5, 1),
  ringPuzzle(6, 3, 6, 0),
  ringPuzzle(5, 5, 3, 186),
  ringPuzzle(4, 5, 4, 0),
  ringPuzzle(4, 6, 3, 46),
];
