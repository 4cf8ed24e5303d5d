import { Cnf } from '../src/core/cnf.js';
import { UserError } from '../src/core/errors.js';
import { checkSize } from '../src/core/limits.js';
import { type Cell, type Transform, cellKey, isMirror, orientations, regionSymmetries, shapeKey, transformShape } from '../src/geometry/cells.js';
import type { EncodingDefaults, FamilyShape, Instance, InstanceExplanation, PuzzleOption } from '../src/core/puzzle.js';
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
import { renderPacking, renderPackingSvg } from '../src/render/grid.js';
import { renderPolycubeSvg } from '../src/render/iso.js';

/**
 * The one placement model behind every packing puzzle, 2D (z = 0) or 3D:
 * polyomino tilings, Soma and polycube figures, The Genius Square.
 * A placement is a piece in one orientation at one offset; its variable is
 * true when the piece lies there.
 */
export interface PieceDef {
  name: string;
  cells: Cell[];
  /** Identical copies of this piece (interchangeable in solutions). */
  count: number;
}

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
  region: Cell[];
  pieces: PieceDef[];
  /** How pieces may be turned (e.g. the 8 plane isometries, or rotations only). */
  moves: readonly Transform[];
  /** Candidate symmetries of the whole puzzle, for --unique. */
  symmetryGroup: readonly Transform[];
  nonOverlap: NonOverlap;
  amo: AmoEncoding;
  card: CardEncoding;
}

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
  /** Display symbol per piece (distinct single characters). */
  symbols: string[];
}

// ---- variables -------------------------------------------------------------

function placementsOf(spec: PackingSpec, cnf: Cnf): Placement[] {
  const index = new Map(spec.region.map((c, i) => [cellKey(c), i]));
  const out: Placement[] = [];
  // Once, not per placement: per placement it made large boards quadratic.
  const flat = spec.region.every((c) => c[2] === 0);
  spec.pieces.forEach((piece, p) => {
    orientations(piece.cells, spec.moves).forEach((shape, o) => {
      for (const anchor of spec.region) {
        // Translate so the shape's first block lands on the anchor cell.
        const [ax, ay, az] = shape[0]!;
        const offset: Cell = [anchor[0] - ax, anchor[1] - ay, anchor[2] - az];
        const cells: number[] = [];
        for (const c of shape) {
          const i = index.get(cellKey([c[0] + offset[0], c[1] + offset[1], c[2] + offset[2]]));
          if (i === undefined) break;
          cells.push(i);
        }
        if (cells.length !== shape.length) continue;
        // Counted as they are made, so an oversized packing stops before its variables exist.
        checkSize('placements', out.length + 1, 'board and pieces', 'give at least');
        const at = flat ? `(${offset[0]},${offset[1]})` : `(${offset.join(',')})`;
        const variable = cnf.vars.named(`place ${piece.name}#${o} @${at}`);
        out.push({ piece: p, orientation: o, offset, cells: cells.sort((a, b) => a - b), variable });
      }
    });
    // A piece that fits nowhere is an answer (UNSAT: its at-least-once clause is empty), not an input error.
  });
  return out;
}

// ---- constraint families ---------------------------------------------------

/** For each cell, the placements covering it. */
function coverGroups(spec: PackingSpec, placements: readonly Placement[]): number[][] {
  const byCell: number[][] = spec.region.map(() => []);
  for (const pl of placements) for (const c of pl.cells) byCell[c]!.push(pl.variable);
  return byCell;
}

/**
 * Per-cell pairwise at-most-one is pairwise non-overlap: both forbid each pair
 * of placements sharing a cell, once per pair however many cells they share.
 */
const pairsByOverlap = (spec: PackingSpec): boolean => spec.nonOverlap === 'pairwise' || spec.amo === 'pairwise';

