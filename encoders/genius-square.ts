import { randomInt } from 'node:crypto';
import type { AmoEncoding, CardEncoding } from '../src/card/index.js';
import { UsageError, UserError } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { commaList } from '../src/core/lines.js';
import { shownValue } from '../src/core/limits.js';
import { BitboardCounter, type BitboardPacking } from '../solvers/dlx/bitboard.js';
import { solveExactCover, type ExactCoverProblem } from '../solvers/dlx/exact-cover.js';
import { GROUPS, type Cell, regionSymmetries } from '../src/geometry/cells.js';
import {
  buildPacking,
  type PackingInstance,
  type PackingSolution,
  type PackingSpec,
  type PieceDef,
  type PackingChoices,
  PACKING_DEFAULTS,
  packingChoices,
} from './packing.js';
import { SEEDS, seededRandom } from '../src/core/random.js';
import { renderGeniusSvg, renderGeniusText } from '../src/render/genius.js';
import { type PuzzleEntry, type PuzzleOption, SEED_OPTION, checkRendered, entryOptions } from '../src/core/puzzle.js';
import { readPieces } from './polyomino.js';

/**
 * The Genius Square: seven dice put blockers on a 6x6 board and the nine
 * pieces fill the other 29 cells. Cells are named like the game's board:
 * rows A–F from the top, columns 1–6 from the left (A1 is the top-left cell,
 * the geometry's (x, y) = (0, 0)).
 */

export const SIDE = 6;
const ROW_NAMES = 'ABCDEF';

/** The dice as printed, face by face; dice 4 and 7 repeat faces, which makes them uneven. */
export const DICE: readonly (readonly string[])[] = [
  'A1 C1 D1 D2 E2 F3',
  'A2 B2 C2 A3 B1 B3',
  'C3 D3 E3 B4 C4 D4',
  'E1 F2 F2 B6 A5 A5',
  'A4 B5 C6 C5 D6 F6',
  'E4 F4 E5 F5 D5 E6',
  'F1 F1 F1 A6 A6 A6',
].map((faces) => faces.split(' '));

/** Each die's distinct cells: a roll is one of them per die. The 36 of them are the whole board. */
const DIE_CELLS: readonly (readonly string[])[] = DICE.map((faces) => [...new Set(faces)]);
const DIE_OF = new Map(DIE_CELLS.flatMap((cells, die) => cells.map((label) => [label, die] as const)));

/** Distinct rolls: 6^5 · 4 · 2 = 62208. */
export const ROLL_COUNT = DIE_CELLS.reduce((n, cells) => n * cells.length, 1);

export const GENIUS_PIECES = 'M1,D2,I3,L3,I4,O4,T4,S4,L4';
const PIECES: readonly PieceDef[] = readPieces(GENIUS_PIECES, 'genius-square pieces');
const PIECE_AREA = PIECES.reduce((sum, p) => sum + p.cells.length, 0);
/** Display letters in piece order: lower case for the trominoes, upper case for the rest. */
const SYMBOLS = ['M', 'D', 'i', 'v', 'I', 'O', 'T', 'S', 'L'];

/** A roll or blocker set: cell labels such as "A1", in reading order. */
export type Roll = readonly string[];

export const labelOf = (c: Cell): string => `${ROW_NAMES[c[1]]}${c[0] + 1}`;
export const cellOf = (label: string): Cell => [Number(label.slice(1)) - 1, ROW_NAMES.indexOf(label[0]!), 0];

/** Labels are one letter and one digit, so string order is reading order. */
const inReadingOrder = (labels: Iterable<string>): string[] => [...labels].sort();

const BOARD: readonly Cell[] = Array.from({ length: SIDE * SIDE }, (_, i): Cell => [i % SIDE, Math.floor(i / SIDE), 0]);

/** The roll with this index in 0..ROLL_COUNT-1 (mixed radix over the dice, die 1 fastest). */
export function rollAt(index: number): Roll {
  const labels: string[] = [];
  let rest = index;
  for (const cells of DIE_CELLS) {
    labels.push(cells[rest % cells.length]!);
    rest = Math.floor(rest / cells.length);
  }
  return inReadingOrder(labels);
}

