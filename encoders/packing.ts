import { Cnf } from '../src/core/cnf.js';
import { UserError } from '../src/core/errors.js';
import { checkDeadlineAt, checkSize, pastLimit, sizeLimit } from '../src/core/limits.js';
import { type Cell, type Transform, cellKey, isMirror, orientations, regionSymmetries, shapeKey, transformShape } from '../src/geometry/cells.js';
import { type Grid, GRIDS } from '../src/geometry/grids.js';
import { crossingClaims } from '../src/geometry/crossings.js';
import {
  type EncodingDefaults,
  type ExactCover,
  type FamilyShape,
  type Instance,
  type InstanceExplanation,
  type PuzzleOption,
  checkRendered,
} from '../src/core/puzzle.js';
import { amoCost, atLeastKCost, atMostKCost, grouped, range, sizeText } from '../src/explain/sizes.js';
import {
  AMO_ENCODINGS,
  type AmoEncoding,
  CARD_ENCODINGS,
  type CardEncoding,
  DEFAULT_CARD,
  atLeastK,
  atLeastOne,
  atMostK,
  atMostOne,
} from '../src/card/index.js';
import { checkPacking } from '../src/geometry/packing-check.js';
import { countText } from '../src/geometry/shapes.js';
import { placedSymbols } from '../src/render/palette.js';
import { drawnExtent, renderPacking, renderPackingSvg } from '../src/render/grid.js';
import { renderPolycubeSvg } from '../src/render/iso.js';
import { MAX_TEXT_PICTURE, placementList, renderPlaneSvg, renderPlaneText, tooLargeForText } from '../src/render/plane.js';

/**
 * The one placement model behind every packing puzzle, 2D (z = 0) or 3D:
 * polyomino tilings, Soma and polycube figures, The Genius Square.
 * A placement is a piece in one orientation at one offset; its variable is
 * true when the piece lies there.
 */
export interface PieceDef {
  name: string;
  cells: Cell[];
  /** Identical copies of this piece (interchangeable in solutions): the most a solution places. */
  count: number;
  /** The fewest copies a solution places (default: count, so exactly count). */
  least?: number;
  /** Which of the grid's motions may move this piece (default: the puzzle's moves). */
  moves?: readonly Transform[];
}

/** The fewest copies of a piece a solution places. */
export const leastOf = (p: PieceDef): number => p.least ?? p.count;

export type NonOverlap = 'compact' | 'pairwise';

/**
 * The at-most-one encoding packings use unless told otherwise. Measured on
 * 8x8-square cubes (depth 7, WebAssembly MiniSat, same run): bimander 14.7 ms
 * per cube, binary 19, product 21, commander 25, ladder 106, sequential 169 —
 * bimander's short log-size chains propagate far less per decision.
 */
// Enumeration with native groups (minisat-wasm): pairwise, the at-most-one without auxiliary
// variables; 8x8 + 2x2 at cube depth 2 in 1.7x the CPU of dancing links, where bimander
// clauses took 3.3x (bench/results/sat-search.md).
export const PACKING_DEFAULTS: EncodingDefaults = { amo: 'bimander', card: DEFAULT_CARD, nativeEnumerationAmo: 'pairwise' };

/** A packing's encodings as asked for (the CLI's plan always asks; a library caller may not). */
export interface PackingChoices {
  nonOverlap?: NonOverlap;
  amo?: AmoEncoding;
  card?: CardEncoding;
}

/** The encodings a packing is built with: what was asked for, else the one default of each (PACKING_DEFAULTS, compact non-overlap). */
export function packingChoices(asked: PackingChoices): Required<PackingChoices> {
  return { nonOverlap: asked.nonOverlap ?? 'compact', amo: asked.amo ?? PACKING_DEFAULTS.amo, card: asked.card ?? PACKING_DEFAULTS.card };
}

/** The option every packing puzzle offers: how non-overlap is encoded. */
export const NON_OVERLAP_OPTION: PuzzleOption = {
  name: 'non-overlap',
  type: 'string',
  describe: 'non-overlap family: compact (per-cell at-most-one) or pairwise',
  choices: ['compact', 'pairwise'],
};

export interface PackingSpec {
  puzzle: string;
  params: Record<string, unknown>;
  /** The cells every solution covers. */
  region: Cell[];
  /** Cells a solution may leave uncovered (covered at most once); numbered after the region's in placements. */
  optional?: Cell[];
  /** The grid of the cells (default: square cells, cubes when the region leaves z = 0). */
  grid?: Grid;
  pieces: PieceDef[];
  /** How many pieces (copies counted) a solution places, when the puzzle says (e.g. 11 of the 12). */
  used?: { least: number; most: number };
  /** Where `used` was asked (--use, a pieces file's $.use), for the message that refuses it. */
  usedFrom?: string;
  /** Where the board and the pieces were given (sourcesText), for the messages that refuse their areas; unsaid when undefined. */
  areasFrom?: string;
  /** How pieces may be turned (e.g. the 8 plane isometries, or rotations only). */
  moves: readonly Transform[];
  /** Candidate symmetries of the whole puzzle, for --unique. */
  symmetryGroup: readonly Transform[];
  nonOverlap: NonOverlap;
  amo: AmoEncoding;
  card: CardEncoding;
}

/** Where a message says the board and pieces came from: areasFrom, or these words when the caller did not say. */
const areasOf = (spec: Pick<PackingSpec, 'areasFrom'>): string => spec.areasFrom ?? 'board and pieces';

export interface Placement {
  piece: number;
  orientation: number;
  offset: Cell;
  /** Indices into the region's cells, ascending. */
  cells: number[];
  variable: number;
}

export interface PlacedPiece {
  piece: string;
  cells: Cell[];
}

export interface PackingSolution {
  placements: PlacedPiece[];
}

export interface PackingInstance extends Instance<PackingSolution> {
  spec: PackingSpec;
  placements: Placement[];
  /** Display symbol per piece (distinct single characters): its first copy's in copySymbols. */
  symbols: string[];
  /** Display symbols per piece, one per copy it may have (all distinct, "?" past the characters there are). */
  copySymbols: string[][];
}

// ---- the board on its grid ---------------------------------------------------

/**
 * What buildPacking works on: the cells (the region's, then the optional
 * ones) as the grid's points, on which its group acts and which its
 * translations (multiples of `period`) move.
 */
interface Board {
  grid: Grid;
  cells: Cell[];
  points: Cell[];
  /** The first `required` cells must be covered. */
  required: number;
}

