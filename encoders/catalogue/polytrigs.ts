import { family, only, pieceSet } from './define.js';
import { trigHexagon, trigs, trigSemiregularHexagon, trigTrapezoid, trigTriangle, union, without } from './shapes.js';
import type { CataloguePuzzle, PieceSpec } from './types.js';

/**
 * Polytrig puzzles: the 12 tritrigs on the edges of the triangular grid,
 * pieces touching but never crossing (Puzzler's rule: at a point, a piece that
 * turns through 120° or runs straight on claims the directions between its
 * two segments). Counts from Polyform Puzzler's polytrig page (docstrings of
 * puzzler/puzzles/tritrigs.py).
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/polytrigs.html';

/** Puzzler's tritrigs, every segment listed. */
export const TRITRIGS: PieceSpec[] = pieceSet({
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
  J3: [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 2],
  ],
  T3: [
    [0, 0, 0],
    [1, 0, 0],
    [1, 0, 1],
  ],
  S3: [
    [0, 0, 0],
    [1, 0, 1],
    [1, 1, 0],
  ],
  C3: [
    [0, 0, 0],
    [1, 0, 1],
    [1, 1, 2],
  ],
  U3: [
    [0, 0, 0],
    [1, 0, 1],
    [0, 1, 0],
  ],
  P3: [
    [0, 0, 0],
    [1, 0, 1],
    [2, 0, 2],
  ],
  E3: [
    [0, 0, 0],
    [1, 0, 1],
    [1, 0, 2],
  ],
  Y3: [
    [0, 1, 0],
    [1, 1, 1],
    [2, 0, 2],
  ],
  Z3: [
    [0, 0, 0],
    [1, 0, 2],
    [0, 1, 0],
  ],
  O3: [
    [0, 0, 0],
    [1, 0, 2],
    [0, 0, 1],
  ],
});

const tritrig = family('polytrigs', 'triangle-edges', TRITRIGS, PUZZLER);
const hex31 = trigSemiregularHexagon(3, 1);

export const POLYTRIG_PUZZLES: CataloguePuzzle[] = [
  tritrig('tritrigs-hex-3x1-ring', {
    board: without(hex31, [
      [1, 2, 0],
      [2, 1, 1],
      [2, 1, 2],
    ]),
    count: 1,
    counts: 'restricted',
    perClass: true,
    restriction: only('Z3', null, null),
    note: 'Puzzler TritrigsHex3x1Ring: Z3 in one aspect',
  }),
  tritrig('tritrigs-parallelogram-5x2', {
    board: without(trigs(5, 2), [[2, 1, 0]]),
    count: 9,
    counts: 'restricted',
    perClass: true,
    restriction: only('P3', [0, 1, 2]),
    note: 'Puzzler TritrigsParallelogram5x2: P3 in rotations 0-2',
  }),
  tritrig('tritrigs-trapezoid-5x3-ring', {
    board: without(trigTrapezoid(5, 3), [
      [2, 1, 1],
      [2, 1, 2],
    ]),
    count: 1,
    counts: 'restricted',
    perClass: true,
    restriction: only('Z3', undefined, null),
    note: 'Puzzler TritrigsTrapezoid5x3Ring: Z3 not turned over',
  }),
  tritrig('tritrigs-trapezoid-6x2', {
    board: without(trigTrapezoid(6, 2), [[2, 1, 0]]),
    count: 8,
    counts: 'restricted',
    perClass: true,
    restriction: only('P3', undefined, null),
    note: 'Puzzler TritrigsTrapezoid6x2: P3 not turned over',
  }),
  tritrig('tritrigs-stacked-elongated-hexagons-2x2x1', {
    board: without(trigHexagon(2), [
      [1, 1, 2],
      [0, 2, 0],
      [0, 2, 1],
      [4, 1, 1],
      [3, 2, 0],
      [4, 2, 2],
    ]),
    count: 9,
    counts: 'restricted',
    perClass: true,
    restriction: only('P3', [0, 1, 2], null),
    note: 'Puzzler TritrigsStackedElongatedHexagons2x2x1: P3 not turned over, in rotations 0-2',
  }),
  tritrig('tritrigs-jagged-trapezoid-5x3', {
    board: trigTrapezoid(5, 3).filter((c) => c[1] !== 3),
    count: 1,
    counts: 'restricted',
    perClass: true,
    restriction: only('Z3', undefined, null),
    note: 'Puzzler TritrigsJaggedTrapezoid5x3: Z3 not turned over',
  }),
  tritrig('tritrigs-spiked-triangle-1', {
    board: union(trigTriangle(4, [1, 1]), [
      [0, 5, 0],
      [1, 4, 2],
      [2, 0, 1],
      [2, 0, 2],
      [4, 2, 0],
      [5, 1, 1],
    ]),
    count: 6,
    counts: 'restricted',
    perClass: true,
    restriction: only('I3', null, null),
    note: 'Puzzler TritrigsSpikedTriangle1: I3 in one aspect',
  }),
  tritrig('tritrigs-spiked-triangle-2', {
    board: union(trigTriangle(4, [1, 1]), [
      [0, 4, 0],
      [1, 3, 2],
      [3, 0, 1],
      [3, 0, 2],
      [3, 3, 0],
      [4, 2, 1],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler TritrigsSpikedTriangle2',
  }),
  tritrig('tritrigs-hex-2-ring', {
    board: without(trigHexagon(2), [
      [2, 2, 0],
      [2, 2, 1],
      [2, 2, 2],
      [1, 2, 0],
      [2, 1, 1],
      [3, 1, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler TritrigsHex2Ring',
  }),
  tritrig('tritrigs-trefoil-1', {
    board: without(hex31, [
      [1, 0, 2],
      [4, 0, 1],
      [0, 4, 0],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler TritrigsTrefoil1',
  }),
  tritrig('tritrigs-trefoil-2', {
    board: without(hex31, [
      [2, 0, 0],
      [0, 2, 1],
      [3, 2, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler TritrigsTrefoil2',
  }),
  tritrig('tritrigs-whorl', {
    board: without(hex31, [
      [1, 0, 0],
      [0, 3, 1],
      [4, 1, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler TritrigsWhorl',
  }),
  tritrig('tritrigs-triangle-5', {
    board: without(trigTriangle(5), trigTriangle(2, [1, 1])),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler TritrigsTriangle5',
  }),
];
