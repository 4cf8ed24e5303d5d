import {
  AMO_ENCODINGS,
  CARD_ENCODINGS,
  atMostK,
  atMostOne,
  DEFAULT_AMO,
  DEFAULT_CARD,
  exactlyK,
  exactlyOne,
  type AmoEncoding,
  type CardEncoding,
} from '../src/card/index.js';
import { Cnf } from '../src/core/cnf.js';
import { UsageError, UserError, didYouMean, hasControlCharacter } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { contentLines, forEachContentLine } from '../src/core/lines.js';
import { checkSize, kindOf, pastLimit, shownValue, sizeLimit } from '../src/core/limits.js';
import { gcd, isPrimePower, makeField, primeDivisors, type FiniteField } from '../src/algebra/finite-field.js';
import { type Instance, checkRendered } from '../src/core/puzzle.js';
import type { EncodingDefaults, FamilyShape, InstanceExplanation, PuzzleEntry } from '../src/core/puzzle.js';
import { add, amoCost, atLeastKCost, atMostKCost, type Group, grouped, sizeText } from '../src/explain/sizes.js';
import { compareLex } from './dobble/cards.js';
import { CYCLIC_NEEDS, CYCLIC_STEPS, type CyclicStep, DEFAULT_CYCLIC_STEPS, developedDeck, encodeCyclic, modelBase } from './dobble/cyclic.js';
import { DEFAULT_MOLS_STEPS, encodeMols, MOLS_NEEDS, MOLS_STEPS, type MolsStep, modelSquares, squaresDeck } from './dobble/mols.js';

/**
 * Dobble / Spot it!: decks of cards in which every two cards share exactly one
 * symbol. With m = n + 1 symbols per card a deck that has no symbol on every
 * card holds at most n² + n + 1 cards, and the full deck is a projective plane
 * of order n (one exists when n is a prime power; none of order 6, 10, ...).
 *
 * Two constructions: the algebraic plane PG(2, n) over GF(n), and a SAT
 * encoding over incidence variables for any order and deck size.
 * Symbols are numbered from 0; cards are sorted lists of symbol numbers.
 */

export type Deck = number[][];

/** n² + n + 1: the cards (and symbols) of a projective plane of order n. */
export function planeSize(n: number): number {
  return n * n + n + 1;
}

/**
 * Whether the algebraic method has a plane of order n: PG(2, n) for a prime
 * power n, and for n = 1, where no field has one element, the triangle (3
 * points, 3 lines of 2), so that cards of 2 symbols get their deck as any
 * other prime-power shape does rather than a SAT search.
 */
export const hasAlgebraicPlane = (n: number): boolean => n === 1 || isPrimePower(n);

/**
 * The order n = m - 1 of the plane behind decks with m symbols per card, for
 * the algebraic method; a UserError when there is none.
 */
export function algebraicOrder(symbolsPerCard: number): number {
  const m = symbolsPerCard;
  if (!Number.isInteger(m) || m < 2) throw new UserError(`symbols per card must be an integer ≥ 2, not ${m}`);
  if (!hasAlgebraicPlane(m - 1)) throw new UserError(notPrimePower(m));
  return m - 1;
}

/** Why the algebraic method cannot make cards of m symbols. */
const notPrimePower = (m: number): string =>
  `${m} symbols per card: the algebraic method needs ${m} - 1 = ${m - 1} to be a prime power (2, 3, 4, 5, 7, 8, 9, 11, ...); use the SAT method`;

/** How a deck is made: the lines of a projective plane, or a SAT solver. */
export type DeckMethod = 'algebraic' | 'sat';

/**
 * The method asked for, else algebraic when m - 1 is a prime power, else SAT
 * with a note on what is known about this shape (a UserError when algebraic
 * is asked for and cannot be had).
 */
export function deckMethod(asked: DeckMethod | undefined, symbolsPerCard: number, cards: number): { method: DeckMethod; note?: string } {
  if (asked === 'sat') return { method: 'sat' };
  if (asked === 'algebraic') {
    const m = symbolsPerCard;
    // Asked for by name, a method that cannot make these cards is an option that does not apply: a usage error naming it (m itself is algebraicOrder's to check).
    if (Number.isInteger(m) && m >= 2 && !hasAlgebraicPlane(m - 1)) throw new UsageError(`${fieldName('method')}: ${notPrimePower(m)}`);
    algebraicOrder(m);
    return { method: 'algebraic' };
  }
  if (hasAlgebraicPlane(symbolsPerCard - 1)) return { method: 'algebraic' };
  return { method: 'sat', note: `${symbolsNeeded(cards, symbolsPerCard).message}; trying the SAT method` };
}

/**
 * Whether a SAT search for decks of m symbols per card may not end: with
 * m - 1 no prime power there is no plane to build from, and a full deck is
 * a plane nobody can build (none of order 6 or 10 exists; that none of order
 * 10 does took years of computer search) or whose existence is open (12).
 * Partial decks of few cards are still found at once; the cyclic model is a
 * small formula, answered in a second.
 */
export const searchMayNotEnd = (symbolsPerCard: number, variables?: DobbleVariables): boolean =>
  !hasAlgebraicPlane(symbolsPerCard - 1) && variables !== 'cyclic';

// ---------------------------------------------------------------------------
// The projective plane PG(2, n)

/**
 * Points and lines of PG(2, n) share one coordinate system: normalized
 * homogeneous triples (1,x,y), (0,1,x), (0,0,1) over GF(n). Point numbering:
 * (0,0,1) is 0, (0,1,x) is 1 + x, (1,x,y) is n + 1 + x·n + y. With the lines
 * sorted lexicographically by their point lists, line 0 is the line at
 * infinity {0..n} and lines 1..n are {0} ∪ block_i with block_i the n
 * consecutive points n+1+(i-1)n .. n+in: the layout the SAT symmetry breaking
 * assumes.
 */
export interface ProjectivePlane {
  order: number;
  /** Line i as its sorted point numbers; lines sorted lexicographically. */
  lines: number[][];
  /** Line i's homogeneous coordinates [a, b, c]: it holds the points with a·X + b·Y + c·Z = 0. */
  lineCoordinates: [number, number, number][];
}

/** The projective plane of order n (a prime power) over GF(n). */
export function projectivePlane(n: number): ProjectivePlane {
  const field = makeField(n);
  const coordinates = normalizedTriples(n);
  const unsorted = coordinates.map((line) => pointsOnLine(field, line));
  const order = unsorted.map((_, i) => i).sort((i, j) => compareLex(unsorted[i]!, unsorted[j]!));
  return {
    order: n,
    lines: order.map((i) => unsorted[i]!),
    lineCoordinates: order.map((i) => coordinates[i]!),
  };
}

/** Every normalized triple, in point-number order. */
function normalizedTriples(n: number): [number, number, number][] {
  const triples: [number, number, number][] = [[0, 0, 1]];
  for (let x = 0; x < n; x++) triples.push([0, 1, x]);
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) triples.push([1, x, y]);
  return triples;
}

function pointNumber(n: number, [x0, x1, x2]: readonly number[]): number {
  if (x0 === 1) return n + 1 + x1! * n + x2!;
  if (x1 === 1) return 1 + x2!;
  return 0;
}

/**
 * The n + 1 points of the line a·X + b·Y + c·Z = 0, solved for the last free
 * coordinate rather than testing all points, so that big planes stay linear.
 */
function pointsOnLine(f: FiniteField, [a, b, c]: readonly number[]): number[] {
  const n = f.order;
  const points: number[] = [];
  if (c !== 0) {
    // Z = -(a·X + b·Y)/c: one point for each (1, x, ·) and the point (0, 1, -b/c).
    const minusInvC = f.neg(f.inv(c));
    for (let x = 0; x < n; x++) points.push(pointNumber(n, [1, x, f.mul(minusInvC, f.add(a!, f.mul(b!, x)))]));
    points.push(pointNumber(n, [0, 1, f.mul(minusInvC, b!)]));
  } else if (b !== 0) {
    // c = 0: the point (0,0,1) and the points (1, -a/b, y).
    const x = f.neg(f.mul(a!, f.inv(b!)));
    for (let y = 0; y < n; y++) points.push(pointNumber(n, [1, x, y]));
    points.push(0);
  } else {
    // [1,0,0]: the line at infinity X = 0.
    for (let p = 0; p <= n; p++) points.push(p);
  }
  return points.sort((p, q) => p - q);
}

/**
 * A largest arc of the plane, as point coordinates: the conic XZ = Y²
 * ({(1,x,x²)} ∪ {(0,0,1)}, n + 1 points, no three collinear) and, in
 * characteristic 2, its nucleus (0,1,0), where all its tangents meet.
 */
function largestArc(f: FiniteField): [number, number, number][] {
  const arc: [number, number, number][] = [[0, 0, 1]];
  for (let x = 0; x < f.order; x++) arc.push([1, x, f.mul(x, x)]);
  if (f.characteristic === 2) arc.push([0, 1, 0]);
  return arc;
}

// ---------------------------------------------------------------------------
// Algebraic decks, full and truncated

export interface AlgebraicDeckOptions {
  /** Keep this many cards (default all n² + n + 1), chosen to need few symbols. */
  cards?: number;
}

/**
 * The deck of the plane of order n: cards are lines, symbols points. With
 * `cards` = K below n² + n + 1, K lines are kept (see `chooseLines`), symbols
 * on no kept card are dropped and the rest renumbered in order.
 */
export function algebraicDeck(n: number, options: AlgebraicDeckOptions = {}): Deck {
  if (!hasAlgebraicPlane(n)) throw new UserError(`the algebraic method needs a prime-power order, not ${n}`);
  const total = planeSize(n);
  const k = options.cards ?? total;
  if (!Number.isInteger(k) || k < 1 || k > total) {
    throw new UserError(
      `cards: ${k} is not possible with ${n + 1} symbols per card: choose 1 to ${total} (a projective plane of order ${n} has ${total} lines)`,
    );
  }
  // Order 1 has no field to build over, and needs none: its K ≤ 3 = n + 2 lines are the pairwise deck (the triangle for K = 3).
  if (n === 1 || pairwiseBeatsLines(n, k)) return pairwiseDeck(k, n + 1);
  const plane = projectivePlane(n);
  if (k === total) return plane.lines.map((line) => [...line]);
  return renumberSymbols(chooseLines(plane, k).map((i) => plane.lines[i]!));
}

/**
 * Whether K cards of n + 1 symbols need fewer symbols made pairwise (see
 * pairwiseDeck) than as K lines of the plane of order n. K ≤ n + 1 lines of
 * a dual conic, and in even order n + 2 of a dual hyperoval, meet in distinct
 * points, which is the pairwise count; an arc of an odd-order plane has at
 * most n + 1 points (Bose), so there n + 2 lines cover more.
 */
