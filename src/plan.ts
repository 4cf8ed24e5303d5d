import { availableParallelism } from 'node:os';
import { buildInstance, encodingChoice, isCnfPath, puzzleByName } from '../encoders/index.js';
import { defaultSolverName, engineByName, engineCapabilities, loadWasmSolvers, type SolverUse } from '../solvers/index.js';
import type { Capabilities, Engine } from '../solvers/types.js';
import { refuseWeightedCount } from './core/dimacs.js';
import { UsageError, UserError, didYouMean } from './core/errors.js';
import { callName, fieldName } from './core/field-names.js';
import { callOptions, givenFields } from './core/call-options.js';
import { checkRunNumbers, deadlinePoll, inSetUp, kindOf } from './core/limits.js';
import {
  COUNT_METHODS,
  type CountMethod,
  COUNT_STRATEGIES,
  COUNT_UNIQUE_BY,
  type CountPlan,
  type EnumeratePlan,
  type Plan,
  type PuzzleArgs,
  type SolvePlan,
  type SweepPlan,
  type Verb,
  VERBS,
} from './core/plan.js';
import { type Instance, checkSource, countedCover, encodingKinds, notExactCoverWhy, twinsWhy } from './core/puzzle.js';
import {
  nativeGroupsPossible,
  parseBranching,
  parseEnumMode,
  parsePropagation,
  resolveBranching,
  resolveEnumMode,
} from './enumerate/blocking-loop.js';
import { notExactCover } from './enumerate/dlx.js';
import { poolAvailable } from './enumerate/pool.js';
import { refuseForExactCover, searchSettings } from './enumerate/settings.js';
import { pickProver, proofSolverNames } from './proof/provers.js';
import { type PlanPoll, parseSymmetryBreaking } from './symmetry/breaking.js';
import { methodFor, requestProblem } from './count/count.js';
import { DEFAULT_MAX_BYTES, setUpPoll } from './count/engine.js';

/**
 * The one place that turns what was asked into a Plan: every default is
 * applied here (encodings per puzzle and verb, engine, enumeration mode,
 * propagation, branching, cube depth, symmetry breaking, workers), every
 * combination checked here — a refused one is one line naming both options —
 * and the engine's capabilities probed here, once. What it returns is plain
 * data (src/core/plan.ts) that src/run.ts carries out, in this thread, on
 * worker threads or as queue jobs.
 */
export interface PlanRequest {
  verb: Verb;
  /** The puzzle's options as the CLI spells them (`preset`, `board`, `amo`, `card`, `non-overlap`, ...). */
  args?: Record<string, unknown>;
  /** An engine name (`puzzlesat solvers`); default the best in-process one for the verb. */
  solver?: string;
  /** Seconds for the whole run. */
  timeout?: number;
  /** solve: keep the engine's DRAT proof (--proof FILE). */
  proof?: boolean;
  /** solve, enumerate: check every UNSAT answer with a DRAT proof. */
  certify?: boolean;
  branching?: string;
  /** enumerate: one solution per symmetry class; how (--unique-by). */
  unique?: boolean;
  uniqueBy?: string;
  limit?: number;
  /** Let an engine that enumerates by itself do so (default true). */
  native?: boolean;
  workers?: number;
  cubeDepth?: number;
  enumMode?: string;
  propagation?: string;
  queue?: string;
  jobs?: number;
  /** The run continues a file of solutions (they are blocked, so the engine's own enumeration cannot serve). */
  resuming?: boolean;
  /** sweep: count each roll's solutions; visit a seeded sample; stream to a file. */
  count?: boolean;
  sample?: number;
  seed?: number;
  out?: string;
  resume?: boolean;
  /** count: 'exact-cover' or 'cnf' (default exact cover where the puzzle is posed so); the exact-cover branching; bytes for the counter and its cache. */
  method?: string;
  strategy?: string;
  maxBytes?: number;
}