function boardOf(spec: PackingSpec): Board {
  const cells = [...spec.region, ...(spec.optional ?? [])];
  const grid = spec.grid ?? (cells.every((c) => c[2] === 0) ? GRIDS.square : GRIDS.cube);
  return { grid, cells, points: cells.map(grid.toPoint), required: spec.region.length };
}

/** The moves of one piece: its own, else the puzzle's. */
const movesOf = (spec: PackingSpec, piece: PieceDef): readonly Transform[] => piece.moves ?? spec.moves;

// ---- variables -------------------------------------------------------------

/** Where one shape of a piece fits: the board cells it covers, ascending, and its offset in grid steps. */
interface Fit {
  orientation: number;
  offset: Cell;
  cells: number[];
}

/**
 * Every fit of a piece's orientations on the board, orientation by
 * orientation, in board order; `found` is told of each as it is found.
 */
function fitsOf(shapes: readonly Cell[][], board: Board, index: ReadonlyMap<string, number>, found: () => void): Fit[] {
  const period = board.grid.period;
  const out: Fit[] = [];
  shapes.forEach((shape, o) => {
    for (const anchor of board.points) {
      // Translate so the shape's first block lands on the anchor cell.
      const [ax, ay, az] = shape[0]!;
      const offset: Cell = [anchor[0] - ax, anchor[1] - ay, anchor[2] - az];
      // Only the grid's translations keep a shape's cells cells of the same kind.
      if (period !== 1 && (offset[0] % period !== 0 || offset[1] % period !== 0)) continue;
      const cells: number[] = [];
      for (const c of shape) {
        const i = index.get(cellKey([c[0] + offset[0], c[1] + offset[1], c[2] + offset[2]]));
        if (i === undefined) break;
        cells.push(i);
      }
      if (cells.length !== shape.length) continue;
      found();
      out.push({ orientation: o, offset: [offset[0] / period, offset[1] / period, offset[2]], cells: cells.sort((a, b) => a - b) });
    }
  });
  return out;
}

function placementsOf(spec: PackingSpec, board: Board, cnf: Cnf): Placement[] {
  const { grid, points } = board;
  const index = new Map(points.map((c, i) => [cellKey(c), i]));
  const shapes = spec.pieces.map((piece) => orientations(piece.cells.map(grid.toPoint), movesOf(spec, piece), grid.period));
  // Pieces with the same orientations (20,000 monominoes) fit alike: their fits are found once, and counted for
  // all of them, so that the limit is met before any placement (its variable, its name) exists, not a million
  // placements later.
  const keys = shapes.map((s) => s.map((shape) => shape.map(cellKey).join(' ')).join('|'));
  const alike = new Map<string, number>();
  for (const key of keys) alike.set(key, (alike.get(key) ?? 0) + 1);
  const fits = new Map<string, Fit[]>();
  const limit = sizeLimit('placements');
  let total = 0;
  keys.forEach((key, p) => {
    if (fits.has(key)) return;
    fits.set(
      key,
      fitsOf(shapes[p]!, board, index, () => {
        total += alike.get(key)!;
        // How many it would have is not counted: the count stops at the limit. Said where the board and pieces were
        // given, as the area messages say it (regression: "board and pieces:" whatever option or file gave them).
        if (total > limit) throw pastLimit('placements', areasOf(spec), 'the pieces have more placements on the board', limit);
      }),
    );
  });
  // A placement a variable: held to the formula's variable limit before any is made, as to the placement limit.
  if (total > cnf.vars.room)
    throw pastLimit('vars', areasOf(spec), 'the pieces have more placements on the board (a variable each)', cnf.vars.maxVars);
  const flat = points.every((c) => c[2] === 0);
  const out: Placement[] = [];
  const first = new Set<string>();
  spec.pieces.forEach((piece, p) => {
    const key = keys[p]!;
    // Each placement has cells of its own, as it always had: the first of alike pieces takes the fits' arrays.
    const own = !first.has(key);
    first.add(key);
    for (const { orientation, offset, cells } of fits.get(key)!) {
      const at = flat ? `(${offset[0]},${offset[1]})` : `(${offset.join(',')})`;
      const variable = cnf.vars.named(`place ${piece.name}#${orientation} @${at}`);
      out.push({ piece: p, orientation, offset, cells: own ? cells : cells.slice(), variable });
    }
    // A piece that fits nowhere is an answer (UNSAT: its at-least-once clause is empty), not an input error.
  });
  return out;
}

// ---- constraint families ---------------------------------------------------

/** For each cell (required, then optional), the placements covering it. */
function coverGroups(board: Board, placements: readonly Placement[]): number[][] {
  const byCell: number[][] = board.cells.map(() => []);
  for (const pl of placements) for (const c of pl.cells) byCell[c]!.push(pl.variable);
  return byCell;
}

/**
 * Per-cell pairwise at-most-one is pairwise non-overlap: both forbid each pair
 * of placements sharing a cell, once per pair however many cells they share.
 */
const pairsByOverlap = (spec: PackingSpec): boolean => spec.nonOverlap === 'pairwise' || spec.amo === 'pairwise';

function coverFamilies(spec: PackingSpec, board: Board, cnf: Cnf, byCell: readonly number[][], overlaps: OverlappingPairs): void {
  const required = byCell.slice(0, board.required);
  const optional = byCell.slice(board.required);
  cnf.family('cover', 'every cell is covered by at least one placement');
  // A cell no piece can cover gets an empty clause: the answer is UNSAT, not an input error.
  required.forEach((vars) => atLeastOne(cnf, vars));
  if (pairsByOverlap(spec)) {
    cnf.family('non-overlap', 'no two placements that share a cell are both chosen (one clause per pair)');
    addPairs(cnf, overlaps, 0, overlaps.required);
  } else {
    cnf.family('non-overlap', `no cell is covered twice (${spec.amo} at-most-one per cell)`);
    required.forEach((vars, c) => atMostOne(cnf, vars, spec.amo, `cell ${cellName(board.grid, board.cells[c]!)}`));
  }
  if (optional.length === 0) return;
  cnf.family(
    'optional-cells',
    `a cell that may stay empty is covered at most once (${pairsByOverlap(spec) ? 'one clause per pair not met above' : spec.amo})`,
  );
  if (pairsByOverlap(spec)) addPairs(cnf, overlaps, overlaps.required, overlaps.count);
  else optional.forEach((vars, c) => atMostOne(cnf, vars, spec.amo, `cell ${cellName(board.grid, board.cells[board.required + c]!)}`));
}

/** Exactly one copy, the default. */
const single = (p: PieceDef) => p.count === 1 && leastOf(p) === 1;

/**
 * Cover and non-overlap say together that each required cell has exactly
 * one placement. With every piece single the piece families say the same of
 * each piece's placements; with copies or optional pieces they are counts,
 * and stay clauses.
 */
