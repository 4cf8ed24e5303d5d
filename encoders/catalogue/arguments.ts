import { UserError } from '../../src/core/errors.js';
import { cellsArt } from '../../src/geometry/shapes.js';
import type { Cell } from '../../src/geometry/cells.js';
import { cataloguePuzzle } from './index.js';
import type { CataloguePuzzle, Coord } from './types.js';

/**
 * Catalogue puzzles on the cell grids that puzzlesat's `polyomino` and
 * `polycube` puzzles read (inline art), and the `enumerate` arguments that
 * count what a documented count counts: classes, and restrictions that keep
 * one solution per class (`perClass`), with `--unique`.
 */

const PUZZLE_OF_GRID = { square: 'polyomino', cube: 'polycube' } as const;
type ArtPuzzle = (typeof PUZZLE_OF_GRID)[keyof typeof PUZZLE_OF_GRID];

export interface CatalogueArt {
  puzzle: ArtPuzzle;
  /** The board (polyomino) or figure (polycube) as inline art. */
  board: string;
  /** A --pieces list of inline art. */
  pieces: string;
}

export type CountCommand = { args: string[] } | { unsupported: string };

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

function asArt(p: CataloguePuzzle): CatalogueArt | { unsupported: string } {
  const puzzle = PUZZLE_OF_GRID[p.board.grid as keyof typeof PUZZLE_OF_GRID] as ArtPuzzle | undefined;
  if (!puzzle) return { unsupported: `the ${p.board.grid} grid needs the polyform puzzle (issue #22's grid layer)` };
  const ranged = p.pieces.pieces.find((x) => typeof x.count === 'string');
  if (ranged) return { unsupported: `piece ${ranged.name} is optional (count ${ranged.count}), which ${puzzle} cannot express` };
  const pieces = p.pieces.pieces.map((x) => `${x.name}${Number(x.count ?? 1) > 1 ? `*${x.count}` : ''}=${art(x.cells, '#', '.')}`).join(',');
  return { puzzle, board: art(p.board.cells, '.', '#'), pieces };
}

/** `--puzzle NAME` for the polyomino and polycube puzzles: the named board and pieces, or why that puzzle cannot take them. */
export function catalogueArt(name: string, puzzle: ArtPuzzle): CatalogueArt {
  const a = asArt(cataloguePuzzle(name));
  if ('unsupported' in a) throw new UserError(`--puzzle ${name}: ${a.unsupported}`);
  if (a.puzzle !== puzzle)
    throw new UserError(`--puzzle ${name}: a ${a.puzzle} puzzle, not ${puzzle}; try puzzlesat enumerate ${a.puzzle} --puzzle ${name}`);
  return a;
}

export function countCommand(p: CataloguePuzzle): CountCommand {
  const a = asArt(p);
  if ('unsupported' in a) return a;
  if (p.counts === 'restricted' && !p.perClass)
    return { unsupported: `the count restricts ${p.restriction![0]!.piece}'s aspects, which a piece cannot be told yet` };
  const unique = p.counts === 'solutions' ? [] : ['--unique', ...(a.puzzle === 'polycube' ? ['--symmetry', p.symmetry ?? 'isometries'] : [])];
  return { args: [a.puzzle, '--puzzle', p.name, ...unique] };
}