/** Every field of a request, so that one added to PlanRequest must be added here (callOptions refuses the others). */
const PLAN_FIELDS = {
  verb: true,
  args: true,
  solver: true,
  timeout: true,
  proof: true,
  certify: true,
  branching: true,
  unique: true,
  uniqueBy: true,
  limit: true,
  native: true,
  workers: true,
  cubeDepth: true,
  enumMode: true,
  propagation: true,
  queue: true,
  jobs: true,
  resuming: true,
  count: true,
  sample: true,
  seed: true,
  out: true,
  resume: true,
  method: true,
  strategy: true,
  maxBytes: true,
} as const satisfies Record<keyof PlanRequest, true>;

/** The request's fields that are text: a number or an object was read as its String() ("[object Object]"), or crashed a parser. */
const TEXT_FIELDS = ['solver', 'branching', 'uniqueBy', 'enumMode', 'propagation', 'queue', 'out', 'method', 'strategy'] as const;

/**
 * The request's text fields and the puzzle's options, of their kinds: args of
 * 'x' were spread into an option "0", and a null option reached the build.
 */
function checkRequestKinds(request: PlanRequest): void {
  for (const field of TEXT_FIELDS)
    if (request[field] !== undefined && typeof request[field] !== 'string')
      throw new TypeError(`${option(field)}: expected text, got ${kindOf(request[field])}`);
  const args: unknown = request.args;
  if (args === undefined) return;
  if (typeof args !== 'object' || Array.isArray(args))
    throw new TypeError(`${option('args')}: expected an object of the puzzle's options, got ${Array.isArray(args) ? 'an array' : kindOf(args)}`);
  givenFields(option('args'), args as object);
}

/** A message's name for a field of the request: the library's (`uniqueBy`), or the front end's (the CLI's --unique-by; fieldName). */
const option = (field: keyof PlanRequest): string => fieldName(field);

/** The instance each plan was resolved on, so that the run does not build it again (a plan that travelled is rebuilt from its args). */
const resolvedOn = new WeakMap<Plan, Instance>();

/** The instance resolvePlan built for this plan, if it was resolved in this thread. */
export const resolvedInstance = (plan: Plan): Instance | undefined => resolvedOn.get(plan);

/** The plan with another time limit, on the instance it was resolved on. */
export function retimed<P extends Plan>(plan: P, timeoutSeconds: number): P {
  const copy = { ...plan, timeoutSeconds };
  const instance = resolvedOn.get(plan);
  if (instance) resolvedOn.set(copy, instance);
  return copy;
}

/**
 * Resolves a request on a puzzle (its name, or a DIMACS file for solve) or
 * on an instance built by the caller (which workers cannot rebuild, so its
 * runs stay in this thread). `stop`, polled as an enumeration of classes
 * works out its symmetry-breaking plan and formula (seconds of a large
 * board, before any run), ends the resolution when it says true: the promise
 * then rejects with Stopped (unlessStopped). Without it the run's deadline
 * (setRunDeadline) is polled there, as a formula's build meets it.
 */
export async function resolvePlan(puzzle: string | Instance, given: PlanRequest, stop?: () => boolean): Promise<Plan> {
  // Checked as every library call's options are: null is none (the verb is then missing), a misspelt field is refused.
  const request = callOptions('resolvePlan', given, PLAN_FIELDS);
  if (stop !== undefined && typeof stop !== 'function') throw new TypeError(`resolvePlan: stop: expected a function, got ${kindOf(stop)}`);
  checkVerb(request.verb);
  checkSource(request.verb, puzzle, true);
  checkRequestKinds(request);
  checkRunNumbers({
    timeout: request.timeout,
    limit: request.limit,
    maxMemory: request.maxBytes,
    workers: request.workers,
    jobs: request.jobs,
    cubeDepth: request.cubeDepth,
    sample: request.sample,
    seed: request.seed,
    cores: availableParallelism(),
  });
  if (request.verb === 'sweep') return resolveSweep(puzzle, request);
  // Building the formula is the long synchronous stretch of a resolution, run as the front end set (Ctrl-C stops the CLI's).
  if (request.verb === 'count') return inSetUp(() => resolveCount(puzzle, request));
  await loadWasmSolvers();
  const plan = await inSetUp(() => (request.verb === 'solve' ? resolveSolve(puzzle, request) : resolveEnumerate(puzzle, request, setUpPollOf(stop))));
  const { instance, ...data } = plan;
  resolvedOn.set(data as Plan, instance);
  return data as Plan;
}