function exactlyOneGroups(spec: PackingSpec, board: Board, byCell: readonly number[][], byPiece: readonly number[][]): Instance['exactlyOne'] {
  const cells = byCell.slice(0, board.required);
  if (!spec.pieces.every(single)) return { families: ['cover', 'non-overlap'], groups: cells };
  return { families: ['cover', 'non-overlap', 'piece-once', 'piece-at-least-once'], groups: [...cells, ...byPiece] };
}

/** Pairs a < b of placements that share at least one cell, each once: those met on required cells first. */
interface OverlappingPairs {
  /** How many pairs there are. */
  count: number;
  /** The pair at `i` (a < b), in the order met: cell by cell, each on the first cell it shares. */
  pair(i: number): [number, number];
  /** How many of the pairs share a required cell (those first). */
  required: number;
  has(a: number, b: number): boolean;
}

/**
 * The overlapping pairs, listed flat in an Int32Array and each counted
 * against the literal limit before it is listed (two literals a clause): a
 * Set of them passed V8's 2^24 entries (80 pieces on a 20x20 board, 1 min and
 * 2 GB into the build) and crashed, and a list within the limit was listed
 * whole before its family refused it. A pair is met on each cell its two
 * placements share, and listed on the first (their cell lists are ascending),
 * which needs no set of the pairs seen.
 */
function overlappingPairs(byCell: readonly number[][], required: number, maxVar: number, where: string): OverlappingPairs {
  const cellsOf: number[][] = Array.from({ length: maxVar + 1 }, () => []);
  byCell.forEach((vars, c) => {
    for (const v of vars) cellsOf[v]!.push(c);
  });
  const limit = sizeLimit('literals');
  let flat: Int32Array = new Int32Array(1024);
  let count = 0;
  let requiredPairs = 0;
  let step = 0;
  byCell.forEach((vars, c) => {
    if (c === required) requiredPairs = count;
    for (let i = 0; i < vars.length; i++) {
      for (let j = i + 1; j < vars.length; j++) {
        // Quadratic in the placements per cell, before any clause: 17 s of a 20x20 board, past its --timeout.
        checkDeadlineAt(step++);
        if (firstShared(cellsOf[vars[i]!]!, cellsOf[vars[j]!]!) !== c) continue;
        // The pairs of required cells are one family's clauses, the rest another's.
        if ((count + 1 - (c < required ? 0 : requiredPairs)) * 2 > limit)
          throw pastLimit('literals', where, 'the pairs of placements that share a cell (a clause of 2 literals each) have more literals', limit);
        if (2 * count + 2 > flat.length) flat = grown(flat);
        flat[2 * count] = Math.min(vars[i]!, vars[j]!);
        flat[2 * count + 1] = Math.max(vars[i]!, vars[j]!);
        count++;
      }
    }
  });
  if (required >= byCell.length) requiredPairs = count;
  return {
    count,
    pair: (i) => [flat[2 * i]!, flat[2 * i + 1]!],
    required: requiredPairs,
    has: (a, b) => firstShared(cellsOf[a]!, cellsOf[b]!) !== -1,
  };
}

/** The least cell of two ascending lists of cells, -1 when they share none. */
function firstShared(xs: readonly number[], ys: readonly number[]): number {
  for (let i = 0, j = 0; i < xs.length && j < ys.length;) {
    if (xs[i] === ys[j]) return xs[i]!;
    if (xs[i]! < ys[j]!) i++;
    else j++;
  }
  return -1;
}

/** A copy of `data` twice its length. */
function grown(data: Int32Array): Int32Array {
  const bigger = new Int32Array(data.length * 2);
  bigger.set(data);
  return bigger;
}

/** Clauses ¬a ∨ ¬b of the overlapping pairs from `from` to `to`. */
function addPairs(cnf: Cnf, overlaps: OverlappingPairs, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const [a, b] = overlaps.pair(i);
    cnf.add([-a, -b]);
  }
}

/** The pairs of a piece's placements that do not overlap: the overlapping ones are non-overlap clauses already. */
function disjointPairs(vars: readonly number[], overlaps: OverlappingPairs): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < vars.length; i++)
    for (let j = i + 1; j < vars.length; j++) if (!overlaps.has(vars[i]!, vars[j]!)) out.push([vars[i]!, vars[j]!]);
  return out;
}

function pieceFamilies(spec: PackingSpec, cnf: Cnf, byPiece: number[][], overlaps: OverlappingPairs): void {
  cnf.family('piece-once', `each piece is placed at most once (${spec.amo}; identical copies: at most k, ${spec.card})`);
  spec.pieces.forEach((piece, p) => {
    if (piece.count !== 1) atMostK(cnf, byPiece[p]!, piece.count, spec.card, `piece ${piece.name}`);
    else if (spec.amo === 'pairwise') for (const [a, b] of disjointPairs(byPiece[p]!, overlaps)) cnf.add([-a, -b]);
    else atMostOne(cnf, byPiece[p]!, spec.amo, `piece ${piece.name}`);
  });
  if (!spec.pieces.some((p) => leastOf(p) > 0)) return;
  cnf.family('piece-at-least-once', 'each piece is placed at least once');
  spec.pieces.forEach((piece, p) => {
    const least = leastOf(piece);
    if (least === 1) atLeastOne(cnf, byPiece[p]!);
    else if (least > 1) atLeastK(cnf, byPiece[p]!, least, spec.card, `piece ${piece.name}`);
  });
}

/**
 * "Use k of these pieces": a piece placed at most once counts by an
 * indicator u_p ↔ (one of its placements), a piece with copies by its
 * placements themselves; the total is held between the bounds.
 */
function usedFamily(spec: PackingSpec, cnf: Cnf, byPiece: readonly number[][]): number[] | undefined {
  const used = spec.used;
  if (!used) return undefined;
  const { least, most } = used;
  cnf.family('pieces-used', `the number of pieces placed is ${least === most ? least : `${least} to ${most}`} (${spec.card})`);
  const counted: number[] = [];
  spec.pieces.forEach((piece, p) => {
    if (piece.count !== 1) return counted.push(...byPiece[p]!);
    const u = cnf.vars.aux(`piece ${piece.name} used`);
    for (const v of byPiece[p]!) cnf.add([-v, u]);
    cnf.add([-u, ...byPiece[p]!]);
    counted.push(u);
  });
  atLeastK(cnf, counted, least, spec.card, 'pieces used');
  atMostK(cnf, counted, most, spec.card, 'pieces used');
  return counted;
}

