import { family, oneSided, only, pieceSet } from './define.js';
import {
  twigButterfly,
  twigChevron,
  twigElongatedHexagon,
  twigHexagon,
  twigHexagonUnbordered,
  twigInsetRectangle,
  twigs,
  twigStaggeredRectangle,
  twigsUnbordered,
  twigTrapezoid,
  twigTrapezoidUnbordered,
  twigTriangle,
  union,
  without,
} from './shapes.js';
import type { CataloguePuzzle, Coord } from './types.js';

/**
 * Polytwig puzzles: polysticks on the edges of the hexagonal grid (three
 * segments meet at a point, so pieces cannot cross). Counts from Polyform
 * Puzzler's polytwig page (docstrings of puzzler/puzzles/pentatwigs.py,
 * tetratwigs.py, polytwigs123.py and polytwigs1234.py).
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/polytwigs.html';

const MONO_DI = {
  I1: [[0, 0, 0]],
  L2: [
    [0, 0, 0],
    [0, 0, 1],
  ],
};
const TRI = {
  Y3: [
    [0, 0, 0],
    [0, 0, 1],
    [0, 0, 2],
  ],
  S3: [
    [0, 1, 0],
    [1, 0, 0],
    [1, 0, 1],
  ],
  C3: [
    [0, 0, 0],
    [0, 0, 1],
    [0, 1, 2],
  ],
};
const TETRA = {
  Y4: [
    [0, 1, 0],
    [1, 0, 0],
    [1, 0, 1],
    [1, 0, 2],
  ],
  W4: [
    [0, 1, 0],
    [0, 1, 1],
    [1, 0, 0],
    [1, 0, 1],
  ],
  P4: [
    [0, 1, 0],
    [0, 1, 1],
    [1, 0, 1],
    [1, 0, 2],
  ],
  C4: [
    [0, 0, 0],
    [0, 0, 1],
    [0, 1, 2],
    [1, 0, 2],
  ],
};

/** Puzzler's pentatwigs, every segment listed. */
export const PENTATWIGS = pieceSet({
  C5: [
    [0, 0, 0],
    [0, 0, 1],
    [0, 1, 2],
    [1, 0, 1],
    [1, 0, 2],
  ],
  H5: [
    [0, 1, 0],
    [0, 1, 1],
    [0, 1, 2],
    [0, 2, 2],
    [1, 0, 1],
  ],
  I5: [
    [0, 2, 0],
    [0, 2, 1],
    [1, 1, 0],
    [1, 1, 1],
    [2, 0, 1],
  ],
  L5: [
    [0, 1, 0],
    [0, 1, 1],
    [0, 1, 2],
    [1, 0, 0],
    [1, 0, 1],
  ],
  P5: [
    [0, 0, 1],
    [0, 1, 0],
    [0, 1, 2],
    [1, 0, 0],
    [1, 0, 1],
  ],
  R5: [
    [0, 1, 0],
    [0, 1, 1],
    [0, 1, 2],
    [1, 0, 1],
    [1, 0, 2],
  ],
  S5: [
    [0, 1, 0],
    [0, 1, 2],
    [1, 0, 0],
    [1, 0, 1],
    [2, 0, 2],
  ],
  T5: [
    [0, 2, 0],
    [1, 1, 0],
    [1, 1, 1],
    [1, 1, 2],
    [2, 0, 1],
  ],
  U5: [
    [0, 1, 0],
    [1, 1, 0],
    [1, 1, 2],
    [2, 0, 0],
    [2, 0, 1],
  ],
  W5: [
    [0, 1, 0],
    [0, 1, 1],
    [1, 0, 0],
    [1, 0, 1],
    [2, 0, 2],
  ],
  X5: [
    [0, 1, 0],
    [0, 1, 1],
    [0, 1, 2],
    [1, 0, 1],
    [1, 1, 2],
  ],
  Y5: [
    [0, 0, 1],
    [0, 1, 0],
    [0, 1, 1],
    [0, 1, 2],
    [1, 0, 1],
  ],
});
export const TETRATWIGS = pieceSet(TETRA);
export const POLYTWIGS_1234 = pieceSet({ ...MONO_DI, ...TRI, ...TETRA });