/** The index of a valid roll (one cell per die), the inverse of rollAt. */
export function rollIndex(roll: Roll): number {
  const faceOf = new Array<number>(DICE.length);
  for (const label of roll) {
    const die = DIE_OF.get(label)!;
    faceOf[die] = DIE_CELLS[die]!.indexOf(label);
  }
  let index = 0;
  for (let die = DICE.length - 1; die >= 0; die--) index = index * DIE_CELLS[die]!.length + faceOf[die]!;
  return index;
}

/** Rolls the real dice: each of a die's six faces is equally likely. */
export function randomRoll(random: () => number): Roll {
  return inReadingOrder(DICE.map((faces) => faces[Math.floor(random() * faces.length)]!));
}

/** Why `count` blockers make no board (the nine pieces cover all the other cells), or undefined when they make one. */
function blockerCountProblem(count: number): string | undefined {
  const needed = BOARD.length - PIECE_AREA;
  if (count === needed) return undefined;
  return `${count} blockers leave ${BOARD.length - count} cells but the nine pieces cover ${PIECE_AREA}; a board needs ${needed} blockers`;
}

/**
 * Reads a blocker list, its cells separated by commas or spaces: our own
 * reports print a roll as "A3 A5 C3 C6 D1 D5 F1", and a user copying one
 * back should not be told its whole text is an unknown cell. Two commas in
 * a row still leave an empty entry. A roll has exactly one cell per die;
 * with `anyBlockers` any distinct cells are accepted (custom boards). A
 * problem is thrown as `Problem`: a usage error for an option's value.
 */
export function parseBlockers(text: string, option: string, anyBlockers = false, Problem: new (message: string) => UserError = UserError): Roll {
  const labels = commaList(text.trim().replace(/\s*,\s*|\s+/g, ','), option, Problem);
  const seen = new Set<string>();
  const onDie = new Map<number, string>();
  for (const raw of labels) {
    const label = raw.toUpperCase();
    const die = DIE_OF.get(label);
    if (die === undefined) throw new Problem(`${option}: unknown cell "${raw}" (rows A-F, columns 1-6, e.g. A1)`);
    if (seen.has(label)) throw new Problem(`${option}: cell ${label} is given twice`);
    seen.add(label);
    const other = onDie.get(die);
    if (other !== undefined && !anyBlockers) {
      throw new Problem(
        `${option}: ${other} and ${label} are both on die ${die + 1}, a roll has one cell per die (${fieldName('anyBlockers')} allows any cells)`,
      );
    }
    onDie.set(die, label);
  }
  if (!anyBlockers && seen.size !== DICE.length) {
    throw new Problem(`${option}: a roll has ${DICE.length} blockers, one per die; got ${seen.size}`);
  }
  // Any cells, but as many as a roll: checked here, where a bad count is the option's (a usage error), not when the board is built.
  const problem = blockerCountProblem(seen.size);
  if (problem) throw new Problem(`${option}: ${problem}`);
  return inReadingOrder(seen);
}

export interface GeniusOptions {
  /** Blockers such as "A3,A5,C3,C6,D1,D5,F1". */
  roll?: string;
  /** Roll the dice instead (seeded by `seed`, or by a fresh seed that is reported in params). */
  random?: boolean;
  seed?: number;
  anyBlockers?: boolean;
  amo?: AmoEncoding;
  card?: CardEncoding;
}

export interface GeniusInstance extends PackingInstance {
  blockers: Roll;
  /** The board with its blockers and pieces as an SVG document. */
  svg(solution: PackingSolution): string;
}

