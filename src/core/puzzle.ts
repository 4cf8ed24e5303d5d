import type { AmoEncoding, CardEncoding, PbEncoding } from './encodings.js';
import type { Cnf } from './cnf.js';
import { UserError } from './errors.js';
import { fieldName } from './field-names.js';
import { kindOf, limitOption } from './limits.js';

/**
 * What every encoder hands to the rest of the tool: the formula plus the
 * puzzle-level knowledge needed to enumerate, verify and show solutions.
 * A puzzle module builds one of these top to bottom: variables, constraint
 * families, decode, check.
 */
/** Clauses that hold in every optimal solution, not in every solution, and the argument that they do. */
export interface Dominance {
  clauses: readonly (readonly number[])[];
  why: string;
}

export interface Instance<S = unknown> {
  puzzle: string;
  /** The parameters that built it, recorded in DIMACS comments and JSON. */
  params: Record<string, unknown>;
  cnf: Cnf;
  /** A solution from the projection variables that are true in a model. */
  decode(trueVars: readonly number[]): S;
  /** Independent check of a decoded solution; returns a problem or null. */
  check(solution: S): string | null;
  /** The solution as text; options.color (default false) paints it with ANSI colours. */
  render(solution: S, options?: { color?: boolean }): string;
  /** The solution drawn as an SVG document, where the puzzle has a picture. */
  svg?(solution: S): string;
  /**
   * The picture `svg` draws with the whole board filled (by as many pieces as
   * a solution may place), which no solution's exceeds: its size is known
   * before the search, so that a --png too large to draw is refused then, not
   * after it. (A derived instance that draws otherwise gives its own, as it
   * gives its own `svg`.)
   */
  boardSvg?(): string;
  toJson(solution: S): unknown;
  /**
   * Symmetries of the puzzle as permutations of the projection variables
   * (index v holds the image of variable v; entry 0 unused), identity first.
   * Enumeration with `--unique` blocks whole orbits under these.
   */
  symmetries: Int32Array[];
  /**
   * Groups of projection variables of which exactly one is true in every
   * solution (the placements of one piece, those covering one cell): cubes
   * split the search on them, and two variables sharing a group clash.
   */
  splitGroups: number[][];
  /**
   * No solution's true projection variables contain another's (tilings,
   * decks: every solution has the same number of true ones), so a blocking
   * clause over the true variables alone is exact. Otherwise it must also
   * name the false ones.
   */
  trueSetsAreAntichain?: boolean;
  /**
   * The clause family whose clauses exact-cover branching decides on (a
   * packing's at-least-one clause per cell), for solvers that can.
   */
  branchingFamily?: string;
  /**
   * Groups of which exactly one variable is true, with the families whose
   * clauses say that and nothing else (a packing's cover, non-overlap and
   * piece families): an engine that propagates exactly-one natively is
   * given the groups instead of those clauses.
   */
  exactlyOne?: { families: readonly string[]; groups: readonly (readonly number[])[] };
  /** How many split-group literals a cube should fix (about half a solution). */
  cubeDepthHint?: number;
  /** What the encoder knows about its variables and families, for `puzzlesat explain`. */
  explain?(): InstanceExplanation;
  /** A weighted sum of projection variables that the puzzle optimises (`puzzlesat optimize`), named for output. */
  objective?: {
    name: string;
    sense: 'minimize' | 'maximize';
    terms: readonly number[];
    weights: readonly number[];
    /**
     * Clauses every optimal solution satisfies, though other solutions may
     * not (an exchange argument: a solution that breaks one can be made
     * strictly better), and why they hold. Built on demand: only a search
     * for the one best solution may add them (maximize's `dominance`).
     */
    dominance?: () => Dominance;
  };
  /**
   * The same puzzle as exact cover, when it is one (for the dlx backend):
   * row r is variable rowVars[r], or stands for no variable when that is 0
   * (a packing's row for leaving an optional cell or piece out).
   */
  exactCover?: ExactCover;
  /**
   * A packing whose pieces have copies, as exact cover for the counter and
   * dancing links: each copy is an item, and a placement a row for each
   * copy. A solution is one set of placements however its copies are
   * numbered, so both cover copies in order: item i may be covered only
   * once item prevCopy[i] (the copy before it; -1 for none) is. Burnside's
   * pinned terms read exactCover, which such a packing has not.
   * Built on first call (its rows are placements times copies); undefined
   * where it is no exact cover (a placement on optional cells alone).
   */
  copyCover?: () => (ExactCover & { prevCopy: number[] }) | undefined;
  /**
   * Set on a formula as given (a DIMACS file, a library Formula), which is
   * no puzzle: what messages say of pieces and placements does not apply.
   */
  formula?: true;
}

