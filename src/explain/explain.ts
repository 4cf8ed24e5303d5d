import { Cnf, type Family } from '../core/cnf.js';
import {
  AMO_ENCODINGS,
  CARD_ENCODINGS,
  type AmoEncoding,
  type CardEncoding,
  type EncodingCost,
  atMostK,
  atMostOne,
} from '../card/index.js';
import type { Cell } from '../geometry/cells.js';
import type { PackingInstance } from '../../encoders/packing.js';
import type { Instance } from '../core/puzzle.js';
import { FAMILY as SYMMETRY_BREAKING, addedPlan, breakingAbout, breakingFormula } from '../symmetry/breaking.js';

/**
 * `puzzlesat explain`: what each constraint family of a formula says, what it
 * costs, and why it costs exactly that. Where the family's structure is known
 * (the packing model, the Dobble encoding) the size is derived a second time
 * from the puzzle — placements per cell and per piece, cards and symbols —
 * and the published size of each encoding, so the reader can check the
 * arithmetic against the formula actually built.
 */

export interface SampleClause {
  /** What this particular clause is about, e.g. "cell (3,4)". */
  about: string;
  /** The clause in logic notation, long ones cut short. */
  text: string;
  literals: number[];
}

export interface FormulaCheck {
  /** How the size follows from the puzzle, e.g. "Σ over cells of 3n_c-4". */
  text: string;
  clauses: number;
  auxVars: number;
}

export interface FamilyExplanation {
  name: string;
  sentence: string;
  clauses: number;
  auxVars: number;
  literals: number;
  /** Null when the family's structure is not known (e.g. a DIMACS file). */
  formula: FormulaCheck | null;
  samples: SampleClause[];
}

export interface Explanation {
  puzzle: string;
  params: Record<string, unknown>;
  vars: number;
  /** Variables of the puzzle itself (the others are auxiliaries of encodings). */
  namedVars: number;
  auxVars: number;
  clauses: number;
  literals: number;
  /** What the puzzle's own variables stand for. */
  variables: string;
  families: FamilyExplanation[];
}

/** What explain knows about a family beyond its clauses. */
interface FamilyShape {
  formula: FormulaCheck;
  /** The subject of clause `index` of the family (e.g. the cell it is about). */
  about(index: number): string;
}

const SHOWN_LITERALS = 3;

export function explain(instance: Instance): Explanation {
  const cnf = instance.cnf;
  const shapes = isPacking(instance) ? packingShapes(instance) : (dobbleShapes(instance) ?? new Map<string, FamilyShape>());
  const plan = addedPlan(instance);
  if (plan) shapes.set(SYMMETRY_BREAKING, { formula: breakingFormula(plan), about: breakingAbout(plan) });
  const counts = cnf.familyCounts();
  const families = cnf.families.map((family, i): FamilyExplanation => {
    const shape = shapes.get(family.name);
    return {
      name: family.name,
      sentence: family.sentence,
      clauses: counts[i]!.clauses,
      auxVars: counts[i]!.auxVars,
      literals: family.literalCount,
      formula: shape?.formula ?? null,
      samples: sampleClauses(cnf, family, shape),
    };
  });
  const auxVars = cnf.vars.auxCount;
  return {
    puzzle: instance.puzzle,
    params: instance.params,
    vars: cnf.varCount,
    namedVars: cnf.varCount - auxVars,
    auxVars,
    clauses: cnf.clauseCount,
    literals: families.reduce((n, f) => n + f.literals, 0),
    variables: isPacking(instance)
      ? placementVariables(instance)
      : (dobbleVariables(instance) ?? `${cnf.varCount} variables; a solution is read from the ${cnf.projection.length} of them in the projection`),
    families,
  };
}

// ---- logic notation -----------------------------------------------------------

/** A literal as `name` or `¬name`. */
export const showLiteral = (cnf: Cnf, lit: number): string => (lit < 0 ? '¬' : '') + cnf.vars.name(lit);

/** A clause as a disjunction; past `shown` literals the rest becomes "…" and the length is given. */
export function showClause(cnf: Cnf, clause: ArrayLike<number>, shown = SHOWN_LITERALS): string {
  if (clause.length === 0) return '⊥ (the empty clause)';
  const lits = Array.from(clause);
  if (lits.length <= shown + 1) return lits.map((l) => showLiteral(cnf, l)).join(' ∨ ');
  return `${lits.slice(0, shown).map((l) => showLiteral(cnf, l)).join(' ∨ ')} ∨ … (${lits.length} literals)`;
}

