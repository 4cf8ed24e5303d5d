import { existsSync } from 'node:fs';
import { inlineUnlessFile, inputPath, readTextInput } from '../src/core/input.js';
import { UsageError, UserError, readingOption, systemReason } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { checkSize } from '../src/core/limits.js';
import { commaList } from '../src/core/lines.js';
import { type Cell, GROUPS, type Transform, isMirror, orientations, shapeKey, transformShape } from '../src/geometry/cells.js';
import { GRIDS, GRID_NAMES, type Grid, type GridName, aspect } from '../src/geometry/grids.js';
import { parseGridArt } from '../src/geometry/grid-art.js';
import { namedBoard } from '../src/geometry/board-shapes.js';
import { type CheckedPiece, checkPacking, congruent } from '../src/geometry/packing-check.js';
import { crossingProblem, planeCongruence } from '../src/geometry/plane-check.js';
import {
  type FormBoard,
  type FormPiece,
  type FormPieces,
  boardFromJson,
  boardJson,
  checkPiece,
  parseJson,
  piecesFromJson,
  piecesJson,
  useOf,
} from '../src/geometry/polyform-json.js';
import { COUNT, addCopies, inlineArt, inlineRows, parseCount, parsePiecesFile, textLines } from '../src/geometry/shapes.js';
import { freeListItem, rotationsOf } from '../src/geometry/polyforms.js';
import type { AmoEncoding, CardEncoding } from '../src/card/index.js';
import { type PuzzleEntry, type PuzzleOption, entryOptions } from '../src/core/puzzle.js';
import {
  NON_OVERLAP_OPTION,
  PACKING_DEFAULTS,
  type NonOverlap,
  type PackingInput,
  type PackingInstance,
  type PieceDef,
  buildPacking,
  checkPackingInput,
  packingChoices,
  sourcesText,
} from './packing.js';
import { POLYOMINOES, SIZE_LIKE, meantSize } from './polyomino.js';
import { PUZZLE_OPTION, namedPuzzle } from './catalogue/arguments.js';
import type { SymmetryGroup } from './polycube.js';

/**
 * Packings on any of the seven grids (src/geometry/grids.ts): polyominoes,
 * polycubes, polyiamonds, polyhexes, polysticks, polytrigs and polytwigs, with
 * per-piece rules: counts and ranges, "use k of these pieces", cells that may
 * stay empty, one-sided sets, and Polyform Puzzler's per-piece limits on
 * turns and flips.
 *
 * A board is JSON ({"grid", "cells", "optional"}), a shape by name (WxH,
 * hexagon:N, triangle:N, trapezoid:WxH: src/geometry/board-shapes.ts), or
 * text art where the grid has one
 * (src/geometry/grid-art.ts), in a file or inline (rows separated by "/").
 * Pieces: JSON ({"grid", "pieces", "use"}) in --pieces-file or inline in
 * --pieces, or a pieces file of "NAME*count:" headers and art, or an inline
 * list "A=art,B*0..1=art" (square cells also take the pentomino letters and
 * the other names of the polyomino puzzle).
 */

export interface PolyformOptions {
  /** A catalogue puzzle: its board and pieces (puzzlesat list puzzles), with the source's restriction when its count is counted under one. */
  puzzle?: string;
  grid?: string;
  board?: string;
  pieces?: string;
  piecesFile?: string;
  /** The default for pieces that do not say: may they be turned over? (On cubes a solid cannot be: off.) */
  flip?: boolean;
  /** Each piece that differs from its mirror image gets its mirror twin as another piece; none is turned over. */
  oneSided?: boolean;
  /** How many pieces a solution places: "11" or "10..12". */
  use?: string;
  /** What --unique identifies: the board's isometries (default, mirror twins swapped), or its rotations alone (Puzzler's count for most solids). */
  symmetry?: SymmetryGroup;
  nonOverlap?: NonOverlap;
  amo?: AmoEncoding;
  card?: CardEncoding;
}