/**
 * The crossing items of stick pieces (src/geometry/crossings.ts): for each
 * claim, the placements making it, less those that overlap every other
 * placement making it (they exclude one another already); claims made by
 * fewer than two placements say nothing, and claims made by the same
 * placements are one item. On the square grid this leaves one item per
 * inner lattice point: the placements running straight through it.
 */
function crossingItems(board: Board, placements: readonly Placement[]): { label: string; placements: number[] }[] {
  if (!board.grid.crossing) return [];
  const claimers = new Map<string, { label: string; placements: number[] }>();
  placements.forEach((pl, i) => {
    for (const claim of crossingClaims(
      board.grid,
      pl.cells.map((c) => board.cells[c]!),
    )) {
      const entry = claimers.get(claim.key) ?? { label: claim.label, placements: [] };
      entry.placements.push(i);
      claimers.set(claim.key, entry);
    }
  });
  const cellSets = placements.map((pl) => new Set(pl.cells));
  const disjoint = (a: number, b: number) => placements[a]!.cells.every((c) => !cellSets[b]!.has(c));
  const items = new Map<string, { label: string; placements: number[] }>();
  for (const { label, placements: list } of claimers.values()) {
    const kept = list.filter((a) => list.some((b) => b !== a && disjoint(a, b)));
    const key = kept.join(',');
    if (kept.length >= 2 && !items.has(key)) items.set(key, { label, placements: kept });
  }
  return [...items.values()];
}

function crossingFamily(
  spec: PackingSpec,
  cnf: Cnf,
  items: readonly { label: string; placements: number[] }[],
  placements: readonly Placement[],
): void {
  if (items.length === 0) return;
  cnf.family('no-crossing', `stick pieces may meet at a lattice point but not cross there (${spec.amo} at-most-one per crossing)`);
  for (const item of items)
    atMostOne(
      cnf,
      item.placements.map((i) => placements[i]!.variable),
      spec.amo,
      `crossing ${item.label}`,
    );
}

// ---- symmetry --------------------------------------------------------------

/**
 * Where each piece goes under a transform: itself if the turned piece has the
 * same orientations, else the piece with the same counts whose orientations
 * those are (a reflection maps Soma's screw A onto screw B, and a one-sided
 * piece onto its mirror twin; of several such pieces, the first not yet
 * taken). A piece with no placement on the board (`placed` false) is in no
 * solution: it stays itself, so that a piece that cannot be placed anyway
 * does not take the board's reflections away. Null: not a puzzle symmetry.
 */
function pieceImage(spec: PackingSpec, grid: Grid, t: Transform, placed: (piece: number) => boolean): number[] | null {
  const period = grid.period;
  const shapes = spec.pieces.map((p) => orientations(p.cells.map(grid.toPoint), movesOf(spec, p), period));
  const keys = shapes.map((list) =>
    list
      .map((s) => shapeKey(s, period))
      .sort()
      .join('|'),
  );
  const image: number[] = [];
  for (let p = 0; p < spec.pieces.length; p++) {
    const turned = shapes[p]!.map((s) => shapeKey(transformShape(t, s, period), period))
      .sort()
      .join('|');
    const same = (i: number) => spec.pieces[i]!.count === spec.pieces[p]!.count && leastOf(spec.pieces[i]!) === leastOf(spec.pieces[p]!);
    // Pieces of one shape (A and B, so a and b one-sided) go each to its own image: the first not yet taken.
    const q = keys[p] === turned || !placed(p) ? p : keys.findIndex((k, i) => k === turned && same(i) && !image.includes(i));
    if (q < 0 || image.includes(q)) return null;
    image.push(q);
  }
  return image;
}

function placementSymmetries(spec: PackingSpec, board: Board, placements: Placement[], varCount: number): Int32Array[] {
  const byKey = new Map(placements.map((pl) => [`${pl.piece}:${pl.cells.join(',')}`, pl.variable]));
  const out: Int32Array[] = [];
  const kinds = board.cells.map((_, i) => (i < board.required ? 0 : 1));
  const placed = new Set(placements.map((pl) => pl.piece));
  for (const { transform, perm: cellPerm } of regionSymmetries(board.points, spec.symmetryGroup, board.grid.period, kinds)) {
    const pieces = pieceImage(spec, board.grid, transform, (p) => placed.has(p));
    const perm = pieces && placementPermutation(placements, byKey, cellPerm, pieces, varCount);
    if (perm) out.push(perm);
  }
  return out;
}

function placementPermutation(
  placements: readonly Placement[],
  byKey: Map<string, number>,
  cellPerm: Int32Array,
  pieces: number[],
  varCount: number,
): Int32Array | null {
  const perm = new Int32Array(varCount + 1);
  for (let p = 0; p < placements.length; p++) {
    // Every placement per symmetry, no clause added: 2.7 s of a 25x25 board past its --timeout.
    checkDeadlineAt(p);
    const pl = placements[p]!;
    const cells = pl.cells.map((c) => cellPerm[c]!).sort((a, b) => a - b);
    const image = byKey.get(`${pieces[pl.piece]}:${cells.join(',')}`);
    if (image === undefined) return null;
    perm[pl.variable] = image;
  }
  return perm;
}

// ---- exact cover -------------------------------------------------------------

/**
 * The packing as exact cover with secondary items, when it is one: required
 * cells and the copies that must be placed are primary items; optional
 * cells, copies that may stay out and crossings secondary. A piece of
 * count 1 is one item; one with copies an item per copy, and a placement a
 * row per copy (the counter covers them in order, prevCopy). Algorithm X
 * never chooses a row without a primary item, so where a placement would
 * cover only optional items, optional cells and pieces are primary too,
 * each with a row of its own that stands for leaving it out (no variable:
 * rowVars 0), as Polyform Puzzler lists omitted pieces; not with copies,
 * whose leave-out rows would number one solution many ways: there every
 * placement must hold a required cell. Not when a count of pieces used is
 * imposed that the areas do not imply.
 */