export const pairwiseBeatsLines = (n: number, k: number): boolean => k === n + 2 && n % 2 === 1;

/**
 * K ≤ m + 1 cards of m symbols, every two sharing a symbol of their own and
 * the rest each on one card: K·m - C(K, 2) symbols, the fewest there can be
 * (symbolsNeeded), numbered 0.. in order of first use.
 */
export function pairwiseDeck(cards: number, symbolsPerCard: number): Deck {
  const shared = (i: number, j: number) => {
    const [a, b] = i < j ? [i, j] : [j, i];
    // Pairs (a, b), a < b, numbered in order: those of a smaller a first.
    return a * cards - (a * (a + 1)) / 2 + (b - a - 1);
  };
  const pairs = (cards * (cards - 1)) / 2;
  const own = symbolsPerCard - (cards - 1);
  const deck = Array.from({ length: cards }, (_, i) => [
    ...Array.from({ length: cards }, (_, j) => j)
      .filter((j) => j !== i)
      .map((j) => shared(i, j)),
    ...Array.from({ length: own }, (_, t) => pairs + i * own + t),
  ]);
  return renumberSymbols(deck);
}

/** Symbols (whole numbers ≥ 0) renumbered 0.. in the order of their old numbers, unused ones dropped. */
export function renumberSymbols(cards: readonly (readonly number[])[]): Deck {
  // Marks in an array, not a Set of deck.flat(): 30,000 cards of 200 symbols are six million entries.
  let top = -1;
  for (const card of cards) for (const s of card) top = Math.max(top, s);
  const renamed = new Int32Array(top + 1);
  for (const card of cards) for (const s of card) renamed[s] = 1;
  for (let s = 0, next = 0; s <= top; s++) if (renamed[s]) renamed[s] = next++;
  return cards.map((card) => Array.from(card, (s) => renamed[s]!).sort((a, b) => a - b));
}

/** Number of distinct symbols in a deck. */
export function symbolCount(deck: readonly (readonly number[])[]): number {
  // Not deck.flat(): the largest decks hold millions of symbols, and the copy cost more than the count.
  const seen = new Set<number>();
  for (const card of deck) for (const s of card) seen.add(s);
  return seen.size;
}

/**
 * K lines of the plane covering few points, as increasing line indices.
 *
 * Dropping d = N - K lines loses a point exactly when all n + 1 lines through
 * it are dropped, so the question is which point set S has the fewest lines
 * meeting it. A line through s points of S is counted once instead of s
 * times, and Σ (s - 1) over lines is at most C(|S|, 2) with equality exactly
 * for arcs (no three points collinear), so arcs are best: losing t arc points
 * costs t(n+1) - C(t,2) lines. Dually, K lines in "dual arc" position (no three
 * through a point) cover K(n+1) - C(K,2) points, the fewest possible.
 *
 * Both views are run greedily from a largest arc and the better is kept; the
 * tests compare the result with exhaustive search over all line subsets for
 * small orders.
 */
export function chooseLines(plane: ProjectivePlane, k: number): number[] {
  const byDropping = dropLinesLosingPoints(plane, k);
  const byKeeping = keepLinesAddingFewPoints(plane, k);
  return pointsCovered(plane, byKeeping) < pointsCovered(plane, byDropping) ? byKeeping : byDropping;
}

/** The points on any of `lines` (marks, not a Set of all their points: tens of thousands of lines of 200). */
function pointsCovered(plane: ProjectivePlane, lines: readonly number[]): number {
  const seen = new Uint8Array(plane.lines.length);
  let count = 0;
  for (const i of lines) {
    for (const p of plane.lines[i]!) {
      count += 1 - seen[p]!;
      seen[p] = 1;
    }
  }
  return count;
}

interface Incidence {
  n: number;
  lines: number[][];
  /** Point p's lines. */
  pencils: number[][];
  /** Largest arc as point numbers, and as line indices (lines with the arc points' coordinates). */
  arcPoints: number[];
  arcLines: number[];
}

function incidence(plane: ProjectivePlane): Incidence {
  const n = plane.order;
  const pencils = Array.from({ length: plane.lines.length }, (): number[] => []);
  plane.lines.forEach((line, i) => line.forEach((p) => pencils[p]!.push(i)));
  const arc = largestArc(makeField(n));
  const lineOf = new Map(plane.lineCoordinates.map((c, i) => [c.join(), i]));
  return {
    n,
    lines: plane.lines,
    pencils,
    arcPoints: arc.map((c) => pointNumber(n, c)),
    arcLines: arc.map((c) => lineOf.get(c.join())!),
  };
}

/**
 * The greedy's choice as costs fall: the live item of least cost, the first
 * in `order` on ties. A scan of every item at each step was quadratic (a
 * deck of 200 symbols a card: 39,801 lines, 11-26 s before the first card);
 * here each cost is a bucket, a bitset over the items' ranks in `order`, so
 * a cost falls in O(1) and a choice scans the words of the lowest buckets.
 */
class CheapestFirst {
  private readonly rank: Int32Array;
  private readonly words: number;
  private readonly buckets: Int32Array;
  private readonly live: Uint8Array;
  readonly cost: Int32Array;
  /** No live item costs less. */
  private floor = 0;

  constructor(
    private readonly order: readonly number[],
    costs: readonly number[],
  ) {
    this.rank = new Int32Array(order.length);
    order.forEach((item, r) => (this.rank[item] = r));
    this.words = Math.ceil(order.length / 32);
    this.cost = Int32Array.from(costs);
    this.buckets = new Int32Array((costs.reduce((a, b) => Math.max(a, b), 0) + 1) * this.words);
    this.live = new Uint8Array(order.length).fill(1);
    for (const item of order) this.flip(item);
  }

  private flip(item: number): void {
    const r = this.rank[item]!;
    this.buckets[this.cost[item]! * this.words + (r >>> 5)]! ^= 1 << (r & 31);
  }

  /** Item's cost falls by one (an item taken keeps its cost up to date, out of the buckets). */
  lower(item: number): void {
    if (this.live[item]) this.flip(item);
    this.cost[item]!--;
    if (this.live[item]) this.flip(item);
    this.floor = Math.min(this.floor, this.cost[item]!);
  }

  take(item: number): void {
    this.flip(item);
    this.live[item] = 0;
  }

  /** The live item of least cost, the first in order on ties; -1 when none is left. */
  cheapest(): number {
    for (let c = this.floor; c * this.words < this.buckets.length; c++) {
      for (let w = c * this.words, end = w + this.words; w < end; w++) {
        const bits = this.buckets[w]!;
        if (bits !== 0) {
          this.floor = c;
          return this.order[((w - c * this.words) << 5) + 31 - Math.clz32(bits & -bits)]!;
        }
      }
    }
    return -1;
  }
}

/** Seed items first, then the others in index order: the greedy's tie-break. */
function seedFirst(seed: readonly number[], count: number): number[] {
  const inSeed = new Set(seed);
  return [...seed, ...Array.from({ length: count }, (_, i) => i).filter((i) => !inSeed.has(i))];
}

/**
 * Drop view: repeatedly lose the point with the fewest lines left (arc points
 * first on ties) while the dropped lines stay within N - K, then drop the
 * highest-numbered lines to reach exactly N - K.
 */
function dropLinesLosingPoints(plane: ProjectivePlane, k: number): number[] {
  const { lines, pencils, arcPoints } = incidence(plane);
  const budget = lines.length - k;
  const dropped = new Uint8Array(lines.length);
  const left = new CheapestFirst(
    seedFirst(arcPoints, pencils.length),
    pencils.map((pencil) => pencil.length),
  );
  let droppedCount = 0;
  for (;;) {
    const p = left.cheapest();
    if (p < 0 || droppedCount + left.cost[p]! > budget) break;
    left.take(p);
    for (const line of pencils[p]!) {
      if (dropped[line]) continue;
      dropped[line] = 1;
      droppedCount++;
      for (const q of lines[line]!) left.lower(q);
    }
  }
  for (let line = lines.length - 1; droppedCount < budget; line--) {
    if (!dropped[line]) {
      dropped[line] = 1;
      droppedCount++;
    }
  }
  return lines.map((_, i) => i).filter((i) => !dropped[i]);
}

/** Keep view: repeatedly keep the line adding the fewest new points (dual-arc lines first on ties). */
function keepLinesAddingFewPoints(plane: ProjectivePlane, k: number): number[] {
  const { lines, pencils, arcLines } = incidence(plane);
  const kept = new Uint8Array(lines.length);
  const covered = new Uint8Array(lines.length);
  const fresh = new CheapestFirst(
    seedFirst(arcLines, lines.length),
    lines.map((line) => line.length),
  );
  for (let count = 0; count < k; count++) {
    const line = fresh.cheapest();
    fresh.take(line);
    kept[line] = 1;
    for (const p of lines[line]!) {
      if (covered[p]) continue;
      covered[p] = 1;
      for (const other of pencils[p]!) fresh.lower(other);
    }
  }
  return lines.map((_, i) => i).filter((i) => kept[i]);
}

// ---------------------------------------------------------------------------
// How many symbols a deck needs

/**
 * The answer to "how many symbols does a deck of K cards with m symbols per
 * card need". Decks with a symbol on every card (possible for any K, with
 * 1 + K(m-1) symbols) are left out: the game would always have the same answer.
 */
export interface SymbolsNeeded {
  cards: number;
  symbolsPerCard: number;
  /** 'exact': `symbols` is the minimum; 'bounds': the minimum lies in [lowerBound, symbols]; 'unknown': only the lower bound is known; 'impossible': more cards than a plane has, so only stars (one symbol on every card), which are not built. */
  status: 'exact' | 'bounds' | 'unknown' | 'impossible';
  /** No deck of this shape has fewer symbols (a counting argument). */
  lowerBound: number;
  /** Symbols of the best deck constructed, when one is. */
  symbols?: number;
  /** How that deck is built. */
  method?: 'pairwise' | 'projective-plane';
  message: string;
}

/**
 * A necessary condition on the number v of symbols. Symbol s on r_s cards:
 * Σ r_s = K·m (incidences) and Σ C(r_s, 2) = C(K, 2) (every pair of cards
 * shares one symbol); 1 ≤ r_s ≤ min(m, K), because a symbol missing from some
 * card is on at most m cards (they meet that card in distinct symbols). For a
 * fixed v, Σ r_s² lies between its value for the most balanced and the most
 * lopsided split of K·m into v parts; the bound is the first v where the
 * required Σ r_s² = K(K-1) + K·m falls in that range. It gives
 * K·m - C(K,2) for small K and n² + n + 1 for a full plane; Infinity when
 * K > m² - m + 1.
 */