const DIRECTIONS = [
  [1, 0],
  [-1, 1],
  [0, -1],
] as const;

/**
 * A mirror of the hexagonal grid's segments: about the line through the
 * bottom edge of hexagon (0, 0). Worked in units u (0°) and v (60°) of the
 * honeycomb's edge, where the lower-left corner of hexagon (x, y) is
 * (x - y, x + 2y) and a segment is known by twice its midpoint.
 */
export function mirrorTwig([x, y, d]: Coord): Coord {
  const step = DIRECTIONS[d!]!;
  const [a, b] = [2 * (x! - y!) + step[0], 2 * (x! + 2 * y!) + step[1]];
  const [ma, mb] = [a + b, -b];
  const odd = (n: number) => Math.abs(n % 2) === 1;
  const nd = odd(ma) ? (odd(mb) ? 1 : 0) : 2;
  const [pa, pb] = [(ma - DIRECTIONS[nd]![0]) / 2, (mb - DIRECTIONS[nd]![1]) / 2];
  const ny = (pb - pa) / 3;
  return [pa + ny, ny, nd];
}

const pentatwig = family('polytwigs', 'hexagon-edges', PENTATWIGS, PUZZLER);
const tetratwig = family('polytwigs', 'hexagon-edges', TETRATWIGS, PUZZLER);
const oneSidedTetratwig = family('polytwigs', 'hexagon-edges', oneSided(TETRATWIGS, mirrorTwig, ['P4', 'Y4']), PUZZLER);
const polytwig1234 = family('polytwigs', 'hexagon-edges', POLYTWIGS_1234, PUZZLER);
const oneSided123 = family('polytwigs', 'hexagon-edges', oneSided(pieceSet({ ...MONO_DI, ...TRI }), mirrorTwig, ['S3']), PUZZLER);

const R5 = (rotations: readonly number[] | null | undefined, flips?: readonly number[] | null) => only('R5', rotations, flips);
const triangle5 = twigTriangle(5);
const TRIANGLE_EXTRAS: Coord[] = [
  [0, 0, 2],
  [0, 5, 1],
  [5, 0, 0],
];
const butterfly43 = twigButterfly(4, 3);
const tri3 = twigTriangle(3);
const arch32 = twigStaggeredRectangle(3, 2);
const hex2 = twigHexagon(2);
const trefoilOfHexagons = union(twigHexagon(2, [0, 1]), twigHexagon(2, [1, 2]), twigHexagon(2, [2, 0]));
const rosettes = union(twigHexagon(2, [0, 2]), twigHexagon(2, [4, 0]));

const THREE_CONGRUENT: Coord[] = [
  [0, 2, 0],
  [0, 2, 1],
  [0, 3, 0],
  [0, 3, 1],
  [0, 3, 2],
  [0, 4, 0],
  [0, 4, 2],
  [1, 1, 0],
  [1, 1, 1],
  [1, 2, 0],
  [1, 2, 1],
  [1, 2, 2],
  [1, 3, 0],
  [1, 3, 1],
  [1, 3, 2],
  [2, 1, 1],
  [2, 1, 2],
  [2, 2, 0],
  [2, 2, 1],
  [2, 2, 2],
  [1, 5, 0],
  [1, 5, 1],
  [1, 6, 0],
  [1, 6, 2],
  [2, 4, 0],
  [2, 4, 1],
  [2, 4, 2],
  [2, 5, 0],
  [2, 5, 1],
  [2, 5, 2],
  [2, 6, 0],
  [2, 6, 2],
  [3, 4, 0],
  [3, 4, 1],
  [3, 4, 2],
  [3, 5, 0],
  [3, 5, 1],
  [3, 5, 2],
  [4, 4, 1],
  [4, 4, 2],
  [4, 0, 0],
  [4, 0, 1],
  [4, 1, 0],
  [4, 1, 1],
  [4, 1, 2],
  [4, 2, 0],
  [4, 2, 1],
  [4, 2, 2],
  [5, 0, 0],
  [5, 0, 1],
  [5, 0, 2],
  [5, 1, 0],
  [5, 1, 1],
  [5, 1, 2],
  [5, 2, 0],
  [5, 2, 2],
  [6, 0, 1],
  [6, 0, 2],
  [6, 1, 1],
  [6, 1, 2],
];

