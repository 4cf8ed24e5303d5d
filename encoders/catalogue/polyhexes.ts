import { family, pieceSet } from './define.js';
import { hexElongatedHexagon, hexes, hexHexagon, hexHexagram, hexTrapezoid, hexTriangle, union, without } from './shapes.js';
import type { CataloguePuzzle, Coord } from './types.js';

/**
 * Polyhex puzzles: the 7 tetrahexes, the trihexes and tetrahexes, and the
 * polyhexes of orders 1-4, on hexagonal cells. Counts from Polyform Puzzler's
 * polyhex pages and the docstrings of puzzler/puzzles/tetrahexes.py,
 * polyhexes34.py and polyhexes1234.py. Puzzler keeps P4 to some of its aspects
 * to count each class once (`restricted`).
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/polyhexes.html';

const MONOHEX = { H1: [] as Coord[] };
const DIHEX = { I2: [[1, 0]] };
const TRIHEXES = {
  I3: [
    [1, 0],
    [2, 0],
  ],
  V3: [
    [1, 0],
    [1, 1],
  ],
  A3: [
    [1, 0],
    [0, 1],
  ],
};
const TETRAHEXES = {
  I4: [
    [1, 0],
    [2, 0],
    [3, 0],
  ],
  J4: [
    [1, 0],
    [2, 0],
    [2, 1],
  ],
  P4: [
    [1, 0],
    [2, 0],
    [1, 1],
  ],
  S4: [
    [1, 0],
    [1, 1],
    [2, 1],
  ],
  U4: [
    [-1, 1],
    [1, 0],
    [1, 1],
  ],
  Y4: [
    [1, 0],
    [2, -1],
    [1, 1],
  ],
  O4: [
    [1, 0],
    [0, 1],
    [1, 1],
  ],
};

/** Puzzler's pieces: the cells besides (0, 0). */
export const TETRAHEX_SET = pieceSet(TETRAHEXES, [0, 0]);
export const POLYHEXES_34 = pieceSet({ ...TRIHEXES, ...TETRAHEXES }, [0, 0]);
export const POLYHEXES_1234 = pieceSet({ ...MONOHEX, ...DIHEX, ...TRIHEXES, ...TETRAHEXES }, [0, 0]);

const tetrahex = family('polyhexes', 'hexagon', TETRAHEX_SET, 'https://puzzler.sourceforge.net/docs/polyhexes.html#tetrahexes');
const polyhex34 = family('polyhexes', 'hexagon', POLYHEXES_34, 'https://puzzler.sourceforge.net/docs/polyhexes.html#polyhexes-of-order-3-4');
const polyhex1234 = family('polyhexes', 'hexagon', POLYHEXES_1234, PUZZLER);

const P4 = (rotations: readonly number[] | null | undefined, flips?: readonly number[] | null) => [
  { piece: 'P4', ...(rotations === undefined ? {} : { rotations }), ...(flips === undefined ? {} : { flips }) },
];

const crown = (holes: readonly Coord[]) =>
  union(without(hexHexagram(3), holes), [
    [1, 4],
    [7, 1],
    [4, 7],
  ]);