/** The first, a middle and the last clause: the start, the bulk and the end of the family. */
function sampleClauses(cnf: Cnf, family: Family, shape: FamilyShape | undefined): SampleClause[] {
  const n = family.size;
  const picks = [...new Set([0, Math.floor(n / 2), n - 1])].filter((i) => i >= 0 && i < n);
  return picks.map((i) => {
    const clause = family.clause(i);
    return { about: shape?.about(i) ?? `clause ${i + 1} of ${n}`, text: showClause(cnf, clause), literals: Array.from(clause) };
  });
}

// ---- encoding sizes -------------------------------------------------------------

/**
 * Published sizes of the encodings that have an exact closed form, for n
 * literals (n >= 2 for at-most-one; 1 <= k < n for at-most-k). The others
 * (recursive or tree-shaped) are measured on n fresh literals.
 */
const AMO_CLOSED: Partial<Record<AmoEncoding, (n: number) => EncodingCost>> = {
  pairwise: (n) => ({ clauses: (n * (n - 1)) / 2, auxVars: 0 }),
  sequential: (n) => ({ clauses: 3 * n - 4, auxVars: n - 1 }),
  ladder: (n) => ({ clauses: 4 * n - 2, auxVars: n }),
  binary: (n) => ({ clauses: n * log2Ceil(n), auxVars: log2Ceil(n) }),
  bimander: (n) => ({ clauses: Math.floor(n / 2) + n * log2Ceil(Math.ceil(n / 2)), auxVars: log2Ceil(Math.ceil(n / 2)) }),
};

const CARD_CLOSED: Partial<Record<CardEncoding, (n: number, k: number) => EncodingCost>> = {
  sequential: (n, k) => ({ clauses: 2 * n * k + n - 3 * k - 1, auxVars: (n - 1) * k }),
};

const log2Ceil = (n: number): number => (n <= 1 ? 0 : Math.ceil(Math.log2(n)));

const measuredCache = new Map<string, EncodingCost>();

/** The size of an encoding on n fresh literals, built on a scratch formula. */
function measure(key: string, n: number, encode: (cnf: Cnf, lits: number[]) => EncodingCost): EncodingCost {
  const cached = measuredCache.get(`${key} ${n}`);
  if (cached) return cached;
  const cnf = new Cnf();
  const lits = Array.from({ length: n }, (_, i) => cnf.vars.named(`x${i}`));
  cnf.family('scratch');
  const cost = encode(cnf, lits);
  measuredCache.set(`${key} ${n}`, cost);
  return cost;
}

/** At most one of n literals; fewer than two need nothing. */
export function amoCost(encoding: AmoEncoding, n: number): EncodingCost {
  if (n < 2) return { clauses: 0, auxVars: 0 };
  return AMO_CLOSED[encoding]?.(n) ?? measure(`amo ${encoding}`, n, (cnf, lits) => atMostOne(cnf, lits, encoding, 'scratch'));
}

/** At most k of n literals, with the same edge cases as atMostK. */
export function atMostKCost(encoding: CardEncoding, n: number, k: number): EncodingCost {
  if (k < 0) return { clauses: 1, auxVars: 0 };
  if (k === 0) return { clauses: n, auxVars: 0 };
  if (k >= n) return { clauses: 0, auxVars: 0 };
  return CARD_CLOSED[encoding]?.(n, k) ?? measure(`card ${encoding} ${k}`, n, (cnf, lits) => atMostK(cnf, lits, k, encoding, 'scratch'));
}

/** At least k of n: one clause for k = 1, else at most n-k of the negations. */
export function atLeastKCost(encoding: CardEncoding, n: number, k: number): EncodingCost {
  return k === 1 ? { clauses: 1, auxVars: 0 } : atMostKCost(encoding, n, n - k);
}

/**
 * The size of an encoding as published, in the caller's symbols (e.g. "3n_c-4
 * clauses and n_c-1 aux"); sizes without an exact closed form are measured.
 */
function sizeText(table: readonly { name: string; clauses: string; auxVars: string }[], encoding: string, n: string, k = 'k'): string {
  const info = table.find((e) => e.name === encoding);
  if (!info) return `size measured on ${n} fresh literals`;
  // "2nk" reads "2n_p·k": a product sign where a symbol meets a letter or a bracket.
  const sub = (text: string) =>
    text
      .replace(/k/g, k)
      .replace(/n([a-zA-Z⌈(])?/g, (_, next?: string) => (next ? `${n}·${next}` : n))
      .replace(/\)([a-zA-Z])/g, ')·$1');
  const exact = !/[≤≈O]/.test(info.clauses + info.auxVars);
  return exact
    ? `${sub(info.clauses)} clauses and ${sub(info.auxVars)} aux`
    : `size measured on ${n} fresh literals (published: ${sub(info.clauses)} clauses, ${sub(info.auxVars)} aux)`;
}

// ---- the packing model ---------------------------------------------------------------

const isPacking = (instance: Instance): instance is PackingInstance => 'spec' in instance && 'placements' in instance;