function chooseBlockers(o: GeniusOptions): { blockers: Roll; seed?: number } {
  if (o.roll !== undefined && o.random) throw new UsageError(`${fieldName('roll')} and ${fieldName('random')} exclude each other`);
  if (o.seed !== undefined && !o.random) throw new UsageError(`${fieldName('seed')} needs ${fieldName('random')}`);
  if (o.random) {
    if (o.anyBlockers) throw new UsageError(`${fieldName('anyBlockers')} applies to ${fieldName('roll')}, not to ${fieldName('random')}`);
    const seed = o.seed ?? randomInt(SEEDS);
    if (!Number.isInteger(seed) || seed < 0 || seed >= SEEDS) {
      throw new UsageError(`${fieldName('seed')}: expected a whole number from 0 to ${SEEDS - 1}, got ${shownValue(o.seed)}`);
    }
    return { blockers: randomRoll(seededRandom(seed)), seed };
  }
  if (o.roll === undefined)
    throw new UsageError(`give the blockers with ${fieldName('roll')} A1,C3,... or roll the dice with ${fieldName('random')}`);
  // A bad --roll is a bad option value (exit 2); a sweep file's bad roll is bad input (exit 1).
  return { blockers: parseBlockers(o.roll, fieldName('roll'), o.anyBlockers === true, UsageError) };
}

/** The packing for one board: the cells the blockers leave free, the nine pieces, turned and flipped freely. */
export function geniusSpec(blockers: Roll, params: Record<string, unknown>, asked: PackingChoices = {}): PackingSpec {
  const blocked = new Set(blockers);
  const region = BOARD.filter((c) => !blocked.has(labelOf(c)));
  const problem = blockerCountProblem(BOARD.length - region.length);
  if (problem) throw new UserError(`${fieldName('roll')}: ${problem}`);
  return packingSpec(region, [...PIECES], params, asked);
}

function packingSpec(region: Cell[], pieces: PieceDef[], params: Record<string, unknown>, asked: PackingChoices): PackingSpec {
  const { amo, card } = packingChoices(asked);
  return {
    puzzle: 'genius-square',
    params,
    region,
    pieces,
    moves: GROUPS.planeIsometries,
    // A blocked board is rarely symmetric; buildPacking keeps whichever of these map it onto itself.
    symmetryGroup: GROUPS.planeIsometries,
    nonOverlap: 'compact',
    amo,
    card,
  };
}

export function geniusSquare(options: GeniusOptions = {}): GeniusInstance {
  const { blockers, seed } = chooseBlockers(options);
  const { amo, card } = packingChoices(options);
  const params = {
    roll: blockers.join(','),
    ...(seed === undefined ? {} : { seed }),
    ...(options.anyBlockers ? { anyBlockers: true } : {}),
    amo,
    card,
  };
  const instance = buildPacking(geniusSpec(blockers, params, { amo, card }));
  const board = {
    pieces: PIECES,
    symbols: SYMBOLS,
    blockers: blockers.map(cellOf),
    title: `roll ${blockers.join(',')}${seed === undefined ? '' : ` (seed ${seed})`}`,
  };
  return {
    ...instance,
    symbols: SYMBOLS,
    blockers,
    render: (s, o) => {
      checkRendered(instance.puzzle, s, 'placements');
      return renderGeniusText(s, board, o?.color === true);
    },
    svg: (s) => {
      checkRendered(instance.puzzle, s, 'placements', 'svg');
      return renderGeniusSvg(s, board);
    },
    boardSvg: () => renderGeniusSvg({ placements: [] }, board),
  };
}

/** How RollSolver counts: the bitboard search (the default), or dancing links as the reference. */
export type RollCounter = 'bitboard' | 'dlx';

/** The counter a sweep's rolls are solved with (solveRoll), wherever they are solved: the solver its summary names. */
export const SWEEP_COUNTER: RollCounter = 'bitboard';

/**
 * Solves rolls fast, for sweeps over all of them. The nine pieces'
 * placements on the empty board are made once (by buildPacking, the same
 * placement model as geniusSquare); a roll only marks its blockers taken.
 *
 * - bitboard (solvers/dlx/bitboard.ts): the placements that miss the
 *   blockers, searched cell by cell on a 36-bit board.
 * - dlx: one exact-cover matrix with the placements plus one blocker row per
 *   cell; a roll forces its seven blocker rows and excludes the rest. The
 *   reference the bitboard counts are tested against.
 */
