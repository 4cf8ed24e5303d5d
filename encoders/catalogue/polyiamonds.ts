import { adjust, family, oneSided, only, pieceSet } from './define.js';
import { iamondButterfly, iamondHexagon, iamondSemiregularHexagon, triangles, union, without } from './shapes.js';
import type { CataloguePuzzle, Coord } from './types.js';

/**
 * Polyiamond puzzles: the twelve hexiamonds on triangular cells. Counts from
 * Polyform Puzzler's hexiamond page (each puzzle's class docstring in
 * puzzler/puzzles/hexiamonds.py gives the same number) and Knuth's "Dancing
 * Links" (O'Beirne's hexagon). Puzzler counts one solution per class either by
 * removing duplicates under the listed symmetries (`classes`) or by keeping
 * one asymmetric piece to some of its aspects (`restricted`).
 */

const PUZZLER = 'https://puzzler.sourceforge.net/docs/hexiamonds.html';

/** Puzzler's hexiamonds: the cells besides (0, 0, 0). */
export const HEXIAMONDS = pieceSet(
  {
    I6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [2, 0, 0],
      [2, 0, 1],
    ],
    P6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [2, 0, 0],
      [1, 1, 0],
    ],
    J6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [2, 0, 0],
      [0, -1, 1],
    ],
    E6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [2, 0, 0],
      [1, -1, 1],
    ],
    V6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [0, 1, 0],
      [0, 1, 1],
    ],
    H6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, -1, 1],
      [2, -1, 0],
    ],
    S6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [0, -1, 1],
      [1, 1, 0],
    ],
    X6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [0, 1, 0],
      [1, -1, 1],
    ],
    C6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 0],
      [1, 1, 1],
    ],
    G6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 0],
      [0, 1, 1],
    ],
    F6: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [0, 1, 0],
      [1, 1, 0],
    ],
    O6: [
      [0, 0, 1],
      [1, 0, 0],
      [0, -1, 1],
      [1, -1, 0],
      [1, -1, 1],
    ],
  },
  [0, 0, 0],
);

/** Puzzler's polyiamonds of orders 1 to 5 (moniamond to pentiamonds): the cells besides (0, 0, 0). */
export const POLYIAMONDS_12345 = pieceSet(
  {
    T1: [],
    D2: [[0, 0, 1]],
    I3: [
      [0, 0, 1],
      [1, 0, 0],
    ],
    I4: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
    ],
    C4: [
      [0, 0, 1],
      [1, 0, 0],
      [1, -1, 1],
    ],
    T4: [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    I5: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [2, 0, 0],
    ],
    C5: [
      [0, 0, 1],
      [1, 0, 0],
      [1, -1, 1],
      [0, -1, 1],
    ],
    L5: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 0],
    ],
    P5: [
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [0, 1, 0],
    ],
  },
  [0, 0, 0],
);

/** Puzzler's mirror of a triangle: about the vertical through the origin. */
export const mirrorTriangle = ([x, y, z]: Coord): Coord => [-(x! + y! + z!), y!, z!];

const hexiamond = family('polyiamonds', 'triangle', HEXIAMONDS, PUZZLER);
const t = (x: number, y: number, z: number) => x + y + z;
const noFlipI6 = only('I6', undefined, null);

/** An 8-high hexagon (side 4) with a hole: Puzzler's Hexiamonds Hexagon 3-6. */
function hexagonWithHole(added: readonly Coord[], removed: readonly Coord[]): Coord[] {
  const centre = triangles(6, 6, (x, y, z) => x >= 2 && y >= 2 && t(x, y, z) > 5 && t(x, y, z) < 10);
  const hole = without(union(centre, added), removed);
  return without(
    triangles(8, 8, (x, y, z) => t(x, y, z) > 3 && t(x, y, z) < 12),
    hole,
  );
}

/** The 4-unit chevron family: Puzzler's HexiamondsChevron (w is the solution space's width). */
const chevron = (w: number, h: number) => triangles(w, h, (x, y, z) => (y >= h / 2 ? x < w - h / 2 : h / 2 - 1 < t(x, y, z) && t(x, y, z) < w));

const choose9 = (omit: readonly string[]) => adjust(HEXIAMONDS, { omit });
/** Puzzler's side-3 hexagons of 9 hexiamonds (three left out), one piece kept turned over and unturned: one solution per class. */
const choose9Hexagon = (name: string, omit: readonly string[], turnedOver: string, count: number, source: string) =>
  hexiamond(name, {
    board: iamondHexagon(3),
    pieces: choose9(omit),
    count,
    counts: 'restricted',
    perClass: true,
    restriction: only(turnedOver, null, [1]),
    note: `${source}: 9 hexiamonds, ${omit.join(' ')} left out; ${turnedOver} turned over, not turned`,
  });