/** A cell as the placement names write it: (x,y) on a flat board, (x,y,z) in space. */
function cellLabeller(region: readonly Cell[]): (c: Cell) => string {
  const flat = region.every((c) => c[2] === 0);
  return (c) => (flat ? `(${c[0]},${c[1]})` : `(${c.join(',')})`);
}

function placementVariables(instance: PackingInstance): string {
  const { spec, placements, cnf } = instance;
  const perPiece = spec.pieces.map((p, i) => `${p.name} ${placements.filter((pl) => pl.piece === i).length}`);
  const example = placements[Math.floor(placements.length / 2)]!;
  return (
    `one variable per placement of a piece, e.g. "${cnf.vars.name(example.variable)}": piece ${spec.pieces[example.piece]!.name} ` +
    `in its orientation ${example.orientation}, its bounding box's corner at ${cellLabeller(spec.region)(example.offset)}; ` +
    `${placements.length} placements (${perPiece.join(', ')})`
  );
}

interface Group {
  label: string;
  cost: EncodingCost;
}

const add = (a: EncodingCost, b: EncodingCost): EncodingCost => ({ clauses: a.clauses + b.clauses, auxVars: a.auxVars + b.auxVars });
const total = (groups: readonly Group[]) => groups.reduce((sum, g) => add(sum, g.cost), { clauses: 0, auxVars: 0 });

/** A family made of one constraint per group, emitted group after group. */
function grouped(text: string, groups: readonly Group[]): FamilyShape {
  const ends: number[] = [];
  let end = 0;
  for (const g of groups) ends.push((end += g.cost.clauses));
  return {
    formula: { text, ...total(groups) },
    about: (index) => groups[ends.findIndex((e) => index < e)]?.label ?? '?',
  };
}

const range = (values: readonly number[]): string => {
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  return lo === hi ? `${lo}` : `${lo} to ${hi}`;
};

