import { UsageError, UserError, readingOption, systemReason } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { checkSize } from '../src/core/limits.js';
import { GROUPS, type Cell } from '../src/geometry/cells.js';
import { buildPacking, type NonOverlap, type PackingInstance, NON_OVERLAP_OPTION, PACKING_DEFAULTS, packingChoices, sourcesText } from './packing.js';
import { cellsArt, parseRegion } from '../src/geometry/shapes.js';
import { box } from '../src/geometry/board-shapes.js';
import { GRIDS } from '../src/geometry/grids.js';
import type { AmoEncoding, CardEncoding } from '../src/card/index.js';
import { SIZE_LIKE, meantSize, opensAsJson, piecesParam, readPieces, readPiecesFile } from './polyomino.js';
import { PUZZLE_OPTION, namedPuzzle } from './catalogue/arguments.js';
import { type PuzzleEntry, type PuzzleOption, entryOptions } from '../src/core/puzzle.js';
import { inlineUnlessFile, readTextInput } from '../src/core/input.js';

/**
 * Polycube packing: a 3D figure filled by a set of polycubes, every cell
 * covered once, every piece used once. Pieces turn through the 24 rotations of
 * space but are not reflected (a mirror-image piece is another piece, like
 * Soma's screws A and B) unless --flip allows it. The Soma cube is the `soma`
 * puzzle: this module with the seven Soma pieces and a figure preset.
 *
 * Figures use the region format of src/geometry/shapes.ts: `.` is a cell, `#` or a
 * space is a hole; rows run down the page (y), columns across it (x); a line
 * `--` starts the next level up (z), so the first level is the bottom.
 * The bathtub, a 5x3 floor under a one-cube wall:
 *
 *     .....
 *     .....
 *     .....
 *     --
 *     .....
 *     .###.
 *     .....
 *
 * Inline, rows are separated by "/" and levels by "|" (".....|.###.").
 * Pieces files: a header line `NAME:` (`NAME*2:` for copies) before each
 * piece's art, `#` or a letter for a block, `--` between its levels.
 */

/** The seven Soma pieces: every irregular polycube of at most four cubes. */
export const SOMA_PIECES: Readonly<Record<string, string>> = {
  V: '##/#.',
  L: '###/#..',
  T: '###/.#.',
  Z: '.##/##.',
  // The screws are mirror images: the V with a cube on one arm or the other.
  A: '##/#.|.#',
  B: '##/#.|../#.',
  // The branch: three arms from one corner.
  P: '##/#.|#.',
};

/** Pieces --pieces may name: Soma's, and the straight and square ones that complete the tetracubes. */
const CATALOG: Readonly<Record<string, string>> = { ...SOMA_PIECES, I4: '####', O4: '##/##', I3: '###', D2: '##', M1: '#' };

/** Named piece sets, usable wherever --pieces takes a name. */
export const PIECE_SETS: Readonly<Record<string, string>> = {
  soma: 'V,L,T,Z,A,B,P',
  tetracubes: 'I4,O4,L,T,Z,A,B,P',
};

export interface Figure {
  art: string;
  about: string;
}

/** Classic Soma figures, in inline art (bottom level first). */
export const FIGURES: Readonly<Record<string, Figure>> = {
  cube: { art: '.../.../...|.../.../...|.../.../...', about: 'the 3x3x3 cube' },
  bathtub: { art: '...../...../.....|...../.###./.....', about: 'a 5x3 floor under a one-cube wall' },
  skyscraper: { art: '.../.../...|.../.../...|../..|../..|.', about: 'two 3x3 levels, two 2x2 levels and a spire' },
  chair: { art: '.../.../...|.../.../...|...|...|...', about: 'a 3x3x2 seat with a three-high back' },
  well: { art: '...#/..../...#/#.##|.../.#./...|.../.#./...', about: 'a two-level ring on a 3x3 base with two cubes jutting out' },
  crystal: { art: '.../.../...|.../.../..|.../../.|../.|.', about: 'a stepped corner: the cells with x + y + z <= 4 over a 3x3 base' },
};

export type SymmetryGroup = 'rotations' | 'isometries';

