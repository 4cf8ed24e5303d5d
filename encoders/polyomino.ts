import { UsageError, UserError, didYouMean, readingOption, systemReason } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { checkSize } from '../src/core/limits.js';
import { GROUPS, type Cell, isConnected, shapeKey } from '../src/geometry/cells.js';
import {
  buildPacking,
  type NonOverlap,
  type PackingInstance,
  type PieceDef,
  NON_OVERLAP_OPTION,
  PACKING_DEFAULTS,
  packingChoices,
  sourcesText,
} from './packing.js';
import { COUNT, addCopies, cellsArt, countText, inlineArt, parseCount, parsePieceArt, parsePiecesFile, parseRegion } from '../src/geometry/shapes.js';
import type { AmoEncoding, CardEncoding } from '../src/card/index.js';
import { type EncodingChoice, type PuzzleEntry, type PuzzleOption, entryOptions } from '../src/core/puzzle.js';
import { inlineUnlessFile, readTextFile, readTextInput } from '../src/core/input.js';
import { commaList } from '../src/core/lines.js';
import { GRIDS, type Grid } from '../src/geometry/grids.js';
import { freeListItem } from '../src/geometry/polyforms.js';
import { PUZZLE_OPTION, namedPuzzle } from './catalogue/arguments.js';

/**
 * Polyomino tilings: a board (any shape, holes allowed) and a piece set, every
 * cell covered exactly once, every piece used once. The pentomino puzzles are
 * presets of this module.
 */

/** Standard pieces by name; pentominoes are the bare letters. */
export const POLYOMINOES: Readonly<Record<string, string>> = {
  F: '.##/##./.#.',
  I: '#####',
  L: '####/#...',
  N: '##../.###',
  P: '##/##/#.',
  T: '###/.#./.#.',
  U: '#.#/###',
  V: '#../#../###',
  W: '#../##./.##',
  X: '.#./###/.#.',
  Y: '####/.#..',
  Z: '##./.#./.##',
  I4: '####',
  O4: '##/##',
  T4: '###/.#.',
  S4: '.##/##.',
  L4: '###/#..',
  I3: '###',
  L3: '##/#.',
  D2: '##',
  M1: '#',
};

/** Friendlier names for the small pieces. */
const ALIASES: Readonly<Record<string, string>> = {
  O: 'O4',
  square: 'O4',
  domino: 'D2',
  monomino: 'M1',
};

export const PENTOMINOES = 'F,I,L,N,P,T,U,V,W,X,Y,Z';

export interface Preset {
  board: string;
  pieces: string;
  about: string;
}

export const PRESETS: Readonly<Record<string, Preset>> = {
  '8x8-square': { board: '8x8', pieces: `${PENTOMINOES},O4`, about: '8x8 board, the 12 pentominoes and the 2x2 square placed anywhere' },
  '8x8-centre-hole': {
    board: ['........', '........', '........', '...##...', '...##...', '........', '........', '........'].join('/'),
    pieces: PENTOMINOES,
    about: '8x8 board with the centre 2x2 removed, the 12 pentominoes',
  },
  '6x10': { board: '10x6', pieces: PENTOMINOES, about: '6x10 rectangle, the 12 pentominoes' },
  '5x12': { board: '12x5', pieces: PENTOMINOES, about: '5x12 rectangle, the 12 pentominoes' },
  '4x15': { board: '15x4', pieces: PENTOMINOES, about: '4x15 rectangle, the 12 pentominoes' },
  '3x20': { board: '20x3', pieces: PENTOMINOES, about: '3x20 rectangle, the 12 pentominoes' },
};

export interface PolyominoOptions {
  /** A catalogue puzzle on square cells: its board and pieces (puzzlesat list puzzles). */
  puzzle?: string;
  preset?: string;
  /** `WxH`, inline art (rows separated by "/"), or a board file. */
  board?: string;
  /** Comma-separated names (`L*2` for copies, `Q=##/#.` inline art). */
  pieces?: string;
  piecesFile?: string;
  flip?: boolean;
  nonOverlap?: NonOverlap;
  amo?: AmoEncoding;
  card?: CardEncoding;
}

function rectangle(w: number, h: number): Cell[] {
  const cells: Cell[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, 0]);
  return cells;
}