export const POLYIAMOND_PUZZLES: CataloguePuzzle[] = [
  hexiamond('hexiamonds-3x12', { board: triangles(12, 3), count: 0, counts: 'solutions', note: 'Puzzler Hexiamonds3x12' }),
  hexiamond('hexiamonds-4x9', {
    board: triangles(9, 4),
    count: 74,
    counts: 'classes',
    note: 'Puzzler Hexiamonds4x9: duplicates under 180° rotation removed',
  }),
  hexiamond('hexiamonds-6x6', {
    board: triangles(6, 6),
    count: 156,
    counts: 'classes',
    note: 'Puzzler Hexiamonds6x6: duplicates under the rhombus group (order 4) removed',
  }),
  hexiamond('hexiamonds-4x11-trapezium', {
    board: triangles(11, 4, (x, y, z) => t(x, y, z) < 11),
    count: 76,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler Hexiamonds4x11Trapezium: I6 not turned over',
  }),
  hexiamond('hexiamonds-6x9-trapezium', {
    board: triangles(9, 6, (x, y, z) => t(x, y, z) < 9),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Hexiamonds6x9Trapezium: impossible by parity',
  }),
  hexiamond('hexiamonds-4x10-long-hexagon', {
    board: triangles(10, 4, (x, y, z) => t(x, y, z) > 1 && t(x, y, z) <= 11),
    count: 856,
    counts: 'classes',
    restriction: noFlipI6,
    note: 'Puzzler Hexiamonds4x10LongHexagon: I6 not turned over and duplicates under 180° rotation removed',
  }),
  hexiamond('hexiamonds-5x8-stacked-long-hexagons', {
    board: triangles(8, 8, (x, y, z) => 2 * x + y + z >= 7 && 2 * x + y + z <= 15),
    count: 378,
    counts: 'classes',
    restriction: noFlipI6,
    note: 'Puzzler Hexiamonds5x8StackedLongHexagons: I6 not turned over and 180° duplicates removed',
  }),
  hexiamond('hexiamonds-4x12-stacked-hexagons', {
    board: triangles(8, 12, (x, y, z) => {
      const s = t(x, y, z);
      return (
        (y < 4 && x >= 4 && s >= 6 && s < 10) || (y >= 4 && y < 8 && x >= 2 && x < 6 && s >= 8 && s < 12) || (y >= 8 && x < 4 && s >= 10 && s < 14)
      );
    }),
    count: 51,
    counts: 'classes',
    restriction: noFlipI6,
    note: 'Puzzler Hexiamonds4x12StackedHexagons: I6 not turned over and 180° duplicates removed',
  }),
  hexiamond('hexiamonds-4x10-long-butterfly', {
    board: triangles(12, 4, (x, y, z) => (t(x, y, z) > 3 || x > 1) && (t(x, y, z) < 12 || x < 10)),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Hexiamonds4x10LongButterfly',
  }),
  hexiamond('hexiamonds-5x8-stacked-long-butterflies', {
    board: triangles(9, 8, (x, y, z) => 2 * x + y + z >= 8 && 2 * x + y + z <= 16),
    count: 290,
    counts: 'classes',
    restriction: noFlipI6,
    note: 'Puzzler Hexiamonds5x8StackedLongButterflies: I6 not turned over and 180° duplicates removed',
  }),
  hexiamond('hexiamonds-4x12-stacked-butterflies', {
    board: triangles(10, 12, (x, y, z) => {
      const s = t(x, y, z);
      return (
        (y < 2 && x >= 6 && s < 10) ||
        (y >= 2 && y < 6 && x >= 4 && x < 8 && s >= 8 && s < 12) ||
        (y >= 6 && y < 10 && x >= 2 && x < 6 && s >= 10 && s < 14) ||
        (y >= 10 && x < 4 && s >= 12)
      );
    }),
    count: 26,
    counts: 'classes',
    restriction: noFlipI6,
    note: 'Puzzler Hexiamonds4x12StackedButterflies: I6 not turned over and 180° duplicates removed',
  }),
  hexiamond('hexiamonds-snowflake', {
    board: without(
      triangles(8, 8, (x, y, z) => t(x, y, z) > 3 && t(x, y, z) < 12),
      [
        [0, 3, 1],
        [0, 4, 0],
        [0, 4, 1],
        [0, 5, 0],
        [0, 7, 0],
        [0, 7, 1],
        [1, 7, 0],
        [1, 7, 1],
        [2, 1, 1],
        [3, 0, 1],
        [3, 1, 0],
        [3, 7, 1],
        [4, 0, 0],
        [4, 6, 1],
        [4, 7, 0],
        [5, 6, 0],
        [6, 0, 0],
        [6, 0, 1],
        [7, 0, 0],
        [7, 0, 1],
        [7, 2, 1],
        [7, 3, 0],
        [7, 3, 1],
        [7, 4, 0],
      ],
    ),
    count: 55,
    counts: 'restricted',
    perClass: true,
    restriction: only('J6', null),
    note: "Puzzler HexiamondsSnowflake (Kadon's Iamond Hex): J6 not turned",
  }),
  hexiamond('hexiamonds-ring', {
    board: triangles(
      8,
      8,
      (x, y, z) => t(x, y, z) > 3 && t(x, y, z) < 12 && !(x > 1 && x < 6 && y > 1 && y < 6 && t(x, y, z) > 5 && t(x, y, z) < 10),
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler HexiamondsRing: hexagon with a central hexagonal hole',
  }),
  hexiamond('hexiamonds-ring-2', {
    board: triangles(
      8,
      8,
      (x, y, z) => t(x, y, z) > 3 && t(x, y, z) < 12 && !(x > 2 && x < 7 && y > 1 && y < 6 && t(x, y, z) > 6 && t(x, y, z) < 11),
    ),
    count: 11,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsRing2: hole offset one unit from the centre; I6 not turned over',
  }),
  hexiamond('hexiamonds-hexagon-3', {
    board: hexagonWithHole(
      [
        [1, 5, 1],
        [2, 3, 0],
        [4, 1, 1],
        [6, 2, 0],
        [5, 4, 1],
        [3, 6, 0],
      ],
      [
        [2, 4, 0],
        [3, 2, 1],
        [5, 2, 0],
        [5, 3, 1],
        [4, 5, 0],
        [2, 5, 1],
      ],
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler HexiamondsHexagon3',
  }),
  hexiamond('hexiamonds-hexagon-5', {
    board: hexagonWithHole(
      [
        [1, 4, 1],
        [1, 5, 0],
        [4, 5, 1],
        [5, 5, 0],
        [5, 1, 0],
        [5, 1, 1],
      ],
      [
        [2, 5, 0],
        [2, 5, 1],
        [5, 3, 1],
        [5, 4, 0],
        [3, 2, 1],
        [4, 2, 0],
      ],
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler HexiamondsHexagon5',
  }),
  hexiamond('hexiamonds-hexagon-6', {
    board: hexagonWithHole(
      [
        [1, 4, 1],
        [2, 3, 0],
        [4, 5, 1],
        [3, 6, 0],
        [5, 1, 1],
        [6, 2, 0],
      ],
      [
        [2, 5, 0],
        [2, 5, 1],
        [5, 3, 1],
        [5, 4, 0],
        [3, 2, 1],
        [4, 2, 0],
      ],
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler HexiamondsHexagon6',
  }),
  hexiamond('hexiamonds-crescent', {
    board: triangles(8, 8, (x, y, z) => t(x, y, z) > 3 && t(x, y, z) < 12 && !(x > 3 && y > 1 && y < 6 && t(x, y, z) > 7)),
    count: 87,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsCrescent: a hexagonal bite from one corner; I6 not turned over',
  }),
  hexiamond('hexiamonds-crescent-2', {
    board: triangles(8, 8, (x, y, z) => t(x, y, z) > 3 && t(x, y, z) < 12 && !(x > 2 && x < 7 && y > 2 && y < 7 && t(x, y, z) > 7)),
    count: 2,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsCrescent2: a hexagonal bite from one side; I6 not turned over',
  }),
  hexiamond('hexiamonds-trefoil', {
    board: union(
      triangles(4, 6, (x, y, z) => y >= 2 && t(x, y, z) > 3 && t(x, y, z) <= 7),
      triangles(8, 4, (x, y, z) => x >= 4 && t(x, y, z) > 5 && t(x, y, z) <= 9),
      triangles(6, 8, (x, y, z) => x >= 2 && y >= 4 && t(x, y, z) > 7 && t(x, y, z) <= 11),
    ),
    count: 640,
    counts: 'restricted',
    perClass: true,
    restriction: only('I6', null, null),
    note: 'Puzzler HexiamondsTrefoil: I6 in one aspect',
  }),
  hexiamond('hexiamonds-3-hexagons', {
    board: union(
      triangles(4, 4, (x, y, z) => t(x, y, z) > 1 && t(x, y, z) <= 5),
      triangles(8, 4, (x, y, z) => x >= 4 && t(x, y, z) > 5 && t(x, y, z) <= 9),
      triangles(12, 4, (x, y, z) => x >= 8 && t(x, y, z) > 9 && t(x, y, z) <= 13),
    ),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler Hexiamonds3Hexagons',
  }),
  hexiamond('hexiamonds-coin', {
    board: without(
      triangles(8, 6, (x, y, z) => t(x, y, z) > 2 && t(x, y, z) <= 10),
      [
        [3, 2, 1],
        [3, 3, 0],
        [3, 3, 1],
        [4, 2, 0],
        [4, 2, 1],
        [4, 3, 0],
      ],
    ),
    count: 304,
    counts: 'classes',
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsCoin: I6 not turned over and 180° duplicates removed',
  }),
  hexiamond('hexiamonds-irregular-hexagon-7x8', {
    board: triangles(7, 8, (x, y, z) => t(x, y, z) > 1 && t(x, y, z) < 9),
    count: 5885,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: "Puzzler HexiamondsIrregularHexagon7x8 (Dan Klarskov's 'hexui'): I6 not turned over",
  }),
  hexiamond('hexiamonds-stacked-chevrons-6x6', {
    board: triangles(9, 6, (x, y, z) => 2 * x + y + z >= 6 && 2 * x + y + z < 18),
    count: 933,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: "Puzzler HexiamondsStackedChevrons_6x6 (Dan Klarskov's 'polyam2'): I6 not turned over",
  }),
  hexiamond('hexiamonds-stacked-chevrons-12x3-1', {
    board: triangles(9, 12, (x, y, z) => 2 * x + y + z >= 11 && 2 * x + y + z < 17),
    count: 269,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsStackedChevrons_12x3_1: I6 not turned over',
  }),
  hexiamond('hexiamonds-stacked-chevrons-12x3-2', {
    board: triangles(9, 12, (x, y, z) => {
      const s = t(x, y, z);
      return (
        (y < 2 && s >= 6 && s < 9) ||
        (y >= 2 && y < 4 && x >= 4 && x < 7) ||
        (y >= 4 && y < 6 && s >= 8 && s < 11) ||
        (y >= 6 && y < 8 && x >= 2 && x < 5) ||
        (y >= 8 && y < 10 && s >= 10 && s < 13) ||
        (y >= 10 && x < 3)
      );
    }),
    count: 114,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsStackedChevrons_12x3_2: I6 not turned over',
  }),
  hexiamond('hexiamonds-stacked-chevrons-12x3-3', {
    board: triangles(9, 12, (x, y, z) => {
      const s = t(x, y, z);
      return (y < 3 && s >= 6 && s < 9) || (y >= 3 && y < 6 && x >= 3 && x < 6) || (y >= 6 && y < 9 && s >= 9 && s < 12) || (y >= 9 && x < 3);
    }),
    count: 46,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsStackedChevrons_12x3_3: I6 not turned over',
  }),
  hexiamond('hexiamonds-chevron-4x9', {
    board: chevron(11, 4),
    count: 142,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsChevron_4x9: I6 not turned over',
  }),
  hexiamond('hexiamonds-chevron-6x6', {
    board: chevron(9, 6),
    count: 1004,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsChevron_6x6: I6 not turned over',
  }),
  hexiamond('hexiamonds-chevron-12x3', {
    board: chevron(9, 12),
    count: 29,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: 'Puzzler HexiamondsChevron_12x3: I6 not turned over',
  }),
  hexiamond('hexiamonds-v-9x9', {
    board: triangles(9, 9, (x, y, z) => t(x, y, z) >= 9 && !(y > 5 && x < 6 && t(x, y, z) > 11)),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler HexiamondsV_9x9',
  }),
  hexiamond('hexiamonds-tenyo', {
    board: triangles(7, 8, (x, y, z) => {
      const s = t(x, y, z);
      return (s > 4 || (x > 0 && s > 3)) && (s < 9 || (x < 6 && s < 10) || (x < 5 && s < 11));
    }),
    count: 4968,
    counts: 'restricted',
    perClass: true,
    restriction: noFlipI6,
    note: "Puzzler HexiamondsTenyo (Tenyo's PlaPuzzle): I6 not turned over",
  }),
  hexiamond('hexiamonds-two-triangles', {
    board: triangles(7, 6, (x, y, z) => t(x, y, z) <= 5 || t(x, y, z) >= 7),
    count: 0,
    counts: 'solutions',
    note: 'Puzzler HexiamondsTwoTriangles',
  }),
  hexiamond('hexiamonds-x-1', {
    board: without(iamondButterfly(7, 4), [
      [3, 7, 1],
      [5, 4, 0],
      [5, 3, 1],
      [7, 0, 0],
      [0, 7, 1],
      [6, 7, 1],
      [4, 0, 0],
      [10, 0, 0],
    ]),
    count: 11,
    counts: 'restricted',
    perClass: true,
    restriction: only('P6', [0, 1, 2], null),
    note: 'Puzzler HexiamondsX1: P6 not turned over, in rotations 0-2',
  }),
  choose9Hexagon('hexiamonds-hexicator', ['J6', 'H6', 'G6'], 'P6', 1, "Puzzler HexiamondsHexicator (George Sicherman's Hexicator)"),
  choose9Hexagon('hexiamonds-choose-9-hexagon-2', ['E6', 'H6', 'V6'], 'P6', 9, 'Puzzler HexiamondsChoose9Hexagon2'),
  choose9Hexagon('hexiamonds-choose-9-hexagon-3', ['F6', 'P6', 'X6'], 'J6', 15, 'Puzzler HexiamondsChoose9Hexagon3'),
  hexiamond('hexiamonds-delta-1', {
    board: triangles(8, 8, (x, y) => y - x >= 0),
    count: 11,
    counts: 'restricted',
    perClass: true,
    restriction: only('P6', undefined, null),
    note: 'Puzzler HexiamondsDelta1: P6 not turned over',
  }),
  hexiamond('hexiamonds-delta-2', {
    board: without(
      triangles(7, 7),
      triangles(7, 1, (x) => x >= 2),
      triangles(6, 3, (x, y) => x >= 4 && y >= 1),
      triangles(7, 5, (x) => x === 6),
    ),
    count: 232,
    counts: 'restricted',
    perClass: true,
    restriction: only('P6', undefined, null),
    note: 'Puzzler HexiamondsDelta2 (after Oktavian Scharek): P6 not turned over',
  }),
  hexiamond('hexiamonds-delta-3', {
    board: without(
      triangles(8, 8),
      triangles(4, 3, (x) => x >= 2),
      triangles(8, 4, (x) => x >= 4),
      triangles(8, 6, (x, y) => x >= 5 && y >= 4),
    ),
    count: 72,
    counts: 'restricted',
    perClass: true,
    restriction: only('P6', undefined, null),
    note: 'Puzzler HexiamondsDelta3: P6 not turned over',
  }),
  hexiamond('one-sided-hexiamonds-obeirnes-hexagon', {
    board: union(
      triangles(10, 10, (x, y, z) => t(x, y, z) > 5 && t(x, y, z) < 14 && x > 0 && x < 9 && y > 0 && y < 9),
      [
        [0, 6, 1],
        [0, 7, 0],
        [0, 7, 1],
        [9, 2, 0],
        [9, 2, 1],
        [9, 3, 0],
        [6, 0, 1],
        [7, 0, 0],
        [7, 0, 1],
        [2, 9, 0],
        [2, 9, 1],
        [3, 9, 0],
        [2, 3, 0],
        [2, 2, 1],
        [3, 2, 0],
        [6, 7, 1],
        [7, 7, 0],
        [7, 6, 1],
      ],
    ),
    pieces: oneSided(HEXIAMONDS, mirrorTriangle, ['I6', 'P6', 'J6', 'H6', 'S6', 'G6', 'F6']),
    count: 124519,
    counts: 'classes',
    source: 'https://arxiv.org/abs/cs/0011047',
    note: "O'Beirne's hexiamond hexagon with the 19 one-sided hexiamonds: Knuth, Dancing Links (2000), §'Polyiamonds'; Puzzler OneSidedHexiamondsOBeirnesHexagon agrees",
  }),
  hexiamond('one-sided-polyiamonds-12345-semiregular-hexagon-4x2', {
    board: iamondSemiregularHexagon(4, 2),
    pieces: oneSided(POLYIAMONDS_12345, mirrorTriangle, ['I4', 'L5', 'P5']),
    count: 56524164,
    counts: 'restricted',
    restriction: only('P5', [0, 1, 2]),
    source: 'https://puzzler.sourceforge.net/docs/polyiamonds.html',
    note: 'Puzzler OneSidedPolyiamonds12345SemiRegularHexagon4x2: the 13 one-sided polyiamonds of orders 1-5 in the hexagon of sides 4 and 2, P5 in rotations 0-2 (its class docstring; Puzzler logged 11 h 52 min)',
  }),
];
