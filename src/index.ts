/**
 * puzzlesat as a library: write a formula with named variables and
 * cardinality constraints, solve it or enumerate its models with any solver,
 * build any of the puzzles, and read or write DIMACS.
 *
 *   const f = new Formula();
 *   atMostOne(f, [f.vars.id('a'), f.vars.id('b'), f.vars.id('c')]);
 *   const { status, model } = await solve(f);
 *
 * The CLI (src/cli/) is a thin layer over these functions.
 */
import { PUZZLES, buildInstance, checkTypedOptions, instanceOfDimacs, knownOptions } from '../encoders/index.js';
import { type DobbleSatOptions, dobbleInstance, type Deck } from '../encoders/dobble.js';
import { type GeniusInstance, type GeniusOptions, geniusSquare } from '../encoders/genius-square.js';
import type { PackingInstance, PackingSolution } from '../encoders/packing.js';
import { type PolycubeOptions, polycube, soma } from '../encoders/polycube.js';
import { type PolyominoOptions, pentomino, polyomino } from '../encoders/polyomino.js';
import { type PolyformOptions, polyform } from '../encoders/polyform.js';
import { type KnapsackInstance, type KnapsackOptions, knapsack } from '../encoders/knapsack.js';
import {
  ENGINES,
  IN_PROCESS_DEFAULTS,
  SOLVERS,
  type SolverUse,
  defaultSolverName,
  engineByName,
  loadWasmSolvers,
  modelFromLiterals,
  readAnswer,
} from '../solvers/index.js';
import type { Status } from '../solvers/types.js';
import { Cnf } from './core/cnf.js';
import {
  type DimacsFormula,
  type DimacsMeta,
  dimacsString,
  instanceFromDimacs,
  parseDimacs as readDimacs,
  refuseWeightedCount,
} from './core/dimacs.js';
import { UsageError, UserError, hasNameControlCharacter, oneLine } from './core/errors.js';
import { withoutBoms } from './core/input.js';
import { checkRunNumbers, kindOf } from './core/limits.js';
import { loadOptional } from './core/optional.js';
import { type Instance, checkRendered, checkSource, checkedSolution } from './core/puzzle.js';
import type { CountMethod, CountPlan, EnumeratePlan, Plan, SolvePlan, StrategyChoice, UniqueBy } from './core/plan.js';
import { type Explanation, explain as explainInstance } from './explain/explain.js';
import { ledgerShapes } from './explain/ledger.js';
import { resolvePlan } from './plan.js';
import { kebabField, withFieldNames } from './core/field-names.js';
import { callOptions, checkName, givenFields } from './core/call-options.js';
import { type RunHooks, planInstance, runPlan, runStop } from './run.js';
import { type Model, namedModel } from './session/solver.js';
import type { CountReport } from './count/count.js';
import { Stopped } from './count/engine.js';
import type { TermResult } from './count/solutions.js';

export { Cnf } from './core/cnf.js';
export { refuseUniqueOnFormula, refuseUniqueWithoutSymmetries, resolvePlan, type PlanRequest } from './plan.js';
export {
  runPlan,
  runStop,
  planInstance,
  searchedInstance,
  cubeTreeUnitSizes,
  type RunHooks,
  type FoundSolution,
  type SolveOutcome,
  type EnumerationResult,
  type CountResume,
} from './run.js';
export { BRANCHING_RULES, ENUM_MODES, PROPAGATIONS, COUNT_METHODS, COUNT_STRATEGIES, COUNT_UNIQUE_BY } from './core/plan.js';
export type { CountMethod, StrategyChoice, UniqueBy } from './core/plan.js';
export type { CountReport, FinishedUnit } from './count/count.js';
export { RecordedCountConflict } from './count/count.js';
export {
  DEFAULT_MAX_BYTES,
  ResumeConflict,
  mebibytes,
  setUpPoll,
  setUpUnlessStopped,
  unlessStopped,
  type SetUpPoll,
  type Strategy as CountStrategy,
} from './count/engine.js';
export type { TermResult };
export { puzzleArgsOf } from '../encoders/index.js';
export { CATALOGUE, FAMILIES, cataloguePuzzle, type CataloguePuzzle } from '../encoders/catalogue/index.js';
export { countCommand } from '../encoders/catalogue/arguments.js';
export { SIGNAL_EXIT, runLimited } from './core/cpu-limit.js';
export { colorWanted } from './render/grid.js';
export { checkPngSize, svgToPng, writeDrawing } from './render/png.js';
export { isCnfPath } from '../encoders/index.js';
export { inputName, modelLines, trueNamesInFile } from './core/dimacs.js';
// The benchmark suites `puzzlesat bench` runs (the repository's bench/ scripts build on them too).
export { type BenchReport, SUITES, type SuiteSettings, countDisagreements, mergeReports, renderMarkdown, runSuite } from './bench/encodings.js';
export { renderChart } from './bench/chart.js';
export { PB_SUITES, pbDisagreements, renderPbMarkdown, runPbSuite } from './bench/pb-encodings.js';
export type { Certificate } from './proof/certify.js';
export type { Plan, SolvePlan, EnumeratePlan, SweepPlan, CountPlan, Part } from './core/plan.js';
export { VarPool } from './core/vars.js';
export { UsageError, UserError };
export { didYouMean, systemReason } from './core/errors.js';
export { commaList } from './core/lines.js';
export { DEFAULT_PNG_SCALE } from './render/png.js';
export type { DimacsFormula };
export {
  type Dominance,
  type Instance,
  type PuzzleEntry,
  type EncodingDefaults,
  type EncodingKind,
  countedCover,
  encodingKinds,
} from './core/puzzle.js';
export {
  type AmoEncoding,
  type AmoOptions,
  type CardEncoding,
  type CardOptions,
  type PbEncoding,
  type PbOptions,
  atLeast,
  atLeastWeighted,
  atMost,
  atMostOne,
  atMostWeighted,
  encodings,
  exactly,
  exactlyOne,
  exactlyWeighted,
} from './constraints.js';
export type { Solver, SolverFactory, Status } from '../solvers/types.js';
export {
  type OptimizeOptions,
  type OptimizeResult,
  type OptimizeStrategy,
  type Optimum,
  DEFAULT_STRATEGY,
  OPTIMIZE_STRATEGIES,
  maximize,
  minimize,
} from './optimize/index.js';
export { type CoreOptions, type Model, type SessionSolveOptions, SatSolver } from './session/solver.js';
export { type OpenSolverOptions, openSolver } from './session/open.js';
export type { FamilyExplanation } from './explain/explain.js';
export { type Op, type Term, Expr, and, evaluate, iff, implies, ite, not, or, xor } from './formula/expr.js';
export { type Translation, type TranslationOptions, TRANSLATIONS, literalOf, literalsOf, satisfy } from './formula/translate.js';
export type {
  PackingInstance,
  PackingSolution,
  Deck,
  GeniusInstance,
  PolyominoOptions,
  PolycubeOptions,
  PolyformOptions,
  KnapsackInstance,
  KnapsackOptions,
  GeniusOptions,
  DobbleSatOptions,
};