/** `WxH` or inline art with "/" between rows (one row needs none): a board given in the option itself, unless a file is there. */
const RECTANGLE = /^(\d+)x(\d+)$/;
const boardInOption = (board: string) => inlineUnlessFile(board, (b) => RECTANGLE.test(b) || /^[.# ]+(\/[.# ]+)*$/.test(b));

/**
 * The board as its header records it: as given, or for a board file its art
 * (cellsArt), so that the header rebuilds the formula without the file.
 */
export function boardParam(board: string, region: readonly Cell[]): string {
  return boardInOption(board) ? board : cellsArt(region, '.', '#');
}

/** Pieces as a --pieces list of inline art (`V=##/#.,I*2=##,X*0..1=...`), which readPieces reads back to the same pieces. */
export function piecesParam(pieces: readonly PieceDef[]): string {
  return pieces
    .map((p) => {
      const copies = countText(p.least ?? p.count, p.count);
      return `${p.name}${copies === '1' ? '' : `*${copies}`}=${cellsArt(p.cells, '#', '.')}`;
    })
    .join(',');
}

/**
 * A value written as a size ("2x1x1", "3x3", "hexagon:0x2"), or as one typed
 * wrong ("3x", "x3", "1e3x2", "3x-2", " 3x2", "3X2", "3×2": digits with only
 * signs, points, exponents, spaces and x's beside them), not as a file's
 * name: when no file reads, it is a size of the wrong shape, a bad option
 * value (exit 2) rather than a file that is not there (exit 1).
 */
export const SIZE_LIKE = /^([a-z]+:)?(?=[^:]*\d)[\d\s.+\-ex×]*$/i;

/**
 * The size a value may mean, as the end of a message (": did you mean
 * 3x2?"), when it is one of `sides` sides typed with spaces or with an X or ×
 * for the x; else nothing. Sizes are written with a lower-case x only, as
 * --help shows them: one spelling, which a resume file's header records.
 */
export function meantSize(value: string, sides: number): string {
  const meant = value.replace(/\s+/g, '').replace(/[X×]/g, 'x');
  return meant !== value && new RegExp(`^\\d+(x\\d+){${sides - 1}}$`).test(meant) ? `: did you mean ${meant}?` : '';
}

/**
 * A board or figure value that opens as JSON: no file name (as polyform
 * takes it), read as art, whose refusal says that JSON boards are
 * polyform's, as it says of a file that holds JSON (it was "neither WxH,
 * inline art, nor a readable board file").
 */
export const opensAsJson = (value: string): boolean => /^\s*[{[]/.test(value);

/** `WxH`, inline art with "/" between rows, or the path of a board file. */
export function readBoard(board: string, option: string): Cell[] {
  if (boardInOption(board) || opensAsJson(board)) return readingOption(() => boardOfOption(board, option));
  let text: string;
  try {
    text = readTextInput(board, board);
  } catch (e) {
    if (e instanceof UserError) throw e;
    if (SIZE_LIKE.test(board)) throw new UsageError(`${option}: "${board}" is not a board size (WxH, e.g. 10x6)${meantSize(board, 2)}`);
    throw new UserError(`${option}: "${board}" is neither WxH, inline art, nor a readable board file: ${systemReason(e)}`);
  }
  return parseRegion(text, board);
}

/** The board the option itself gives: `WxH` or inline art. */
function boardOfOption(board: string, option: string): Cell[] {
  const size = RECTANGLE.exec(board);
  if (!size) return parseRegion(board.split('/').join('\n'), option);
  const [w, h] = [Number(size[1]), Number(size[2])];
  if (w < 1 || h < 1) throw new UserError(`${option}: board size must be positive, got "${board}"`);
  checkSize('cells', w * h, option, `a ${w}x${h} board has`);
  return rectangle(w, h);
}

/** Where a list takes "free:K" (freeListItem): the grid of its pieces, and whether they are turned over. */
interface FreeItems {
  grid: Grid;
  mirrored: boolean;
}

/**
 * A piece list such as `F,I,L*2,X*0..1,Q=##/#.`, and `free:K` items where
 * `free` says on which grid; names are case-sensitive. The list is an
 * option's value: what it refuses is a usage error.
 */
export const readPieces = (list: string, option: string, catalog: Readonly<Record<string, string>> = POLYOMINOES, free?: FreeItems): PieceDef[] =>
  readingOption(() => pieceList(list, option, catalog, free));

function pieceList(list: string, option: string, catalog: Readonly<Record<string, string>>, free: FreeItems | undefined): PieceDef[] {
  if (typeof list !== 'string')
    throw new UsageError(`${option}: expected a comma-separated list such as "F,I,L*2", got ${Array.isArray(list) ? 'an array' : typeof list}`);
  const pieces: PieceDef[] = [];
  for (const raw of commaList(list, option)) {
    const every = free && freeListItem(raw, free.grid, free.mirrored, option);
    if (every) {
      for (const piece of every) addPiece(pieces, piece, option);
      continue;
    }
    const m = new RegExp(String.raw`^([A-Za-z][\w-]*)(?:\*(${COUNT}))?(?:=(.+))?$`).exec(raw);
    if (!m) throw new UserError(`${option}: cannot read piece "${raw}"`);
    const [, given, copies, art] = m;
    const name = art ? given! : (ALIASES[given!] ?? given!);
    const drawing = art ?? catalog[name];
    if (drawing === undefined) {
      throw new UsageError(
        `${option}: unknown piece "${given}"${didYouMean(given!, Object.keys(catalog))}; known: ${Object.keys(catalog).join(' ')}`,
      );
    }
    const cells = parsePieceArt(inlineArt(drawing), `${option} piece ${name}`);
    addPiece(pieces, { name, cells, ...parseCount(copies ?? '1', `${option}: piece ${name}`) }, option);
  }
  if (pieces.length === 0) throw new UserError(`${option}: no pieces given`);
  return pieces;
}

/** Repeated names of one shape become copies of one piece (they are interchangeable): addCopies. */
function addPiece(pieces: PieceDef[], piece: PieceDef, where: string): void {
  // Art of dots or of empty rows draws nothing: "not connected" would send one looking for a gap.
  if (piece.cells.length === 0) throw new UserError(`${where}: piece ${piece.name} has no cells`);
  if (!isConnected(piece.cells)) throw new UserError(`${where}: piece ${piece.name} is not connected`);
  const same = pieces.find((p) => p.name === piece.name);
  if (same) addCopies(same, piece, shapeKey, where);
  else pieces.push(piece);
}

export function readPiecesFile(path: string): PieceDef[] {
  // Nothing is no file: taken for none, the puzzle ran with its default pieces (pentomino's twelve), unsaid.
  if (path.trim() === '') throw new UsageError(`${fieldName('piecesFile')}: an empty value; give a file of pieces`);
  // Why it cannot be read is said too: a directory and a missing file read alike.
  const text = readTextFile(path, fieldName('piecesFile'));
  const pieces: PieceDef[] = [];
  // Each piece's problem is said at its header's line, as the file's other errors are.
  for (const p of parsePiecesFile(text, path))
    addPiece(pieces, { name: p.name, cells: p.cells, count: p.count, least: p.least }, `${path}:${p.line}`);
  return pieces;
}

/** Where the board and the pieces were given, for the messages that refuse their areas: the option, a file by its path, or the preset. */
function tilingSources(options: PolyominoOptions): string | undefined {
  const preset = options.preset === undefined ? undefined : `${fieldName('preset')} ${options.preset}`;
  const board = options.board === undefined ? preset : boardInOption(options.board) ? fieldName('board') : options.board;
  return sourcesText(board, options.piecesFile ?? (options.pieces === undefined ? preset : fieldName('pieces')));
}

export function polyomino(options: PolyominoOptions, puzzle = 'polyomino'): PackingInstance {
  // Typed callers cannot leave it out; a script can, and would meet a TypeError from inside.
  if (options === undefined || options === null)
    throw new UsageError(`${puzzle}: give its options, e.g. { board: '6x10', pieces: 'F,I,L' } or { preset: '6x10' }`);
  if (options.puzzle !== undefined) return polyomino({ ...options, ...namedPuzzle(options.puzzle, options, 'polyomino'), puzzle: undefined }, puzzle);
  const preset = options.preset === undefined ? undefined : PRESETS[options.preset];
  if (options.preset !== undefined && !preset) {
    throw new UsageError(
      `${fieldName('preset')}: unknown preset "${options.preset}"${didYouMean(options.preset!, Object.keys(PRESETS))}; choose one of: ${Object.keys(PRESETS).join(', ')}`,
    );
  }
  // The command line refuses both (options.ts); a library caller's file silently won.
  if (options.pieces !== undefined && options.piecesFile !== undefined)
    throw new UsageError(`give the pieces with ${fieldName('pieces')} or ${fieldName('piecesFile')}, not both`);
  const boardText = options.board ?? preset?.board;
  if (boardText === undefined) throw new UsageError(`give a board with ${fieldName('board')} or a ${fieldName('preset')}`);
  if (boardText.trim() === '') throw new UsageError(`${fieldName('board')}: an empty value; give WxH, inline art, or a board file`);
  const region = readBoard(boardText, fieldName('board'));
  if (region.some((c) => c[2] !== 0)) throw new UserError(`${fieldName('board')}: a polyomino board is flat; use the polycube puzzle for 3D figures`);
  const flip = options.flip !== false;
  // free:K as polyform reads it on squares: a chiral shape is two pieces unless pieces are turned over.
  const pieces =
    options.piecesFile !== undefined
      ? readPiecesFile(options.piecesFile)
      : readPieces(options.pieces ?? preset?.pieces ?? PENTOMINOES, fieldName('pieces'), POLYOMINOES, { grid: GRIDS.square, mirrored: flip });
  const { nonOverlap, amo, card } = packingChoices(options);
  return buildPacking({
    puzzle,
    // Files are recorded by their contents: the header alone rebuilds the formula (puzzlesat decode, elsewhere).
    params: {
      preset: options.preset,
      board: options.preset ? undefined : boardParam(boardText, region),
      pieces: options.piecesFile !== undefined ? piecesParam(pieces) : (options.pieces ?? preset?.pieces),
      flip,
      nonOverlap,
      amo,
    },
    region,
    pieces,
    areasFrom: tilingSources(options),
    moves: flip ? GROUPS.planeIsometries : GROUPS.planeRotations,
    symmetryGroup: GROUPS.planeIsometries,
    nonOverlap,
    amo,
    card,
  });
}

const tilingOptions: PuzzleOption[] = [
  PUZZLE_OPTION,
  { name: 'preset', type: 'string', describe: 'a named board and piece set', choices: Object.keys(PRESETS) },
  { name: 'board', type: 'string', describe: 'WxH, inline art ("../.#" rows), or a board file (. cell, # or space hole)' },
  {
    name: 'pieces',
    type: 'string',
    describe: 'comma-separated piece names (L*2 for copies, Q=##/#. for inline art); free:1-3 for every polyomino of orders 1 to 3',
  },
  { name: 'pieces-file', type: 'string', describe: 'a file of pieces: "NAME:" headers followed by their art' },
  { name: 'flip', type: 'boolean', describe: 'allow reflected pieces (--no-flip forbids them)' },
  NON_OVERLAP_OPTION,
];

/** Pentomino tilings: the 6x10 rectangle unless a preset or a board is given. */
export function pentomino(options: PolyominoOptions = {}): PackingInstance {
  return polyomino(
    { ...options, preset: options.preset ?? (options.board === undefined && options.puzzle === undefined ? '6x10' : undefined) },
    'pentomino',
  );
}

function tiling(build: (options: PolyominoOptions) => PackingInstance) {
  return (args: Record<string, unknown> & EncodingChoice): PackingInstance => build(entryOptions(tilingOptions, args));
}

export const PENTOMINO_PUZZLE: PuzzleEntry = {
  name: 'pentomino',
  about: 'pentomino tilings (presets 8x8-square, 8x8-centre-hole, 6x10, 5x12, 4x15, 3x20)',
  options: tilingOptions,
  defaults: PACKING_DEFAULTS,
  build: tiling(pentomino),
};

export const POLYOMINO_PUZZLE: PuzzleEntry = {
  name: 'polyomino',
  about: 'any board (holes allowed) tiled by any polyomino set',
  options: tilingOptions,
  defaults: PACKING_DEFAULTS,
  build: tiling((options) => polyomino(options)),
};