function coverOf(
  spec: PackingSpec,
  board: Board,
  placements: readonly Placement[],
  crossings: readonly { placements: number[] }[],
): (ExactCover & { prevCopy?: number[] }) | undefined {
  if (spec.used && !usedIsImplied(spec, board)) return undefined;
  // Copy j of piece p: placed in every solution for j < leastOf(p).
  const copies = spec.pieces.flatMap((p, piece) => Array.from({ length: p.count }, (_, j) => ({ piece, j, needed: j < leastOf(p) })));
  const needed = copies.filter((c) => c.needed);
  const mayStayOut = copies.filter((c) => !c.needed);
  const optionalCells = board.cells.length - board.required;
  // Columns: required cells, needed copies, optional cells, copies that may stay out, crossings.
  const first = board.required + needed.length;
  const cellColumn = (c: number) => (c < board.required ? c : first + (c - board.required));
  const copyColumns: number[][] = spec.pieces.map(() => []);
  needed.forEach((c, i) => (copyColumns[c.piece]![c.j] = board.required + i));
  mayStayOut.forEach((c, i) => (copyColumns[c.piece]![c.j] = first + optionalCells + i));
  const optional = optionalCells + mayStayOut.length;
  // The crossings each placement claims (secondary items after all others).
  const claims: number[][] = placements.map(() => []);
  crossings.forEach((item, i) => item.placements.forEach((pl) => claims[pl]!.push(first + optional + i)));
  const fits = placementsWithinSpare(spec, board, placements);
  const rows: number[][] = [];
  const rowVars: number[] = [];
  placements.forEach((pl, r) => {
    if (!fits[r]) return;
    for (const column of copyColumns[pl.piece]!) {
      rows.push([...pl.cells.map(cellColumn), column, ...claims[r]!]);
      rowVars.push(pl.variable);
    }
  });
  const withCopies = spec.pieces.some((p) => p.count > 1);
  const prevCopy = withCopies ? Array.from({ length: first + optional + crossings.length }, () => -1) : undefined;
  if (prevCopy) for (const columns of copyColumns) columns.forEach((column, j) => j > 0 && (prevCopy[column] = columns[j - 1]!));
  const cover = { primary: first, secondary: optional + crossings.length, rows, rowVars, ...(prevCopy ? { prevCopy } : {}) };
  // With copies every row must hold a required cell: the engines never branch on a copy, so a copy left to optional
  // cells alone would be placed by no branch (MRV counted 2 tilings of a 3x2 board by 3 dominoes, two cells optional, for 3).
  if (withCopies) return rows.every((row) => row.some((column) => column < board.required)) ? cover : undefined;
  if (rows.every((row) => row.some((column) => column < first))) return cover;
  const leaveOut = Array.from({ length: optional }, (_, i) => [first + i]);
  return { primary: first + optional, secondary: crossings.length, rows: [...rows, ...leaveOut], rowVars: [...rowVars, ...leaveOut.map(() => 0)] };
}

/**
 * The cover as the instance holds it: exactCover for dancing links and
 * Burnside, copyCover (with copies) for the counter alone. A row per
 * placement and copy grows as their product (a monomino on each of 300x300
 * cells would be 8.1 billion rows), so the copy cover is built when a count
 * asks for it, and not at all past the placements limit, where the formula
 * is counted as before.
 */
function coverFields(
  spec: PackingSpec,
  board: Board,
  placements: readonly Placement[],
  crossings: readonly { placements: number[] }[],
): Pick<Instance, 'exactCover' | 'copyCover'> {
  if (!spec.pieces.some((p) => p.count > 1)) {
    const cover = coverOf(spec, board, placements, crossings);
    return cover ? { exactCover: cover } : {};
  }
  const rows = placements.reduce((n, pl) => n + spec.pieces[pl.piece]!.count, 0);
  if (rows > sizeLimit('placements') || (spec.used && !usedIsImplied(spec, board))) return {};
  let built: ReturnType<typeof coverOf>;
  return { copyCover: () => (built ??= coverOf(spec, board, placements, crossings)) as (ExactCover & { prevCopy: number[] }) | undefined };
}

/**
 * Which placements can be in a solution by area: every solution covers the
 * required cells, and the pieces cover at most usedArea cells in all, so
 * no solution covers more optional
 * cells than that area less the required ones. A placement over more is no
 * row of the exact cover: with the centre of the 8x8 board optional for the
 * 12 pentominoes (an area of 60 for 60 required cells), the rows through
 * it cost the counter 18-23 CPU s where the board with a hole takes about
 * 1. The board's symmetries map optional cells to optional cells, so the
 * rows kept are closed under them (Burnside's row permutations).
 */
function placementsWithinSpare(spec: PackingSpec, board: Board, placements: readonly Placement[]): boolean[] {
  // usedArea of every piece there is: all placed, the most they cover.
  const spare = usedArea(spec.pieces, spec.used?.most ?? Infinity, -1) - board.required;
  return placements.map((pl) => pl.cells.filter((c) => c >= board.required).length <= spare);
}

/** Every solution places the same number of pieces, the one `used` asks: no optional cells and pieces of one size. */
function usedIsImplied(spec: PackingSpec, board: Board): boolean {
  const sizes = new Set(spec.pieces.map((p) => p.cells.length));
  if (board.cells.length !== board.required || sizes.size !== 1) return false;
  const k = board.required / [...sizes][0]!;
  return spec.used!.least <= k && k <= spec.used!.most;
}

// ---- the instance ------------------------------------------------------------

/** A cell as variable labels name it: (x,y) when z = 0 on the square and cube grids (as they always have), else as its grid writes it. */
export function cellName(grid: Grid, c: Cell): string {
  if (grid.name === 'square' || grid.name === 'cube') return c[2] === 0 ? `(${c[0]},${c[1]})` : `(${c.join(',')})`;
  return grid.label(c);
}

/** "there are 5 pieces, of which 3 must be placed", in the singular for one. */
function piecesThere(copies: number, needed: number): string {
  if (copies === 1) return `there is 1 piece, which ${needed === 1 ? 'must be placed' : 'may stay out'}`;
  return `there are ${copies} pieces, of which ${needed} must be placed`;
}

/**
 * "--board and --pieces", "board.txt and --pieces", "--preset 6x10": where a
 * board and its pieces were given, each place once (a preset gives both),
 * those left to a default (soma's pieces) unsaid; undefined for none.
 */
export function sourcesText(...sources: (string | undefined)[]): string | undefined {
  const given = [...new Set(sources.filter((s): s is string => s !== undefined))];
  return given.length === 0 ? undefined : given.join(' and ');
}

/** "1 cell", "2 cells": the area messages in the singular for one (regression: "the board has 1 cells"). */
const cellsText = (n: number): string => `${n} cell${n === 1 ? '' : 's'}`;

/** A count of pieces used that is one piece exactly: said in the singular. */
const onePiece = (used: { least: number; most: number }): boolean => used.least === 1 && used.most === 1;

/** "--use: 1 piece used", "--use: 10..11 pieces used": a count of pieces used as messages name it, where it was given. */
const usedText = (spec: Pick<PackingInput, 'usedFrom'>, used: { least: number; most: number }): string =>
  `${spec.usedFrom ?? 'pieces used'}: ${countText(used.least, used.most)} piece${onePiece(used) ? '' : 's'} used`;