/** How a family's size follows from the puzzle, e.g. "Σ over cells of 3n_c-4", with the numbers it gives. */
export interface FormulaCheck {
  text: string;
  clauses: number;
  auxVars: number;
}

/** What an encoder knows about one of its families beyond its clauses. */
export interface FamilyShape {
  formula: FormulaCheck;
  /** The subject of clause `index` of the family (e.g. the cell it is about). */
  about(index: number): string;
}

/** An encoder's account of its formula: what its variables stand for, and its families by name. */
export interface InstanceExplanation {
  variables: string;
  families: ReadonlyMap<string, FamilyShape>;
}

/** A puzzle-specific option; one CLI contract serves every puzzle from these. */
export interface PuzzleOption {
  name: string;
  type: 'string' | 'number' | 'boolean';
  describe: string;
  choices?: readonly string[];
  /**
   * The `c param` key of a DIMACS header that this option is rebuilt from
   * (default: its name in camelCase); false when it is not (what it chose is
   * recorded otherwise, as a random roll is recorded as the roll).
   */
  param?: string | false;
}

/**
 * The encodings a puzzle uses when --amo / --card are not given (each puzzle
 * declares the one measured best for it, once, in its entry).
 */
export interface EncodingDefaults {
  amo: AmoEncoding;
  card: CardEncoding;
  /**
   * The at-most-one encoding `enumerate` uses instead when its engine
   * propagates the exactly-one groups natively (Instance.exactlyOne): the
   * clauses they replace must then have no auxiliary variables.
   */
  nativeEnumerationAmo?: AmoEncoding;
  /** The pseudo-Boolean encoding of its weighted sums, for puzzles that have them (--pb applies to those only). */
  pb?: PbEncoding;
}

/** The encodings an instance is built with: the puzzle's defaults, or what was asked for. */
export type EncodingChoice = EncodingDefaults;

/** The seed of a puzzle's random draw (genius-square --random, knapsack --random-items): recorded as what it drew, not as itself. */
export const SEED_OPTION: PuzzleOption = {
  name: 'seed',
  type: 'number',
  describe: 'seed for a random draw (--random, --random-items)',
  param: false,
};

/**
 * An entry's options as its typed builder takes them: each name in camelCase
 * (`pieces-file` → piecesFile, the encodings as they are), the entry's string
 * options as strings (a plan from a queue may carry a number).
 */
export function entryOptions<T>(options: readonly PuzzleOption[], args: Record<string, unknown>): T {
  const strings = new Set(options.filter((o) => o.type === 'string').map((o) => o.name));
  const typed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value !== undefined) typed[name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = strings.has(name) ? String(value) : value;
  }
  return typed as T;
}

/** The encoding options a puzzle can read. */
export type EncodingKind = 'amo' | 'card' | 'pb';

/**
 * A puzzle the CLI knows. Each entry names the options it reads, so that an
 * option that does not apply is an error rather than silently ignored.
 */
export interface PuzzleEntry {
  name: string;
  about: string;
  options: readonly PuzzleOption[];
  defaults: EncodingDefaults;
  /** The encoding options it reads (default amo and card): the others are refused rather than ignored. */
  encodings?: readonly EncodingKind[];
  /** What `puzzlesat optimize` optimises, for puzzles whose instances have an objective. */
  objective?: string;
  /** Builds the instance from the options by name (as the CLI spells them), encodings already chosen. */
  build(args: Record<string, unknown> & EncodingChoice): Instance;
}

/**
 * A model's true projection variables as the puzzle's solution, checked by
 * the puzzle's own checker: the one decode-and-check every route uses. A
 * solution that fails is a solver or encoder bug (an Error naming `what`);
 * `asUserError` makes it the user's problem instead (a model read from a file).
 */