function coverFamilies(spec: PackingSpec, cnf: Cnf, placements: Placement[], overlaps: OverlappingPairs): void {
  const byCell = coverGroups(spec, placements);
  cnf.family('cover', 'every cell is covered by at least one placement');
  // A cell no piece can cover gets an empty clause: the answer is UNSAT, not an input error.
  byCell.forEach((vars) => atLeastOne(cnf, vars));
  if (pairsByOverlap(spec)) {
    cnf.family('non-overlap', 'no two placements that share a cell are both chosen (one clause per pair)');
    for (const [a, b] of overlaps.pairs) cnf.add([-a, -b]);
  } else {
    cnf.family('non-overlap', `no cell is covered twice (${spec.amo} at-most-one per cell)`);
    byCell.forEach((vars, c) => atMostOne(cnf, vars, spec.amo, `cell ${cellName(spec.region[c]!)}`));
  }
}

/**
 * Cover and non-overlap say together that each cell has exactly one
 * placement. With every piece distinct the piece families say the same of
 * each piece's placements; with copies they are counts, and stay clauses.
 */
function exactlyOneGroups(spec: PackingSpec, placements: readonly Placement[], byPiece: readonly number[][]): Instance['exactlyOne'] {
  const cells = coverGroups(spec, placements);
  if (spec.pieces.some((p) => p.count !== 1)) return { families: ['cover', 'non-overlap'], groups: cells };
  return { families: ['cover', 'non-overlap', 'piece-once', 'piece-at-least-once'], groups: [...cells, ...byPiece] };
}

/** Pairs a < b of placements that share at least one cell, each once. */
interface OverlappingPairs {
  pairs: [number, number][];
  has(a: number, b: number): boolean;
}

function overlappingPairs(byCell: readonly number[][], maxVar: number): OverlappingPairs {
  const key = (a: number, b: number) => (a < b ? a * (maxVar + 1) + b : b * (maxVar + 1) + a);
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  for (const vars of byCell) {
    for (let i = 0; i < vars.length; i++) {
      for (let j = i + 1; j < vars.length; j++) {
        const k = key(vars[i]!, vars[j]!);
        if (seen.has(k)) continue;
        seen.add(k);
        pairs.push(vars[i]! < vars[j]! ? [vars[i]!, vars[j]!] : [vars[j]!, vars[i]!]);
      }
    }
  }
  return { pairs, has: (a, b) => seen.has(key(a, b)) };
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
  cnf.family('piece-at-least-once', 'each piece is placed at least once');
  spec.pieces.forEach((piece, p) => {
    if (piece.count === 1) atLeastOne(cnf, byPiece[p]!);
    else atLeastK(cnf, byPiece[p]!, piece.count, spec.card, `piece ${piece.name}`);
  });
}

// ---- symmetry --------------------------------------------------------------

/**
 * Where each piece goes under a transform: itself if the turned shape is one
 * of its own orientations, else the identical-count piece that has it (a
 * reflection maps Soma's screw A onto screw B). Null: not a puzzle symmetry.
 */
function pieceImage(spec: PackingSpec, t: Transform): number[] | null {
  const keys = spec.pieces.map((p) => new Set(orientations(p.cells, spec.moves).map(shapeKey)));
  const image: number[] = [];
  for (let p = 0; p < spec.pieces.length; p++) {
    const turned = shapeKey(transformShape(t, spec.pieces[p]!.cells));
    const q = keys[p]!.has(turned) ? p : keys.findIndex((k, i) => k.has(turned) && spec.pieces[i]!.count === spec.pieces[p]!.count);
    if (q < 0 || image.includes(q)) return null;
    image.push(q);
  }
  return image;
}