/** The poll of a set-up told `stop`: the run's deadline as without it, and the caller's stop (Stopped); undefined without one (the set-up's default). */
function setUpPollOf(stop: (() => boolean) | undefined): PlanPoll | undefined {
  if (stop === undefined) return undefined;
  const deadline = deadlinePoll();
  const asked = setUpPoll(stop);
  return (steps) => {
    deadline(steps);
    asked(steps);
  };
}

type WithInstance<P> = P & { instance: Instance };

/** The puzzle's options with the encodings chosen: the puzzle's defaults, the given ones, or `amo` where the run needs another. */
function encodedArgs(puzzle: string, args: Record<string, unknown>, amo?: string): PuzzleArgs {
  const given: PuzzleArgs = {};
  for (const [name, value] of Object.entries(args)) if (value !== undefined) given[name] = value as string | number | boolean;
  if (isCnfPath(puzzle) || puzzle === '-') return given;
  const entry = puzzleByName(puzzle);
  const chosen = encodingChoice(entry, { ...given, amo: given.amo ?? (encodingKinds(entry).includes('amo') ? amo : undefined) });
  // Only the encodings the puzzle reads travel in its args (a rebuild refuses the others).
  return { ...given, ...Object.fromEntries(encodingKinds(entry).map((kind) => [kind, chosen[kind]!])) };
}

/**
 * Builds the plan's instance. What the build read travels with the plan by
 * value: a seed the encoder drew (a random roll), so that every worker rolls
 * the same board, and a board, figure or pieces file as the art its header
 * records, so that no worker thread or queue job opens a file again (an
 * output of this run may have replaced it, and a job must not name files).
 */
function built(puzzle: string | Instance, args: PuzzleArgs): { instance: Instance; args: PuzzleArgs; name: string; rebuildable: boolean } {
  if (typeof puzzle !== 'string') return { instance: puzzle, args, name: puzzle.puzzle, rebuildable: false };
  const instance = buildInstance(puzzle, args);
  const { seed, board, figure, pieces } = instance.params;
  const byValue: PuzzleArgs = { ...args };
  if (seed !== undefined && args.seed === undefined) byValue.seed = seed as number;
  if (typeof args.board === 'string' && typeof board === 'string') byValue.board = board;
  if (typeof args.figure === 'string' && typeof figure === 'string') byValue.figure = figure;
  if (args['pieces-file'] !== undefined && typeof pieces === 'string') {
    delete byValue['pieces-file'];
    byValue.pieces = pieces;
  }
  return { instance, args: byValue, name: puzzle, rebuildable: puzzle !== '-' };
}

/** The engine that solves, with what it can do, once the options `given` to solve are checked against it (a usage error when they do not go). */
function solveEngine(solver: string, given: { proof: boolean; certify: boolean; branching: boolean }): { engine: Engine; caps: Capabilities } {
  const engine = engineByName(solver);
  const caps = engineCapabilities(engine);
  if (caps.exactCover) {
    const field = (['proof', 'certify', 'branching'] as const).find((f) => given[f]);
    if (field !== undefined)
      throw new UsageError(
        `${option(field)} does not go with ${option('solver')} ${engine.name}: dancing links gives no proofs and takes no branching rule`,
      );
  }
  if (given.proof && !caps.proofs)
    throw new UsageError(
      `${option('proof')}: ${engine.name} does not write DRAT proofs; solvers that do: ${proofSolverNames().join(', ') || 'none can run here'}`,
    );
  return { engine, caps };
}