/** What the whole-input checks of a packing read: its board, its pieces (their moves not needed) and what it says of them. */
export type PackingInput = Pick<PackingSpec, 'region' | 'optional' | 'pieces' | 'used' | 'usedFrom' | 'areasFrom'>;

/**
 * The checks of a packing's whole input, each a sum over the pieces, made
 * before anything is built of them: buildPacking makes them first, and a
 * puzzle that does work for each piece before it builds (polyform's motions
 * and mirror twins) makes them before that work too: 100,000 pieces from a
 * file had theirs made (460 MB) before their areas were found not to agree.
 */
export function checkPackingInput(spec: PackingInput): void {
  checkCopies(spec);
  checkAreas(spec);
}

/** Refuses a board the pieces cannot fill, or pieces that must be placed and do not fit. */
function checkAreas(spec: PackingInput): void {
  const area = (count: (p: PieceDef) => number) => spec.pieces.reduce((s, p) => s + p.cells.length * count(p), 0);
  const [least, most] = [area(leastOf), area((p) => p.count)];
  const required = spec.region.length;
  const optional = spec.optional?.length ?? 0;
  // The total first: with one asked for, an area mismatch is most often pieces left required that it meant to choose from.
  const copies = spec.pieces.reduce((s, p) => s + p.count, 0);
  const needed = spec.pieces.reduce((s, p) => s + leastOf(p), 0);
  if (spec.used && (spec.used.least > copies || spec.used.most < needed || spec.used.least > spec.used.most))
    throw new UserError(
      `${usedText(spec, spec.used)}, but ${piecesThere(copies, needed)}` +
        (spec.used.most < needed ? '; give those that may stay out a range, as NAME*0..1 (JSON: "count": "0..1")' : ''),
    );
  // Said where the two were given: which option or file to change (regression: "area mismatch: ..." named neither).
  const from = spec.areasFrom === undefined ? '' : `${spec.areasFrom}: `;
  if (least === most && optional === 0 && least !== required)
    throw new UserError(`${from}area mismatch: the board has ${cellsText(required)} but the pieces cover ${least}`);
  if (least > required + optional)
    throw new UserError(
      `${from}more pieces required than fit: the pieces that must be placed cover ${cellsText(least)}, the board has ${required + optional}`,
    );
  if (most < required) throw new UserError(`${from}the pieces cover at most ${cellsText(most)}, but the board has ${required} that must be covered`);
  if (spec.used) checkUsedAreas(spec, spec.used, required, optional);
}

/**
 * Refuses a count of pieces used whose pieces cannot cover the required cells
 * or cannot fit the board: the sums above count every piece that may be
 * placed, and a count of them the areas rule out was left to the solver
 * (9 of the one-sided tritrigs, 3 edges each, for 30 edges: solve found no
 * answer in 100 s).
 */
function checkUsedAreas(spec: PackingInput, used: { least: number; most: number }, required: number, optional: number): void {
  const [least, most] = [usedArea(spec.pieces, used.least, 1), usedArea(spec.pieces, used.most, -1)];
  const asked = usedText(spec, used);
  // The verb agrees with the count asked: "1 piece used covers", "2 pieces used cover".
  const cover = onePiece(used) ? 'covers' : 'cover';
  if (most < required) throw new UserError(`${asked} ${cover} at most ${cellsText(most)}, but the board has ${required} that must be covered`);
  if (least > required + optional) throw new UserError(`${asked} ${cover} at least ${cellsText(least)}, but the board has ${required + optional}`);
}

/**
 * The area of `n` pieces (or of all there are, when fewer): those that must be
 * placed, then the rest smallest first (order 1) or largest first (order -1),
 * the least and the most area that many pieces can cover.
 */
function usedArea(pieces: readonly PieceDef[], n: number, order: 1 | -1): number {
  let left = n;
  let area = 0;
  for (const p of pieces) {
    left -= leastOf(p);
    area += leastOf(p) * p.cells.length;
  }
  const rest = pieces.filter((p) => p.count > leastOf(p)).sort((a, b) => order * (a.cells.length - b.cells.length));
  for (const p of rest) {
    const taken = Math.max(0, Math.min(left, p.count - leastOf(p)));
    area += taken * p.cells.length;
    left -= taken;
  }
  return area;
}

/**
 * The whole board dealt out to every copy of every piece, a cell each and the
 * rest to the last: a solution's picture spans no more of the board, and
 * names no more placements in a legend (a polycube's grows a row with them).
 */
function wholeBoard(spec: PackingSpec, board: Board): PackingSolution {
  const copies = spec.pieces.flatMap((p) => Array<string>(p.count).fill(p.name)).slice(0, board.cells.length);
  return { placements: copies.map((piece, k) => ({ piece, cells: k < copies.length - 1 ? [board.cells[k]!] : board.cells.slice(k) })) };
}

/**
 * Refuses a piece whose copies cover more cells than the cells limit: no
 * board within it holds them, and a range such as I*0..5000000000 passed the
 * area checks and then made a list of its copies (an internal error).
 */
function checkCopies(spec: PackingInput): void {
  for (const p of spec.pieces)
    if (p.count > 1)
      checkSize(
        'cells',
        p.count * p.cells.length,
        `${areasOf(spec)}: piece ${p.name}`,
        `its ${p.count} copies of ${cellsText(p.cells.length)} cover`,
      );
}

