import { adjust, family, oneSided, only, pieceSet } from './define.js';
import { sticks, sticksDiamond, sticksUnbordered, without } from './shapes.js';
import type { CataloguePuzzle, Coord, PieceSpec } from './types.js';

/**
 * Polystick puzzles: tetrasticks and polysticks of orders 1-3 on the edges of
 * the square grid, pieces touching but never crossing. Counts from Knuth's
 * "Dancing Links" (the 1795 tetrastick squares) and Polyform Puzzler's
 * polystick page (docstrings of puzzler/puzzles/tetrasticks.py and
 * polysticks123.py).
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/polysticks.html';

/** Puzzler's tetrasticks, every segment listed. */
export const TETRASTICKS: PieceSpec[] = pieceSet({
  I: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
    [3, 0, 0],
  ],
  L: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
    [3, 0, 1],
  ],
  Y: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
    [2, 0, 1],
  ],
  V: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 1],
    [2, 1, 1],
  ],
  T: [
    [0, 0, 0],
    [1, 0, 0],
    [1, 0, 1],
    [1, 1, 1],
  ],
  X: [
    [0, 1, 0],
    [1, 1, 0],
    [1, 0, 1],
    [1, 1, 1],
  ],
  U: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 0, 1],
    [2, 0, 1],
  ],
  N: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 1],
    [2, 1, 0],
  ],
  J: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 1],
    [1, 1, 0],
  ],
  H: [
    [0, 0, 0],
    [1, 0, 0],
    [1, 0, 1],
    [1, 1, 0],
  ],
  F: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 0, 1],
    [1, 0, 1],
  ],
  Z: [
    [0, 0, 1],
    [0, 1, 0],
    [1, 1, 0],
    [2, 1, 1],
  ],
  R: [
    [0, 0, 1],
    [0, 1, 0],
    [1, 1, 0],
    [1, 1, 1],
  ],
  W: [
    [0, 0, 0],
    [1, 0, 1],
    [1, 1, 0],
    [2, 1, 1],
  ],
  P: [
    [0, 0, 1],
    [0, 1, 0],
    [1, 0, 1],
    [1, 0, 0],
  ],
  O: [
    [0, 0, 0],
    [1, 0, 1],
    [0, 1, 0],
    [0, 0, 1],
  ],
});

/** Puzzler's polysticks of orders 1-3. */
export const POLYSTICKS_123: PieceSpec[] = pieceSet({
  I1: [[0, 0, 0]],
  I2: [
    [0, 0, 0],
    [1, 0, 0],
  ],
  V2: [
    [0, 0, 0],
    [0, 0, 1],
  ],
  I3: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
  ],
  L3: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 1],
  ],
  T3: [
    [0, 0, 0],
    [1, 0, 0],
    [1, 0, 1],
  ],
  Z3: [
    [0, 1, 0],
    [1, 0, 1],
    [1, 0, 0],
  ],
  U3: [
    [0, 0, 1],
    [0, 0, 0],
    [1, 0, 1],
  ],
});

/** Puzzler's mirror of a segment: about the vertical x = -1/2. */
export const mirrorStick = ([x, y, d]: Coord): Coord => [-x! + d! - 1, y!, d!];

/** The welded tetrasticks (a point where three or more segments meet), one-sided: 10 pieces. */
const WELDED = oneSided(
  TETRASTICKS.filter((p) => 'FHRTXY'.includes(p.name)),
  mirrorStick,
  ['F', 'H', 'R', 'Y'],
);

/** 15 of the 16: one of H, J, L, N, Y (those that unbalance the set) is left out. */
const FIFTEEN = adjust(TETRASTICKS, { counts: { H: '0..1', J: '0..1', L: '0..1', N: '0..1', Y: '0..1' } });
const withoutPiece = (name: string) => adjust(TETRASTICKS, { omit: [name] });

const tetrastick = family('polysticks', 'square-edges', FIFTEEN, PUZZLER);
const stick123 = family('polysticks', 'square-edges', POLYSTICKS_123, PUZZLER);
const welded = family('polysticks', 'square-edges', WELDED, PUZZLER);
const P_FIXED = only('P', null, null);
const KNUTH = 'https://arxiv.org/abs/cs/0011047';

