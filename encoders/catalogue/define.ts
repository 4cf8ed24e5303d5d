import type { CataloguePuzzle, CountKind, Coord, Family, Grid, PieceSpec, Restriction } from './types.js';

/** Piece cells as Puzzler lists them; `origin` is the cell its piece data leaves implied (cells and hexagons), none for sticks. */
export function pieceSet(shapes: Readonly<Record<string, readonly Coord[]>>, origin?: Coord): PieceSpec[] {
  return Object.entries(shapes).map(([name, cells]) => ({ name, cells: origin ? [origin, ...cells] : cells }));
}

/** A one-sided set: every piece without mirror symmetry twice (mirror image lower-cased, as Puzzler names it), none turned over. */
export function oneSided(pieces: readonly PieceSpec[], mirror: (c: Coord) => Coord, asymmetric: readonly string[]): PieceSpec[] {
  return pieces.flatMap((p) =>
    asymmetric.includes(p.name)
      ? [
          { ...p, flip: false },
          { ...p, name: p.name.toLowerCase(), cells: p.cells.map(mirror), flip: false },
        ]
      : [{ ...p, flip: false }],
  );
}

/** The pieces with some removed, or with some given a count (a range for pieces that may be left out). */
export function adjust(
  pieces: readonly PieceSpec[],
  changes: { omit?: readonly string[]; counts?: Readonly<Record<string, number | string>> },
): PieceSpec[] {
  return pieces
    .filter((p) => !changes.omit?.includes(p.name))
    .map((p) => (changes.counts?.[p.name] === undefined ? p : { ...p, count: changes.counts[p.name] }));
}

export interface Entry {
  board: readonly Coord[];
  count: number;
  counts: CountKind;
  note: string;
  optional?: readonly Coord[];
  restriction?: readonly Restriction[];
  perClass?: boolean;
  symmetry?: 'rotations' | 'isometries';
  pieces?: readonly PieceSpec[];
  source?: string;
}

/** A family's puzzle maker: its grid, its usual piece set and source page, filled in per puzzle. */
export function family(family: Family, grid: Grid, pieces: readonly PieceSpec[], source: string) {
  return (name: string, e: Entry): CataloguePuzzle => ({
    name,
    family,
    board: { grid, cells: e.board, ...(e.optional ? { optional: e.optional } : {}) },
    pieces: { grid, pieces: e.pieces ?? pieces },
    count: e.count,
    counts: e.counts,
    ...(e.restriction ? { restriction: e.restriction } : {}),
    ...(e.perClass ? { perClass: true } : {}),
    ...(e.symmetry ? { symmetry: e.symmetry } : {}),
    source: e.source ?? source,
    note: e.note,
  });
}

/** Puzzler's usual restriction: one piece kept to some rotations, turned over or not. */
export const only = (piece: string, rotations: readonly number[] | null | undefined, flips?: readonly number[] | null): Restriction[] => [
  { piece, ...(rotations === undefined ? {} : { rotations }), ...(flips === undefined ? {} : { flips }) },
];