export interface PolycubeOptions {
  /** A catalogue puzzle on cubic cells: its figure and pieces (puzzlesat list puzzles). */
  puzzle?: string;
  /** A FIGURES name, `WxHxD`, inline art, or a figure file. */
  figure?: string;
  /** Comma-separated names from the catalog or PIECE_SETS (`Q=##/#.|#.` for inline art). */
  pieces?: string;
  piecesFile?: string;
  /** Allow reflected pieces too (off: mirror-image pieces stay distinct). */
  flip?: boolean;
  /** What --unique identifies: solutions that differ by a rotation, or also by a reflection of the figure. */
  symmetry?: SymmetryGroup;
  nonOverlap?: NonOverlap;
  amo?: AmoEncoding;
  card?: CardEncoding;
}

const inlineToText = (art: string) =>
  art
    .split('|')
    .map((level) => level.split('/').join('\n'))
    .join('\n--\n');

const BOX = /^(\d+)x(\d+)x(\d+)$/;
/** Art in the option ("/" rows, "|" levels; one row of "..." too) unless a file of that name is there (inlineUnlessFile, as the boards' rule). */
const isInlineFigure = (figure: string) => inlineUnlessFile(figure, (f) => /^[.# /|]+$/.test(f));

/** A figure given in the option itself (a preset's name, a box, inline art), not in a file. */
const figureInOption = (figure: string) => FIGURES[figure] !== undefined || BOX.test(figure) || isInlineFigure(figure);

/** The figure as its header records it: as given, or for a figure file its art, so that the header rebuilds the formula without the file. */
function figureParam(figure: string, region: readonly Cell[]): string {
  return figureInOption(figure) ? figure : cellsArt(region, '.', '#');
}

/** A figure by preset name, `WxHxD` box, inline art ("/" rows, "|" levels), or file path. */
export function readFigure(figure: string, option: string): Cell[] {
  const preset = FIGURES[figure];
  if (preset) return parseRegion(inlineToText(preset.art), `figure ${figure}`);
  // A box or art in the option itself: what it refuses is a bad option value (exit 2).
  if (BOX.test(figure) || isInlineFigure(figure) || opensAsJson(figure)) return readingOption(() => figureOfOption(figure, option));
  let text: string;
  try {
    text = readTextInput(figure, figure);
  } catch (e) {
    if (e instanceof UserError) throw e;
    if (SIZE_LIKE.test(figure)) throw new UsageError(`${option}: "${figure}" is not a box size (WxHxD, e.g. 3x3x3)${meantSize(figure, 3)}`);
    throw new UserError(
      `${option}: "${figure}" is neither a figure (${Object.keys(FIGURES).join(', ')}), WxHxD, inline art, nor a readable file: ${systemReason(e)}`,
    );
  }
  return parseRegion(text, figure);
}

/** The figure the option itself gives: a `WxHxD` box or inline art. */
function figureOfOption(figure: string, option: string): Cell[] {
  const size = BOX.exec(figure);
  if (!size) return parseRegion(inlineToText(figure), option);
  const [w, h, d] = size.slice(1).map(Number) as [number, number, number];
  if (w < 1 || h < 1 || d < 1) throw new UserError(`${option}: box sides must be positive, got "${figure}"`);
  checkSize('cells', w * h * d, option, `a ${w}x${h}x${d} box has`);
  return box(w, h, d);
}

/** Set names in a piece list become their members. */
const expandSets = (list: string) =>
  list
    .split(',')
    .map((item) => PIECE_SETS[item.trim()] ?? item)
    .join(',');

export function polycube(options: PolycubeOptions, puzzle = 'polycube'): PackingInstance {
  // Typed callers cannot leave it out; a script can, and would meet a TypeError from inside.
  if (options === undefined || options === null) throw new UsageError(`${puzzle}: give its options, e.g. { figure: '3x3x3', pieces: 'soma' }`);
  if (options.puzzle !== undefined) return polycube({ ...options, ...namedPuzzle(options.puzzle, options, 'polycube'), puzzle: undefined }, puzzle);
  if (options.figure === undefined)
    throw new UsageError(`give a figure with ${fieldName('figure')} (one of ${Object.keys(FIGURES).join(', ')}, WxHxD, or a file)`);
  if (options.pieces !== undefined && options.piecesFile !== undefined)
    throw new UsageError(`give the pieces with ${fieldName('pieces')} or ${fieldName('piecesFile')}, not both`);
  const region = readFigure(options.figure, fieldName('figure'));
  const pieceList = options.pieces ?? 'soma';
  const flip = options.flip === true;
  // free:K as polyform reads it on cubes: a chiral shape is two pieces unless pieces are turned over.
  const pieces =
    options.piecesFile !== undefined
      ? readPiecesFile(options.piecesFile)
      : readPieces(expandSets(pieceList), fieldName('pieces'), CATALOG, { grid: GRIDS.cube, mirrored: flip });
  const symmetry = options.symmetry ?? 'rotations';
  const { nonOverlap, amo, card } = packingChoices(options);
  return buildPacking({
    puzzle,
    params: {
      figure: figureParam(options.figure, region),
      pieces: options.piecesFile !== undefined ? piecesParam(pieces) : pieceList,
      flip,
      symmetry,
      nonOverlap,
      amo,
    },
    region,
    pieces,
    // Where the figure and the pieces were given, for the messages that refuse their areas; soma's own pieces unsaid.
    areasFrom: sourcesText(
      figureInOption(options.figure) ? fieldName('figure') : options.figure,
      options.piecesFile ?? (options.pieces === undefined ? undefined : fieldName('pieces')),
    ),
    moves: flip ? GROUPS.isometries : GROUPS.rotations,
    symmetryGroup: GROUPS[symmetry],
    nonOverlap,
    amo,
    card,
  });
}

/** The Soma puzzle: the seven Soma pieces into a figure, the 3x3x3 cube unless told otherwise. */
export function soma(options: Omit<PolycubeOptions, 'pieces' | 'piecesFile' | 'flip'> = {}): PackingInstance {
  // Polycube's default pieces, Soma's: not given by the caller, whom messages then send to the figure alone.
  return polycube({ ...options, figure: options?.figure ?? 'cube', pieces: undefined, piecesFile: undefined }, 'soma');
}

// ---- CLI registry entries ----------------------------------------------------

const figureOption: PuzzleOption = {
  name: 'figure',
  type: 'string',
  describe: `a figure: ${Object.keys(FIGURES).join(', ')}, a WxHxD box, inline art (rows "/", levels "|"), or a file (. cell, # or space hole, -- between levels, bottom first)`,
};
const symmetryOption: PuzzleOption = {
  name: 'symmetry',
  type: 'string',
  describe: 'what --unique identifies: rotations of the figure (default), or isometries (rotations and reflections, mirror pieces swapped)',
  choices: ['rotations', 'isometries'],
};

const SOMA_OPTIONS: readonly PuzzleOption[] = [figureOption, symmetryOption, NON_OVERLAP_OPTION];

export const SOMA_PUZZLE: PuzzleEntry = {
  name: 'soma',
  about: `the Soma cube and classic Soma figures (${Object.keys(FIGURES).join(', ')})`,
  options: SOMA_OPTIONS,
  defaults: PACKING_DEFAULTS,
  build: (args) => soma(entryOptions(SOMA_OPTIONS, args)),
};

const POLYCUBE_OPTIONS: readonly PuzzleOption[] = [
  figureOption,
  {
    name: 'pieces',
    type: 'string',
    describe: `comma-separated piece names or sets (${Object.keys(PIECE_SETS).join(', ')}); Q=##/#.|#. for inline art; free:1-3 for every polycube of orders 1 to 3 (L*2, free:2*4 for copies)`,
  },
  { name: 'pieces-file', type: 'string', describe: 'a file of pieces: "NAME:" headers followed by their art, -- between levels' },
  { name: 'flip', type: 'boolean', describe: 'allow reflected pieces (off by default: mirror-image pieces stay distinct)' },
  PUZZLE_OPTION,
  symmetryOption,
  NON_OVERLAP_OPTION,
];

export const POLYCUBE_PUZZLE: PuzzleEntry = {
  name: 'polycube',
  about: 'any 3D figure (holes allowed) packed with any polycube set',
  options: POLYCUBE_OPTIONS,
  defaults: PACKING_DEFAULTS,
  build: (args) => polycube(entryOptions(POLYCUBE_OPTIONS, args)),
};