// ---- formulas -------------------------------------------------------------------

/**
 * A CNF formula written by hand: `vars.id('x')` names variables (created on
 * first use, `vars.name(v)` reads the name back; a name is one line without
 * white space at its ends, as a DIMACS `c var` line carries it), `add([x, -y])` adds a clause.
 * Variables that encodings introduce are auxiliary: models and enumeration
 * leave them out, and `vars.id` refuses their names (a clause on one would
 * constrain the encoding's inside).
 */
export class Formula extends Cnf {
  constructor() {
    super();
    this.family('clauses', 'the clauses of the formula');
  }
}

// ---- DIMACS ---------------------------------------------------------------------

/**
 * DIMACS text, with `c var N name` lines for the variables (names: false
 * leaves them out). A puzzle instance's header names the puzzle and its
 * options, as `puzzlesat encode` writes them, so that decodeAnswer rebuilds it.
 */
export function toDimacs(source: Cnf | Instance, given: Partial<DimacsMeta> = {}): string {
  checkSource('toDimacs', source);
  const meta = callOptions('toDimacs', given, { puzzle: true, params: true, names: true });
  // Written with String(): an object was written "[object Object]".
  if (meta.puzzle !== undefined && typeof meta.puzzle !== 'string')
    throw new TypeError(`toDimacs: puzzle: expected a name (a string), got ${kindOf(meta.puzzle)}`);
  if (meta.params !== undefined) checkParams(meta.params);
  const [cnf, own] = source instanceof Cnf ? [source, { puzzle: 'formula', params: {} }] : [source.cnf, source];
  return dimacsString(cnf, { puzzle: meta.puzzle ?? own.puzzle, params: meta.params ?? own.params, names: meta.names });
}

/**
 * A caller's params, each of which a `c param NAME VALUE` line carries back as
 * it was given (as text; decodeAnswer rebuilds a puzzle by them). A string or
 * null was ignored (the instance's own were written), a nested value written
 * "[object Object]", and a name with a space read back as its first word.
 */
function checkParams(params: unknown): void {
  const proto = typeof params === 'object' && params !== null ? Object.getPrototypeOf(params) : undefined;
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError(`toDimacs: params: expected an object of names and values, got ${Array.isArray(params) ? 'an array' : kindOf(params)}`);
  for (const [key, value] of Object.entries(params as object)) {
    if (!/^\S+$/.test(key) || hasNameControlCharacter(key))
      throw new RangeError(
        `toDimacs: params: a name is one word of printable text (a c param line reads its name up to the first space), got ${JSON.stringify(key)}`,
      );
    if (value === undefined) continue;
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw new TypeError(`toDimacs: params.${key}: expected a string, a number or true/false, got ${kindOf(value)}`);
    const text = String(value);
    if (hasNameControlCharacter(text.replace(/\s/g, ' ')))
      throw new RangeError(`toDimacs: params.${key}: ${JSON.stringify(text)} holds a control character, which a c param line cannot carry back`);
    const read = text.replace(/\s+/g, ' ').trim();
    if (read !== text)
      throw new RangeError(
        `toDimacs: params.${key}: ${JSON.stringify(text)} would read back as ${JSON.stringify(read)}: a value is one line, without runs of white space or white space at its ends`,
      );
  }
}

/**
 * A formula from DIMACS text, as the CLI reads a file: `c var N name` lines
 * name its variables, `c aux` lines mark the auxiliary ones, `c family` lines
 * group its clauses (when they account for every clause), `c project` (or
 * `c ind`, `c p show`) lines set its projection, if onto no variable (`c p
 * show 0`: then 1 solution or none); without one, its projection is the
 * variables not marked auxiliary, as for the formula that was written.
 */