export function symbolsLowerBound(cards: number, symbolsPerCard: number): number {
  const incidences = cards * symbolsPerCard;
  const sumSquares = cards * (cards - 1) + incidences;
  const cap = Math.min(symbolsPerCard, cards);
  for (let v = symbolsPerCard; v <= incidences; v++) {
    if (v * cap < incidences) continue;
    const base = Math.floor(incidences / v);
    const fewest = v * base * base + (incidences - v * base) * (2 * base + 1);
    const full = Math.floor((incidences - v) / Math.max(1, cap - 1));
    const rest = incidences - v - full * (cap - 1);
    const most = full >= v ? v * cap * cap : full * cap * cap + (rest + 1) ** 2 + (v - full - 1);
    if (fewest <= sumSquares && sumSquares <= most) return v;
  }
  // Only decks with a symbol on every card remain (K > m² - m + 1).
  return Number.POSITIVE_INFINITY;
}

/**
 * Whether a projective plane of order n is known not to exist: the
 * Bruck–Ryser theorem (n ≡ 1 or 2 mod 4 and n not a sum of two squares) and
 * the computer proof for n = 10 (Lam, Thiel and Swiercz, 1989).
 */
export function planeExcluded(n: number): string | null {
  if (n === 10) return 'no projective plane of order 10 exists (Lam, Thiel and Swiercz, 1989, by computer search)';
  const sumOfTwoSquares = Array.from({ length: Math.floor(Math.sqrt(n)) + 1 }, (_, a) => n - a * a).some((rest) => Number.isInteger(Math.sqrt(rest)));
  if ((n % 4 === 1 || n % 4 === 2) && !sumOfTwoSquares) {
    return `no projective plane of order ${n} exists (Bruck–Ryser: ${n} ≡ ${n % 4} mod 4 and is not a sum of two squares)`;
  }
  return null;
}

export function symbolsNeeded(cards: number, symbolsPerCard: number): SymbolsNeeded {
  const [k, m] = [cards, symbolsPerCard];
  if (!Number.isInteger(m) || m < 2) throw new UserError(`symbols per card must be an integer ≥ 2, not ${m}`);
  if (!Number.isInteger(k) || k < 1) throw new UserError(`cards must be a positive integer, not ${k}`);
  const n = m - 1;
  const max = planeSize(n);
  const shape = `${k} cards with ${m} symbols`;
  const base = { cards: k, symbolsPerCard: m };
  if (k > max) {
    return {
      ...base,
      status: 'impossible',
      lowerBound: 1 + k * (m - 1),
      // Not "impossible": a star (one symbol on every card, each other symbol on one card) is a deck of any size.
      message: `${shape}: more than the ${max} cards of a projective plane, so every such deck is a star (one symbol on every card, ${1 + k * (m - 1)} symbols in all), which is not built here`,
    };
  }
  const lowerBound = symbolsLowerBound(k, m);
  if (k <= m + 1) {
    // Every two cards get a symbol of their own: K - 1 ≤ m shared symbols per card, the rest unique.
    const symbols = k * m - (k * (k - 1)) / 2;
    return {
      ...base,
      status: 'exact',
      lowerBound,
      symbols,
      method: 'pairwise',
      message: `${shape} need ${symbols} symbols (every two cards get a symbol of their own)`,
    };
  }
  if (isPrimePower(n)) {
    const symbols = symbolCount(algebraicDeck(n, { cards: k }));
    const from = k === max ? `the projective plane of order ${n}` : `${k} of the ${max} lines of the projective plane of order ${n}`;
    if (symbols === lowerBound) {
      return { ...base, status: 'exact', lowerBound, symbols, method: 'projective-plane', message: `${shape} need ${symbols} symbols (${from})` };
    }
    return {
      ...base,
      status: 'bounds',
      lowerBound,
      symbols,
      method: 'projective-plane',
      message: `${shape} need ${lowerBound} to ${symbols} symbols: ${from} use ${symbols}, counting excludes fewer than ${lowerBound}; the SAT method can settle it`,
    };
  }
  const excluded = planeExcluded(n);
  if (k === max) {
    return excluded
      ? {
          ...base,
          status: 'impossible',
          lowerBound,
          message: `${shape}: impossible, such a deck is a projective plane of order ${n} and ${excluded}`,
        }
      : {
          ...base,
          status: 'unknown',
          lowerBound,
          message: `${shape}: such a deck is a projective plane of order ${n}, whose existence is an open problem`,
        };
  }
  return {
    ...base,
    status: 'unknown',
    lowerBound,
    message: `${shape} need at least ${lowerBound} symbols; ${n} is not a prime power, so there is no algebraic construction: use the SAT method${excluded ? ` (the full deck of ${max} cards is impossible: ${excluded})` : ''}`,
  };
}

// ---------------------------------------------------------------------------
// Checking, reading and naming decks

/** A failed check names the offending cards: `at` holds their indices (from 0), the card the problem is about first. */
export type DeckCheck = { ok: true; symbolsPerCard: number; symbols: number; cards: number } | { ok: false; problem: string; at: number[] };

/**
 * Whether every card has the same number of distinct symbols and every two
 * cards share exactly one. Cards are numbered from 1 in messages; the first
 * offending card or pair (in reading order) is named.
 */
export function checkDeck(cards: readonly (readonly (string | number)[])[]): DeckCheck {
  const deck = new DeckBuilder();
  for (const card of cards) deck.add(card);
  return checkFlatDeck(deck.done());
}

/**
 * A deck with its symbols numbered 0.. in order of first appearance, the
 * cards laid end to end: card c holds symbols[starts[c]] up to (not
 * including) symbols[starts[c + 1]], and symbol s is names[s] as given. One
 * typed array for all the cards, where an Int32Array a card (and a string
 * array a card before that) took 2.3 GB for the 3 million cards of a 32 MB
 * file.
 */
export interface FlatDeck {
  symbols: Int32Array;
  starts: Int32Array;
  names: (string | number)[];
}

/** A FlatDeck made card by card. */
class DeckBuilder {
  private readonly id = new Map<string | number, number>();
  private readonly names: (string | number)[] = [];
  private symbols: Int32Array = new Int32Array(1024);
  private starts: Int32Array = new Int32Array(1024);
  private cards = 0;
  private length = 0;

  add(card: readonly (string | number)[]): void {
    if (this.cards + 2 > this.starts.length) this.starts = grown(this.starts, this.cards + 2);
    if (this.length + card.length > this.symbols.length) this.symbols = grown(this.symbols, this.length + card.length);
    for (const name of card) {
      let s = this.id.get(name);
      if (s === undefined) {
        s = this.names.push(name) - 1;
        this.id.set(name, s);
      }
      this.symbols[this.length++] = s;
    }
    this.starts[++this.cards] = this.length;
  }

  done(): FlatDeck {
    return { symbols: this.symbols.slice(0, this.length), starts: this.starts.slice(0, this.cards + 1), names: this.names };
  }
}

/** A copy of `array` with room for at least `needed` entries, doubled. */
const grown = (array: Int32Array, needed: number): Int32Array => {
  const bigger = new Int32Array(Math.max(needed, 2 * array.length));
  bigger.set(array);
  return bigger;
};

/** checkDeck of a deck already numbered (readDeck's, a file's). */
export function checkFlatDeck(deck: FlatDeck): DeckCheck {
  const { symbols, starts, names } = deck;
  const count = starts.length - 1;
  if (count === 0) return { ok: false, problem: 'the deck has no cards', at: [] };
  const m = starts[1]!;
  const stamp = new Int32Array(names.length).fill(-1);
  for (let i = 0; i < count; i++) {
    for (let j = starts[i]!; j < starts[i + 1]!; j++) {
      const s = symbols[j]!;
      if (stamp[s] === i) return { ok: false, problem: `card ${i + 1} lists symbol ${String(names[s])} twice`, at: [i] };
      stamp[s] = i;
    }
    const size = starts[i + 1]! - starts[i]!;
    if (size !== m) return { ok: false, problem: `card ${i + 1} has ${size} symbol${size === 1 ? '' : 's'} but card 1 has ${m}`, at: [i, 0] };
  }
  // The per-symbol pass costs K·m² steps, pair by pair at most K²·m: fewer cards than symbols on a card (one line of
  // 300,000 symbols took minutes) go pair by pair at once.
  if (count <= m || !everyPairSharesOne(deck, m)) {
    const bad = firstBadPair(deck, count <= m ? undefined : settledCards(deck, m));
    if (bad) return { ok: false, ...bad };
  }
  return { ok: true, symbolsPerCard: m, symbols: names.length, cards: count };
}

/**
 * The cards that share exactly one symbol with every later card, found in
 * O(K·m²) steps as everyPairSharesOne finds its answer, so that firstBadPair
 * goes pair by pair only from the first card that does not: it went through
 * every card, K² steps, and a deck of 100,000 cards bad only in its last two
 * took hours. Card i is settled when no later card shares two symbols with
 * it (for each symbol s, the cards holding s in order: of two that both hold
 * t, the earlier is flagged) and as many later cards hold one of its
 * symbols as there are later cards. Every card is m long.
 */
function settledCards(deck: FlatDeck, m: number): Uint8Array {
  const { symbols: flat, names } = deck;
  const cards = deck.starts.length - 1;
  const holders = holdersOf(deck);
  const twice = new Uint8Array(cards);
  const mark = new Int32Array(names.length).fill(-1);
  const lastHolder = new Int32Array(names.length);
  for (let s = 0; s < names.length; s++)
    for (let h = holders.starts[s]!; h < holders.starts[s + 1]!; h++) {
      const card = holders.cards[h]!;
      for (let j = card * m; j < card * m + m; j++) {
        const t = flat[j]!;
        if (t === s) continue;
        if (mark[t] === s) twice[lastHolder[t]!] = 1;
        mark[t] = s;
        lastHolder[t] = card;
      }
    }
  const settled = new Uint8Array(cards);
  for (let i = 0; i < cards; i++) {
    let later = 0;
    for (let j = i * m; j < i * m + m; j++) later += holders.starts[flat[j]! + 1]! - holderAfter(holders, flat[j]!, i);
    settled[i] = !twice[i] && later === cards - 1 - i ? 1 : 0;
  }
  return settled;
}