export function buildPacking(spec: PackingSpec): PackingInstance {
  checkPackingInput(spec);
  const board = boardOf(spec);
  const cnf = new Cnf();
  const placements = placementsOf(spec, board, cnf);
  const byPiece: number[][] = spec.pieces.map(() => []);
  for (const pl of placements) byPiece[pl.piece]!.push(pl.variable);
  const byCell = coverGroups(board, placements);
  // Only pairwise encodings need the pairs (quadratic in the placements per cell).
  const overlaps = pairsByOverlap(spec) ? overlappingPairs(byCell, board.required, cnf.varCount, areasOf(spec)) : NO_PAIRS;
  coverFamilies(spec, board, cnf, byCell, overlaps);
  pieceFamilies(spec, cnf, byPiece, overlaps);
  usedFamily(spec, cnf, byPiece);
  const crossings = crossingItems(board, placements);
  crossingFamily(spec, cnf, crossings, placements);
  cnf.projection = placements.map((pl) => pl.variable);

  const placementOf = new Map(placements.map((pl) => [pl.variable, pl]));
  const copySymbols = pieceSymbols(spec.pieces);
  const symbols = copySymbols.map((s) => s[0]!);
  const decode = (trueVars: readonly number[]): PackingSolution => ({
    placements: trueVars
      .map((v) => placementOf.get(v))
      .filter((pl): pl is Placement => pl !== undefined)
      .map((pl) => ({ piece: spec.pieces[pl.piece]!.name, cells: pl.cells.map((c) => board.cells[c]!) })),
  });
  // Squares and cubes keep their pictures; the other grids are drawn from their corners in the plane.
  const squareCells = board.grid.name === 'square' || board.grid.name === 'cube';
  const picture = { grid: board.grid, cells: spec.region, optional: spec.optional ?? [] };
  const svgOf = (s: PackingSolution): string =>
    !squareCells
      ? renderPlaneSvg(picture, s, spec.pieces)
      : board.cells.some((c) => c[2] !== 0)
        ? renderPolycubeSvg(s, spec.pieces, picture.optional)
        : renderPackingSvg(s, spec.pieces, picture.optional);
  // Cells as their grid writes them: a flat polycube figure is on the square grid (boardOf), so (x, y) as it
  // always has been, while a board the puzzle puts on the cube grid keeps its z, even at z = 0.
  const written = board.grid.arity === 2;
  return {
    puzzle: spec.puzzle,
    params: spec.params,
    cnf,
    spec,
    placements,
    symbols,
    copySymbols,
    decode,
    check: (s) =>
      checkPacking(spec.region, spec.pieces, { mirror: spec.moves.some(isMirror), spatial: spec.moves.some((t) => t[2]![2] !== 1) }, s, {
        optional: spec.optional,
        used: spec.used,
      }),
    render: (s, o) => {
      checkRendered(spec.puzzle, s, 'placements');
      // A character a placed copy: past the pool two would share "?", and a picture of them could not be read back.
      // The solution's copies decide, not the most the piece list allows: "M*0..100" placed nine times draws nine characters.
      const shown = placedSymbols(s.placements, spec.pieces, copySymbols);
      if (new Set(shown).size < shown.length)
        return placementList(
          board.grid,
          s,
          spec.pieces,
          copySymbols,
          `no text picture: ${shown.length} pieces, more than the ${SYMBOL_POOL.length} characters that tell them apart`,
        );
      if (!squareCells) return renderPlaneText(picture, s, spec.pieces, copySymbols, o?.color === true);
      // Levels side by side, each from x = 0 (or the least x) to the greatest; optional cells drawn too (a board may be all optional).
      const [w, h, d] = drawnExtent(board.cells);
      return w * d * h > MAX_TEXT_PICTURE
        ? placementList(board.grid, s, spec.pieces, copySymbols, tooLargeForText(w * d, h))
        : renderPacking(s, spec.pieces, copySymbols, o?.color === true, [], picture.optional);
    },
    svg: (s) => {
      checkRendered(spec.puzzle, s, 'placements', 'svg');
      return svgOf(s);
    },
    boardSvg: () => svgOf(wholeBoard(spec, board)),
    toJson: (s) => {
      checkRendered(spec.puzzle, s, 'placements', 'toJson');
      return {
        placements: s.placements.map((p) => ({
          piece: p.piece,
          cells: p.cells.map((c) => (written ? [c[0], c[1]] : [...c])),
        })),
      };
    },
    symmetries: placementSymmetries(spec, board, placements, cnf.varCount),
    explain: () => packingExplanation(spec, board, placements, crossings, cnf),
    trueSetsAreAntichain: board.cells.length === board.required,
    branchingFamily: 'cover',
    // Measured on 8x8-square (bench/results/pentomino-8x8.md): classes per CPU second grow
    // with cube depth, from 2.6 at depth 6 to 11 at 10 and 52 at 12, so cubes stop one piece short.
    cubeDepthHint: Math.max(0, spec.pieces.reduce((n, p) => n + p.count, 0) - 1),
    splitGroups: [...spec.pieces.flatMap((p, i) => (single(p) ? [byPiece[i]!] : [])), ...byCell.slice(0, board.required)],
    exactlyOne: exactlyOneGroups(spec, board, byCell, byPiece),
    ...coverFields(spec, board, placements, crossings),
  };
}

/** The characters pieces are drawn with in text pictures (a name's initial is one of them). */
const SYMBOL_POOL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Distinct display characters for each piece, one per copy it may have. The
 * first copies first, as each piece alone has always been drawn: its initial
 * when free, else the next free character. Then the other copies: the
 * initial in lower case when free (L and l, two L4s), else the next free
 * character; "?" once all are taken. Lists stop one past the pool: a longer
 * one could only add more "?".
 */
function pieceSymbols(pieces: readonly PieceDef[]): string[][] {
  const used = new Set<string>();
  const take = (wanted: string): string => {
    const s = !used.has(wanted) ? wanted : ([...SYMBOL_POOL].find((c) => !used.has(c)) ?? '?');
    used.add(s);
    return s;
  };
  const lists = pieces.map((p) => [take(p.name[0]!.toUpperCase())]);
  pieces.forEach((p, i) => {
    const first = lists[i]![0]!;
    while (lists[i]!.length < Math.min(p.count, SYMBOL_POOL.length + 1)) lists[i]!.push(take(first.toLowerCase()));
  });
  return lists;
}

// ---- explaining the families (puzzlesat explain) -------------------------------
// Each family's size derived a second time, from placements per cell and per
// piece and the published size of each encoding, to check against the built one.

function packingExplanation(
  spec: PackingSpec,
  board: Board,
  placements: readonly Placement[],
  crossings: readonly { label: string; placements: number[] }[],
  cnf: Cnf,
): InstanceExplanation {
  return { variables: placementVariables(spec, board, placements, cnf), families: packingShapes(spec, board, placements, crossings, cnf.varCount) };
}

/** A cell as explain names it: (x,y) on a flat board of squares, (x,y,z) in space (even at z = 0, unlike placement names); else as its grid writes it. */
function cellLabeller(board: Board): (c: Cell) => string {
  if (board.grid.name !== 'square' && board.grid.name !== 'cube') return board.grid.label;
  const flat = board.cells.every((c) => c[2] === 0);
  return (c) => (flat ? `(${c[0]},${c[1]})` : `(${c.join(',')})`);
}

function placementVariables(spec: PackingSpec, board: Board, placements: readonly Placement[], cnf: Cnf): string {
  const perPiece = spec.pieces.map((p, i) => `${p.name} ${placements.filter((pl) => pl.piece === i).length}`);
  const example = placements[Math.floor(placements.length / 2)];
  if (!example) return 'one variable per placement of a piece; no piece fits anywhere';
  const where =
    board.grid.period === 1
      ? `its bounding box's corner at ${cellLabeller(board)(example.offset)}`
      : `moved by (${example.offset[0]},${example.offset[1]}) on the ${board.grid.name} grid`;
  return (
    `one variable per placement of a piece, e.g. "${cnf.vars.name(example.variable)}": piece ${spec.pieces[example.piece]!.name} ` +
    `in its orientation ${example.orientation}, ${where}; ` +
    `${placements.length} placements (${perPiece.join(', ')})`
  );
}