function placementSymmetries(spec: PackingSpec, placements: Placement[], varCount: number): Int32Array[] {
  const byKey = new Map(placements.map((pl) => [`${pl.piece}:${pl.cells.join(',')}`, pl.variable]));
  const out: Int32Array[] = [];
  for (const { transform, perm: cellPerm } of regionSymmetries(spec.region, spec.symmetryGroup)) {
    const pieces = pieceImage(spec, transform);
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
  for (const pl of placements) {
    const cells = pl.cells.map((c) => cellPerm[c]!).sort((a, b) => a - b);
    const image = byKey.get(`${pieces[pl.piece]}:${cells.join(',')}`);
    if (image === undefined) return null;
    perm[pl.variable] = image;
  }
  return perm;
}

// ---- the instance ------------------------------------------------------------

export function cellName(c: Cell): string {
  return c[2] === 0 ? `(${c[0]},${c[1]})` : `(${c.join(',')})`;
}

export function buildPacking(spec: PackingSpec): PackingInstance {
  const area = spec.pieces.reduce((s, p) => s + p.cells.length * p.count, 0);
  if (area !== spec.region.length) {
    throw new UserError(`area mismatch: the board has ${spec.region.length} cells but the pieces cover ${area}`);
  }
  const cnf = new Cnf();
  const placements = placementsOf(spec, cnf);
  const byPiece: number[][] = spec.pieces.map(() => []);
  for (const pl of placements) byPiece[pl.piece]!.push(pl.variable);
  // Only pairwise encodings need the pairs (quadratic in the placements per cell).
  const overlaps = pairsByOverlap(spec) ? overlappingPairs(coverGroups(spec, placements), cnf.varCount) : NO_PAIRS;
  coverFamilies(spec, cnf, placements, overlaps);
  pieceFamilies(spec, cnf, byPiece, overlaps);
  cnf.projection = placements.map((pl) => pl.variable);

  const placementOf = new Map(placements.map((pl) => [pl.variable, pl]));
  const symbols = pieceSymbols(spec.pieces);
  const distinct = spec.pieces.every((p) => p.count === 1);
  const decode = (trueVars: readonly number[]): PackingSolution => ({
    placements: trueVars
      .map((v) => placementOf.get(v))
      .filter((pl): pl is Placement => pl !== undefined)
      .map((pl) => ({ piece: spec.pieces[pl.piece]!.name, cells: pl.cells.map((c) => spec.region[c]!) })),
  });
  return {
    puzzle: spec.puzzle,
    params: spec.params,
    cnf,
    spec,
    placements,
    symbols,
    decode,
    check: (s) => checkPacking(spec.region, spec.pieces, { mirror: spec.moves.some(isMirror), spatial: spec.moves.some((t) => t[2]![2] !== 1) }, s),
    render: (s, o) => renderPacking(s, spec.pieces, symbols, o.color),
    svg: (s) => (spec.region.some((c) => c[2] !== 0) ? renderPolycubeSvg(s, spec.pieces) : renderPackingSvg(s, spec.pieces)),
    toJson: (s) => ({
      placements: s.placements.map((p) => ({
        piece: p.piece,
        cells: p.cells.map((c) => (c[2] === 0 && spec.region.every((r) => r[2] === 0) ? [c[0], c[1]] : [...c])),
      })),
    }),
    symmetries: placementSymmetries(spec, placements, cnf.varCount),
    explain: () => packingExplanation(spec, placements, cnf),
    trueSetsAreAntichain: true,
    branchingFamily: 'cover',
    // Measured on 8x8-square (bench/results/pentomino-8x8.md): classes per CPU second grow
    // with cube depth, from 2.6 at depth 6 to 11 at 10 and 52 at 12, so cubes stop one piece short.
    cubeDepthHint: Math.max(0, spec.pieces.reduce((n, p) => n + p.count, 0) - 1),
    splitGroups: [...spec.pieces.flatMap((p, i) => (p.count === 1 ? [byPiece[i]!] : [])), ...coverGroups(spec, placements)],
    exactlyOne: exactlyOneGroups(spec, placements, byPiece),
    exactCover: distinct
      ? {
          primary: spec.region.length + spec.pieces.length,
          secondary: 0,
          rows: placements.map((pl) => [...pl.cells, spec.region.length + pl.piece]),
          rowVars: placements.map((pl) => pl.variable),
        }
      : undefined,
  };
}

/** One distinct display character per piece: its initial when free, else the next free letter. */
function pieceSymbols(pieces: readonly PieceDef[]): string[] {
  const used = new Set<string>();
  const pool = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return pieces.map((p) => {
    const initial = p.name[0]!.toUpperCase();
    const s = !used.has(initial) ? initial : ([...pool].find((c) => !used.has(c)) ?? '?');
    used.add(s);
    return s;
  });
}

// ---- explaining the families (puzzlesat explain) -------------------------------
// Each family's size derived a second time, from placements per cell and per
// piece and the published size of each encoding, to check against the built one.

function packingExplanation(spec: PackingSpec, placements: readonly Placement[], cnf: Cnf): InstanceExplanation {
  return { variables: placementVariables(spec, placements, cnf), families: packingShapes(spec, placements, cnf.varCount) };
}

/** A cell as explain names it: (x,y) on a flat board, (x,y,z) in space (even at z = 0, unlike placement names). */
function cellLabeller(region: readonly Cell[]): (c: Cell) => string {
  const flat = region.every((c) => c[2] === 0);
  return (c) => (flat ? `(${c[0]},${c[1]})` : `(${c.join(',')})`);
}

function placementVariables(spec: PackingSpec, placements: readonly Placement[], cnf: Cnf): string {
  const perPiece = spec.pieces.map((p, i) => `${p.name} ${placements.filter((pl) => pl.piece === i).length}`);
  const example = placements[Math.floor(placements.length / 2)]!;
  return (
    `one variable per placement of a piece, e.g. "${cnf.vars.name(example.variable)}": piece ${spec.pieces[example.piece]!.name} ` +
    `in its orientation ${example.orientation}, its bounding box's corner at ${cellLabeller(spec.region)(example.offset)}; ` +
    `${placements.length} placements (${perPiece.join(', ')})`
  );
}

/** The families of buildPacking, derived again from the placements. */
function packingShapes(spec: PackingSpec, placements: readonly Placement[], varCount: number): Map<string, FamilyShape> {
  const byCell: number[][] = spec.region.map(() => []);
  const byPiece: number[][] = spec.pieces.map(() => []);
  for (const pl of placements) {
    for (const c of pl.cells) byCell[c]!.push(pl.variable);
    byPiece[pl.piece]!.push(pl.variable);
  }
  const cellName = cellLabeller(spec.region);
  const cellLabel = (c: number) => `cell ${cellName(spec.region[c]!)}`;
  const nc = byCell.map((vars) => vars.length);
  const np = byPiece.map((vars) => vars.length);
  const shapes = new Map<string, FamilyShape>();

  shapes.set(
    'cover',
    grouped(
      `one clause per cell, the placements covering it: ${spec.region.length} cells`,
      byCell.map((_, c) => ({ label: `${cellLabel(c)} covered`, cost: { clauses: 1, auxVars: 0 } })),
    ),
  );

  const overlaps = pairsByOverlap(spec) ? overlappingPairs(byCell, varCount) : NO_PAIRS;
  if (!pairsByOverlap(spec)) {
    shapes.set(
      'non-overlap',
      grouped(
        `Σ over cells of ${spec.amo} at-most-one over n_c literals: ${sizeText(AMO_ENCODINGS, spec.amo, 'n_c')}, ` +
          `n_c = placements covering the cell (${range(nc)} here)`,
        byCell.map((vars, c) => ({ label: `${cellLabel(c)} at most once`, cost: amoCost(spec.amo, vars.length) })),
      ),
    );
  } else {
    const pairs = overlaps.pairs.length;
    const perCell = nc.reduce((s, n) => s + (n * (n - 1)) / 2, 0);
    shapes.set('non-overlap', {
      formula: {
        text: `one clause per pair of placements sharing a cell: Σ over cells of n_c(n_c-1)/2 = ${perCell} counts a pair once per shared cell, ${pairs} distinct pairs`,
        clauses: pairs,
        auxVars: 0,
      },
      about: () => 'two placements sharing a cell',
    });
  }

  const distinct = spec.pieces.every((p) => p.count === 1);
  const copies = distinct ? '' : `; a piece with k copies: at most k of n_p, ${spec.card}: ${sizeText(CARD_ENCODINGS, spec.card, 'n_p')}`;
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
  shapes.set(
    'piece-at-least-once',
    grouped(
      distinct
        ? `one clause per piece, its placements: ${spec.pieces.length} pieces`
        : `one clause per single piece; a piece with k copies: at least k of n_p (${spec.card})`,
      spec.pieces.map((piece, p) => ({
        label: `piece ${piece.name} placed${piece.count === 1 ? '' : ` at least ${piece.count} times`}`,
        cost: atLeastKCost(spec.card, np[p]!, piece.count),
      })),
    ),
  );
  return shapes;
}

const NO_PAIRS: OverlappingPairs = { pairs: [], has: () => false };