/** Where the holders of s after `card` (which holds s) begin in holders.cards: by binary search, the holders ascending. */
function holderAfter(holders: { cards: Int32Array; starts: Int32Array }, s: number, card: number): number {
  let [low, high] = [holders.starts[s]!, holders.starts[s + 1]!];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (holders.cards[mid]! <= card) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Every two cards share exactly one symbol, decided in O(v·m²) steps that stay
 * in cache instead of O(K²·m) (the 39,801 cards of order 199 took hours pair
 * by pair): no two cards share two symbols when, for each symbol s, the cards
 * holding s hold no other symbol twice between them; and then Σ C(deg s, 2)
 * over the symbols counts the pairs of cards that share one, which must be
 * all C(K, 2) of them. False when that does not hold; firstBadPair then
 * names the pair. Every card is m long (checkFlatDeck has found them so).
 */
function everyPairSharesOne(deck: FlatDeck, m: number): boolean {
  const { symbols: flat, names } = deck;
  const cards = deck.starts.length - 1;
  const holders = holdersOf(deck);
  const mark = new Int32Array(names.length).fill(-1);
  let sharing = 0;
  for (let s = 0; s < names.length; s++) {
    const from = holders.starts[s]!;
    const to = holders.starts[s + 1]!;
    sharing += ((to - from) * (to - from - 1)) / 2;
    for (let h = from; h < to; h++) {
      const start = holders.cards[h]! * m;
      for (let j = start; j < start + m; j++) {
        const t = flat[j]!;
        if (t === s) continue;
        if (mark[t] === s) return false;
        mark[t] = s;
      }
    }
  }
  return sharing === (cards * (cards - 1)) / 2;
}

/** For each symbol s, the cards that hold it, ascending: cards[starts[s]] up to (not including) cards[starts[s + 1]], one array for all symbols. */
function holdersOf(deck: FlatDeck): { cards: Int32Array; starts: Int32Array } {
  const { symbols, starts: cardStarts, names } = deck;
  const starts = new Int32Array(names.length + 1);
  for (const s of symbols) starts[s + 1]!++;
  for (let s = 0; s < names.length; s++) starts[s + 1]! += starts[s]!;
  const next = starts.slice(0, names.length);
  const cards = new Int32Array(symbols.length);
  for (let c = 0; c + 1 < cardStarts.length; c++) for (let j = cardStarts[c]!; j < cardStarts[c + 1]!; j++) cards[next[symbols[j]!]!++] = c;
  return { cards, starts };
}

/**
 * The first pair of cards, in reading order, that does not share exactly one
 * symbol, as the problem and the pair; null when there is none. Cards
 * `settled` (settledCards) share one with every later card, and are passed.
 */
function firstBadPair(deck: FlatDeck, settled?: Uint8Array): { problem: string; at: number[] } | null {
  const { symbols, starts, names } = deck;
  const count = starts.length - 1;
  const holders = holdersOf(deck);
  const shared = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    if (settled?.[i]) continue;
    shared.fill(0);
    for (let a = starts[i]!; a < starts[i + 1]!; a++) {
      const s = symbols[a]!;
      for (let h = holders.starts[s]!; h < holders.starts[s + 1]!; h++) shared[holders.cards[h]!]!++;
    }
    for (let j = i + 1; j < count; j++) {
      if (shared[j] === 0) return { problem: `cards ${i + 1} and ${j + 1} share no symbol${lookalikes(deck, i, j)}`, at: [i, j] };
      if (shared[j]! > 1) {
        const other = new Set(symbols.subarray(starts[j]!, starts[j + 1]!));
        const common = Array.from(symbols.subarray(starts[i]!, starts[i + 1]!)).filter((s) => other.has(s));
        return {
          problem: `cards ${i + 1} and ${j + 1} share ${common.length} symbols: ${common.map((s) => String(names[s])).join(', ')}`,
          at: [i, j],
        };
      }
    }
  }
  return null;
}