export const POLYHEX_PUZZLES: CataloguePuzzle[] = [
  tetrahex('tetrahexes-4x7', {
    board: hexes(7, 4),
    count: 9,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2]),
    note: 'Puzzler Tetrahexes4x7: P4 in rotations 0-2',
  }),
  tetrahex('tetrahexes-7x7-triangle', {
    board: hexes(7, 7, (x, y) => x + y < 7),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Tetrahexes7x7Triangle',
  }),
  tetrahex('tetrahexes-3x10-clipped', {
    board: hexes(10, 3, (x, y) => x + y !== 0 && x + y !== 11),
    count: 2,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Tetrahexes3x10Clipped: P4 not turned over, in rotations 0-2',
  }),
  tetrahex('tetrahexes-coin', {
    board: hexes(7, 5, (x, y) => x + y > 1 && x + y < 9 && !(x === 3 && y === 2)),
    count: 4,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler TetrahexesCoin: P4 not turned over, in rotations 0-2',
  }),
  polyhex34('polyhexes-34-hexagon', {
    board: hexHexagon(4),
    count: 12290,
    counts: 'restricted',
    perClass: true,
    restriction: P4(null, null),
    note: 'Puzzler Polyhexes34Hexagon: P4 in one aspect',
  }),
  polyhex34('polyhexes-34-hexagram', {
    board: hexHexagram(3),
    count: 167,
    counts: 'restricted',
    perClass: true,
    restriction: P4(null, null),
    note: 'Puzzler Polyhexes34Hexagram: P4 in one aspect',
  }),
  polyhex34('polyhexes-34-trilobed-crown-1', {
    board: crown([
      [3, 5],
      [4, 3],
      [5, 4],
    ]),
    count: 127,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1], null),
    note: 'Puzzler Polyhexes34TrilobedCrown1: P4 not turned over, in rotations 0-1',
  }),
  polyhex34('polyhexes-34-trilobed-crown-2', {
    board: crown([
      [3, 4],
      [4, 5],
      [5, 3],
    ]),
    count: 159,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1], null),
    note: 'Puzzler Polyhexes34TrilobedCrown2: P4 not turned over, in rotations 0-1',
  }),
  polyhex1234('polyhexes-1234-4x10', {
    board: hexes(10, 4),
    count: 3665348,
    counts: 'restricted',
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Polyhex1234_4x10: P4 not turned over, in rotations 0-2',
  }),
  polyhex1234('polyhexes-1234-5x8', {
    board: hexes(8, 5),
    count: 7578295,
    counts: 'restricted',
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Polyhex1234_5x8: P4 not turned over, in rotations 0-2',
  }),
  polyhex1234('polyhexes-1234-6x7', {
    board: without(hexes(7, 6), [
      [3, 2],
      [3, 3],
    ]),
    count: 3832702,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2]),
    note: 'Puzzler Polyhex1234_6x7 (Dan Klarskov): P4 in rotations 0-2',
  }),
  polyhex1234('polyhexes-1234-elongated-hexagon-13x2', {
    board: hexElongatedHexagon(13, 2),
    count: 1389980,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Polyhexes1234ElongatedHexagon13x2: P4 not turned over, in rotations 0-2',
  }),
  polyhex1234('polyhexes-1234-triangle', {
    board: without(hexTriangle(9), [
      [2, 2],
      [2, 3],
      [3, 2],
      [3, 3],
      [4, 2],
    ]),
    count: 427731,
    counts: 'restricted',
    perClass: true,
    restriction: P4(undefined, null),
    note: 'Puzzler Polyhexes1234Triangle: P4 not turned over',
  }),
  polyhex1234('polyhexes-1234-trilobed-crown', {
    board: crown([]),
    count: 1349201,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1], null),
    note: 'Puzzler Polyhexes1234TrilobedCrown: P4 not turned over, in rotations 0-1',
  }),
  polyhex1234('polyhexes-1234-irregular-hexagon-1', {
    board: without(hexTrapezoid(9, 7), [
      [0, 0],
      [8, 0],
    ]),
    count: 37293445,
    counts: 'restricted',
    perClass: true,
    restriction: P4(undefined, null),
    note: 'Puzzler Polyhexes1234IrregularHexagon1 (Dan Klarskov): P4 not turned over; its docstring is the only record of the count',
  }),
  polyhex1234('polyhexes-1234-irregular-hexagon-2', {
    board: without(hexTrapezoid(12, 4), [
      [0, 0],
      [11, 0],
    ]),
    count: 14211672,
    counts: 'restricted',
    perClass: true,
    restriction: P4(undefined, null),
    note: 'Puzzler Polyhexes1234IrregularHexagon2: P4 not turned over',
  }),
  polyhex1234('polyhexes-1234-irregular-hexagon-4', {
    board: without(hexTrapezoid(10, 7), hexHexagon(2, [2, 2]), [
      [0, 0],
      [9, 0],
    ]),
    count: 1361945,
    counts: 'restricted',
    perClass: true,
    restriction: P4(undefined, null),
    note: 'Puzzler Polyhexes1234IrregularHexagon4: P4 not turned over',
  }),
  polyhex1234('polyhexes-1234-diamond-ring', {
    board: without(
      hexes(7, 7),
      hexes(5, 5, (x, y) => x >= 2 && y >= 2),
    ),
    count: 83837,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Polyhexes1234DiamondRing: P4 not turned over, in rotations 0-2',
  }),
  polyhex1234('polyhexes-1234-hexagon-ring-1', {
    board: without(hexHexagon(5), hexHexagon(3, [2, 2]), [
      [0, 4],
      [8, 4],
    ]),
    count: 11417,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: "Puzzler Polyhexes1234HexagonRing1 (inner ring of Kadon's Hexnut): P4 not turned over, in rotations 0-2",
  }),
  polyhex1234('polyhexes-1234-hexagon-ring-2', {
    board: without(hexHexagon(5), hexHexagon(3, [2, 2]), [
      [1, 4],
      [7, 4],
    ]),
    count: 6645,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Polyhexes1234HexagonRing2: P4 not turned over, in rotations 0-2',
  }),
  polyhex1234('polyhexes-1234-elongated-hexagon-2x6-ring', {
    board: without(hexElongatedHexagon(2, 6), hexHexagon(2, [2, 4])),
    count: 659517,
    counts: 'restricted',
    perClass: true,
    restriction: P4([0, 1, 2], null),
    note: 'Puzzler Polyhexes1234ElongatedHexagon2x6Ring: P4 not turned over, in rotations 0-2',
  }),
];
