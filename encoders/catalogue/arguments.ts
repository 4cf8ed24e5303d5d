import { UsageError } from '../../src/core/errors.js';
import { callName, fieldName } from '../../src/core/field-names.js';
import type { PuzzleOption } from '../../src/core/puzzle.js';
import type { Cell } from '../../src/geometry/cells.js';
import { GRID_NAMES } from '../../src/geometry/grids.js';
import { cellsArt } from '../../src/geometry/shapes.js';
import { cataloguePuzzle } from './index.js';
import { mirrorTriangle } from './polyiamonds.js';
import { mirrorStick } from './polysticks.js';
import { mirrorTwig } from './polytwigs.js';
import type { CataloguePuzzle, Coord, Grid, PieceSpec, Restriction } from './types.js';

/**
 * How puzzlesat counts a catalogue puzzle: the board and pieces as the
 * `polyform` puzzle's JSON, the source's restriction as per-piece turns and
 * flips, and the `enumerate` arguments that count what the documented count
 * counts (classes with `--unique`). Cubes go to the `polycube` puzzle, whose
 * `--symmetry` says which classes.
 */

/** Puzzler's mirror on each grid (flip0), for a restriction that keeps only the turned-over aspects. */
const MIRROR: Partial<Record<Grid, (c: Coord) => Coord>> = {
  square: ([x, y]) => [x!, -y!],
  hexagon: ([x, y]) => [-x!, x! + y!],
  triangle: mirrorTriangle,
  'square-edges': mirrorStick,
  'triangle-edges': ([x, y, d]) => [-x!, x! + y!, 2 - d!],
  'hexagon-edges': mirrorTwig,
};

/** A piece under the source's restriction: its turns, and whether it is turned over (always, when only flip 1 is kept: the mirror image, never turned). */
function restricted(piece: PieceSpec, grid: Grid, r: Restriction | undefined): PieceSpec {
  if (!r) return piece;
  const rotations = r.rotations === undefined ? {} : { rotations: r.rotations ?? [0] };
  const flips = r.flips === undefined ? undefined : (r.flips ?? [0]);
  if (flips?.length === 1 && flips[0] === 1) return { ...piece, cells: piece.cells.map(MIRROR[grid]!), flip: false, ...rotations };
  return { ...piece, ...(flips ? { flip: flips.includes(1) } : {}), ...rotations };
}

/** The board and pieces as the polyform puzzle's JSON, the restriction applied when the count is counted under it. */
export function polyformJson(p: CataloguePuzzle): { board: string; pieces: string } {
  const grid = p.board.grid;
  const apply = p.counts === 'restricted';
  const pieces = p.pieces.pieces.map((x) => restricted(x, grid, apply ? p.restriction?.find((r) => r.piece === x.name) : undefined));
  return { board: JSON.stringify(p.board), pieces: JSON.stringify({ grid, pieces }) };
}

export type CountCommand = { args: string[] } | { unsupported: string };

export function countCommand(p: CataloguePuzzle): CountCommand {
  const unique = p.counts === 'classes' ? ['--unique'] : [];
  if (p.board.grid !== 'cube') return { args: ['polyform', '--puzzle', p.name, ...unique] };
  if (p.counts === 'restricted') return { unsupported: "a polycube restriction of Puzzler's aspects is not transcribed" };
  return { args: ['polycube', '--puzzle', p.name, ...unique, ...(unique.length ? ['--symmetry', p.symmetry ?? 'isometries'] : [])] };
}

/** The call that builds a named puzzle as the polyform puzzle, which reads every grid and optional pieces. */
const asPolyform = (name: string): string => callName({ puzzle: 'polyform', options: { puzzle: name } });

/** `--puzzle NAME`: the named puzzle, checked to be on a grid this puzzle reads. */
export function namedCatalogue(name: string, grids: readonly Grid[], puzzle: string): CataloguePuzzle {
  const p = cataloguePuzzle(name, fieldName('puzzle'));
  if (!grids.includes(p.board.grid))
    throw new UsageError(`${fieldName('puzzle')} ${name}: on the ${p.board.grid} grid, which ${puzzle} does not read; try ${asPolyform(name)}`);
  return p;
}

const asCell = (c: Coord): Cell => [c[0]!, c[1]!, c[2] ?? 0];

/** Cells moved to start at 0 on every axis, as inline art takes them. */
function art(cells: readonly Coord[], on: string, off: string): string {
  const lows = [0, 1, 2].map((axis) => Math.min(...cells.map((c) => asCell(c)[axis]!)));
  return cellsArt(
    cells.map((c) => asCell(c).map((v, axis) => v - lows[axis]!) as unknown as Cell),
    on,
    off,
  );
}

/** `--puzzle NAME` for the polyomino and polycube puzzles: the named board (or figure) and pieces as inline art. */
function catalogueArt(name: string, puzzle: 'polyomino' | 'polycube'): { board: string; pieces: string } {
  const p = namedCatalogue(name, [puzzle === 'polycube' ? 'cube' : 'square'], puzzle);
  const ranged = p.pieces.pieces.find((x) => typeof x.count === 'string');
  if (ranged)
    throw new UsageError(`${fieldName('puzzle')} ${name}: piece ${ranged.name} is optional (count ${ranged.count}); ${asPolyform(name)} takes it`);
  const pieces = p.pieces.pieces.map((x) => `${x.name}${Number(x.count ?? 1) > 1 ? `*${x.count}` : ''}=${art(x.cells, '#', '.')}`).join(',');
  return { board: art(p.board.cells, '.', '#'), pieces };
}

/** The --puzzle option of the packing puzzles: a named catalogue puzzle stands for the board (or figure) and pieces. */
export const PUZZLE_OPTION: PuzzleOption = {
  name: 'puzzle',
  type: 'string',
  describe: 'a named puzzle from the catalogue (puzzlesat list puzzles): its board and pieces',
  // The instance records the board and pieces it stands for, which rebuild it.
  param: false,
};

/** What --puzzle stands for, by the typed options' names: given beside it, one of the two would silently win. */
const REPLACED = ['board', 'figure', 'preset', 'grid', 'pieces', 'piecesFile', 'use', 'oneSided'] as const;

/**
 * `--puzzle NAME` for a packing puzzle: the named board (a figure for
 * polycube) and pieces in the form that puzzle reads, refused beside an
 * option it replaces.
 */
export function namedPuzzle(
  name: string,
  options: Partial<Record<(typeof REPLACED)[number], unknown>>,
  puzzle: 'polyomino' | 'polycube' | 'polyform',
): { board?: string; figure?: string; pieces: string; symmetry?: 'rotations' | 'isometries' } {
  const clash = REPLACED.find((o) => options[o] !== undefined);
  if (clash) throw new UsageError(`${fieldName('puzzle')} names the board and pieces: give it without ${fieldName(clash)}`);
  if (puzzle === 'polyform') {
    const p = namedCatalogue(name, GRID_NAMES, 'polyform');
    // A solid's documented classes are under the group countCommand gives polycube: its own, else isometries.
    return { ...polyformJson(p), ...(p.board.grid === 'cube' ? { symmetry: p.symmetry ?? 'isometries' } : {}) };
  }
  const named = catalogueArt(name, puzzle);
  return { [puzzle === 'polycube' ? 'figure' : 'board']: named.board, pieces: named.pieces };
}