function resolveSolve(puzzle: string | Instance, r: PlanRequest): WithInstance<SolvePlan> {
  const asked = parseBranching(r.branching);
  const proof = r.proof === true;
  const certify = r.certify === true;
  const given = { proof, certify, branching: asked !== undefined };
  // A solver named is checked with the options before the build, which a --timeout or Ctrl-C can cut short:
  // an unknown name or a --proof it cannot write was then answered UNKNOWN, exit 0, instead of a usage error.
  const named = r.solver === undefined ? undefined : solveEngine(r.solver, given);
  const { instance, args, name, rebuildable } = built(puzzle, typeof puzzle === 'string' ? encodedArgs(puzzle, r.args ?? {}) : {});
  // A proof needs an engine that writes one; otherwise exact-cover puzzles get the branching solver.
  const use: SolverUse = instance.branchingFamily && !proof ? 'solve-exact-cover' : 'solve';
  const { engine, caps } = named ?? solveEngine(defaultSolverName(use), given);
  if (caps.exactCover && !countedCover(instance)) throw notExactCover(engine.name, instance, name, option('solver'));
  const ownProof = (proof || certify) && caps.proofs;
  return {
    verb: 'solve',
    puzzle: name,
    args,
    rebuildable,
    engine: engine.name,
    timeoutSeconds: r.timeout,
    strategy: caps.exactCover ? 'exact-cover' : 'cubes',
    branching: caps.exactCover ? 'vsids' : resolveBranching(instance, caps, engine.name, asked),
    ownProof,
    certify,
    ...(certify && !ownProof ? { prover: pickProver(option('certify')).name } : {}),
    instance,
  };
}

function resolveEnumerate(puzzle: string | Instance, r: PlanRequest, poll: PlanPoll | undefined): WithInstance<EnumeratePlan> {
  const askedMode = parseEnumMode(r.enumMode);
  const unique = r.unique === true;
  if (r.uniqueBy !== undefined && !unique) throw uniqueByAlone();
  refuseUniqueOnFormula(puzzle, unique);
  const engine = engineByName(r.solver ?? defaultSolverName('enumerate'));
  const caps = engineCapabilities(engine);
  const certify = r.certify === true;
  const queue = r.queue === undefined ? undefined : { url: r.queue, ...(r.jobs === undefined ? {} : { jobs: r.jobs }) };
  if (caps.exactCover) refuseForExactCover(engine.name, r);
  if (queue) refuseForQueue(puzzle, r, certify);
  const enumMode = resolveEnumMode(caps, engine.name, askedMode, certify);
  // Natively propagated groups need their clauses free of auxiliary variables: the puzzle names the encoding for that.
  const nativeAmo =
    typeof puzzle === 'string' && !isCnfPath(puzzle) && nativeGroupsPossible(caps, enumMode, parsePropagation(r.propagation))
      ? puzzleByName(puzzle).defaults.nativeEnumerationAmo
      : undefined;
  const { instance, args, name, rebuildable } = built(puzzle, typeof puzzle === 'string' ? encodedArgs(puzzle, r.args ?? {}, nativeAmo) : {});
  refuseUniqueWithoutSymmetries(instance, name, unique);
  if (caps.exactCover && !countedCover(instance)) throw notExactCover(engine.name, instance, name, option('solver'));
  const settings = searchSettings(
    instance,
    engine.name,
    caps,
    {
      unique,
      symmetryBreaking: parseSymmetryBreaking(r.uniqueBy, option('uniqueBy')),
      nativeAllowed: !queue && r.native !== false && !certify && r.resuming !== true,
      enumMode,
      certify,
      propagation: r.propagation,
      branching: r.branching,
      cubeDepth: r.cubeDepth,
    },
    poll,
  );
  const threads = settings.strategy === 'cubes' && !certify && rebuildable && !queue && poolAvailable();
  return {
    verb: 'enumerate',
    puzzle: name,
    args,
    rebuildable,
    engine: engine.name,
    timeoutSeconds: r.timeout,
    unique,
    limit: r.limit,
    enumMode,
    ...settings,
    workers: threads ? (r.workers ?? availableParallelism()) : 1,
    ...(queue ? { queue } : {}),
    ...(certify ? { prover: pickProver(option('certify')).name } : {}),
    instance,
  };
}

/** What a queue cannot carry: the workers rebuild the instance by name and run to the end, far from this process. */
function refuseForQueue(puzzle: string | Instance, r: PlanRequest, certify: boolean): void {
  if (typeof puzzle !== 'string' || isCnfPath(puzzle))
    throw new UsageError(`${option('queue')}: workers rebuild the instance from a puzzle name and its options; a DIMACS file is not sent`);
  if (r.limit !== undefined) throw new UsageError(`${option('queue')} runs to the end: drop ${option('limit')}`);
  if (certify) throw new UsageError(`${option('certify')} checks proofs in this process: it does not go with ${option('queue')}`);
  if (r.workers !== undefined)
    throw new UsageError(
      `${option('workers')} does not go with ${option('queue')}: each queue worker takes its own jobs (${callName({ worker: 'concurrency' })})`,
    );
}