/** Where a source's text comes from: a file's path, or the option that holds it inline. */
interface Source {
  text: string;
  where: string;
  inline: boolean;
}

const isJson = (text: string) => text.trimStart().startsWith('{');

/** Reads a source: an inline one is the option's own value, whose faults are usage errors (exit 2); a file's are bad input (exit 1). */
const reading = <T>(source: Source, read: () => T): T => (source.inline ? readingOption(read) : read());

/** Inline art: rows separated by "/", and on cubes levels by "|" (elsewhere "|" draws a stick). */
const inlineLines = (grid: Grid, art: string) => (grid.name === 'cube' ? inlineArt(art) : inlineRows(art));
/** Boards by name: WxH, hexagon:N, triangle:N, trapezoid:WxH (src/geometry/board-shapes.ts). */
const NAMED = /^((hexagon|triangle):\d+|(trapezoid:)?\d+x\d+|\d+x\d+x\d+)$/;
const BOX = /^\d+x\d+x\d+$/;

/** A board written in the option itself: a shape by name or art (a pieces file is a file, or JSON). */
const boardInline = (value: string) => NAMED.test(value) || /^[.#^v+|\-/ o*]+$/.test(value);

/** A file when one is there; else the option's text itself when it reads as JSON, or as `inline` says; else an error. */
function readSource(value: string, option: string, what: string, inline: (value: string) => boolean): Source {
  // No value is a usage error, as everywhere else (polyomino's --board ''), not a file that cannot be read.
  if (value.trim() === '') throw new UsageError(`${option}: an empty value; give ${what}, or a file`);
  // JSON is never a file name: taken as it is before any file system lookup (which the browser playground lacks).
  if (isJson(value)) return { text: value, where: option, inline: true };
  if (inlineUnlessFile(value, inline)) return { text: value, where: option, inline: true };
  try {
    return { text: readTextInput(value, value), where: value, inline: false };
  } catch (e) {
    if (e instanceof UserError) throw e;
    // Why it cannot be read is said too: a directory and a missing file read alike.
    throw new UserError(`${option}: "${value}" is not ${what}, nor a readable file: ${systemReason(e)}`);
  }
}

/**
 * The grid the puzzle is on: --grid, the board, the pieces, all agreeing;
 * square cells when none says. Options that disagree among themselves are
 * a usage error (exit 2); a file that disagrees is bad input (exit 1).
 */
function gridOf(declared: readonly { grid: Grid; from: string; inOption: boolean }[]): Grid {
  const [first, ...rest] = declared;
  for (const d of rest)
    if (d.grid !== first!.grid) {
      const Problem = first!.inOption && d.inOption ? UsageError : UserError;
      throw new Problem(`grid mismatch: ${first!.from} is on the ${first!.grid.name} grid, ${d.from} on the ${d.grid.name} grid`);
    }
  return first?.grid ?? GRIDS.square;
}

// ---- boards --------------------------------------------------------------------------

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

interface BoardInput {
  json?: FormBoard;
  /** The grid the board's own text names: a WxHxD box is of cubes, whatever --grid's default. */
  grid?: Grid;
  /** Where the board was given: its option, or its file's path. */
  where: string;
  read(grid: Grid): FormBoard;
}

/** A board's name with any size after it ("triangle:-2", "hexagon:1.5"): a size typed wrong, not a file to look for (exit 1). */
const NAME_LIKE = /^(hexagon|triangle|trapezoid):[^/]*$/;

function boardInput(value: string): BoardInput {
  if ((SIZE_LIKE.test(value) || NAME_LIKE.test(value)) && !NAMED.test(value) && !existsSync(inputPath(value)))
    throw new UsageError(
      `${fieldName('board')}: "${value}" is not a board size (WxH, hexagon:N, triangle:N, trapezoid:WxH, or WxHxD on the cube grid)${meantSize(value, 2) || meantSize(value, 3)}`,
    );
  const source = readSource(value, fieldName('board'), 'JSON, WxH or inline art (rows separated by "/")', boardInline);
  if (isJson(source.text)) {
    const json = reading(source, () => boardFromJson(parseJson(source.text, source.where), source.where));
    return { json, where: source.where, read: () => json };
  }
  return {
    where: source.where,
    grid: source.inline && BOX.test(source.text) ? GRIDS.cube : undefined,
    read: (grid) => reading(source, () => boardOfSource(source, grid)),
  };
}

/** A board of art or a shape by name, on the puzzle's grid. */
function boardOfSource(source: Source, grid: Grid): FormBoard {
  // A size is checked before a board of that size is made: every cell counts towards --max-cells.
  if (source.inline && NAMED.test(source.text)) {
    const sizes = source.text.match(/\d+/g)!.map(Number);
    checkSize('cells', sizes.length === 1 ? 3 * sizes[0]! ** 2 : sizes.reduce((a, b) => a * b), fieldName('board'), `"${source.text}" has about`);
  }
  const named = source.inline ? namedBoard(grid, source.text) : undefined;
  if (typeof named === 'string') throw new UserError(`${fieldName('board')}: ${named}`);
  const lines = source.inline ? inlineLines(grid, source.text) : textLines(source.text);
  const cells = named ?? parseGridArt(grid, lines, source.where, 'board');
  if (cells.length === 0) throw new UserError(`${source.where}: the board has no cells`);
  return { grid, cells, optional: [] };
}

// ---- pieces ----------------------------------------------------------------------------

interface PiecesInput {
  json?: FormPieces;
  /** Where the pieces were given: their option, or their file's path. */
  where: string;
  read(grid: Grid): FormPieces;
}

/**
 * An inline list "A=art,B*2=art,C*0..1=art"; "free:1-3" for every polyform
 * of orders 1 to 3 (named A3, B3, ...); on square cells, names of the
 * polyomino catalog too. "free:K" is every shape of order K the pieces can
 * be placed as, each once: up to rotation and reflection where the pieces
 * are turned over, up to rotation alone where they are not (the cube's
 * default: a solid piece cannot be mirrored, so its mirror image is another
 * piece, as the 8 tetracubes of the Soma-like sets count the chiral pair
 * twice). The free set there left one of each chiral pair out: that shape
 * could not be placed at all. `mirrored` says which: pieces turned over, or
 * a one-sided set, to which oneSided adds the mirror images itself.
 */
function inlinePieces(list: string, grid: Grid, option: string, mirrored: boolean): FormPiece[] {
  const pieces: FormPiece[] = [];
  // The pieces by name so far: a name given again adds copies, as polyomino's and polycube's lists do (a scan per piece made long lists quadratic).
  const named = new Map<string, FormPiece>();
  const shape = (cells: readonly Cell[]) => shapeKey(points(grid, cells), grid.period);
  const add = (piece: FormPiece) => {
    const earlier = named.get(piece.name);
    if (earlier) return addCopies(earlier, piece, shape, option);
    pieces.push(piece);
    named.set(piece.name, piece);
  };
  const pattern = new RegExp(String.raw`^([A-Za-z0-9][\w'-]*)(?:\*(${COUNT}))?(?:=(.+))?$`);
  for (const raw of commaList(list, option)) {
    const free = freeListItem(raw, grid, mirrored, option);
    if (free) {
      free.forEach(add);
      continue;
    }
    const m = pattern.exec(raw);
    if (!m) throw new UserError(`${option}: cannot read piece "${raw}" (write NAME=art, NAME*2=art or NAME*0..1=art)`);
    const [, name, copies, art] = m;
    const drawing = art ?? (grid.name === 'square' ? POLYOMINOES[name!] : undefined);
    if (drawing === undefined)
      throw new UserError(
        `${option}: piece ${name} has no art${grid.name === 'square' ? `; known names: ${Object.keys(POLYOMINOES).join(' ')}` : ' (write NAME=art)'}`,
      );
    const piece = {
      name: name!,
      cells: parseGridArt(grid, inlineLines(grid, drawing), `${option} piece ${name}`, 'piece'),
      ...parseCount(copies ?? '1', `${option}: piece ${name}`),
    };
    checkPiece(grid, piece, option);
    add(piece);
  }
  if (pieces.length === 0) throw new UserError(`${option}: no pieces given`);
  return pieces;
}

function piecesInput(options: PolyformOptions): PiecesInput {
  if (options.pieces !== undefined && options.piecesFile !== undefined)
    throw new UsageError(`give the pieces once: ${fieldName('pieces')} or ${fieldName('piecesFile')}`);
  const value = options.piecesFile ?? options.pieces;
  if (value === undefined)
    throw new UsageError(`give the pieces: ${fieldName('piecesFile')} FILE (JSON or "NAME:" blocks of art) or ${fieldName('pieces')} LIST`);
  const inline = options.piecesFile === undefined;
  const option = fieldName(inline ? 'pieces' : 'piecesFile');
  const source: Source = inline ? { text: value, where: option, inline: true } : readSource(value, option, 'a pieces file', () => false);
  if (isJson(source.text)) {
    const json = reading(source, () => piecesFromJson(parseJson(source.text, source.where), source.where));
    return { json, where: source.where, read: () => json };
  }
  return {
    where: source.where,
    read: (grid) => ({
      grid,
      pieces: source.inline
        ? reading(source, () => inlinePieces(source.text, grid, option, options.oneSided === true || turnsOver(grid, options.flip)))
        : parsePiecesFile(source.text, source.where, (lines, where) => parseGridArt(grid, lines, where, 'piece')).map((p) => {
            const piece = { name: p.name, cells: p.cells, count: p.count, least: p.least };
            checkPiece(grid, piece, `${source.where}:${p.line}`);
            return piece;
          }),
    }),
  };
}

// ---- piece rules ----------------------------------------------------------------------------

const points = (grid: Grid, cells: readonly Cell[]) => cells.map(grid.toPoint);

/** The piece's mirror image, or undefined when a turn of the piece is its mirror image already. */
function mirrorTwin(grid: Grid, piece: FormPiece): Cell[] | undefined {
  const own = new Set(orientations(points(grid, piece.cells), rotationsOf(grid), grid.period).map((s) => shapeKey(s, grid.period)));
  const mirrored = transformShape(grid.name === 'cube' ? GROUPS.isometries.find(isMirror)! : grid.flip, points(grid, piece.cells), grid.period);
  return own.has(shapeKey(mirrored, grid.period)) ? undefined : mirrored.map((p) => grid.fromPoint(p)!);
}

/**
 * A one-sided set: every piece that differs from its mirror image is joined
 * by its twin (Polyform Puzzler names it in lower case), and none is turned
 * over. A piece the set says is turned over ("flip": true) contradicts it:
 * kept, it would also cover its twin's placements, counted twice.
 */
function oneSided(grid: Grid, pieces: readonly FormPiece[], where: string): FormPiece[] {
  const turned = pieces.findIndex((p) => p.flip === true);
  if (turned >= 0) {
    const Problem = where === fieldName('pieces') ? UsageError : UserError;
    throw new Problem(`${where}: $.pieces[${turned}].flip: true, which ${fieldName('oneSided')} contradicts: a one-sided set turns no piece over`);
  }
  const taken = new Set(pieces.map((p) => p.name));
  return pieces.flatMap((piece) => {
    const twin = mirrorTwin(grid, piece);
    const own = { ...piece, flip: false };
    if (!twin) return [own];
    let name = piece.name.toLowerCase() === piece.name ? `${piece.name}'` : piece.name.toLowerCase();
    while (taken.has(name)) name += "'";
    taken.add(name);
    return [own, { ...own, name, cells: twin }];
  });
}

/** May pieces that do not say be turned over: the puzzle's say, else yes in the plane and no in space. */
const turnsOver = (grid: Grid, flip: boolean | undefined) => flip ?? grid.name !== 'cube';

/** May the piece be turned over: its own say, else the puzzle's. */
const flips = (grid: Grid, piece: FormPiece, flip: boolean | undefined) => piece.flip ?? turnsOver(grid, flip);

/** The motions of a piece: its allowed turns, each after the flip or not (Polyform Puzzler's aspects). */
function movesOf(grid: Grid, piece: FormPiece, flip: boolean | undefined): readonly Transform[] {
  const mirror = flips(grid, piece, flip);
  if (grid.name === 'cube') return mirror ? GROUPS.isometries : GROUPS.rotations;
  const turns = piece.rotations ?? range(grid.turns);
  return [false, ...(mirror ? [true] : [])].flatMap((f) => turns.map((r) => aspect(grid, r, f)));
}

// ---- the puzzle ---------------------------------------------------------------------------

export function polyform(options: PolyformOptions): PackingInstance {
  if (options.puzzle !== undefined) {
    // The named puzzle's group for its classes (a solid's source may count under rotations), unless --symmetry says otherwise.
    const { symmetry, ...named } = namedPuzzle(options.puzzle, options, 'polyform');
    return polyform({ ...options, ...named, symmetry: options.symmetry ?? symmetry, puzzle: undefined });
  }
  if (options.board === undefined) throw new UsageError(`give a board with ${fieldName('board')} (a JSON or art file, WxH, or inline art)`);
  if (options.grid !== undefined && !(GRID_NAMES as readonly string[]).includes(options.grid))
    throw new UserError(`${fieldName('grid')}: "${options.grid}" is not a grid; choose one of ${GRID_NAMES.join(', ')}`);
  if (options.oneSided === true && options.flip === true)
    throw new UsageError(
      `${fieldName('oneSided')} and ${fieldName('flip')} contradict each other: a one-sided set turns no piece over (its mirror twins are pieces)`,
    );
  const boardIn = boardInput(options.board);
  const piecesIn = piecesInput(options);
  const grid = gridOf([
    ...(options.grid === undefined ? [] : [{ grid: GRIDS[options.grid as GridName], from: fieldName('grid'), inOption: true }]),
    ...(boardIn.json
      ? [
          {
            grid: boardIn.json.grid,
            from: `the board (${options.board.length > 40 ? fieldName('board') : options.board})`,
            inOption: boardIn.where === fieldName('board'),
          },
        ]
      : []),
    ...(boardIn.grid ? [{ grid: boardIn.grid, from: `the board (${options.board})`, inOption: true }] : []),
    ...(piecesIn.json
      ? [
          {
            grid: piecesIn.json.grid,
            from: `the pieces (${options.piecesFile ?? fieldName('pieces')})`,
            inOption: piecesIn.where === fieldName('pieces'),
          },
        ]
      : []),
  ]);
  const board = boardIn.read(grid);
  checkSize('cells', board.cells.length + board.optional.length, fieldName('board'), 'the board has');
  const given = piecesIn.read(grid);
  const use = options.use === undefined ? given.use : readingOption(() => useOf(options.use!, fieldName('use')));
  if (options.use !== undefined && given.use && (given.use.least !== use!.least || given.use.most !== use!.most))
    throw new UserError(`${fieldName('use')} ${options.use}: the pieces file asks for ${given.use.least}..${given.use.most} pieces ($.use)`);
  const set = options.oneSided ? oneSided(grid, given.pieces, piecesIn.where) : given.pieces;
  const input: PackingInput = {
    region: board.cells,
    optional: board.optional,
    pieces: set,
    areasFrom: sourcesText(boardIn.where, piecesIn.where),
    ...(use ? { used: use, usedFrom: options.use === undefined ? `${options.piecesFile ?? fieldName('pieces')}: $.use` : fieldName('use') } : {}),
  };
  // Before each piece's motions are made: a whole input that cannot fit is refused at once, whatever its number of pieces.
  checkPackingInput(input);
  const pieces: PieceDef[] = set.map((p) => ({
    name: p.name,
    cells: p.cells,
    count: p.count,
    least: p.least,
    moves: movesOf(grid, p, options.flip),
  }));
  const { nonOverlap, amo, card } = packingChoices(options);
  const instance = buildPacking({
    puzzle: 'polyform',
    // The header records the board and pieces as JSON: it rebuilds the formula without the files.
    params: {
      grid: grid.name,
      board: boardJson(board),
      pieces: piecesJson(given),
      flip: options.flip,
      oneSided: options.oneSided,
      use: options.use,
      symmetry: options.symmetry,
      nonOverlap,
      amo,
    },
    grid,
    ...input,
    pieces,
    moves: grid.group,
    symmetryGroup: options.symmetry === 'rotations' ? grid.rotationGroup : grid.group,
    nonOverlap,
    amo,
    card,
  });
  const byName = new Map(set.map((p) => [p.name, p]));
  const fits =
    grid.name === 'cube'
      ? (piece: CheckedPiece, placed: readonly Cell[]) =>
          congruent(piece.cells, placed, { mirror: flips(grid, byName.get(piece.name)!, options.flip), spatial: true })
      : planeCongruence(grid, (piece) => {
          const p = byName.get(piece.name)!;
          return { turns: p.rotations ?? range(grid.turns), flip: flips(grid, p, options.flip) };
        });
  return {
    ...instance,
    check: (s) =>
      checkPacking(board.cells, pieces, fits, s, { optional: board.optional, used: use }) ??
      (grid.crossing ? crossingProblem(grid, s.placements) : null),
  };
}

// ---- CLI registry entry -------------------------------------------------------------------

export const POLYFORM_OPTIONS: readonly PuzzleOption[] = [
  { name: 'grid', type: 'string', describe: 'the grid of board and pieces given as art or WxH (JSON files name theirs)', choices: GRID_NAMES },
  {
    name: 'board',
    type: 'string',
    describe:
      'JSON {"grid","cells","optional"}, WxH, hexagon:N, triangle:N, trapezoid:WxH, text art, or a file of JSON or art (cells listed as "optional" may stay empty)',
  },
  {
    name: 'pieces',
    type: 'string',
    describe:
      'inline pieces: JSON {"grid","pieces":[{"name","cells","count","flip","rotations"}],"use"}, or A=art,B*2=art,C*0..1=art, and free:1-3 for every polyform of orders 1 to 3 (mirror images one piece where pieces are turned over, two where not, as on cubes)',
  },
  { name: 'pieces-file', type: 'string', describe: 'a pieces file: that JSON, or "NAME*count:" headers followed by art', param: false },
  { name: 'flip', type: 'boolean', describe: 'may pieces that do not say be turned over (default: yes in the plane, no for cubes)' },
  {
    name: 'one-sided',
    type: 'boolean',
    describe: 'a one-sided set: each piece unlike its mirror image gets its twin (named in lower case), none turned over',
  },
  { name: 'use', type: 'string', describe: 'how many pieces a solution places: K or LEAST..MOST (e.g. 11 of the 12)' },
  {
    name: 'symmetry',
    type: 'string',
    describe:
      "what --unique identifies: the board's isometries (default; mirror twins swapped), or its rotations alone (--puzzle: the catalogue's choice)",
    choices: ['rotations', 'isometries'],
  },
  PUZZLE_OPTION,
  NON_OVERLAP_OPTION,
];

export const POLYFORM_PUZZLE: PuzzleEntry = {
  name: 'polyform',
  about:
    'any board on any grid (squares, cubes, triangles, hexagons, and the edges of the square, triangular and hexagonal grids) packed with any pieces',
  options: POLYFORM_OPTIONS,
  defaults: PACKING_DEFAULTS,
  build: (args) => polyform(entryOptions(POLYFORM_OPTIONS, args)),
};