const byOmitted: [string, number][] = [
  ['H', 72],
  ['J', 382],
  ['L', 607],
  ['N', 530],
  ['Y', 204],
];

export const POLYSTICK_PUZZLES: CataloguePuzzle[] = [
  tetrastick('tetrasticks-6x6', {
    board: sticks(6, 6),
    count: 1795,
    counts: 'restricted',
    perClass: true,
    restriction: P_FIXED,
    source: KNUTH,
    note: "the 5x5 square of 15 tetrasticks, one of H J L N Y left out: Knuth, Dancing Links (2000), 'Polysticks'; Puzzler Tetrasticks6x6 agrees with P in one aspect",
  }),
  ...byOmitted.map(([name, count]) =>
    tetrastick(`tetrasticks-6x6-without-${name.toLowerCase()}`, {
      board: sticks(6, 6),
      pieces: withoutPiece(name),
      count,
      counts: 'restricted',
      perClass: true,
      restriction: P_FIXED,
      note: `Puzzler Tetrasticks6x6: the ${count} solutions omitting ${name}, P in one aspect`,
    }),
  ),
  tetrastick('tetrasticks-aztec-diamond', {
    board: sticks(7, 7, (x, y, d) => x + y >= 2 && x + y <= 9 && y + d - x >= -3 && y + d - x <= 4),
    count: 3,
    counts: 'restricted',
    perClass: true,
    restriction: P_FIXED,
    note: 'Puzzler TetrasticksAztecDiamond: 15 of the 16, P in one aspect',
  }),
  tetrastick('tetrasticks-7x7-unbordered', {
    board: sticksUnbordered(7, 7),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Tetrasticks7x7Unbordered: 15 of the 16',
  }),
  welded('one-sided-welded-tetrasticks-5x5', {
    board: sticks(5, 5),
    count: 3,
    counts: 'classes',
    note: 'Puzzler OneSidedWeldedTetrasticks5x5: duplicates under the square group removed (mirror images relabelled)',
  }),
  welded('one-sided-welded-tetrasticks-triangle', {
    board: sticks(6, 6, (x, y) => x + y <= 5),
    count: 9,
    counts: 'classes',
    note: 'Puzzler OneSidedWeldedTetrasticksTriangle: duplicates under its mirror removed (mirror images relabelled)',
  }),
  welded('one-sided-welded-tetrasticks-trapezoid', {
    board: sticks(8, 4, (x, y, d) => x + y < 8 && y - x + d <= 1),
    count: 7,
    counts: 'classes',
    note: 'Puzzler OneSidedWeldedTetrasticksTrapezoid: duplicates under its mirror removed (mirror images relabelled)',
  }),
  welded('one-sided-welded-tetrasticks-5x2-diamond-lattice', {
    board: sticksDiamond(5, 2),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedWeldedTetrasticks5x2DiamondLattice',
  }),
  welded('one-sided-welded-tetrasticks-6x6-unbordered', {
    board: sticksUnbordered(6, 6),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedWeldedTetrasticks6x6Unbordered',
  }),
  stick123('polysticks-123-4x4-clipped-corners-1', {
    board: without(sticks(4, 4), [
      [0, 0, 0],
      [0, 0, 1],
      [2, 3, 0],
      [3, 2, 1],
    ]),
    count: 21,
    counts: 'restricted',
    perClass: true,
    restriction: only('L3', [0, 1], null),
    note: 'Puzzler Polysticks123_4x4ClippedCorners1: L3 not turned over, in rotations 0-1',
  }),
  stick123('polysticks-123-4x4-clipped-corners-2', {
    board: without(sticks(4, 4), [
      [0, 3, 0],
      [0, 2, 1],
      [2, 3, 0],
      [3, 2, 1],
    ]),
    count: 132,
    counts: 'restricted',
    perClass: true,
    restriction: only('L3', undefined, null),
    note: 'Puzzler Polysticks123_4x4ClippedCorners2: L3 not turned over',
  }),
];