function resolveSweep(puzzle: string | Instance, r: PlanRequest): SweepPlan {
  if (puzzle !== 'genius-square')
    throw new UsageError(`sweep: only genius-square has rolls to sweep, got "${typeof puzzle === 'string' ? puzzle : puzzle.puzzle}"`);
  // The command line's --output is the request's out.
  if (r.resume && r.out === undefined) throw new UsageError(`${option('resume')} needs ${fieldName('output', 'out')} FILE.tsv to resume from`);
  if (r.seed !== undefined && r.sample === undefined) throw new UsageError(`${option('seed')} applies to ${option('sample')}`);
  return {
    verb: 'sweep',
    puzzle,
    count: r.count === true,
    ...(r.sample === undefined ? {} : { sample: { rolls: r.sample, seed: r.seed ?? 1 } }),
    ...(r.workers === undefined ? {} : { workers: r.workers }),
    ...(r.queue === undefined ? {} : { queue: { url: r.queue } }),
    ...(r.out === undefined ? {} : { out: { path: r.out, resume: r.resume === true } }),
    ...(r.timeout === undefined ? {} : { timeoutSeconds: r.timeout }),
  };
}

/**
 * A count's threads: one unless asked. Threads rebuild the instance by
 * name, and only the exact-cover counter splits into shares; from the
 * TypeScript sources (no compiled worker script) the count runs in this thread.
 */
function countWorkers(workers: number | undefined, method: CountMethod, rebuildable: boolean): number {
  if (workers === undefined || workers === 1) return 1;
  if (method === 'cnf') throw new UsageError(`${option('workers')}: the cnf counter runs in one thread; threads count exact-cover terms`);
  if (!rebuildable)
    throw new UserError(`${option('workers')}: threads rebuild the instance from a puzzle name and its options; this one was built by the caller`);
  return poolAvailable() ? workers : 1;
}

/**
 * Classes need the puzzle's symmetries; a DIMACS formula brings none
 * (regressions: enumerate called its models classes, encode and explain
 * added no symmetry-breaking family and said nothing).
 */
export function refuseUniqueOnFormula(puzzle: string | Instance, unique: boolean): void {
  if (unique && typeof puzzle === 'string' && (isCnfPath(puzzle) || puzzle === '-'))
    throw new UsageError(`${option('unique')}: a DIMACS formula has no symmetries to break or count classes under`);
}

/**
 * Classes need a symmetry group too; a puzzle that declares none (dobble, whose own clauses
 * break its symmetry, and only for the full deck down to one deck per class; knapsack) would
 * call every solution a class (regression: count dobble --order 2 --cards 3 --unique said 39
 * classes of decks that fall into 2). Exported for encode and explain, which build their
 * instance without a plan (regression: they took --unique and added no family, in silence).
 */
export function refuseUniqueWithoutSymmetries(instance: Instance, name: string, unique: boolean): void {
  if (unique && instance.symmetries.length === 0)
    throw new UsageError(`${option('unique')}: ${name} declares no symmetries to count classes under; count its solutions instead`);
}

/** uniqueBy without unique: a way of counting classes, when no classes are asked for. */
const uniqueByAlone = () => new UsageError(`${option('uniqueBy')} applies to ${option('unique')} (it says how classes are counted)`);

/** A library caller's verb may be any value: one no runner has was planned as an enumeration. */
function checkVerb(verb: unknown): void {
  if (typeof verb === 'string') choice(verb, VERBS, option('verb'));
  else throw new UsageError(`${option('verb')}: expected one of ${VERBS.join(', ')}, got ${kindOf(verb)}`);
}

/** One of the choices, or a usage error naming the option and the choices. */
function choice<T extends string>(value: string | undefined, choices: readonly T[], option: string): T | undefined {
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  throw new UsageError(`${option}: expected one of ${choices.join(', ')}, got "${value}"${didYouMean(value, choices)}`);
}