const hex1234 = (holes: Coord[], count: number, n: number) =>
  polytwig1234(`polytwigs-1234-hexagon-${n}`, {
    board: without(hex2, holes),
    count,
    counts: 'restricted',
    // Holes 1 and 2 keep the hexagon's 180° turn, which the restriction accounts for; the others break it.
    perClass: n <= 2,
    restriction: only('P4', [0, 1, 2], null),
    note: `Puzzler Polytwigs1234Hex${n}: P4 not turned over, in rotations 0-2`,
  });

export const POLYTWIG_PUZZLES: CataloguePuzzle[] = [
  pentatwig('pentatwigs-triangle', {
    board: triangle5,
    count: 56,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1], null),
    note: 'Puzzler PentatwigsTriangle: R5 not turned over, in rotations 0-1',
  }),
  pentatwig('pentatwigs-triangle-2', {
    board: union(
      without(triangle5, [
        [1, 2, 0],
        [2, 1, 1],
        [2, 2, 2],
      ]),
      TRIANGLE_EXTRAS,
    ),
    count: 6,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1], null),
    note: 'Puzzler PentatwigsTriangle2 (design by Colin F. Brown): R5 not turned over, in rotations 0-1',
  }),
  pentatwig('pentatwigs-triangle-3', {
    board: union(
      without(triangle5, [
        [1, 1, 2],
        [1, 3, 1],
        [3, 1, 0],
      ]),
      TRIANGLE_EXTRAS,
    ),
    count: 2,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1], null),
    note: 'Puzzler PentatwigsTriangle3 (design by Colin F. Brown): R5 not turned over, in rotations 0-1',
  }),
  pentatwig('pentatwigs-5x3', {
    board: twigs(5, 3),
    count: 194,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2]),
    note: 'Puzzler Pentatwigs5x3: R5 in rotations 0-2',
  }),
  pentatwig('pentatwigs-chevron-3x3', {
    board: twigChevron(3, 3),
    count: 115,
    counts: 'restricted',
    perClass: true,
    restriction: R5(undefined, null),
    note: 'Puzzler PentatwigsChevron3x3: R5 not turned over',
  }),
  pentatwig('pentatwigs-chevron-5x2', {
    board: twigChevron(5, 2),
    count: 241,
    counts: 'restricted',
    perClass: true,
    restriction: R5(undefined, null),
    note: 'Puzzler PentatwigsChevron5x2: R5 not turned over',
  }),
  pentatwig('pentatwigs-trapezoid-6x3', {
    board: twigTrapezoid(6, 3),
    count: 184,
    counts: 'restricted',
    perClass: true,
    restriction: R5(undefined, null),
    note: 'Puzzler PentatwigsTrapezoid6x3: R5 not turned over',
  }),
  pentatwig('pentatwigs-hexagon-ring', {
    board: without(twigHexagon(3), twigHexagonUnbordered(2, [1, 1])),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsHexagonRing',
  }),
  pentatwig('pentatwigs-staggered-rectangle-5x3', {
    board: twigStaggeredRectangle(5, 3),
    count: 145,
    counts: 'restricted',
    perClass: true,
    restriction: R5(undefined, null),
    note: 'Puzzler PentatwigsStaggeredRectangle5x3: R5 not turned over',
  }),
  pentatwig('pentatwigs-wave-staggered-rectangle-5x3', {
    board: union(
      without(twigStaggeredRectangle(5, 3), [
        [3, 4, 0],
        [3, 4, 2],
        [4, 3, 1],
      ]),
      [
        [3, 0, 0],
        [3, 0, 1],
        [4, 0, 2],
      ],
    ),
    count: 202,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2]),
    note: 'Puzzler PentatwigsWaveStaggeredRectangle5x3 (design by Colin F. Brown): R5 in rotations 0-2',
  }),
  pentatwig('pentatwigs-butterfly-1', {
    board: without(butterfly43, [
      [2, 3, 0],
      [3, 2, 0],
      [3, 2, 1],
      [3, 2, 2],
      [3, 3, 2],
    ]),
    count: 8,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2], null),
    note: 'Puzzler PentatwigsButterfly1: R5 not turned over, in rotations 0-2',
  }),
  pentatwig('pentatwigs-butterfly-x', {
    board: without(butterfly43, [
      [2, 4, 0],
      [2, 4, 2],
      [3, 1, 0],
      [4, 0, 1],
      [4, 1, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsButterfly_X',
  }),
  pentatwig('pentatwigs-x-1', {
    board: without(butterfly43, [
      [1, 5, 0],
      [1, 5, 2],
      [2, 4, 1],
      [2, 5, 0],
      [2, 5, 2],
    ]),
    count: 32,
    counts: 'restricted',
    perClass: true,
    restriction: R5(undefined, null),
    note: 'Puzzler PentatwigsX1 (designed for G4G10): R5 not turned over',
  }),
  pentatwig('pentatwigs-trefoil', {
    board: without(twigHexagon(3), [
      [2, 0, 0],
      [2, 0, 1],
      [3, 0, 2],
      [2, 1, 0],
      [0, 4, 1],
      [0, 5, 0],
      [0, 5, 2],
      [1, 4, 2],
      [4, 2, 1],
      [4, 3, 0],
      [5, 2, 1],
      [5, 2, 2],
    ]),
    count: 4,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1], null),
    note: 'Puzzler PentatwigsTrefoil (design by Colin F. Brown): R5 not turned over, in rotations 0-1',
  }),
  pentatwig('pentatwigs-3-congruent-1', {
    board: THREE_CONGRUENT,
    count: 4,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1]),
    note: 'Puzzler Pentatwigs3Congruent1 (design by Colin F. Brown): R5 in rotations 0-1',
  }),
  pentatwig('pentatwigs-trefoil-x1', {
    board: without(twigHexagon(3), [
      [2, 0, 0],
      [2, 0, 1],
      [3, 0, 2],
      [2, 2, 0],
      [0, 4, 1],
      [0, 5, 0],
      [0, 5, 2],
      [2, 3, 2],
      [3, 2, 1],
      [4, 3, 0],
      [5, 2, 1],
      [5, 2, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsTrefoil_x1',
  }),
  pentatwig('pentatwigs-trefoil-x2', {
    board: without(trefoilOfHexagons, [
      [1, 2, 1],
      [2, 4, 0],
      [4, 1, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsTrefoil_x2 (design by Colin F. Brown)',
  }),
  pentatwig('pentatwigs-trefoil-ring-x', {
    board: without(trefoilOfHexagons, [
      [2, 2, 1],
      [2, 3, 0],
      [3, 2, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsTrefoilRing_x (design by Colin F. Brown)',
  }),
  pentatwig('pentatwigs-4x4-1', {
    board: without(twigs(4, 4), [
      [1, 3, 2],
      [2, 2, 2],
      [3, 1, 2],
    ]),
    count: 1,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2], null),
    note: 'Puzzler Pentatwigs4x4_1 (design by Colin F. Brown): R5 not turned over, in rotations 0-2',
  }),
  pentatwig('pentatwigs-4x4-2', {
    board: without(twigs(4, 4), [
      [1, 1, 2],
      [2, 2, 2],
      [3, 3, 2],
    ]),
    count: 8,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2], null),
    note: 'Puzzler Pentatwigs4x4_2: R5 not turned over, in rotations 0-2',
  }),
  pentatwig('pentatwigs-rosette-cluster-1', {
    board: union(
      without(rosettes, [
        [2, 3, 0],
        [4, 2, 0],
      ]),
      [
        [3, 2, 0],
        [3, 3, 0],
      ],
    ),
    count: 9,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2], null),
    note: 'Puzzler PentatwigsRosetteCluster1 (design by Colin F. Brown): R5 not turned over, in rotations 0-2',
  }),
  pentatwig('pentatwigs-rosette-cluster-2', {
    board: union(
      without(rosettes, [
        [0, 4, 0],
        [6, 1, 0],
      ]),
      [
        [3, 2, 0],
        [3, 3, 0],
      ],
    ),
    count: 11,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2], null),
    note: 'Puzzler PentatwigsRosetteCluster2 (design by Colin F. Brown): R5 not turned over, in rotations 0-2',
  }),
  pentatwig('pentatwigs-two-hexagons', { board: rosettes, count: 0, counts: 'solutions', note: 'Puzzler PentatwigsTwoHexagons' }),
  pentatwig('pentatwigs-snowflake', {
    board: union(
      twigHexagon(2, [1, 1]),
      ...(
        [
          [0, 2],
          [0, 4],
          [2, 0],
          [2, 4],
          [4, 0],
          [4, 2],
        ] as const
      ).map((at) => twigs(1, 1, () => true, at)),
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsSnowflake',
  }),
  pentatwig('pentatwigs-elongated-hexagon-ring-x', {
    board: without(
      twigElongatedHexagon(5, 2),
      twigsUnbordered(4, 1, () => true, [1, 1]),
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler PentatwigsElongatedHexagonRing_x (design by Colin F. Brown)',
  }),
  pentatwig('pentatwigs-elongated-hexagon-5x2-1', {
    board: without(twigElongatedHexagon(5, 2), [
      [1, 1, 1],
      [3, 1, 1],
      [5, 1, 1],
    ]),
    count: 2,
    counts: 'restricted',
    perClass: true,
    restriction: R5([0, 1, 2], null),
    note: 'Puzzler PentatwigsElongatedHexagon5x2_1 (design by Colin F. Brown): R5 not turned over, in rotations 0-2',
  }),
  tetratwig('tetratwigs-3x1', { board: twigs(3, 1), count: 0, counts: 'solutions', note: 'Puzzler Tetratwigs3x1' }),
  tetratwig('tetratwigs-arch', {
    board: twigStaggeredRectangle(3, 1),
    count: 2,
    counts: 'restricted',
    perClass: true,
    restriction: only('P4', undefined, null),
    note: 'Puzzler TetratwigsArch: P4 not turned over',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-butterfly', {
    board: twigInsetRectangle(3, 2),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigsButterfly',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-3x2-1', {
    board: without(twigs(3, 2), [
      [0, 1, 0],
      [1, 1, 0],
      [2, 1, 0],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigs3x2_1',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-3x2-2', {
    board: without(twigs(3, 2), [
      [1, 1, 0],
      [1, 1, 2],
      [2, 1, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigs3x2_2',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-triangle-1', {
    board: without(tri3, [
      [1, 1, 0],
      [1, 1, 1],
      [1, 1, 2],
    ]),
    count: 2,
    counts: 'restricted',
    restriction: only('W4', [4, 5]),
    note: 'Puzzler OneSidedTetratwigsTriangle_1: W4 in rotations 4-5',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-triangle-2', {
    board: without(tri3, [
      [0, 2, 0],
      [1, 1, 1],
      [1, 2, 2],
    ]),
    count: 1,
    counts: 'restricted',
    restriction: only('W4', [3]),
    note: 'Puzzler OneSidedTetratwigsTriangle_2: W4 in rotation 3',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-triangle-3', {
    board: without(tri3, [
      [1, 0, 1],
      [1, 1, 1],
      [2, 0, 1],
    ]),
    count: 2,
    counts: 'solutions',
    // Kept as documented, and so reported by verify as a disagreement: the board and pieces are Puzzler's as typed.
    note:
      "Puzzler OneSidedTetratwigsTriangle_3. Documented count disputed: Puzzler's docstring says 2 solutions and its class restricts no piece, " +
      "but we find 3 (SAT, dancing links and the independent counter agree), 2 classes under the board's mirror symmetry " +
      '(a mirror pair and one solution that is its own mirror image): the documented 2 matches the classes, not the solutions',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-triangle-4', {
    board: without(tri3, [
      [0, 1, 0],
      [1, 2, 2],
      [2, 1, 2],
    ]),
    count: 1,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigsTriangle_4',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-triangle-5', {
    board: without(tri3, [
      [0, 2, 0],
      [1, 0, 1],
      [2, 1, 2],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigsTriangle_5',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-arch-1', {
    board: without(arch32, [
      [0, 2, 0],
      [1, 1, 0],
      [2, 1, 0],
    ]),
    count: 1,
    counts: 'restricted',
    restriction: only('W4', [3, 4, 5]),
    note: 'Puzzler OneSidedTetratwigsArch_1: W4 in rotations 3-5',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-arch-2', {
    board: without(arch32, [
      [1, 2, 1],
      [1, 1, 0],
      [2, 2, 2],
    ]),
    count: 1,
    counts: 'restricted',
    restriction: only('W4', [3]),
    note: 'Puzzler OneSidedTetratwigsArch_2: W4 in rotation 3',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-arch-3', {
    board: without(arch32, [
      [1, 2, 1],
      [1, 1, 0],
      [2, 1, 0],
    ]),
    count: 1,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigsArch_3',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-arch-4', {
    board: without(arch32, [
      [1, 1, 0],
      [2, 1, 0],
      [2, 2, 2],
    ]),
    count: 1,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigsArch_4',
  }),
  oneSidedTetratwig('one-sided-tetratwigs-arch-5', {
    board: without(arch32, [
      [0, 2, 0],
      [1, 2, 0],
      [2, 1, 0],
    ]),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler OneSidedTetratwigsArch_5',
  }),
  oneSided123('one-sided-polytwigs-123-triangle', {
    board: twigTriangle(2),
    count: 3,
    counts: 'restricted',
    perClass: true,
    restriction: only('C3', [1]),
    note: 'Puzzler OneSidedPolytwigs123Triangle: C3 in rotation 1',
  }),
  hex1234(
    [
      [1, 1, 0],
      [1, 2, 0],
    ],
    1175,
    1,
  ),
  hex1234(
    [
      [0, 2, 0],
      [2, 1, 0],
    ],
    1506,
    2,
  ),
  hex1234(
    [
      [1, 2, 1],
      [2, 2, 2],
    ],
    2019,
    3,
  ),
  hex1234(
    [
      [1, 1, 2],
      [1, 2, 1],
    ],
    2007,
    4,
  ),
  hex1234(
    [
      [1, 2, 2],
      [2, 1, 1],
    ],
    958,
    5,
  ),
  hex1234(
    [
      [1, 2, 2],
      [1, 1, 1],
    ],
    962,
    6,
  ),
  polytwig1234('polytwigs-1234-unbordered-trapezoid-5x4', {
    board: twigTrapezoidUnbordered(5, 4),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Polytwigs1234UnborderedTrapezoid5x4',
  }),
  polytwig1234('polytwigs-1234-inset-rectangle-4x2', {
    board: twigInsetRectangle(4, 2),
    count: 5755,
    counts: 'restricted',
    perClass: true,
    restriction: only('P4', undefined, null),
    note: 'Puzzler Polytwigs1234InsetRectangle4x2 (docs: 5,755 solutions): P4 not turned over',
  }),
];