/** The families of buildPacking, derived again from the placements. */
function packingShapes(
  spec: PackingSpec,
  board: Board,
  placements: readonly Placement[],
  crossings: readonly { label: string; placements: number[] }[],
  varCount: number,
): Map<string, FamilyShape> {
  const byCell = coverGroups(board, placements);
  const byPiece: number[][] = spec.pieces.map(() => []);
  for (const pl of placements) byPiece[pl.piece]!.push(pl.variable);
  const cellName = cellLabeller(board);
  const cellLabel = (c: number) => `cell ${cellName(board.cells[c]!)}`;
  const required = byCell.slice(0, board.required);
  const nc = required.map((vars) => vars.length);
  const np = byPiece.map((vars) => vars.length);
  const shapes = new Map<string, FamilyShape>();

  shapes.set(
    'cover',
    grouped(
      `one clause per cell, the placements covering it: ${board.required} cells`,
      required.map((_, c) => ({ label: `${cellLabel(c)} covered`, cost: { clauses: 1, auxVars: 0 } })),
    ),
  );

  const overlaps = pairsByOverlap(spec) ? overlappingPairs(byCell, board.required, varCount, areasOf(spec)) : NO_PAIRS;
  const amoPerCell = (vars: readonly number[][], first: number, what: string) =>
    grouped(
      `Σ over ${what} of ${spec.amo} at-most-one over n_c literals: ${sizeText(AMO_ENCODINGS, spec.amo, 'n_c')}, ` +
        `n_c = placements covering the cell (${range(vars.map((v) => v.length))} here)`,
      vars.map((v, c) => ({ label: `${cellLabel(first + c)} at most once`, cost: amoCost(spec.amo, v.length) })),
    );
  const pairsShape = (pairs: number, text: string): FamilyShape => ({
    formula: { text, clauses: pairs, auxVars: 0 },
    about: () => 'two placements sharing a cell',
  });
  if (!pairsByOverlap(spec)) {
    shapes.set('non-overlap', amoPerCell(required, 0, 'cells'));
  } else {
    const perCell = nc.reduce((s, n) => s + (n * (n - 1)) / 2, 0);
    shapes.set(
      'non-overlap',
      pairsShape(
        overlaps.required,
        `one clause per pair of placements sharing a cell: Σ over cells of n_c(n_c-1)/2 = ${perCell} counts a pair once per shared cell, ${overlaps.required} distinct pairs`,
      ),
    );
  }
  const optional = byCell.slice(board.required);
  if (optional.length > 0)
    shapes.set(
      'optional-cells',
      pairsByOverlap(spec)
        ? pairsShape(overlaps.count - overlaps.required, `one clause per pair of placements sharing only cells that may stay empty`)
        : amoPerCell(optional, board.required, 'cells that may stay empty'),
    );

  const distinct = spec.pieces.every(single);
  const copies = spec.pieces.every((p) => p.count === 1)
    ? ''
    : `; a piece with k copies: at most k of n_p, ${spec.card}: ${sizeText(CARD_ENCODINGS, spec.card, 'n_p')}`;
  const pairwise = spec.amo === 'pairwise';
  const onceCost = (p: number) => (pairwise ? { clauses: disjointPairs(byPiece[p]!, overlaps).length, auxVars: 0 } : amoCost(spec.amo, np[p]!));
  shapes.set(
    'piece-once',
    grouped(
      `Σ over pieces of ${spec.amo} at-most-one over n_p literals: ${sizeText(AMO_ENCODINGS, spec.amo, 'n_p')}, ` +
        `n_p = placements of the piece (${range(np)} here)${pairwise ? ', less the pairs that share a cell (non-overlap has them)' : ''}${copies}`,
      spec.pieces.map((piece, p) => ({
        label: `piece ${piece.name}${piece.count === 1 ? ' at most once' : ` at most ${piece.count} times`}`,
        cost: piece.count === 1 ? onceCost(p) : atMostKCost(spec.card, np[p]!, piece.count),
      })),
    ),
  );
  const placed = spec.pieces.map((piece, p) => ({ piece, p, least: leastOf(piece) })).filter((x) => x.least > 0);
  if (placed.length > 0)
    shapes.set(
      'piece-at-least-once',
      grouped(
        distinct
          ? `one clause per piece, its placements: ${spec.pieces.length} pieces`
          : `one clause per piece placed at least once; a piece placed at least k times: at least k of n_p (${spec.card})`,
        placed.map(({ piece, p, least }) => ({
          label: `piece ${piece.name} placed${least === 1 ? '' : ` at least ${least} times`}`,
          cost: atLeastKCost(spec.card, np[p]!, least),
        })),
      ),
    );
  if (spec.used) {
    const singles = spec.pieces.map((p, i) => (p.count === 1 ? i : -1)).filter((i) => i >= 0);
    const n = spec.pieces.reduce((s, p, i) => s + (p.count === 1 ? 1 : np[i]!), 0);
    const { least, most } = spec.used;
    shapes.set(
      'pieces-used',
      grouped(
        `an indicator per piece placed at most once (n_p + 1 clauses each), then at least ${least} and at most ${most} of the n = ${n} indicators and placements of pieces with copies (${spec.card})`,
        [
          ...singles.map((p) => ({ label: `piece ${spec.pieces[p]!.name} used`, cost: { clauses: np[p]! + 1, auxVars: 1 } })),
          { label: 'pieces used, at least', cost: atLeastKCost(spec.card, n, least) },
          { label: 'pieces used, at most', cost: atMostKCost(spec.card, n, most) },
        ],
      ),
    );
  }
  if (crossings.length > 0)
    shapes.set(
      'no-crossing',
      grouped(
        `Σ over crossings of ${spec.amo} at-most-one over n_x literals: ${sizeText(AMO_ENCODINGS, spec.amo, 'n_x')}, ` +
          `n_x = placements that would cross there (${range(crossings.map((c) => c.placements.length))} here; ${crossings.length} crossings)`,
        crossings.map((item) => ({ label: `crossing at ${item.label}`, cost: amoCost(spec.amo, item.placements.length) })),
      ),
    );
  return shapes;
}

const NO_PAIRS: OverlappingPairs = { count: 0, pair: () => [0, 0], required: 0, has: () => false };
