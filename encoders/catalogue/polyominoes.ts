import { adjust, family, only, pieceSet } from './define.js';
import { squares, translate, union, without } from './shapes.js';
import type { CataloguePuzzle } from './types.js';

/**
 * Polyomino puzzles: the 12 pentominoes, with the 2x2 square or a monomino
 * where a board needs them. Counts from Knuth's "Dancing Links" and Wikipedia
 * (the rectangles, the 8x8 boards), and Polyform Puzzler's pentomino page
 * (docstrings of puzzler/puzzles/pentominoes.py).
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/pentominoes.html';
const KNUTH = 'https://arxiv.org/abs/cs/0011047';
const WIKIPEDIA = 'https://en.wikipedia.org/wiki/Pentomino';

export const PENTOMINOES = pieceSet({
  F: [
    [1, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [1, 2],
  ],
  I: [
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 0],
  ],
  L: [
    [0, 0],
    [1, 0],
    [0, 1],
    [0, 2],
    [0, 3],
  ],
  N: [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
    [3, 1],
  ],
  P: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0, 2],
  ],
  T: [
    [1, 0],
    [1, 1],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  U: [
    [0, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  V: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [0, 2],
  ],
  W: [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [2, 2],
  ],
  X: [
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [1, 2],
  ],
  Y: [
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [1, 1],
  ],
  Z: [
    [0, 2],
    [1, 2],
    [1, 1],
    [1, 0],
    [2, 0],
  ],
});
const WITH_SQUARE = [
  ...PENTOMINOES,
  {
    name: 'O4',
    cells: [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ],
  },
];
const WITH_MONOMINO = [...PENTOMINOES, { name: 'M1', cells: [[0, 0]] }];

const pentomino = family('polyominoes', 'square', PENTOMINOES, PUZZLER);
const pentominoSquare = family('polyominoes', 'square', WITH_SQUARE, PUZZLER);
const P_FIXED = only('P', null, null);
const P_UNFLIPPED = only('P', undefined, null);

const rect = (w: number, h: number, x = 0, y = 0) => translate(squares(w, h), [x, y]);
const plus = union(rect(11, 3, 0, 4), rect(3, 11, 4, 0), rect(5, 5, 3, 3));
const broadCross = union(rect(10, 4, 0, 2), rect(6, 8, 2, 0));

export const POLYOMINO_PUZZLES: CataloguePuzzle[] = [
  ...(
    [
      [10, 6, 2339],
      [12, 5, 1010],
      [15, 4, 368],
      [20, 3, 2],
    ] as const
  ).map(([w, h, count]) =>
    pentomino(`pentominoes-${h}x${w}`, {
      board: squares(w, h),
      count,
      counts: 'classes',
      source: KNUTH,
      note: `Knuth, Dancing Links (2000), 'Pentominoes' (also Wikipedia, Pentomino; Puzzler Pentominoes${h}x${w}): rotations and reflections of the rectangle identified`,
    }),
  ),
  pentomino('pentominoes-8x8-centre-hole', {
    board: without(squares(8, 8), rect(2, 2, 3, 3)),
    count: 65,
    counts: 'classes',
    source: WIKIPEDIA,
    note: "Dana Scott's 1958 board, 65 solutions up to symmetry (Wikipedia, Pentomino; Knuth, Dancing Links; Puzzler Pentominoes8x8CenterHole)",
  }),
  pentomino('pentominoes-8x8-without-corners', {
    board: without(squares(8, 8), [
      [0, 0],
      [7, 0],
      [0, 7],
      [7, 7],
    ]),
    count: 2170,
    counts: 'restricted',
    perClass: true,
    restriction: P_FIXED,
    note: 'Puzzler Pentominoes8x8WithoutCorners: P in one aspect',
  }),
  pentominoSquare('pentominoes-square-tetromino-8x8', {
    board: squares(8, 8),
    count: 16146,
    counts: 'restricted',
    perClass: true,
    restriction: P_FIXED,
    source: KNUTH,
    note: 'the 2x2 square placed anywhere: Knuth, Dancing Links (2000); Puzzler PentominoesPlusSquareTetromino8x8 with P in one aspect',
  }),
  pentominoSquare('pentominoes-square-tetromino-triangle', {
    board: squares(15, 8, (x, y) => y <= x && y < 15 - x),
    count: 473,
    counts: 'restricted',
    perClass: true,
    restriction: P_UNFLIPPED,
    note: 'Puzzler PentominoesPlusSquareTetrominoTriangle: P not turned over',
  }),
  pentomino('pentominoes-triangle', {
    board: squares(10, 10, (x, y) => x + y >= 9),
    pieces: adjust(PENTOMINOES, { counts: Object.fromEntries('FILNTUVXYZ'.split('').map((n) => [n, '0..1'])) }),
    count: 580,
    counts: 'restricted',
    perClass: true,
    restriction: P_UNFLIPPED,
    note: 'Puzzler PentominoesTriangle: 11 of the 12 (any but P and W left out) in a 55-square staircase; P not turned over',
  }),
  pentomino('pentominoes-diamond', {
    board: squares(11, 10, (x, y) => x + y >= 5 && x + y <= 15 && x - y >= -5 && x - y <= 5),
    count: 8,
    counts: 'restricted',
    perClass: true,
    restriction: P_UNFLIPPED,
    note: 'Puzzler PentominoesDiamond: P not turned over',
  }),
  pentomino('pentominoes-trapezoid', {
    board: squares(11, 11, (x, y) => x + y >= 10 && x + y < 18),
    count: 140,
    counts: 'restricted',
    perClass: true,
    restriction: P_UNFLIPPED,
    note: 'Puzzler PentominoesTrapezoid: P not turned over',
  }),
  pentomino('pentominoes-trapezoid-2', {
    board: squares(14, 14, (x, y) => x + y >= 13 && x + y < 18),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentominoesTrapezoid2',
  }),
  pentomino('pentominoes-chevron-1', {
    board: squares(11, 11, (x, y) => x + y >= 10 && (x > 6 || y > 6)),
    count: 101,
    counts: 'restricted',
    perClass: true,
    restriction: P_UNFLIPPED,
    note: 'Puzzler PentominoesChevron1: P not turned over',
  }),
  pentomino('pentominoes-chevron-2', {
    board: squares(11, 11, (x, y) => (x > 6 || y > 6) && y - x >= -7 && y - x <= 7),
    count: 82,
    counts: 'restricted',
    perClass: true,
    restriction: P_UNFLIPPED,
    note: 'Puzzler PentominoesChevron2: P not turned over',
  }),
  pentomino('pentominoes-cross-1', {
    board: without(plus, [[5, 5]]),
    count: 14,
    counts: 'restricted',
    perClass: true,
    restriction: P_FIXED,
    note: 'Puzzler PentominoesCross1: P in one aspect',
  }),
  pentomino('pentominoes-monomino-cross-1', {
    board: plus,
    pieces: WITH_MONOMINO,
    count: 366,
    counts: 'restricted',
    perClass: true,
    restriction: P_FIXED,
    note: 'Puzzler PentominoesPlusMonominoCross1 (suggested by Dan Klarskov): the monomino anywhere, P in one aspect',
  }),
  pentominoSquare('pentominoes-square-tetromino-cross-1', {
    board: broadCross,
    count: 5380,
    counts: 'restricted',
    perClass: true,
    restriction: only('P', [0, 1], null),
    note: 'Puzzler PentominoesPlusSquareTetrominoCross1 (design by Dan Klarskov): P not turned over, in rotations 0-1',
  }),
  pentomino('pentominoes-cross-2', {
    board: without(broadCross, rect(2, 2, 4, 3)),
    count: 84,
    counts: 'restricted',
    perClass: true,
    restriction: only('P', [0, 1], null),
    note: 'Puzzler PentominoesCross2 (design by Dan Klarskov): P not turned over, in rotations 0-1',
  }),
];