export function parseDimacs(text: string, source = '<dimacs>'): Cnf {
  if (typeof text !== 'string') throw new TypeError(`parseDimacs: expected DIMACS text, got ${kindOf(text)}`);
  // The name messages give the text: {} was named "[object Object]".
  if (typeof source !== 'string') throw new TypeError(`parseDimacs: source: expected a name for messages (text), got ${kindOf(source)}`);
  const formula = readDimacs(text, source);
  const cnf = instanceFromDimacs(formula, source).cnf;
  // Without a projection line it stays unset, as a formula written by hand: made the file's variables, a
  // variable named later was left out of every count and enumeration, and toDimacs added a c project line.
  if (formula.projection === undefined) cnf.projection = undefined;
  return cnf;
}

// ---- solving --------------------------------------------------------------------

/** The solvers by name, and whether each can run here. */
export function solvers(): { name: string; description: string; kind: 'in-process' | 'external'; available: boolean; reason?: string }[] {
  return SOLVERS.map((s) => {
    const here = s.available();
    return { name: s.name, description: s.description, kind: s.kind, available: here.ok, ...(here.ok ? {} : { reason: here.reason }) };
  });
}

export interface SolveOptions {
  /** A solver name (see solvers()); default the fastest in-process one. */
  solver?: string;
  /** Seconds from the call (its set-up included) before giving up with status UNKNOWN. */
  timeout?: number;
}

export interface SolveResult<S = never> {
  status: Status;
  /** Set when a SAT solver answered SAT; checked against every clause. */
  model?: Model;
  /** A puzzle's solution when status is SAT, decoded and checked by the puzzle's own checker. */
  solution?: S;
  solver: string;
}

/**
 * One solve of a formula, or of a puzzle (its solution then decoded and
 * checked), by the solver object (openSolver) on the engine the plan picks;
 * `solver: 'dlx'` solves an exact-cover puzzle by dancing links.
 */
export async function solve<S = never>(source: Cnf | Instance<S>, given: SolveOptions = {}): Promise<SolveResult<S>> {
  const call = callStart();
  const options = callOptions('solve', given, { solver: true, timeout: true });
  // A projection set by hand is checked as enumerate and count check it (a solve reads it too).
  if (source instanceof Cnf) source.checkedProjection();
  const instance = source instanceof Cnf ? formulaAsInstance(source) : source;
  const plan = (await resolvePlan(instance, { verb: 'solve', solver: options.solver, timeout: options.timeout })) as SolvePlan;
  const { status, model, solution, solver } = await runPlan(plan, call);
  if (status !== 'SAT') return { status, solver };
  return {
    status,
    solver,
    // Dancing links assigns placements only: no model of the whole formula. A puzzle or file given by name is named by the instance the plan built.
    ...(model.length ? { model: namedModel(planInstance(plan).cnf, model) } : {}),
    ...(source instanceof Cnf ? {} : { solution: solution as S }),
  };
}

/**
 * Where a library call's `timeout` counts from: the call, so that its set-up
 * (checking the options, projecting a formula, resolving the plan) spends it
 * too, for every verb (runPlan runs the plan with what is left).
 */
const callStart = (): Pick<RunHooks, 'since'> => ({ since: Date.now() });

// ---- enumeration ----------------------------------------------------------------

export interface EnumerateOptions extends SolveOptions {
  /** Count symmetry classes of a puzzle: one solution per class. */
  unique?: boolean;
  limit?: number;
  /** Aborting ends the iteration (as `break` does). */
  signal?: AbortSignal;
}

/** One solution: the puzzle's own form (a formula's: the true variable names) and the variables behind it. */
export interface Found<S> {
  solution: S;
  /** The true projection variables, ascending. */
  trueVars: number[];
  /** How many solutions it stands for with `unique` (its orbit), else 1. */
  orbitSize: number;
}

/**
 * Every solution, as an async iterator: `for await (const s of enumerate(x))`.
 * A formula is enumerated on its projection (when it has none, its named
 * variables at the call),
 * a puzzle instance on its solutions, each checked by the puzzle's own checker.
 * `break`, `limit` or the signal stop the solver.
 */