export class RollSolver {
  /** The nine pieces' placements on the empty board, cells by index in reading order (what the C peer of the benchmark reads). */
  readonly emptyBoard: BitboardPacking;
  private readonly bitboard: BitboardCounter;
  private readonly problem: ExactCoverProblem;
  /** Row of the blocker on each board cell, by the cell's index in reading order. */
  private readonly blockerRow: Int32Array;

  constructor() {
    const blocker: PieceDef = { name: 'blocker', cells: [[0, 0, 0]], count: BOARD.length - PIECE_AREA };
    const empty = buildPacking(packingSpec([...BOARD], [...PIECES, blocker], {}, {}));
    const blockerPiece = PIECES.length;
    this.blockerRow = new Int32Array(BOARD.length);
    const rows = empty.placements.map((pl, row) => {
      if (pl.piece !== blockerPiece) return [...pl.cells, BOARD.length + pl.piece];
      this.blockerRow[pl.cells[0]!] = row;
      return pl.cells;
    });
    this.problem = { primary: BOARD.length + PIECES.length, secondary: 0, rows };
    this.emptyBoard = { cells: BOARD.length, pieces: PIECES.length, placements: empty.placements.filter((pl) => pl.piece !== blockerPiece) };
    this.bitboard = new BitboardCounter(this.emptyBoard);
  }

  /** Solutions of the board with these blockers (any set of cells), stopping at `limit`. */
  count(blockers: Roll, limit?: number, counter: RollCounter = 'bitboard'): number {
    const blocked = blockedCells(blockers);
    if (counter === 'bitboard') return this.bitboard.count(blocked, { limit });
    const isBlocked = new Set(blocked);
    const forced: number[] = [];
    const excluded: number[] = [];
    this.blockerRow.forEach((row, cell) => (isBlocked.has(cell) ? forced : excluded).push(row));
    return solveExactCover(this.problem, { forced, excluded, limit }).count;
  }

  /** What a sweep records for the roll with this index: its number of solutions, or 1/0 (solvable or not). */
  solveRoll(index: number, counting: boolean): number {
    return this.count(rollAt(index), counting ? undefined : 1, SWEEP_COUNTER);
  }
}

const cellIndex = (c: Cell): number => c[1] * SIDE + c[0];

/** The blockers' cells by index in reading order (A1 = 0, A2 = 1, ..., F6 = 35). */
export const blockedCells = (blockers: Roll): number[] => blockers.map((label) => cellIndex(cellOf(label)));

/** The board's 8 symmetries as permutations of cell indices in reading order. */
const BOARD_SYMMETRIES = regionSymmetries(BOARD, GROUPS.planeIsometries).map((s) => s.perm);

/**
 * A number shared by exactly the blocker sets that are images of one another
 * under the board's symmetries (the least of their cell masks). Such boards
 * have the same number of solutions, as every piece may be turned and
 * flipped, so a sweep solves one board per key.
 */
export function symmetryClassKey(blockers: Roll): number {
  const cells = blockedCells(blockers);
  let least = Infinity;
  for (const perm of BOARD_SYMMETRIES) {
    // Sums of distinct powers of two below 2^36 are exact in a double.
    least = Math.min(
      least,
      cells.reduce((mask, c) => mask + 2 ** perm[c]!, 0),
    );
  }
  return least;
}

const GENIUS_OPTIONS: readonly PuzzleOption[] = [
  { name: 'roll', type: 'string', describe: 'the blocker cells, one per die, e.g. A3,A5,C3,C6,D1,D5,F1 (rows A-F, columns 1-6)' },
  { name: 'random', type: 'boolean', describe: 'roll the seven dice (reproducible with --seed)', param: false },
  SEED_OPTION,
  { name: 'any-blockers', type: 'boolean', describe: 'accept any distinct cells as blockers, not only a roll of the dice' },
];

export const GENIUS_SQUARE_PUZZLE: PuzzleEntry = {
  name: 'genius-square',
  about: 'The Genius Square: seven dice place blockers on a 6x6 board, nine pieces fill the rest',
  options: GENIUS_OPTIONS,
  defaults: PACKING_DEFAULTS,
  build: (args) => geniusSquare(entryOptions(GENIUS_OPTIONS, args)),
};