/** Characters a name may hold that do not show: controls, soft hyphen, zero-width marks, bidirectional controls, the byte-order mark. */
const UNSEEN = /[\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/** A name as it shows: composed Unicode (é one way, not two), characters that do not show left out. */
const shownAs = (name: string): string => name.normalize('NFC').replace(UNSEEN, '');

/**
 * Why cards i and j, which share no symbol, may look as if they did: a
 * symbol of each that shows the same ("cat" and "cat" with a zero-width
 * space, or é composed on one card and decomposed on the other). Empty
 * when there is none: the deck is then plainly wrong.
 */
function lookalikes(deck: FlatDeck, i: number, j: number): string {
  const { symbols, starts, names } = deck;
  const onJ = new Map<string, number>();
  for (let b = starts[j]!; b < starts[j + 1]!; b++) onJ.set(shownAs(String(names[symbols[b]!])), symbols[b]!);
  for (let a = starts[i]!; a < starts[i + 1]!; a++) {
    const other = onJ.get(shownAs(String(names[symbols[a]!])));
    if (other !== undefined)
      return ` ("${String(names[symbols[a]!])}" on card ${i + 1} and "${String(names[other])}" on card ${j + 1} look alike but are different names)`;
  }
  return '';
}

/** The line of the file each card of parseDeck is on (from 1), for messages: blank lines and comments sit between cards. */
export const deckLines = (text: string): number[] => contentLines(text).map(({ line }) => line);

/**
 * A deck file: one card a line (LF, CRLF or CR line ends). A line with a
 * comma is split on commas (so names may contain spaces: "red apple, cat");
 * otherwise on whitespace. Blank lines and comments (COMMENT) are ignored.
 * An empty name between commas is a UserError naming file:line.
 */
export function parseDeck(text: string, fileName: string): string[][] {
  const { symbols, starts, names } = readDeck(text, fileName);
  return Array.from({ length: starts.length - 1 }, (_, c) => Array.from(symbols.subarray(starts[c]!, starts[c + 1]!), (s) => names[s] as string));
}

/** parseDeck's deck numbered and flat, with the line of the file each card is on (from 1): what `dobble check` reads, no array a card. */
export function readDeck(text: string, fileName: string): FlatDeck & { lines: Int32Array } {
  const deck = new DeckBuilder();
  const lines: number[] = [];
  forEachContentLine(text, (content, line) => {
    const symbols = content.includes(',') ? content.split(',').map((s) => s.trim()) : content.split(/\s+/);
    if (symbols.some((s) => s === '')) throw new UserError(`${fileName}:${line}: empty symbol name (two commas in a row, or a comma at an end)`);
    deck.add(symbols);
    lines.push(line);
  });
  return { ...deck.done(), lines: Int32Array.from(lines) };
}

/**
 * A symbols file: one name a line (a word, an emoji, an image file name),
 * blank lines and comments (COMMENT) skipped; a repeated name, or one with a
 * comma, is a UserError.
 */
export function parseSymbols(text: string, fileName: string): string[] {
  const seen = new Map<string, number>();
  return contentLines(text).map(({ line, content }) => {
    const first = seen.get(content);
    if (first !== undefined) throw new UserError(`${fileName}:${line}: symbol "${content}" already named on line ${first}`);
    // parseDeck splits a line with a comma on commas: such a name would come back as two.
    if (content.includes(','))
      throw new UserError(
        `${fileName}:${line}: symbol "${content}" has a comma, which splits a card's line in a deck file (dobble check could not read the deck back)`,
      );
    if (hasControlCharacter(content))
      throw new UserError(`${fileName}:${line}: symbol "${content}" holds a control character; give it a printable name`);
    seen.set(content, line);
    return content;
  });
}

/** The deck with symbol s replaced by names[s]; a UserError when there are too few names. */
export function nameDeck(deck: readonly (readonly number[])[], names: readonly string[], source = 'the symbols file'): string[][] {
  const needed = deck.reduce((top, card) => Math.max(top, ...card), -1) + 1;
  if (names.length < needed) throw new UserError(`${source} has ${names.length} symbol names but the deck needs ${needed}`);
  return deck.map((card) => card.map((s) => names[s]!));
}

// ---------------------------------------------------------------------------
// SAT encoding

/**
 * How "cards i and j share exactly one symbol" is said. Both use auxiliaries
 * `both c_i c_j s` that are true when both cards hold s.
 * - 'exactly-one': both ↔ (in c_i s ∧ in c_j s), exactly one `both` per pair.
 * - 'at-most-one': only both ← (in c_i s ∧ in c_j s) and at most one `both`
 *   per pair. Enough for the full deck alone: with every card and every symbol
 *   on n + 1, Σ_s C(n+1, 2) over the N symbols equals C(N, 2), the number of
 *   pairs, so pairs sharing at most one symbol all share exactly one.
 */
export type PairEncoding = 'exactly-one' | 'at-most-one';

export interface DobbleSatOptions {
  /** Number of cards K (default n² + n + 1, the full deck). */
  cards?: number;
  /** Number of symbols available (default n² + n + 1); asking for fewer asks whether K cards fit in them. */
  symbols?: number;
  /** At-most-one encoding for the pair constraints. */
  amo?: AmoEncoding;
  /** Cardinality encoding for card and symbol sizes. */
  card?: CardEncoding;
  pairs?: PairEncoding;
  /** Sound symmetry breaking (default true); see `breakSymmetries`. False drops every step. */
  symmetryBreaking?: boolean;
  /** Which symmetry-breaking steps (default those of the model that apply to the shape); see SYMMETRY_STEPS and MOLS_STEPS. */
  symmetry?: readonly DobbleStep[];
  /** The variables: the deck's incidence matrix (default), or for the full deck n - 1 Latin squares (encoders/dobble/mols.ts) or one card whose translates are the deck (encoders/dobble/cyclic.ts). */
  variables?: DobbleVariables;
}

/**
 * What the SAT variables are. 'incidence': card c holds symbol s, for any
 * deck shape. 'mols': the full deck only, as n - 1 mutually orthogonal Latin
 * squares with the first card and the pencils of symbols 0 and 1 built in
 * (see encoders/dobble/mols.ts); its steps are MOLS_STEPS, and --pairs says
 * how orthogonality is stated (exactly-one: one auxiliary per cell, the
 * incidence model's pair constraint; at-most-one: one per row). 'cyclic':
 * the full deck only, as the translates mod n² + n + 1 of one card, so only
 * cyclic planes (see encoders/dobble/cyclic.ts); its steps are CYCLIC_STEPS.
 */
export const DOBBLE_VARIABLES = ['incidence', 'mols', 'cyclic'] as const;
export type DobbleVariables = (typeof DOBBLE_VARIABLES)[number];
export const DEFAULT_VARIABLES: DobbleVariables = 'incidence';

/** A symmetry-breaking step of either model. */
export type DobbleStep = SymmetryStep | MolsStep | CyclicStep;

/**
 * The symmetry-breaking steps, each selectable so that its effect can be
 * measured (bench/in-process-solvers.ts). Each keeps a deck of every
 * isomorphism class given the steps it needs (SYMMETRY_NEEDS); the proofs are
 * at `breakSymmetries`.
 * - first-line: card 0 is {0..n} (step 1)
 * - first-pencil: the cards through symbol 0 are {0} ∪ block_i (step 2)
 * - lex-lines: cards 1.. in decreasing lexicographic order (step 3)
 * - lex-points: symbols in decreasing lexicographic order of their columns
 *   (card 0 most significant); with lex-lines the doubly lexicographic matrix
 * - second-pencil: the full deck's cards through symbol 1 and the order of
 *   the rest (steps 4 and 5)
 * - mols: the first column of the first Latin square and the order of the
 *   squares (steps 6 and 7; the cards outside the pencils of 0 and 1 are n - 1
 *   mutually orthogonal Latin squares)
 * - latin: not a cut but implied clauses, true of every deck that satisfies
 *   second-pencil: the cards outside the pencils of 0 and 1 spell n - 1 Latin
 *   squares (see impliedLatin), stated directly on the incidence variables
 */
export const SYMMETRY_STEPS = ['first-line', 'first-pencil', 'lex-lines', 'lex-points', 'second-pencil', 'mols', 'latin'] as const;
export type SymmetryStep = (typeof SYMMETRY_STEPS)[number];

/** What each step needs before it is sound (its proof assumes them). */
export const SYMMETRY_NEEDS: Record<SymmetryStep, readonly SymmetryStep[]> = {
  'first-line': [],
  'first-pencil': ['first-line'],
  'lex-lines': [],
  'lex-points': ['lex-lines'],
  'second-pencil': ['first-line', 'first-pencil', 'lex-lines'],
  mols: ['second-pencil'],
  latin: ['second-pencil'],
};

/** Steps that only mean something for the full deck (K = v = n² + n + 1). */
const FULL_DECK_ONLY: readonly SymmetryStep[] = ['second-pencil', 'mols', 'latin'];

/** The steps used when none are named. */
export const DEFAULT_SYMMETRY: readonly SymmetryStep[] = ['first-line', 'first-pencil', 'lex-lines', 'second-pencil', 'mols'];

/**
 * The steps to encode for this shape: the named ones (a UserError naming
 * `where` when one is unknown, lacks a step it needs, or needs the full
 * deck), or the defaults that apply.
 */
export function symmetrySteps(
  shape: DobbleShape,
  options: Pick<DobbleSatOptions, 'symmetry' | 'symmetryBreaking'>,
  where = fieldName('symmetrySteps'),
): Set<SymmetryStep> {
  if (options.symmetryBreaking === false) return new Set();
  if (options.symmetry === undefined) return new Set(DEFAULT_SYMMETRY.filter((step) => shape.full || !FULL_DECK_ONLY.includes(step)));
  const steps = checkedSteps(options.symmetry, SYMMETRY_STEPS, SYMMETRY_NEEDS, 'incidence', where);
  for (const step of steps) {
    if (!shape.full && FULL_DECK_ONLY.includes(step))
      throw new UsageError(`${where}: ${step} is for the full deck of ${planeSize(shape.order)} cards and symbols`);
  }
  return steps;
}

/** Each model's own steps, to name the owner of a step given to the wrong model. */
const MODEL_STEPS: Record<DobbleVariables, readonly DobbleStep[]> = { incidence: SYMMETRY_STEPS, mols: MOLS_STEPS, cyclic: CYCLIC_STEPS };

/** The steps of the mols model: the named ones (checked like symmetrySteps), or DEFAULT_MOLS_STEPS. */
export function molsSteps(options: Pick<DobbleSatOptions, 'symmetry' | 'symmetryBreaking'>, where = fieldName('symmetrySteps')): Set<MolsStep> {
  if (options.symmetryBreaking === false) return new Set();
  return checkedSteps(options.symmetry ?? DEFAULT_MOLS_STEPS, MOLS_STEPS, MOLS_NEEDS, 'mols', where);
}

/** The steps of the cyclic model: the named ones (checked like symmetrySteps), or DEFAULT_CYCLIC_STEPS. */
export function cyclicSteps(options: Pick<DobbleSatOptions, 'symmetry' | 'symmetryBreaking'>, where = fieldName('symmetrySteps')): Set<CyclicStep> {
  if (options.symmetryBreaking === false) return new Set();
  return checkedSteps(options.symmetry ?? DEFAULT_CYCLIC_STEPS, CYCLIC_STEPS, CYCLIC_NEEDS, 'cyclic', where);
}

/** The steps of the chosen model for this shape. */
function modelSteps(variables: DobbleVariables, shape: DobbleShape, options: DobbleSatOptions): ReadonlySet<DobbleStep> {
  if (variables === 'mols') return molsSteps(options);
  if (variables === 'cyclic') return cyclicSteps(options);
  return symmetrySteps(shape, options);
}

/** The steps as a set of the model's own, each with the steps it needs; a UserError naming `where` otherwise. */
function checkedSteps<S extends DobbleStep>(
  named: readonly DobbleStep[],
  known: readonly S[],
  needs: Record<S, readonly S[]>,
  model: DobbleVariables,
  where: string,
): Set<S> {
  // A library caller's steps are a list (a string of them was searched as one and crashed).
  if (!Array.isArray(named)) throw new TypeError(`${where}: expected a list of steps, got ${kindOf(named)}`);
  const foreign = named.find((step) => !(known as readonly DobbleStep[]).includes(step));
  if (foreign !== undefined) {
    const owner = DOBBLE_VARIABLES.find((variables) => MODEL_STEPS[variables].includes(foreign));
    if (owner === undefined) throw new UsageError(`${where}: unknown step "${foreign}"; choose from ${known.join(', ')}`);
    throw new UsageError(
      `${where}: ${foreign} is a step of ${fieldName('variables')} ${owner}, not of ${fieldName('variables')} ${model} (its steps: ${known.join(', ')})`,
    );
  }
  const steps = new Set(named as readonly S[]);
  for (const step of steps) {
    const missing = needs[step].filter((needed) => !steps.has(needed));
    if (missing.length > 0) throw new UsageError(`${where}: ${step} needs ${missing.join(', ')} too`);
  }
  return steps;
}

/** A comma-separated list of steps of either model ("none" for no symmetry breaking), as from --symmetry-steps. */
export function parseSymmetrySteps(text: string, where = fieldName('symmetrySteps')): DobbleStep[] {
  if (text.trim() === 'none') return [];
  const steps = text.split(',').map((step) => step.trim());
  const known: readonly string[] = DOBBLE_VARIABLES.flatMap((variables) => MODEL_STEPS[variables]);
  const unknown = steps.find((step) => !known.includes(step));
  if (unknown !== undefined)
    throw new UsageError(
      `${where}: unknown step "${unknown}"; choose from ${DOBBLE_VARIABLES.map((variables) => `${MODEL_STEPS[variables].join(', ')} (${fieldName('variables')} ${variables})`).join(', ')}, or none`,
    );
  return steps as DobbleStep[];
}

export interface DobbleShape {
  order: number;
  cards: number;
  symbols: number;
  /** Whether this is the full deck of the plane: K = v = n² + n + 1. */
  full: boolean;
}

/** Cards and symbols of a SAT instance, validated. */
export function dobbleShape(order: number, options: Pick<DobbleSatOptions, 'cards' | 'symbols'> = {}): DobbleShape {
  const n = order;
  // The CLI's --order and --symbols-per-card are checked before this: here only the library's order arrives.
  if (!Number.isInteger(n) || n < 1) throw new UserError(`order: expected a whole number ≥ 1 (cards of order + 1 symbols), got ${shownValue(order)}`);
  const max = planeSize(n);
  const cards = options.cards ?? max;
  const symbols = options.symbols ?? max;
  // Named as typed (--cards, --max-symbols: the options `cards` and `symbols` come from), as --variables and --symmetry-steps are: a usage error.
  if (!Number.isInteger(cards) || cards < 1 || cards > max) {
    throw new UsageError(`${fieldName('cards')}: ${cards} is not possible with ${n + 1} symbols per card: choose 1 to ${max}`);
  }
  // NaN or 1.5 is no count of symbols at all (it was "NaN is too few").
  if (!Number.isInteger(symbols)) throw new UsageError(`${fieldName('maxSymbols')}: expected a whole number, got ${shownValue(symbols)}`);
  if (symbols < n + 1) throw new UsageError(`${fieldName('maxSymbols')}: ${symbols} is too few for cards of ${n + 1} symbols`);
  return { order: n, cards, symbols, full: cards === max && symbols === max };
}

/** Dobble's pair and size constraints are small: the library's general defaults serve. */
export const DOBBLE_DEFAULTS: EncodingDefaults = { amo: DEFAULT_AMO, card: DEFAULT_CARD };

export const incidenceName = (card: number, symbol: number) => `in c${card} s${symbol}`;

/** The formula with the way back from a model to its deck. */
export type DobbleCnf = Cnf & { readonly variables: DobbleVariables; readonly deckOf: (value: (v: number) => boolean) => Deck };

/**
 * A CNF whose models are decks of K cards with n + 1 symbols each out of v
 * symbols, every two cards sharing exactly one, in the chosen model
 * (DobbleSatOptions.variables). Its puzzle variables come first and form the
 * projection.
 */
export function encodeDobble(order: number, options: DobbleSatOptions = {}): DobbleCnf {
  const variables = options.variables ?? DEFAULT_VARIABLES;
  if (!DOBBLE_VARIABLES.includes(variables))
    throw new UsageError(
      `${fieldName('variables')}: unknown choice "${String(variables)}"${didYouMean(String(variables), DOBBLE_VARIABLES)}; choose from ${DOBBLE_VARIABLES.join(', ')}`,
    );
  checkFormulaSize(variables, dobbleShape(order, options), options);
  if (variables === 'mols') return encodeDobbleMols(order, options);
  if (variables === 'cyclic') return encodeDobbleCyclic(order, options);
  return encodeIncidence(order, options);
}

/**
 * The largest family of each model, counted in literals from below before any
 * of it is built, against --max-literals, and with the puzzle's variables in
 * variables from below, against --max-vars: an order whose formula cannot fit
 * is refused at once (order 15 took 44 s and 2 GB to reach the literal limit
 * while building; order 100000 overflowed an array; a variable limit was met
 * only at the first constraint past it, the ones before it built). The exact
 * counts are still kept by the formula as it grows (src/core/cnf.ts,
 * src/core/vars.ts).
 */
function checkFormulaSize(variables: DobbleVariables, shape: DobbleShape, options: DobbleSatOptions): void {
  const exact = (options.pairs ?? 'exactly-one') === 'exactly-one';
  const amo = options.amo ?? DOBBLE_DEFAULTS.amo;
  const pairs = (count: number) => (count * (count - 1)) / 2;
  // A "shares exactly one" group over g pairs: 3 literals a pair (7 with both implications, and
  // one more in the at-least-one clause), and an auxiliary a pair (both cards hold the symbol); a
  // Latin constraint: the at-least-one clause. Then an at-most-one over the g, whose every clause
  // has 2 literals or more: bounded first by g (each literal in a clause at least), then, once g
  // is known to be small, measured, its auxiliaries too.
  const perPair = exact ? 8 : 3;
  const { order: n, cards, symbols } = shape;
  const families: Record<
    DobbleVariables,
    { family: string; groups: number; size: number; perElement: number; auxPerElement: number; puzzleVars: number }
  > = {
    incidence: { family: 'pair-share-one', groups: pairs(cards), size: symbols, perElement: perPair, auxPerElement: 1, puzzleVars: cards * symbols },
    cyclic: {
      family: 'differences',
      groups: (planeSize(n) - 1) / 2,
      size: planeSize(n),
      perElement: perPair,
      auxPerElement: 1,
      puzzleVars: planeSize(n),
    },
    // Every cell, row and column of each of the n - 1 squares: exactly one of n; a variable per square, cell and value.
    mols: { family: 'latin', groups: 3 * n * n * (n - 1), size: n, perElement: 1, auxPerElement: 0, puzzleVars: (n - 1) * n ** 3 },
  };
  const { family, groups, size, perElement, auxPerElement, puzzleVars } = families[variables];
  for (const measured of [false, true]) {
    const group = size * perElement + 2 * (measured ? amoCost(amo, size).clauses : size / 2);
    checkSize('literals', groups * group, `the ${family} clauses`, 'would hold at least');
  }
  const vars = puzzleVars + groups * (size * auxPerElement + amoCost(amo, size).auxVars);
  if (vars > sizeLimit('vars'))
    throw pastLimit('vars', `the ${family} clauses`, `their auxiliaries would give the formula at least ${vars} variables, more`);
}

/** The cyclic model: the full deck as the translates of card 0 (cyclic planes only). */
function encodeDobbleCyclic(order: number, options: DobbleSatOptions): DobbleCnf {
  const shape = dobbleShape(order, options);
  if (!shape.full)
    throw new UsageError(
      `${fieldName('variables')} cyclic: the translates of one card make the full deck of ${planeSize(order)} cards and symbols only; drop ${fieldName('cards')} and ${fieldName('maxSymbols')} or use ${fieldName('variables')} incidence`,
    );
  const cnf = encodeCyclic(order, {
    amo: options.amo ?? DOBBLE_DEFAULTS.amo,
    card: options.card ?? DOBBLE_DEFAULTS.card,
    exactPairs: (options.pairs ?? 'exactly-one') === 'exactly-one',
    steps: cyclicSteps(options),
  });
  return Object.assign(cnf, { variables: 'cyclic' as const, deckOf: (value: (v: number) => boolean) => developedDeck(order, modelBase(cnf, value)) });
}

/** The mols model: the full deck of any order ≥ 2, decoded through the squares into the plane. */
function encodeDobbleMols(order: number, options: DobbleSatOptions): DobbleCnf {
  const shape = dobbleShape(order, options);
  if (!shape.full)
    throw new UsageError(
      `${fieldName('variables')} mols: the squares make the full deck of ${planeSize(order)} cards and symbols only; drop ${fieldName('cards')} and ${fieldName('maxSymbols')} or use ${fieldName('variables')} incidence`,
    );
  if (order < 2) throw new UsageError(`${fieldName('variables')} mols: order 1 has no Latin squares; use ${fieldName('variables')} incidence`);
  const cnf = encodeMols(order, {
    amo: options.amo ?? DOBBLE_DEFAULTS.amo,
    orthogonality: (options.pairs ?? 'exactly-one') === 'exactly-one' ? 'cells' : 'rows',
    steps: molsSteps(options),
  });
  return Object.assign(cnf, { variables: 'mols' as const, deckOf: (value: (v: number) => boolean) => squaresDeck(order, modelSquares(cnf, value)) });
}

/** Variables `in c s` (card c holds symbol s). */
function encodeIncidence(order: number, options: DobbleSatOptions): DobbleCnf {
  const shape = dobbleShape(order, options);
  const { cards, symbols, full } = shape;
  const n = order;
  const amo = options.amo ?? DOBBLE_DEFAULTS.amo;
  const card = options.card ?? DOBBLE_DEFAULTS.card;
  const pairs = options.pairs ?? 'exactly-one';
  if (pairs === 'at-most-one' && !full)
    throw new UsageError(`${fieldName('pairs')}: at-most-one is only correct for the full deck of ${planeSize(n)} cards and symbols`);
  const cnf = new Cnf();
  const x = Array.from({ length: cards }, (_, c) => Array.from({ length: symbols }, (_, s) => cnf.vars.named(incidenceName(c, s))));
  cnf.projection = x.flat();

  cnf.family('card-size', `every card holds exactly ${n + 1} symbols`);
  x.forEach((row, c) => exactlyK(cnf, row, n + 1, card, `card c${c}`));

  // A symbol missing from some card is on at most n + 1 cards (they meet that card in
  // distinct symbols); in the full deck on exactly n + 1. "At most" excludes only decks
  // with one symbol on every card, and only when K > n + 1.
  cnf.family('symbol-size', full ? `every symbol is on exactly ${n + 1} cards` : `every symbol is on at most ${n + 1} cards`);
  for (let s = 0; s < symbols; s++) {
    const column = x.map((row) => row[s]!);
    if (full) exactlyK(cnf, column, n + 1, card, `symbol s${s}`);
    else atMostK(cnf, column, n + 1, card, `symbol s${s}`);
  }

  cnf.family('pair-share-one', 'every two cards share exactly one symbol');
  for (let i = 0; i < cards; i++) {
    for (let j = i + 1; j < cards; j++) {
      const both = x[i]!.map((a, s) => {
        const b = x[j]![s]!;
        const and = cnf.vars.aux(`both c${i} c${j} s${s}`);
        cnf.add([-a, -b, and]);
        if (pairs === 'exactly-one') {
          cnf.add([-and, a]);
          cnf.add([-and, b]);
        }
        return and;
      });
      if (pairs === 'exactly-one') exactlyOne(cnf, both, amo, `pair c${i} c${j}`);
      else atMostOne(cnf, both, amo, `pair c${i} c${j}`);
    }
  }

  const steps = symmetrySteps(shape, options);
  const cuts = [...steps].filter((step) => step !== 'latin');
  if (cuts.length > 0) {
    cnf.family(
      'symmetry',
      `symmetry-breaking steps ${cuts.join(', ')}: fix card 0 and the cards through symbol 0 (and 1 in the full deck), order the rest`,
    );
    breakSymmetries(cnf, x, shape, steps);
  }
  if (steps.has('latin')) {
    cnf.family(
      'implied-latin',
      'the cards outside the pencils of 0 and 1 spell Latin squares: one symbol of each block per card, each block symbol once per pencil of 2..n and once among the cards through each block-1 symbol',
    );
    impliedLatin(cnf, x, order, amo);
  }
  // The model's own symbol numbers: closing the gaps of a partial deck's unused symbols would print models that
  // differ only there as one deck, again and again.
  const deckOf = (value: (v: number) => boolean) => x.map((row) => row.flatMap((v, s) => (value(v) ? [s] : [])));
  return Object.assign(cnf, { variables: 'incidence' as const, deckOf });
}

/**
 * Symmetry breaking. Renaming symbols and reordering cards maps decks to
 * decks, so any deck can be brought into this form, step by step, each step
 * keeping what the earlier ones fixed:
 *
 * 1. Card 0 is {0..n}: rename the symbols of some card.
 * 2. Card i (1 ≤ i ≤ n), if it holds symbol 0, is {0} ∪ block_i with
 *    block_i = n+1+(i-1)n .. n+in: cards through 0 share nothing else, so
 *    their other symbols are disjoint and can be renamed block by block.
 * 3. Cards 1..K-1 are in decreasing lexicographic order of their rows
 *    (symbol 0 most significant): sort them. Card 0 stays first, as no other
 *    row holds two of 0..n; rows holding 0 come first, in block order, so 2
 *    and 3 hold together.
 *
 * The full deck has more structure: every card outside the pencil of 0 holds
 * one symbol of 1..n and one of each block (it meets card 0 and each card i
 * once, not in 0). Write (j, t) for the card holding symbol j and block_1[t].
 *
 * 4. The cards through symbol 1 are n+1+t = (1, t) = {1} ∪ {block_i[t]}.
 *    Sorting puts them right after the pencil of 0, ordered by their block-1
 *    symbol; no two share a block symbol (they share only 1), so renaming
 *    inside block_1, then inside each other block, makes (1, t) hold block_i[t].
 * 5. The cards through symbol j ≥ 2 follow in order of j, then of t: card
 *    2n+1+(j-2)n+t is (j, t). That is the sorted order, and the n cards through
 *    j hold distinct block-1 symbols, one each.
 * 6. Card (j, 0) holds block_2[j-1]. The cards (j, 0) share only block_1[0],
 *    so their block-2 symbols differ; (1, 0) holds block_2[0]. Renaming the
 *    symbols 2..n, which moves whole pencils, sorts the others.
 * 7. Card (2, 0) holds block_i[i-1] for i ≥ 3. It meets each card (1, u) once:
 *    (1, 0) in block_1[0], (1, 1) in block_2[1], so its symbols of blocks
 *    3..n sit at positions 2..n-1, one each; swapping whole blocks 3..n (with
 *    cards 3..n) sorts them.
 *
 * lex-points (symbols ordered by their columns, card 0 most significant) is
 * sound with lex-lines: any 0/1 matrix can be brought into doubly
 * lexicographic order by permuting rows and columns. With it steps 1 and 2
 * follow (card 0's symbols come first; the pencil of 0 comes next among the
 * cards and its blocks are consecutive), and in the full deck so do 4 to 7 up
 * to the choices they make: after steps 1 to 5 every two columns already
 * differ first in the pencils of 0 and 1 or in the pencil of their own
 * symbol, in the required order, so steps 6 and 7 stay compatible with it.
 */
function breakSymmetries(
  cnf: Cnf,
  x: readonly (readonly number[])[],
  { order: n, cards, symbols, full }: DobbleShape,
  steps: ReadonlySet<SymmetryStep>,
): void {
  const block = (i: number, t: number) => n + 1 + (i - 1) * n + t;
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  // Card `row` holds exactly `members` among `columns`.
  const fix = (row: readonly number[], columns: readonly number[], members: readonly number[]) => {
    for (const s of columns) cnf.add([members.includes(s) ? row[s]! : -row[s]!]);
  };

  if (steps.has('first-line')) fix(x[0]!, range(0, symbols), range(0, n + 1));
  if (steps.has('first-pencil')) {
    for (let i = 1; i <= n && i < cards; i++) {
      const through0 = x[i]![0]!;
      for (let t = 0; t < n; t++) {
        const s = block(i, t);
        cnf.add(s < symbols ? [-through0, x[i]![s]!] : [-through0]);
      }
    }
  }
  if (steps.has('lex-lines')) for (let c = 1; c + 1 < cards; c++) lexGreaterOrEqual(cnf, x[c]!, x[c + 1]!, `lex c${c} c${c + 1}`);
  if (steps.has('lex-points')) {
    const column = (s: number) => x.map((row) => row[s]!);
    for (let s = 0; s + 1 < symbols; s++) lexGreaterOrEqual(cnf, column(s), column(s + 1), `lex s${s} s${s + 1}`);
  }
  if (!full || !steps.has('second-pencil')) return;

  const blockOne = range(block(1, 0), block(2, 0));
  const card = (j: number, t: number) => x[pencilCard(n, j, t)]!;
  for (let t = 0; t < n; t++) fix(card(1, t), range(0, symbols), [1, ...range(1, n + 1).map((i) => block(i, t))]);
  for (let j = 2; j <= n; j++) {
    for (let t = 0; t < n; t++) fix(card(j, t), [...range(0, n + 1), ...blockOne], [j, block(1, t)]);
  }
  if (!steps.has('mols')) return;
  for (let j = 2; j <= n; j++) fix(card(j, 0), [block(2, j - 1)], [block(2, j - 1)]);
  for (let i = 3; i <= n; i++) fix(card(2, 0), [block(i, i - 1)], [block(i, i - 1)]);
}

/** Card (j, t) of the full deck under second-pencil: through symbol j (1..n) and block_1[t]. */
const pencilCard = (n: number, j: number, t: number) => (j === 1 ? n + 1 + t : 2 * n + 1 + (j - 2) * n + t);

/**
 * The implied clauses of the `latin` step (see SYMMETRY_STEPS). Write
 * L_i(j, t) = u when card (j, t), j ≥ 2, holds block_i[u] (i ≥ 2): each L_i is
 * a Latin square, stated in its three directions.
 * - a cell holds one value: card (j, t) meets card i = {0} ∪ block_i once and
 *   does not hold 0;
 * - a row holds each value once: points j and block_i[u] are on one line, and
 *   the lines through j other than card 0 are the cards (j, ·);
 * - a column holds each value u ≠ t once: points block_1[t] and block_i[u] are
 *   on one line, and the lines through block_1[t] other than card 1 and
 *   (1, t) (which holds block_i[t]) are the cards (j, t).
 * The solver could derive all three from the pair constraints, but only
 * through their auxiliaries.
 */
function impliedLatin(cnf: Cnf, x: readonly (readonly number[])[], n: number, amo: AmoEncoding): void {
  const block = (i: number, u: number) => n + 1 + (i - 1) * n + u;
  const values = Array.from({ length: n }, (_, u) => u);
  const pencils = Array.from({ length: n - 1 }, (_, k) => k + 2);
  const holds = (j: number, t: number, i: number, u: number) => x[pencilCard(n, j, t)]![block(i, u)]!;
  for (let i = 2; i <= n; i++) {
    for (let j = 2; j <= n; j++) {
      for (let t = 0; t < n; t++)
        exactlyOne(
          cnf,
          values.map((u) => holds(j, t, i, u)),
          amo,
          `latin cell (${j},${t}) block ${i}`,
        );
      for (let u = 0; u < n; u++)
        exactlyOne(
          cnf,
          values.map((t) => holds(j, t, i, u)),
          amo,
          `latin row ${j} s${block(i, u)}`,
        );
    }
    for (let t = 0; t < n; t++) {
      for (const u of values.filter((u) => u !== t))
        exactlyOne(
          cnf,
          pencils.map((j) => holds(j, t, i, u)),
          amo,
          `latin column ${t} s${block(i, u)}`,
        );
    }
  }
}

/**
 * a ≥ b lexicographically (index 0 most significant), with auxiliaries
 * e_k "a and b agree before position k": e_k forces a_k ≥ b_k, and agreement
 * at k carries e_k to e_{k+1}.
 */
function lexGreaterOrEqual(cnf: Cnf, a: readonly number[], b: readonly number[], label: string): void {
  let equalSoFar = 0;
  for (let k = 0; k < a.length; k++) {
    const guard = equalSoFar ? [-equalSoFar] : [];
    cnf.add([...guard, a[k]!, -b[k]!]);
    if (k + 1 === a.length) break;
    const next = cnf.vars.aux(label);
    cnf.add([...guard, a[k]!, b[k]!, next]);
    cnf.add([...guard, -a[k]!, -b[k]!, next]);
    equalSoFar = next;
  }
}

/**
 * The deck of a model. Incidence model: card c holds symbol s when `in c s`
 * is true (a truncated deck may leave some of 0..v-1 unused). Mols model: the plane built from the squares (squaresDeck).
 */
export function decodeDobble(cnf: DobbleCnf, value: (v: number) => boolean): Deck {
  return cnf.deckOf(value);
}

// ---------------------------------------------------------------------------
// The puzzle as the CLI sees it

/**
 * A deck's problem as one line, or null: checkDeck's pair condition plus the
 * asked shape (K cards of m symbols, at most `maxSymbols` symbols). Shared by
 * the SAT instance and the CLI, which checks every deck before printing it.
 */
export function deckProblem(
  deck: readonly (readonly (string | number)[])[],
  shape: { cards: number; symbolsPerCard: number; maxSymbols?: number },
): string | null {
  const result = checkDeck(deck);
  if (!result.ok) return result.problem;
  if (result.cards !== shape.cards) return `the deck has ${result.cards} cards, not ${shape.cards}`;
  if (result.symbolsPerCard !== shape.symbolsPerCard) return `cards hold ${result.symbolsPerCard} symbols, not ${shape.symbolsPerCard}`;
  if (shape.maxSymbols !== undefined && result.symbols > shape.maxSymbols)
    return `the deck uses ${result.symbols} symbols, more than ${shape.maxSymbols}`;
  return null;
}

/**
 * The SAT encoding as a CLI instance: solutions are decks of numbered
 * symbols. `symmetries` is empty on purpose: the symbol renamings and card
 * orders are broken by clauses (see `breakSymmetries`), and their group is far
 * too large to list for --unique anyway. No exactly-one groups to split on.
 */
export function dobbleInstance(order: number, options: DobbleSatOptions = {}): Instance<Deck> {
  const cnf = encodeDobble(order, options);
  const shape = dobbleShape(order, options);
  const steps = modelSteps(cnf.variables, shape, options);
  const defaultSteps = symmetrySteps(shape, {});
  const choices: DobbleChoices = {
    variables: cnf.variables,
    n: order,
    cards: shape.cards,
    symbols: shape.symbols,
    amo: options.amo ?? DOBBLE_DEFAULTS.amo,
    card: options.card ?? DOBBLE_DEFAULTS.card,
    exactPairs: (options.pairs ?? 'exactly-one') === 'exactly-one',
    steps,
    defaultSymmetry: steps.size === defaultSteps.size && [...steps].every((step) => defaultSteps.has(step as SymmetryStep)),
  };
  return {
    puzzle: 'dobble',
    params: {
      order,
      // Only when not the default, so that incidence headers read as before.
      ...(cnf.variables === DEFAULT_VARIABLES ? {} : { variables: cnf.variables }),
      cards: shape.cards,
      symbols: shape.symbols,
      amo: choices.amo,
      card: choices.card,
      pairs: choices.exactPairs ? 'exactly-one' : 'at-most-one',
      symmetryBreaking: options.symmetryBreaking ?? true,
      symmetry: [...steps].join(',') || 'none',
    },
    cnf,
    explain: () => dobbleExplanation(choices),
    decode(trueVars) {
      const on = new Set(trueVars);
      return decodeDobble(cnf, (v) => on.has(v));
    },
    check: (deck) => deckProblem(deck, { cards: shape.cards, symbolsPerCard: order + 1, maxSymbols: shape.symbols }),
    render: (deck) => {
      checkRendered('dobble', deck);
      return deck.map((card) => card.join(' ')).join('\n');
    },
    toJson: (deck) => {
      checkRendered('dobble', deck, undefined, 'toJson');
      return { cards: deck, symbols: symbolCount(deck), order };
    },
    symmetries: [],
    splitGroups: [],
    // Every card holds the same number of symbols, so all solutions have equally many true incidences.
    trueSetsAreAntichain: true,
  };
}

export const DOBBLE_PUZZLE: PuzzleEntry = {
  name: 'dobble',
  about: 'Dobble / Spot it! decks by SAT: every two cards share exactly one symbol (puzzlesat dobble has the algebraic method too)',
  options: [
    { name: 'order', type: 'number', describe: 'order n: cards of n + 1 symbols, at most n² + n + 1 cards' },
    { name: 'cards', type: 'number', describe: 'number of cards (default n² + n + 1, the full deck)' },
    { name: 'max-symbols', type: 'number', describe: 'symbols available (default n² + n + 1)', param: 'symbols' },
    {
      name: 'variables',
      type: 'string',
      describe: `what the SAT variables are: incidence (card holds symbol; the default), mols (full deck only: n - 1 orthogonal Latin squares) or cyclic (full deck only: the translates of one card, so cyclic planes only)`,
      choices: DOBBLE_VARIABLES,
    },
    {
      name: 'pairs',
      type: 'string',
      describe: 'how two cards share one symbol: exactly-one, or at-most-one (full deck only)',
      choices: ['exactly-one', 'at-most-one'],
    },
    { name: 'symmetry-breaking', type: 'boolean', describe: 'symmetry-breaking clauses (default on; --no-symmetry-breaking drops them)' },
    {
      name: 'symmetry-steps',
      type: 'string',
      param: 'symmetry',
      describe: `symmetry-breaking steps, comma-separated, or none: --variables incidence ${SYMMETRY_STEPS.join(', ')} (default ${DEFAULT_SYMMETRY.join(',')}; the last three for the full deck only); --variables mols ${MOLS_STEPS.join(', ')} (default ${DEFAULT_MOLS_STEPS.join(',')}); --variables cyclic ${CYCLIC_STEPS.join(', ')} (default ${DEFAULT_CYCLIC_STEPS.join(',')})`,
    },
  ],
  defaults: DOBBLE_DEFAULTS,
  build(args) {
    const order = Number(args.order);
    if (args.order === undefined) throw new UsageError(`dobble needs ${fieldName('order')} N (cards of N + 1 symbols)`);
    if (!Number.isInteger(order) || order < 1)
      throw new UserError(`${fieldName('order')}: expected a whole number ≥ 1, got ${shownValue(args.order)}`);
    return dobbleInstance(order, {
      cards: args.cards as number | undefined,
      symbols: args['max-symbols'] as number | undefined,
      pairs: args.pairs as PairEncoding | undefined,
      variables: args.variables as DobbleVariables | undefined,
      symmetryBreaking: args['symmetry-breaking'] as boolean | undefined,
      symmetry: args['symmetry-steps'] === undefined ? undefined : parseSymmetrySteps(String(args['symmetry-steps'])),
      amo: args.amo,
      card: args.card,
    });
  },
};

// ---- explaining the families (puzzlesat explain) -------------------------------
// Each family's size derived a second time from K, v and m, to check against the built one.

/** What the explanation needs to know of a Dobble formula: its shape and encodings. */
interface DobbleChoices {
  variables: DobbleVariables;
  n: number;
  cards: number;
  symbols: number;
  amo: AmoEncoding;
  card: CardEncoding;
  exactPairs: boolean;
  /** The default symmetry-breaking steps, whose size is derived below (other choices are left without a formula). */
  defaultSymmetry: boolean;
  steps: ReadonlySet<DobbleStep>;
}

function dobbleExplanation(d: DobbleChoices): InstanceExplanation {
  if (d.variables === 'cyclic') {
    return {
      variables: `one variable per symbol: "D s7" says card 0 holds symbol 7, and card i is card 0 + i mod ${d.symbols}; ${d.symbols} variables`,
      families: cyclicShapes(d),
    };
  }
  if (d.variables === 'mols') {
    const n = d.n;
    return {
      variables: `one variable per square, cell and value: "L0 r1 c2 = 3" says square 0 holds 3 in row 1, column 2; ${n - 1} squares × ${n}² cells × ${n} values = ${(n - 1) * n ** 3}`,
      families: molsShapes(d),
    };
  }
  return {
    variables: `one variable per card and symbol: "in c3 s7" says card 3 holds symbol 7; ${d.cards} cards × ${d.symbols} symbols = ${d.cards * d.symbols}`,
    families: dobbleShapes(d),
  };
}

/**
 * The families of encodeDobble: K cards and v symbols, m = n + 1 symbols a
 * card. Exactly m is at least m plus at most m, two counters.
 */
function dobbleShapes(d: DobbleChoices): Map<string, FamilyShape> {
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
      Array.from({ length: v }, (_, s) => ({
        label: `symbol s${s} on ${full ? '' : 'at most '}${m} cards`,
        cost: full ? exactly(K) : atMostKCost(card, K, m),
      })),
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
  if (d.defaultSymmetry) shapes.set('symmetry', dobbleSymmetryShape(n, K, v, full));
  return shapes;
}

/** The families of encodeMols: n - 1 squares of n × n cells, values 0..n-1. */
function molsShapes(d: DobbleChoices): Map<string, FamilyShape> {
  const { n, amo } = d;
  const shapes = new Map<string, FamilyShape>();
  const one = (size: number) => add({ clauses: 1, auxVars: 0 }, amoCost(amo, size));
  const squares = Array.from({ length: n - 1 }, (_, k) => k);
  const latin = squares.flatMap((k) => [
    ...Array.from({ length: n * n }, () => ({ label: `square L${k}: one value a cell`, cost: one(n) })),
    ...Array.from({ length: 2 * n * n }, () => ({ label: `square L${k}: each value once a row and a column`, cost: one(n) })),
  ]);
  shapes.set(
    'latin',
    grouped(
      `${n - 1} squares × 3·${n}² exactly-one of ${n} (cells, rows, columns; ${amo}: ${sizeText(AMO_ENCODINGS, amo, 'n')} for n = ${n})`,
      latin,
    ),
  );
  const pairsOfSquares = ((n - 1) * (n - 2)) / 2;
  const valuePair = d.exactPairs
    ? add({ clauses: 3 * n * n, auxVars: n * n }, one(n * n)) // an auxiliary per cell, defined both ways, exactly one
    : add({ clauses: n * n, auxVars: n }, amoCost(amo, n)); // an auxiliary per row, forced by each cell, at most one
  const how = d.exactPairs
    ? `${n}² cell auxiliaries, 3 clauses each, exactly one of them`
    : `${n} row auxiliaries forced by ${n} cells each, at most one of them`;
  shapes.set(
    'orthogonal',
    grouped(
      `C(${n - 1},2) = ${pairsOfSquares} pairs of squares × ${n}² value pairs × (${how}; ${amo}: ${sizeText(AMO_ENCODINGS, amo, 'v')})`,
      Array.from({ length: pairsOfSquares * n * n }, () => ({ label: 'a value pair of two squares', cost: valuePair })),
    ),
  );
  if (d.steps.has('point-pairs')) {
    const cellPairs = (n * n * (n - 1) * (n - 1)) / 2;
    shapes.set(
      'point-pairs',
      grouped(
        `${cellPairs} pairs of cells in different rows and columns × (${n - 1} "agree" auxiliaries, 2·${n} clauses each, and one clause: some square agrees)`,
        Array.from({ length: cellPairs }, () => ({ label: 'two cells on one line', cost: { clauses: 2 * n * (n - 1) + 1, auxVars: n - 1 } })),
      ),
    );
  }
  if (d.steps.has('cell-values')) {
    const clauses = (n - 1) * n * (n - 1);
    shapes.set('cell-values', {
      formula: {
        text: `${n - 1} rows × ${n} cells × the ${n - 1} values other than the column's: one clause over the ${n - 1} squares each`,
        clauses,
        auxVars: 0,
      },
      about: () => 'a cell shows the value in some square',
    });
  }
  const units: [MolsStep, string, number][] = [
    ['first-rows', `row 0 of ${n - 1} squares: ${(n - 1) * n} units`, (n - 1) * n],
    ['first-column', `column 0 of square 0 below row 0: ${n - 1} units`, n - 1],
    ['square-order', `cell (1, 0) of ${n - 1} squares: ${n - 1} units`, n - 1],
    // δ(c) ∉ {c, c + 2, ..., n - 1}: n - c values for column c, less c + 1 where it exists.
    ['cycles', `δ(c) is c + 1 or below c: Σ (n - c) - (n - 1) = ${(n * (n + 1)) / 2 - (n - 1)} units`, (n * (n + 1)) / 2 - (n - 1)],
    ['cycle-order', `a cycle closing at c bounds the next one: ${cycleOrderClauses(n)} binary clauses`, cycleOrderClauses(n)],
  ];
  const cuts = units.filter(([step]) => d.steps.has(step));
  if (cuts.length > 0) {
    shapes.set('normalise', {
      formula: { text: cuts.map(([, text]) => text).join('; '), clauses: cuts.reduce((sum, [, , clauses]) => sum + clauses, 0), auxVars: 0 },
      about: () => 'normal form',
    });
  }
  return shapes;
}

/** cycle-order: for a cycle s..c (length c - s + 1), every end beyond c + (c - s + 1) is barred for the next cycle: Σ max(0, n - 2c + s - 2). */
function cycleOrderClauses(n: number): number {
  let clauses = 0;
  for (let c = 1; c < n; c++) for (let s = 0; s < c; s++) clauses += Math.max(0, n - 2 * c + s - 2);
  return clauses;
}

/** The families of encodeCyclic: N = n² + n + 1 symbols, m = n + 1 on card 0, (N - 1)/2 differences. */
function cyclicShapes(d: DobbleChoices): Map<string, FamilyShape> {
  const { n, symbols: N, card, amo } = d;
  const m = n + 1;
  const shapes = new Map<string, FamilyShape>();
  const size = add(atLeastKCost(card, N, m), atMostKCost(card, N, m));
  shapes.set(
    'card-size',
    grouped(
      `exactly ${m} of the ${N} variables (at most ${m}, and at least ${m} as at most ${N - m} of the negations; ${card}: ${sizeText(CARD_ENCODINGS, card, 'v')} for v = ${N})`,
      [{ label: `card 0 holds ${m}`, cost: size }],
    ),
  );
  const perSymbol = d.exactPairs ? 3 : 1;
  const share = d.exactPairs ? add({ clauses: 1, auxVars: 0 }, amoCost(amo, N)) : amoCost(amo, N);
  const differences = Array.from({ length: (N - 1) / 2 }, (_, i) => ({
    label: `difference d${i + 1}`,
    cost: add({ clauses: perSymbol * N, auxVars: N }, share),
  }));
  shapes.set(
    'differences',
    grouped(
      `${differences.length} differences × (${N} auxiliaries "a and a + d on card 0", ${perSymbol} clause${perSymbol > 1 ? 's' : ''} each to define it, then ${d.exactPairs ? 'exactly' : 'at most'} one of them: ${amo}, ${sizeText(AMO_ENCODINGS, amo, 'v')} for v = ${N})`,
      differences,
    ),
  );
  if (d.steps.has('first-pair'))
    shapes.set('normalise', { formula: { text: 'symbols 0 and 1 on card 0: 2 units', clauses: 2, auxVars: 0 }, about: () => 'symmetry breaking' });
  const primes = primeDivisors(n);
  if (d.steps.has('multipliers') && primes.length > 0) {
    // s ↦ p·s fixes the gcd(p - 1, N) solutions of (p - 1)·s = 0 mod N; every other s gets "s on card 0 → p·s on card 0".
    const moved = primes.map((p) => N - gcd(p - 1, N));
    const text = `for each prime p dividing ${n} (${primes.join(', ')}), N - gcd(p - 1, N) implications "s → p·s": ${moved.join(' + ')}`;
    shapes.set('normalise', { formula: { text, clauses: moved.reduce((a, b) => a + b, 0), auxVars: 0 }, about: () => 'symmetry breaking' });
  }
  return shapes;
}

/** breakSymmetries with the default steps, counted: unit clauses fixing cards, and lexicographic order. */
function dobbleSymmetryShape(n: number, K: number, v: number, full: boolean): FamilyShape {
  const pencil = Math.min(n, K - 1) * n;
  const lex = Math.max(0, K - 2);
  const parts = [
    `card 0 fixed: ${v} units`,
    `cards 1..${Math.min(n, K - 1)} through symbol 0: ${pencil} clauses`,
    `${lex} lexicographic orders of consecutive cards, 3v-2 clauses and v-1 aux each`,
  ];
  let clauses = v + pencil + lex * (3 * v - 2);
  if (full) {
    const fixed = n * v + (n - 1) * n * (2 * n + 1) + (n - 1) + Math.max(0, n - 2);
    parts.push(`the full deck's cards through symbols 1..${n} fixed: ${fixed} units`);
    clauses += fixed;
  }
  return { formula: { text: parts.join('; '), clauses, auxVars: lex * (v - 1) }, about: () => 'symmetry breaking' };
}