/** The families of buildPacking, derived again from the placements. */
function packingShapes(instance: PackingInstance): Map<string, FamilyShape> {
  const { spec, placements } = instance;
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

  if (spec.nonOverlap === 'compact') {
    shapes.set(
      'non-overlap',
      grouped(
        `Σ over cells of ${spec.amo} at-most-one over n_c literals: ${sizeText(AMO_ENCODINGS, spec.amo, 'n_c')}, ` +
          `n_c = placements covering the cell (${range(nc)} here)`,
        byCell.map((vars, c) => ({ label: `${cellLabel(c)} at most once`, cost: amoCost(spec.amo, vars.length) })),
      ),
    );
  } else {
    const pairs = overlappingPairs(byCell, instance.cnf.varCount);
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
  shapes.set(
    'piece-once',
    grouped(
      `Σ over pieces of ${spec.amo} at-most-one over n_p literals: ${sizeText(AMO_ENCODINGS, spec.amo, 'n_p')}, ` +
        `n_p = placements of the piece (${range(np)} here)${copies}`,
      spec.pieces.map((piece, p) => ({
        label: `piece ${piece.name}${piece.count === 1 ? ' at most once' : ` at most ${piece.count} times`}`,
        cost: piece.count === 1 ? amoCost(spec.amo, np[p]!) : atMostKCost(spec.card, np[p]!, piece.count),
      })),
    ),
  );
  shapes.set(
    'piece-at-least-once',
    grouped(
      distinct ? `one clause per piece, its placements: ${spec.pieces.length} pieces` : `one clause per single piece; a piece with k copies: at least k of n_p (${spec.card})`,
      spec.pieces.map((piece, p) => ({
        label: `piece ${piece.name} placed${piece.count === 1 ? '' : ` at least ${piece.count} times`}`,
        cost: atLeastKCost(spec.card, np[p]!, piece.count),
      })),
    ),
  );
  return shapes;
}

/** Distinct pairs of placements that share at least one cell. */
function overlappingPairs(byCell: readonly number[][], varCount: number): number {
  const seen = new Set<number>();
  const key = (a: number, b: number) => (a < b ? a * (varCount + 1) + b : b * (varCount + 1) + a);
  for (const vars of byCell) {
    for (let i = 0; i < vars.length; i++) for (let j = i + 1; j < vars.length; j++) seen.add(key(vars[i]!, vars[j]!));
  }
  return seen.size;
}

// ---- Dobble ----------------------------------------------------------------------------

/** The shape of a Dobble SAT instance, from its params (as encoders/dobble.ts records them). */
function dobbleParams(instance: Instance) {
  const p = instance.params;
  if (instance.puzzle !== 'dobble' || typeof p.order !== 'number' || typeof p.cards !== 'number' || typeof p.symbols !== 'number') return null;
  return {
    n: p.order,
    cards: p.cards,
    symbols: p.symbols,
    amo: p.amo as AmoEncoding,
    card: p.card as CardEncoding,
    exactPairs: p.pairs !== 'at-most-one',
    symmetry: p.symmetryBreaking !== false,
  };
}

function dobbleVariables(instance: Instance): string | null {
  const d = dobbleParams(instance);
  if (!d) return null;
  return `one variable per card and symbol: "in c3 s7" says card 3 holds symbol 7; ${d.cards} cards × ${d.symbols} symbols = ${d.cards * d.symbols}`;
}

/**
 * The families of encodeDobble: K cards and v symbols, m = n + 1 symbols a
 * card. Exactly m is at least m plus at most m, two counters.
 */
function dobbleShapes(instance: Instance): Map<string, FamilyShape> | null {
  const d = dobbleParams(instance);
  if (!d) return null;
  const { n, cards: K, symbols: v, card } = d;
  const m = n + 1;
  const full = K === v && K === n * n + n + 1;
  const exactly = (size: number) => add(atLeastKCost(card, size, m), atMostKCost(card, size, m));
  const shapes = new Map<string, FamilyShape>();
  shapes.set(
    'card-size',
    grouped(
      `${K} cards × exactly ${m} of the card's ${v} variables (at most ${m}, and at least ${m} as at most ${v - m} of the negations; ${card}: ${sizeText(CARD_ENCODINGS, card, 'v')} for k = ${m} and k = ${v - m})`,
      Array.from({ length: K }, (_, c) => ({ label: `card c${c} holds ${m}`, cost: exactly(v) })),
    ),
  );
  shapes.set(
    'symbol-size',
    grouped(
      `${v} symbols × ${full ? 'exactly' : 'at most'} ${m} of the symbol's ${K} variables (${full ? `at least ${m} as at most ${K - m} of the negations; ` : ''}${card}: ${sizeText(CARD_ENCODINGS, card, 'K')})`,
      Array.from({ length: v }, (_, s) => ({ label: `symbol s${s} on ${full ? '' : 'at most '}${m} cards`, cost: full ? exactly(K) : atMostKCost(card, K, m) })),
    ),
  );
  const perSymbol = d.exactPairs ? 3 : 1;
  const pairs: Group[] = [];
  for (let i = 0; i < K; i++) {
    for (let j = i + 1; j < K; j++) {
      const share = d.exactPairs ? add({ clauses: 1, auxVars: 0 }, amoCost(d.amo, v)) : amoCost(d.amo, v);
      pairs.push({ label: `cards c${i} and c${j}`, cost: add({ clauses: perSymbol * v, auxVars: v }, share) });
    }
  }
  shapes.set(
    'pair-share-one',
    grouped(
      `C(${K},2) = ${pairs.length} pairs of cards × (${v} auxiliaries "both hold s", ${perSymbol} clause${perSymbol > 1 ? 's' : ''} each to define it, ` +
        `then ${d.exactPairs ? 'exactly' : 'at most'} one of them: ${d.amo}, ${sizeText(AMO_ENCODINGS, d.amo, 'v')})`,
      pairs,
    ),
  );
  if (d.symmetry) shapes.set('symmetry', dobbleSymmetryShape(n, K, v, full));
  return shapes;
}

/** breakSymmetries in encoders/dobble.ts, counted: unit clauses fixing cards, and lexicographic order. */
function dobbleSymmetryShape(n: number, K: number, v: number, full: boolean): FamilyShape {
  const pencil = Math.min(n, K - 1) * n;
  const lex = Math.max(0, K - 2);
  const parts = [`card 0 fixed: ${v} units`, `cards 1..${Math.min(n, K - 1)} through symbol 0: ${pencil} clauses`, `${lex} lexicographic orders of consecutive cards, 3v-2 clauses and v-1 aux each`];
  let clauses = v + pencil + lex * (3 * v - 2);
  if (full) {
    const fixed = n * v + (n - 1) * n * (2 * n + 1) + (n - 1) + Math.max(0, n - 2);
    parts.push(`the full deck's cards through symbols 1..${n} fixed: ${fixed} units`);
    clauses += fixed;
  }
  return { formula: { text: parts.join('; '), clauses, auxVars: lex * (v - 1) }, about: () => 'symmetry breaking' };
}

// ---- comparing encodings ----------------------------------------------------------

export interface EncodingRow {
  encoding: string;
  vars: number;
  auxVars: number;
  clauses: number;
  literals: number;
  /** Clauses per family, in family order. */
  families: { name: string; clauses: number; auxVars: number }[];
}

export function encodingRow(encoding: string, instance: Instance): EncodingRow {
  const cnf = instance.cnf;
  let literals = 0;
  for (const f of cnf.families) literals += f.literalCount;
  return { encoding, vars: cnf.varCount, auxVars: cnf.vars.auxCount, clauses: cnf.clauseCount, literals, families: cnf.familyCounts() };
}
