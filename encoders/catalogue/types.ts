/**
 * The catalogue of named puzzles: each is a board and a piece set in the JSON
 * forms the general `polyform` puzzle reads (one grid, Polyform Puzzler's
 * coordinates), with its source and the solution count the source documents.
 */

/** The grids, named as in the board and pieces JSON. */
export type Grid = 'square' | 'cube' | 'triangle' | 'hexagon' | 'square-edges' | 'triangle-edges' | 'hexagon-edges';

export type Family = 'polyominoes' | 'polycubes' | 'polyiamonds' | 'polyhexes' | 'polysticks' | 'polytrigs' | 'polytwigs';

/** `[x, y]` (squares, hexagons), `[x, y, z]` (cubes, triangles: z = 0 up, 1 down), `[x, y, d]` (edges). */
export type Coord = readonly number[];

export interface PieceSpec {
  name: string;
  cells: readonly Coord[];
  /** Copies: a number, or a range "0..1" for a piece that may be left out. */
  count?: number | string;
  /** Whether the piece may be turned over; false in one-sided sets. */
  flip?: boolean;
}

export interface BoardJson {
  grid: Grid;
  cells: readonly Coord[];
  optional?: readonly Coord[];
}

export interface PiecesJson {
  grid: Grid;
  pieces: readonly PieceSpec[];
}

/**
 * A source's restriction of one piece's aspects, in Polyform Puzzler's terms
 * (`customize_piece_data`): the aspects are rotation^r(flip^f(piece)) for r in
 * `rotations` (steps of 60°, or 90° on the square grids, counterclockwise) and
 * f in `flips`; null keeps only 0 (no turn, no flip), absent keeps them all.
 */
export interface Restriction {
  piece: string;
  rotations?: readonly number[] | null;
  flips?: readonly number[] | null;
}

/**
 * What a documented count counts:
 * - `solutions`: every solution, placements all distinct;
 * - `classes`: classes of solutions under the board's symmetry group
 *   (`symmetry` says which group for polycubes, where mirror images matter);
 * - `restricted`: the solutions left by the source's `restriction`.
 */
export type CountKind = 'solutions' | 'classes' | 'restricted';

export interface CataloguePuzzle {
  name: string;
  family: Family;
  board: BoardJson;
  pieces: PiecesJson;
  count: number;
  counts: CountKind;
  /** The source's own restriction, when it counts with one (kept even when it amounts to counting classes). */
  restriction?: readonly Restriction[];
  /**
   * The restriction keeps exactly one solution per class of the board's
   * symmetry group, so the count is also the number of classes (the tests
   * check the group-theoretic condition for every such entry).
   */
  perClass?: boolean;
  /** For `classes` on cubes: rotations only (chiral pieces, Soma) or all isometries (mirror pairs relabelled). */
  symmetry?: 'rotations' | 'isometries';
  /** Where the count is documented. */
  source: string;
  /** The source's name for the puzzle (e.g. Puzzler's class), and anything worth knowing about the count. */
  note: string;
}