export async function* enumerate<S = string[]>(source: Instance<S> | Cnf, given: EnumerateOptions = {}): AsyncGenerator<Found<S>> {
  const call = callStart();
  const options = callOptions('enumerate', given, { solver: true, timeout: true, unique: true, limit: true, signal: true });
  // Checked before the set-up's stop reads the timeout: 10n crashed there ("Cannot mix BigInt and other types").
  checkRunNumbers({ timeout: options.timeout, limit: options.limit });
  // An abort ends the iteration at once, as `break` does: the solutions the solver queued before it saw the signal are dropped.
  const aborted = () => options.signal?.aborted === true;
  // The set-up hears both too (the plan of classes works out the symmetry-breaking family: seconds of a 20x20 board); stopped there, nothing is found.
  const setUpStop = runStop({ timeoutSeconds: options.timeout }, { shouldStop: aborted });
  refuseUniqueOnCnf(source, options.unique);
  const instance = (source instanceof Cnf ? formulaInstance(source) : source) as Instance<S>;
  const request = {
    verb: 'enumerate',
    solver: options.solver,
    unique: options.unique === true,
    limit: options.limit,
    timeout: options.timeout,
  } as const;
  const plan = await resolvedUnlessStopped(resolvePlan(instance, request, setUpStop));
  if (plan === undefined) return;
  // A puzzle given by name has no formula until the plan builds it.
  const refuseChange = unchangedFormula(source instanceof Cnf ? source : planInstance(plan).cnf);
  const queue: Found<S>[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  let stopped = false;
  const run = runPlan(plan, {
    ...call,
    shouldStop: () => stopped || aborted(),
    onSolution: ({ solution, trueVars, orbitSize }) => {
      queue.push({ solution: solution as S, trueVars, orbitSize });
      wake?.();
    },
  }).then(
    () => undefined,
    (e: unknown) => {
      failure = e;
    },
  );
  void run.finally(() => {
    finished = true;
    wake?.();
  });
  try {
    for (;;) {
      refuseChange();
      while (queue.length && !aborted()) {
        yield queue.shift()!;
        refuseChange();
      }
      if (finished || aborted()) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    refuseChange();
    if (failure !== undefined) throw failure;
  } finally {
    // A `break` lands here: let the solver wind down and free itself.
    stopped = true;
    await run;
  }
}

/**
 * A check that the formula an enumeration lists is still the one it was
 * called on: the caller's code runs between solutions, and a clause added
 * there reached some engines and not others (minisat-wasm went on listing
 * models it excludes; cadical-wasm's were refused as a solver's fault, "a
 * model that breaks a clauses clause"). Clauses and variables are only ever
 * added, so their counts, with the projection, tell.
 */
function unchangedFormula(f: Cnf): () => void {
  const shape = (): string => `${f.varCount} ${f.clauseCount} ${f.projected} ${f.projection.length}`;
  const [projection, before] = [f.projection, shape()];
  return () => {
    if (shape() !== before || (f.projected && f.projection !== projection))
      throw new UsageError(
        'enumerate: the formula changed while its solutions were listed (a clause, a variable or its projection); change it before enumerate, or after the loop',
      );
  };
}

/** The plan resolvePlan gives, or undefined when its stop ended it. */
async function resolvedUnlessStopped(resolving: Promise<Plan>): Promise<EnumeratePlan | undefined> {
  try {
    return (await resolving) as EnumeratePlan;
  } catch (e) {
    if (e instanceof Stopped) return undefined;
    throw e;
  }
}

// ---- counting -------------------------------------------------------------------

export interface CountOptions {
  /** Count symmetry classes of a puzzle rather than solutions. */
  unique?: boolean;
  /** Classes by Burnside's lemma ('burnside', pinned; 'burnside-group', the whole group) or as models of the symmetry-breaking family ('clauses'). */
  uniqueBy?: UniqueBy;
  /** 'exact-cover' (the default for puzzles that are exact cover) or 'cnf' (the projected model counter; formulas always). */
  method?: CountMethod;
  /** Exact cover: 'sweep', 'mrv' or 'auto' (default: by parts where the board falls apart, else sweep or MRV by the front's width). */
  strategy?: StrategyChoice;
  /** Bytes the counter and its cache may take (default 1 GiB); beyond it the count stops, incomplete. */
  maxMemory?: number;
  /** Seconds from the call (its set-up included) before stopping with an incomplete count. */
  timeout?: number;
  signal?: AbortSignal;
  /** The share of the count done, now and then. */
  onProgress?: (fraction: number) => void;
}

export interface CountResult {
  /** Exact when complete; otherwise a lower bound. */
  count: bigint;
  complete: boolean;
  /** How it was counted, in words. */
  method: string;
  counter: CountMethod;
  nodes: number;
  cache: { entries: number; bytes: number; lookups: number; hits: number; evictions: number; savedNodes?: number };
  /** Burnside's terms, for classes by exact cover. */
  terms?: TermResult[];
  /** Why an incomplete count stopped: 'memory' (the bound), or 'stopped' (timeout or signal). */
  stopped?: 'memory' | 'stopped';
  /** The share of the search behind the count, its branches weighed alike (1 when complete). */
  done: number;
  seconds: number;
}

/**
 * The number of solutions (or classes) without visiting them one by one: a
 * puzzle posed as exact cover by the counter with a cache (classes by
 * Burnside's lemma), any other puzzle or formula by the projected model
 * counter (a formula over its projection; when it has none, its named
 * variables, as enumerate does).
 */
export async function count(source: Instance | Cnf, given: CountOptions = {}): Promise<CountResult> {
  const call = callStart();
  const options = callOptions('count', given, COUNT_FIELDS);
  refuseUniqueOnCnf(source, options.unique);
  // Asked of the formula itself: the plan sees the view formulaInstance counts on, which a file read without a projection line is.
  if (source instanceof Cnf) refuseWeightedCount(source);
  const start = performance.now();
  const plan = (await resolvePlan(source instanceof Cnf ? formulaInstance(source) : source, {
    verb: 'count',
    unique: options.unique,
    uniqueBy: options.uniqueBy,
    method: options.method,
    strategy: options.strategy,
    maxBytes: options.maxMemory,
    timeout: options.timeout,
  })) as CountPlan;
  const report = await runPlan(plan, { ...call, shouldStop: () => options.signal?.aborted === true, onCountProgress: options.onProgress });
  return countResult(report, (performance.now() - start) / 1000);
}

const COUNT_FIELDS = {
  unique: true,
  uniqueBy: true,
  method: true,
  strategy: true,
  maxMemory: true,
  timeout: true,
  signal: true,
  onProgress: true,
} as const satisfies Record<keyof CountOptions, true>;

function countResult(report: CountReport, seconds: number): CountResult {
  return {
    count: report.count,
    complete: report.complete,
    method: report.method,
    counter: report.counter,
    nodes: report.nodes,
    cache: report.cache,
    ...(report.terms ? { terms: report.terms } : {}),
    ...(report.complete ? {} : { stopped: report.memory ? 'memory' : 'stopped' }),
    done: report.done,
    seconds,
  };
}

/**
 * Classes need symmetries, and a formula has none: its models were counted
 * and listed as classes (the CLI refuses --unique on a DIMACS file, refuseUniqueOnFormula).
 */
function refuseUniqueOnCnf(source: unknown, unique: boolean | undefined): void {
  if (unique === true && source instanceof Cnf) throw new UsageError('unique: a formula has no symmetries to break or count classes under');
}

/**
 * A formula as an instance: solutions are the names of its true projection
 * variables (its named variables when it has no projection, as they are now:
 * they are not made its projection, which left a variable named later out of
 * every later count).
 */
function formulaInstance(f: Cnf): Instance<string[]> {
  f.checkedProjection();
  return formulaAsInstance(f, f.projected ? f : f.projectedOn(f.solutionVariables()));
}

/** A formula as an instance, as it is (or its clauses read on another projection, `cnf`). */
function formulaAsInstance(f: Cnf, cnf = f): Instance<string[]> {
  return {
    puzzle: 'formula',
    params: {},
    cnf,
    decode: (trueVars) => trueVars.map((v) => f.vars.name(v)),
    check: () => null,
    render: (names) => {
      checkRendered('formula', names);
      return names.join(' ');
    },
    toJson: (names) => {
      checkRendered('formula', names, undefined, 'toJson');
      return { true: names };
    },
    symmetries: [],
    splitGroups: [],
    formula: true,
    explain: () => ({
      variables: `${f.varCount - f.vars.auxCount} named variables, ${f.vars.auxCount} auxiliaries of encodings and gates`,
      families: ledgerShapes(f),
    }),
  };
}

// ---- explaining -------------------------------------------------------------------

/**
 * What each family of a formula (or a puzzle) says, what it costs, and why:
 * the library's constraints and formula operators record what they wrote, so
 * each family's size is recomputed from their structure beside the clauses built.
 */
export function explain(source: Cnf | Instance): Explanation {
  checkSource('explain', source);
  return explainInstance(source instanceof Cnf ? formulaAsInstance(source) : source);
}

// ---- a solver's answer, read back -----------------------------------------------

export interface DecodedAnswer<S = unknown> {
  /** The puzzle rebuilt from the file's header (or the file as a plain formula). */
  instance: Instance<S>;
  status: Status;
  /** One entry a distinct solution: the first of the models whose projections (trueVars) agree. */
  solutions: { solution: S; trueVars: number[]; trueNames: string[] }[];
  /**
   * The models the answer held: more than the solutions when some differ
   * only in variables outside the projection (an encoding's free auxiliaries,
   * which an AllSAT solver such as picosat --all lists as models apart).
   */
  models: number;
  /**
   * Whether the solutions are every solution: the answer is UNSAT, or an
   * enumeration the solver ran to the end (see readAnswer). One model from a
   * solve is one solution of perhaps many, and UNKNOWN settles nothing.
   */
  complete: boolean;
}

/** What decodeAnswer's messages call its inputs when the caller names none. */
const NAMELESS_ANSWER = { cnf: '<dimacs>', model: '<answer>' };

/** Whether a value has what decodeAnswer reads of a parsed DIMACS formula (readDimacsFile's): its clauses, names, auxiliaries and parameters. */
function isDimacsFormula(value: unknown): value is DimacsFormula {
  const f = value as Partial<DimacsFormula> | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    typeof f.vars === 'number' &&
    f.lits instanceof Int32Array &&
    f.ends instanceof Int32Array &&
    f.names instanceof Map &&
    f.aux instanceof Set &&
    f.params instanceof Map
  );
}

/**
 * Any solver's answer (`s`/`v` lines, several models, or MiniSat's result
 * file) to a DIMACS file that puzzlesat wrote, as the puzzle's solutions:
 * the puzzle is rebuilt from the file's header and compared with its clauses,
 * each model is checked against every clause and by the puzzle's checker
 * (a file naming no puzzle is a plain formula: its clauses only), and a
 * model given twice is refused (see refuseRepeatedModel). Models that
 * differ only outside the projection are one solution (distinctSolutions);
 * `models` says how many the answer held. A puzzle
 * or parameter the header names that puzzlesat does not know is refused at
 * its line. `where` names the inputs in error messages.
 */
export function decodeAnswer(
  dimacs: string | DimacsFormula,
  answerText: string,
  given: { cnf?: string; model?: string } = NAMELESS_ANSWER,
): DecodedAnswer {
  // A script without types gave null or undefined, and met "reading 'trimStart'" from inside; [] or {}, "reading 'length'".
  if (typeof dimacs !== 'string' && !isDimacsFormula(dimacs))
    throw new TypeError(
      `decodeAnswer: expected DIMACS text or a parsed DIMACS formula (readDimacsFile), got ${typeof dimacs === 'object' && dimacs !== null ? 'an object that is not one' : kindOf(dimacs)}`,
    );
  if (typeof answerText !== 'string') throw new TypeError(`decodeAnswer: expected a solver's answer as text, got ${kindOf(answerText)}`);
  // A name left out is named as when none are given: messages began "undefined:". A name that is no text is refused, as any call's field.
  const names = callOptions('decodeAnswer', given, { cnf: true, model: true });
  for (const [field, name] of givenFields('decodeAnswer', names))
    if (typeof name !== 'string') throw new TypeError(`decodeAnswer: ${field}: expected a name for messages (text), got ${kindOf(name)}`);
  const where = { cnf: names.cnf ?? NAMELESS_ANSWER.cnf, model: names.model ?? NAMELESS_ANSWER.model };
  const formula = typeof dimacs === 'string' ? readDimacs(dimacs, where.cnf) : dimacs;
  const answer = readAnswer(answerText);
  // A model with a line of it unread would be checked and counted as another model, or joined to the next.
  if (answer.garbled)
    throw new UserError(
      `${where.model}:${answer.garbled.line}: cannot read "${answer.garbled.token}" in a v line (literals are whole numbers, at most 2147483647 either way, and 0 ends a model)`,
    );
  if (answer.status === undefined)
    throw new UserError(`${where.model}: no solver answer found${answer.stray ? ` ("${oneLine(answer.stray, 60)}")` : ''}`);
  if (answer.contradicts) throw new UserError(`${where.model}: the answer says both SAT and UNSAT, and gives no model`);
  // Read as the models it gives, it was called SAT and its model checked.
  if (answer.modelAfterUnsat)
    throw new UserError(
      `${where.model}:${answer.modelAfterUnsat.line}: a model after "s UNSATISFIABLE" (line ${answer.modelAfterUnsat.unsat}): the answer contradicts itself`,
    );
  if (answer.unsatAfterModel)
    throw new UserError(
      `${where.model}:${answer.unsatAfterModel.line}: a model with no "s SATISFIABLE" before it, and "s UNSATISFIABLE" after it (line ${answer.unsatAfterModel.unsat}): the answer contradicts itself`,
    );
  // Literals after the last 0 are a model cut short: dropped, the answer was read as whole, one model fewer.
  if (answer.unclosed && answer.models.length > 0)
    throw new UserError(`${where.model}: model ${answer.models.length + 1} is not closed by 0: the answer is cut short`);
  const instance = instanceOfDimacs(formula, where.cnf);
  const decoded = answer.models.map((lits, i) => decodeModel(instance, lits, `${where.model}: model ${i + 1}`));
  refuseRepeatedModel(answer.models, where.model);
  const solutions = distinctSolutions(decoded);
  if (answer.status === 'SAT' && solutions.length === 0 && answer.unclosed && !answer.stray)
    throw new UserError(`${where.model}: SAT, but its model is not closed by 0: the answer is cut short`);
  if (answer.status === 'SAT' && solutions.length === 0)
    throw new UserError(`${where.model}: SAT without a model${answer.stray ? `: cannot read "${oneLine(answer.stray, 60)}"` : ''}`);
  return { instance, status: answer.status, solutions, models: decoded.length, complete: answer.exhausted === true };
}

/**
 * The first model of each projection: models that differ only outside it
 * are one solution, as count and enumerate count them (each was counted
 * and drawn again). trueVars are sorted, so equal projections read alike.
 */
function distinctSolutions<T extends { trueVars: readonly number[] }>(decoded: readonly T[]): T[] {
  const first = new Map<string, T>();
  for (const model of decoded) {
    const key = model.trueVars.join(' ');
    if (!first.has(key)) first.set(key, model);
  }
  return [...first.values()];
}

/**
 * A model the answer gives twice (the same true variables, in any order; a
 * variable left out is false) is refused at the repeat, where it was
 * counted as another model: no solver lists a model twice, so the text is
 * not one run's answer (one saved twice over, say), and decode refuses an
 * answer it cannot take as one, as it does a garbled v line.
 */
function refuseRepeatedModel(models: readonly (readonly number[])[], where: string): void {
  const first = new Map<string, number>();
  for (const [i, lits] of models.entries()) {
    const key = lits
      .filter((lit) => lit > 0)
      .sort((a, b) => a - b)
      .join(' ');
    const seen = first.get(key);
    if (seen !== undefined)
      throw new UserError(`${where}: model ${i + 1} repeats model ${seen + 1} (a solver lists each model once: an answer saved twice?)`);
    first.set(key, i);
  }
}

/** One model: checked against every clause of the file, decoded, and checked as a solution. */
function decodeModel(instance: Instance, lits: readonly number[], where: string) {
  const cnf = instance.cnf;
  const beyond = lits.find((lit) => Math.abs(lit) > cnf.varCount);
  if (beyond !== undefined) throw new UserError(`${where}: literal ${beyond} is beyond the file's ${cnf.varCount} variables`);
  const model = modelFromLiterals(lits, cnf.varCount, where);
  const check = cnf.satisfiedBy((v) => model[v] === 1);
  // The empty clause (a DIMACS line "0") by name: shown, it is nothing, and the message ended in a blank.
  const shown = (clause: ArrayLike<number>) => (clause.length === 0 ? 'the empty clause' : oneLine(cnf.show(clause)));
  if (!check.ok) throw new UserError(`${where} breaks a ${check.family} clause of the file: ${shown(check.clause)}`);
  const trueVars = cnf.projection.filter((v) => model[v] === 1).sort((a, b) => a - b);
  const solution = checkedSolution(instance, trueVars, where, true);
  const trueNames = Array.from({ length: cnf.varCount }, (_, i) => i + 1)
    .filter((v) => model[v] === 1 && !cnf.vars.isAux(v))
    .map((v) => cnf.vars.name(v));
  return { solution, trueVars, trueNames };
}

// ---- puzzles --------------------------------------------------------------------

/** Soma's figure with Soma's pieces: no pieces of its own, nor a catalogue puzzle (which names its own pieces; polycube takes one), as on the command line. */
type SomaOptions = Omit<PolycubeOptions, 'pieces' | 'piecesFile' | 'flip' | 'puzzle'>;

/** The options every packing of a board by pieces reads, polyomino's and polyform's alike. */
const PACKING_FIELDS = { puzzle: true, board: true, pieces: true, piecesFile: true, flip: true, nonOverlap: true, amo: true, card: true } as const;
const POLYOMINO_FIELDS = { ...PACKING_FIELDS, preset: true } as const satisfies Record<keyof PolyominoOptions, true>;
const POLYFORM_FIELDS = { ...PACKING_FIELDS, grid: true, oneSided: true, use: true, symmetry: true } as const satisfies Record<
  keyof PolyformOptions,
  true
>;
const SOMA_FIELDS = { figure: true, symmetry: true, nonOverlap: true, amo: true, card: true } as const satisfies Record<keyof SomaOptions, true>;
const KNAPSACK_FIELDS = { items: true, randomItems: true, seed: true, capacity: true, minValue: true, pb: true } as const satisfies Record<
  keyof KnapsackOptions,
  true
>;
const DOBBLE_FIELDS = {
  cards: true,
  symbols: true,
  amo: true,
  card: true,
  pairs: true,
  symmetryBreaking: true,
  symmetry: true,
  variables: true,
} as const satisfies Record<keyof DobbleSatOptions, true>;

/** Dobble's fields as puzzles.dobble spells them, where the encoder names them as by name (--max-symbols, --symmetry-steps). */
const DOBBLE_NAMES = (field: string): string | undefined =>
  new Map([
    ['maxSymbols', 'symbols'],
    ['symmetrySteps', 'symmetry'],
  ]).get(field);

/**
 * A typed builder's options, checked as callOptions checks a call's (a typo,
 * `prest`, was ignored and the default built) and their values as the
 * puzzle's by name are; none at all (null too) is left to the builder, which
 * says what it needs.
 */
function typed<T extends object>(builder: string, options: T, fields: Record<keyof T, true>): T {
  if (options === undefined || options === null) return undefined as unknown as T;
  const checked = withoutBoms(callOptions(`puzzles.${builder}`, options, fields));
  checkTypedOptions(kebabField(builder), checked as Record<string, unknown>);
  return checked;
}

/**
 * Every puzzle, built from typed options. A board and piece set of your own:
 * `puzzles.polyomino({ board: '###/#.#/###', pieces: 'L3,Q=##/#.' })`.
 */
export const puzzles = {
  /** A pentomino board; the 6x10 rectangle unless a preset or board is given. */
  pentomino: (options: PolyominoOptions = {}): PackingInstance => pentomino(typed('pentomino', options, POLYOMINO_FIELDS)),
  polyomino: (options: PolyominoOptions): PackingInstance => polyomino(typed('polyomino', options, POLYOMINO_FIELDS)),
  soma: (options: SomaOptions = {}): PackingInstance => soma(typed('soma', options, SOMA_FIELDS)),
  polycube: (options: PolycubeOptions): PackingInstance =>
    polycube(typed('polycube', options, { puzzle: true, ...SOMA_FIELDS, pieces: true, piecesFile: true, flip: true })),
  /** Any board on any grid (squares, cubes, triangles, hexagons, the edges of three grids) packed with any pieces. */
  polyform: (options: PolyformOptions): PackingInstance => polyform(typed('polyform', options, POLYFORM_FIELDS) ?? {}),
  /** The 0-1 knapsack: items given or drawn, a capacity, weighted sums by the PB encoding. */
  knapsack: (options: KnapsackOptions): KnapsackInstance => knapsack(typed('knapsack', options, KNAPSACK_FIELDS) ?? {}),
  geniusSquare: (options: GeniusOptions = {}): GeniusInstance =>
    geniusSquare(typed('geniusSquare', options, { roll: true, random: true, seed: true, anyBlockers: true, amo: true, card: true })),
  /** Dobble decks of cards with order + 1 symbols, by SAT. */
  dobble: (order: number, options: DobbleSatOptions = {}): Instance<Deck> =>
    withFieldNames(DOBBLE_NAMES, () => dobbleInstance(order, typed('dobble', options, DOBBLE_FIELDS))),
  /** Any puzzle by its CLI name and options spelled as on the command line (`{ preset: '8x8-square' }`). */
  byName: (name: string, args: Record<string, unknown> = {}): Instance => buildInstance(name, knownOptions('puzzles.byName', name, args)),
  /** The CLI's entries: names, options, default encodings. */
  entries: PUZZLES,
};

// ---- for front ends: what the CLI (src/cli/) uses, so that it reaches the library through this file alone ----

export { PUZZLES, buildInstance, encodingChoice, puzzleByName } from '../encoders/index.js';
export { POLYOMINOES, PRESETS } from '../encoders/polyomino.js';
export {
  algebraicDeck,
  checkDeck,
  checkFlatDeck,
  deckMethod,
  deckProblem,
  DOBBLE_VARIABLES,
  nameDeck,
  deckLines,
  pairwiseBeatsLines,
  parseDeck,
  parseSymbols,
  planeSize,
  readDeck,
  searchMayNotEnd,
  symbolCount,
  symbolsLowerBound,
  symbolsNeeded,
  type DeckMethod,
  type DobbleVariables,
} from '../encoders/dobble.js';
export { AMO_ENCODINGS, CARD_ENCODINGS } from './card/index.js';
export { PB_ENCODINGS } from './pb/index.js';
export {
  DEFAULT_LIMITS,
  DeadlineReached,
  MAX_TIMEOUT_SECONDS,
  runIntegerRules,
  type WholeRule,
  MIN_MEMORY_BYTES,
  limitOption,
  limitsFromOptions,
  runDeadlineAt,
  secondsUntil,
  setRunDeadline,
  setSetUpRunner,
  setSizeLimits,
  sizeLimit,
  type SetUpRunner,
} from './core/limits.js';
export { type AdvisedCall, kebabField, readingResumed, setFieldNames } from './core/field-names.js';
export {
  fileIdentity,
  inputChunks,
  readAhead,
  readFileChunks,
  readFileInput,
  readFiles,
  readInput,
  readTextFile,
  readTextInput,
} from './core/input.js';
export { parseJson } from './core/json.js';
export { defaultSolverName } from '../solvers/index.js';
export { closeOutput, isSpecialFile, linkTarget, openOutput, removeReplaced, writeOrExplain, writeReplacing } from './core/output.js';
export { DIMACS_PACKINGS, decompressed, readDimacsFile, readPackedText, writeDimacsFile, writeDimacsStream } from './core/dimacs.js';
export { packingNamed } from './core/packing.js';
export type { PuzzleOption } from './core/puzzle.js';
export { orbit } from './enumerate/cube-tree.js';
export { processAlive } from './core/process.js';
export { SUM_DIGITS, chained, followingSum, readWholeLines } from './core/checksum.js';
export { summarizeSweep, type SweepRun, type SweepSummary } from './enumerate/sweep.js';
export { explainPuzzle, type PuzzleExplanation, type SideBySide } from './explain-puzzle.js';
export type { EncodingRow, Explanation } from './explain/explain.js';
export { addSymmetryBreaking, type SymmetryBreaking } from './symmetry/breaking.js';
export { checkDrat, checkProofBytes, checkProofChunks } from './proof/drat.js';
export { parseProof, parseProofChunks } from './proof/drat-format.js';
export { dobblePages, pageCount, renderDobblePages, type SheetOptions as DobbleSheetOptions } from './render/dobble.js';
export { isPrimePower } from './algebra/finite-field.js';
export type { Cell } from './geometry/cells.js';
export { GRIDS, type Grid, type GridName, cellNumbers } from './geometry/grids.js';
export { parallelogram } from './geometry/board-shapes.js';
export { checkedSolution, summaryPuzzle } from './core/puzzle.js';
export { dimacsChunks } from './core/dimacs.js';
// A host that holds its own solver engines (the playground's browser builds) runs the CLI's enumeration and solve loops with them.
export { localPlan } from './enumerate/settings.js';
export { enumeratePart } from './enumerate/part.js';
export { solveOnce } from './enumerate/solve-once.js';
// ... and loads those engines itself (the browser fetches the WebAssembly builds): the engines, their loaders and what each can do.
export { cadicalWasm, loadCadicalWasmFrom } from '../solvers/cadical-wasm.js';
export { minisatWasm, loadMinisatWasmFrom } from '../solvers/minisat-wasm.js';
export { createMinisatAsm } from '../solvers/minisat-asm.js';
export { dlx as dancingLinks } from '../solvers/dlx/index.js';
export { type Capabilities, EXACT_COVER_CAPABILITIES, solverCapabilities } from '../solvers/types.js';
export type { WasmModuleFactory } from '../solvers/wasm-support.js';
/**
 * The encoders behind `puzzles`, as they are: a front end whose options are
 * its own, not a caller's (the playground builds them from its form), takes
 * them without typed()'s checks of an options object. Library callers use `puzzles`.
 */
export { polyomino as polyominoInstance } from '../encoders/polyomino.js';
export { soma as somaInstance, FIGURES as SOMA_FIGURES } from '../encoders/polycube.js';
export { polyform as polyformInstance } from '../encoders/polyform.js';
export { geniusSquare as geniusSquareInstance, randomRoll as randomGeniusRoll } from '../encoders/genius-square.js';
export { dobbleInstance };
export { renderHistogramSvg } from './render/genius.js';
export { parseQueueUrl } from './distributed/address.js';
export { DEFAULT_LOCK_SECONDS } from './distributed/protocol.js';
export { toolVersion } from './core/version.js';

/** A queue worker (`puzzlesat worker`): bullmq and ioredis are loaded only here, where the queue is used. */
export async function startWorker(...args: Parameters<typeof import('./distributed/worker.js').startWorker>) {
  const worker = await loadOptional(() => import('./distributed/worker.js'), ['bullmq', 'ioredis'], 'puzzlesat worker');
  return worker.startWorker(...args);
}
export type { QueueProgress } from './distributed/coordinator.js';

/** The engine a --solver names, checked before it is handed on: a usage error for an unknown name, an error for one that cannot run here. */
export async function checkEngine(name: string): Promise<void> {
  checkName('checkEngine', 'name', name);
  await loadWasmSolvers();
  engineByName(name);
}

/** Every engine `--solver` takes, with whether it runs here and what it is the default for (`puzzlesat solvers`). */
export async function engines(): Promise<EngineRow[]> {
  await loadWasmSolvers();
  const uses = Object.keys(IN_PROCESS_DEFAULTS) as SolverUse[];
  return ENGINES.map((engine) => {
    const a = engine.available();
    return {
      name: engine.name,
      kind: engine.kind,
      available: a.ok,
      version: a.ok ? a.version : undefined,
      reason: a.ok ? undefined : a.reason,
      description: engine.description,
      enumeration: engine.enumeration,
      default: engine.name === defaultSolverName(),
      defaultFor: uses.filter((use) => defaultSolverName(use) === engine.name),
    };
  });
}

export interface EngineRow {
  name: string;
  kind: 'in-process' | 'external' | 'exact-cover';
  available: boolean;
  version?: string;
  reason?: string;
  description: string;
  enumeration?: string;
  default: boolean;
  defaultFor: string[];
}