export function checkedSolution<S>(instance: Instance<S>, trueVars: readonly number[], what: string, asUserError = false): S {
  const solution = instance.decode(trueVars);
  const problem = instance.check(solution);
  if (problem) {
    const message = `${what} fails ${asUserError ? "the puzzle's own check" : 'the independent check'}: ${problem}`;
    throw asUserError ? new UserError(message) : new Error(message);
  }
  return solution;
}

/**
 * A solution given to an instance's render, checked where it is given, as
 * checkSource checks a formula: a script without types gave null, or what is
 * no solution, and met "Cannot read properties of null (reading
 * 'placements')" from inside the drawing. A solution is an object holding the
 * list `field` (a packing's placements), or without one a list itself (a deck).
 * `call` names the method given it: render, svg or toJson.
 */
export function checkRendered(puzzle: string, solution: unknown, field?: string, call = 'render'): void {
  const isObject = typeof solution === 'object' && solution !== null && !Array.isArray(solution);
  const list = field === undefined ? solution : isObject ? (solution as Record<string, unknown>)[field] : undefined;
  if (Array.isArray(list)) return;
  const got = Array.isArray(solution) ? 'an array' : isObject ? `an object without a list ${field}` : kindOf(solution);
  throw new TypeError(
    `${call}: expected a solution of ${puzzle} (${field === undefined ? 'a list' : `an object with a list ${field}`}, as solve and enumerate give it), got ${got}`,
  );
}

/** The puzzle of a DIMACS file whose header names none: a plain formula. */
export const NAMELESS_FORMULA = 'cnf';

/**
 * What a run's summary calls its puzzle: the puzzle's name, or for a DIMACS
 * file that names none the file as the caller named it
 * (docs/summary.schema.json: "the DIMACS file solved"). explain and decode
 * said "cnf", the name of no file, where solve, count and enumerate gave the path.
 */
export const summaryPuzzle = (instance: Pick<Instance, 'puzzle'>, given: string): string =>
  instance.puzzle === NAMELESS_FORMULA ? given : instance.puzzle;

/**
 * What a message calls an instance where the name given to the run is not
 * at hand: as summaryPuzzle, with the file the DIMACS formula was read from.
 */
export const instanceName = (instance: Pick<Instance, 'puzzle' | 'params'>): string =>
  summaryPuzzle(instance, typeof instance.params.file === 'string' ? instance.params.file : instance.puzzle);

/** The encoding options an entry reads. */
export const encodingKinds = (entry: PuzzleEntry): readonly EncodingKind[] => entry.encodings ?? ['amo', 'card'];

/** A puzzle as exact cover: row r is variable rowVars[r], or stands for no variable when that is 0 (Instance.exactCover). */
export interface ExactCover {
  primary: number;
  secondary: number;
  rows: number[][];
  rowVars: number[];
}

/** The exact cover the counter counts and dancing links searches: exactCover, or a packing's with copies (copyCover). */
export const countedCover = (instance: Instance): (ExactCover & { prevCopy?: number[] }) | undefined => instance.exactCover ?? instance.copyCover?.();

/**
 * Why an instance has no cover to search or count (countedCover), in the
 * one wording every engine and method that needs one uses: the packing
 * encoder leaves it out for a count of pieces used that the areas do not
 * imply (the use field), for copies that fit on optional cells alone, and
 * past the placements limit (the copy cover's rows, placements times
 * copies); other puzzles are not packings.
 */
export const notExactCoverWhy = (): string =>
  `is not posed as exact cover here (a count of pieces used (${fieldName('use')}) that the areas do not imply, copies on optional cells alone or past ${limitOption('placements')}, or not a packing)`;

/** Why classes of a packing with copies are not counted by Burnside's lemma (copyClasses, count/burnside.ts). */
export const twinsWhy = (puzzle: string): string => `a symmetry of ${puzzle} maps a piece with copies onto another piece (mirror twins)`;

/**
 * A library caller's wrong argument, named where it is given rather than as
 * a property read deep in the run ("Cannot use 'in' operator to search for
 * 'cnf' in null"): a formula or a puzzle instance, or with `names` a puzzle's name.
 */
export function checkSource(what: string, source: unknown, names = false): void {
  const ok = (names && typeof source === 'string') || (typeof source === 'object' && source !== null && ('cnf' in source || 'families' in source));
  if (!ok) throw new TypeError(`${what}: expected a Formula, a puzzle instance${names ? ' or a puzzle name' : ''}, got ${kindOf(source)}`);
}