/** How a formula (a DIMACS file's, a library Formula) is counted, whatever an option asks: the puzzles' pieces and placements do not apply to it. */
const formulaByCnf = (instance: Instance): string =>
  `${typeof instance.params.file === 'string' ? 'a DIMACS formula' : 'a formula'} is counted by the cnf method (its clauses are all it has)`;

/**
 * Why a count runs on the cnf method, naming what chose it: --method cnf,
 * --unique-by clauses, or else the puzzle, which has no exact-cover form
 * (regression: the message named --method cnf when no option had asked for it).
 */
function cnfBecause(instance: Instance, asked: { unique: boolean; uniqueBy?: string }, formula: boolean): string {
  if (formula) return formulaByCnf(instance);
  if (asked.unique && asked.uniqueBy === 'clauses')
    return `it does not go with ${option('uniqueBy')} clauses (models of a formula, counted by the cnf method)`;
  // Classes of copies the counter has a cover for go to the formula only where the group swaps mirror twins (copyClasses).
  if (asked.unique && countedCover(instance)) return `${twinsWhy(instance.puzzle)}, so the cnf method counts its classes`;
  return `${instance.puzzle} ${notExactCoverWhy()}, so the cnf method counts it`;
}

/** --strategy, the exact-cover counter's branching, refused for a count by the cnf method, saying why that method counts. */
function refuseStrategy(strategy: string | undefined, why: string): void {
  if (strategy !== undefined) throw new UsageError(`${option('strategy')} is the exact-cover counter's branching: ${why}`);
}

function resolveCount(puzzle: string | Instance, r: PlanRequest): CountPlan {
  const unique = r.unique === true;
  const uniqueBy = choice(r.uniqueBy, COUNT_UNIQUE_BY, option('uniqueBy'));
  if (uniqueBy !== undefined && !unique) throw uniqueByAlone();
  if (r.solver !== undefined)
    throw new UsageError(`count: ${option('solver')} does not apply: the counters are our own (${option('method')} exact-cover or cnf)`);
  const asked = { unique, uniqueBy, method: choice(r.method, COUNT_METHODS, option('method')) };
  const strategy = choice(r.strategy, COUNT_STRATEGIES, option('strategy')) ?? 'auto';
  refuseUniqueOnFormula(puzzle, unique);
  // What does not go with --method cnf is known from the options: refused before the build, which a --timeout or
  // Ctrl-C can cut short (these usage errors were then answered UNKNOWN, exit 0).
  if (asked.method === 'cnf') {
    refuseStrategy(r.strategy, `it does not go with ${option('method')} cnf`);
    countWorkers(r.workers, 'cnf', true);
  }
  const { instance, args, name, rebuildable } = built(puzzle, typeof puzzle === 'string' ? encodedArgs(puzzle, r.args ?? {}) : {});
  refuseUniqueWithoutSymmetries(instance, name, unique);
  refuseWeightedCount(instance.cnf);
  const formula = instance.formula === true;
  if (asked.method === 'exact-cover' && formula) throw new UsageError(`${option('method')} exact-cover: ${formulaByCnf(instance)}`);
  // Each problem is a method the options ask for that the puzzle or the other options rule out.
  const problem = requestProblem(instance, asked);
  // Without --method the problem is a way of counting classes (--unique-by) that the puzzle's form rules out.
  if (problem) throw new UsageError(`${asked.method === undefined ? option('uniqueBy') : option('method')}: ${problem}`);
  const method = methodFor(instance, asked);
  if (method === 'cnf') refuseStrategy(r.strategy, cnfBecause(instance, asked, formula));
  const plan: CountPlan = {
    verb: 'count',
    puzzle: name,
    args,
    rebuildable,
    timeoutSeconds: r.timeout,
    unique,
    ...(unique ? { uniqueBy: uniqueBy ?? (method === 'cnf' ? 'clauses' : 'burnside') } : {}),
    method,
    strategy,
    maxBytes: r.maxBytes ?? DEFAULT_MAX_BYTES,
    workers: countWorkers(r.workers, method, rebuildable),
  };
  resolvedOn.set(plan, instance);
  return plan;
}
