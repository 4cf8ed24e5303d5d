import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { solverByName } from '../solvers/index.js';
import type { Status } from '../solvers/types.js';
import type { CountPlan, EnumeratePlan, Plan, SolvePlan, SweepPlan, Verb } from './core/plan.js';
import { type Instance, checkedSolution, countedCover } from './core/puzzle.js';
import { fieldName } from './core/field-names.js';
import { MAX_TIMEOUT_SECONDS, deadlineAfter, kindOf } from './core/limits.js';
import { callOptions } from './core/call-options.js';
import type { QueueProgress } from './distributed/coordinator.js';
import { enumerateOnQueue, sweepExecutor } from './distributed/runs.js';
import { applyBranching, type CubeProgress, type EnumerateSummary, type Found } from './enumerate/blocking-loop.js';
import { CubeTree, orbit } from './enumerate/cube-tree.js';
import { enumerateParallel } from './enumerate/parallel.js';
import { enumeratePart, searchInstance } from './enumerate/part.js';
import { engineSolvers, rebuiltInstance } from './enumerate/by-name.js';
import { type SweepRun, runSweep, sampleRolls } from './enumerate/sweep.js';
import type { Certificate } from './proof/certify.js';
import { cubeCertifier } from './enumerate/certify-cubes.js';
import { SatSolver } from './session/solver.js';
import { resolvedInstance, retimed } from './plan.js';
import { type CountReport, type FinishedUnit, countPuzzle } from './count/count.js';
import type { Strategy as CountStrategy } from './count/engine.js';
import { countInThreads } from './count-threads.js';

/**
 * Carries out a resolved plan (src/plan.ts): the library's one entry for
 * every verb. Each verb is one runner in RUNNERS; a new verb is a plan kind
 * (src/core/plan.ts), its resolution (src/plan.ts) and its runner here.
 * Hooks are what a caller hears as the run goes (solutions, progress) and
 * how it stops it; they are not part of the plan, which stays plain data.
 */
export interface RunHooks {
  /** Each solution, decoded and checked by the puzzle's own checker. */
  onSolution?: (found: FoundSolution) => void;
  /** Polled: true stops the run (it then ends incomplete). */
  shouldStop?: () => boolean;
  /** When the plan's time limit began (Date.now() clock), if before the run: a library call's, at the call (timeLeft). */
  since?: number;
  /** enumerate --resume: the solutions and finished cubes of the file being continued. */
  known?: number[][];
  finishedCubes?: ReadonlySet<string>;
  onCubeDone?: (key: string) => void;
  /** Once, when a cube tree is walked: its depth (to count units for a bar) and the engine. */
  onCubeTree?: (cubeDepth: number, engine: string) => void;
  onProgress?: (p: CubeProgress) => void;
  onQueueProgress?: (p: QueueProgress) => void;
  /** solve: the engine's conflict count, now and then, while it searches. */
  onConflicts?: (conflicts: number) => void;
  /** solve: aborting it (Ctrl-C) stops the engine's search, and the answer is UNKNOWN. */
  signal?: AbortSignal;
  /** sweep: rolls done of all. */
  onSweepProgress?: (p: { done: number; total: number; resumed: number }) => void;
  /** count: the share of the count done (0..1), now and then. */
  onCountProgress?: (fraction: number) => void;
  /** count --resume: the parts of the count a file holds (CountFile), skipped and added, a few counted again. */
  countResume?: CountResume;
  /** count: each finished part of the count, to save for a resume. */
  onCountUnit?: (unit: FinishedUnit) => void;
}

export interface CountResume {
  /** Counts of finished units by term, then unit. */
  finished: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
  /** The strategy each exact-cover term ran with. */
  strategies: ReadonlyMap<string, CountStrategy>;
  /** Finished units to count again and compare, by term. */
  recheck: ReadonlyMap<string, ReadonlySet<string>>;
  /** The count of a file that recorded it finished: reported as it is, once its units are found to make it, nothing counted again. */
  total?: bigint;
  /** Called once the file's records are found to be this count's, before anything is counted. */
  onResumeChecked?: () => void;
}

export interface FoundSolution<S = unknown> extends Found {
  solution: S;
  /** Solutions delivered so far, this one included (a resume counts the file's too). */
  index: number;
}

export interface SolveOutcome {
  status: Status;
  /** The true projection variables (SAT). */
  trueVars: number[];
  /** Every variable as a signed literal (SAT, SAT engines); empty from dancing links. */
  model: number[];
  /** The decoded solution, checked (SAT). */
  solution?: unknown;
  solver: string;
  /** With --certify: the checked proof of an UNSAT answer. */
  certificate?: Certificate;
  /** The engine's own DRAT proof of an UNSAT answer (--proof). */
  proof?: Uint8Array;
}

/** What searched: dancing links, the solver by itself, the SAT solver inside each cube (chrono) or a solve per model (blocking-loop), or queue workers. */
export type EnumerationMode = 'exact-cover' | 'native' | 'chrono' | 'blocking-loop' | 'queue';

export interface EnumerationResult extends EnumerateSummary {
  solver: string;
  mode: EnumerationMode;
  /** With --certify: UNSAT answers verified, and by which prover. */
  certified?: { proofs: number; prover: string };
}

interface Results {
  solve: SolveOutcome;
  enumerate: EnumerationResult;
  sweep: SweepRun;
  count: CountReport;
}

type Runner<V extends Verb> = (plan: Extract<Plan, { verb: V }>, hooks: RunHooks) => Promise<Results[V]>;

const RUNNERS: { [V in Verb]: Runner<V> } = { solve: runSolve, enumerate: runEnumeration, sweep: runSweepPlan, count: runCount };

/** Runs the plan to its end, a stop or its deadline. */
export function runPlan<P extends Plan>(plan: P, given: RunHooks = {}): Promise<Results[P['verb']]> {
  try {
    checkPlan(plan);
    const hooks = callOptions('runPlan', given, RUN_HOOK_FIELDS);
    return (RUNNERS[plan.verb] as Runner<P['verb']>)(timeLeft(plan, hooks.since) as never, hooks);
  } catch (e) {
    return Promise.reject(e as Error);
  }
}

/** A library caller's plan is resolvePlan's: null or {} crashed from inside ("RUNNERS[plan.verb] is not a function"). */
function checkPlan(plan: unknown): void {
  const verb = typeof plan === 'object' && plan !== null ? (plan as { verb?: unknown }).verb : undefined;
  if (typeof verb !== 'string' || !Object.hasOwn(RUNNERS, verb))
    throw new TypeError(
      `runPlan: expected a plan from resolvePlan, got ${typeof plan === 'object' && plan !== null ? 'an object without a verb' : kindOf(plan)}`,
    );
}

/** Every hook, so that one added to RunHooks must be added here (callOptions refuses the others: a misspelt onSolutoin was never called). */
const RUN_HOOK_FIELDS = {
  onSolution: true,
  shouldStop: true,
  since: true,
  known: true,
  finishedCubes: true,
  onCubeDone: true,
  onCubeTree: true,
  onProgress: true,
  onQueueProgress: true,
  onConflicts: true,
  signal: true,
  onSweepProgress: true,
  onCountProgress: true,
  countResume: true,
  onCountUnit: true,
} as const satisfies Record<keyof RunHooks, true>;

/**
 * The plan with what is left of its time limit when the limit began before
 * the run (`since`): a library call's `timeout` counts from the call, as the
 * CLI's --timeout counts from the process's start (setRunDeadline), so that
 * the set-up (resolving the plan, projecting a formula) spends it too. A
 * limit spent is the least positive one, which every verb reads as none
 * left: the run stops at once (0 would be refused as no limit at all).
 */
function timeLeft<P extends Plan>(plan: P, since: number | undefined): P {
  if (since === undefined || plan.timeoutSeconds === undefined) return plan;
  return retimed(plan, Math.max(plan.timeoutSeconds - (Date.now() - since) / 1000, Number.MIN_VALUE));
}

/** The plan's instance: the one it was resolved on, else rebuilt from its puzzle and args. */
export const planInstance = (plan: SolvePlan | EnumeratePlan | CountPlan): Instance => resolvedInstance(plan) ?? rebuiltInstance(plan);

/**
 * The stop that polls the caller's hook and the plan's deadline (--timeout is
 * one limit for the whole run): what runPlan polls, and what a caller's own
 * work before it polls too (count --output hashing the problem).
 */
export function runStop(plan: { timeoutSeconds?: number }, hooks: Pick<RunHooks, 'shouldStop'>): () => boolean {
  const deadline = deadlineAfter(plan.timeoutSeconds);
  return () => hooks.shouldStop?.() === true || Date.now() >= deadline;
}

/** The longest time limit (24.8 days): no limit in practice, but the engine then searches in slices between which the conflicts are read. */
const UNREACHED_SECONDS = MAX_TIMEOUT_SECONDS;
const HEARTBEAT_MS = 250;

/** One solve by the solver object (src/session/solver.ts): the model checked, the solution decoded and checked, the UNSAT backed by a proof when asked. */
async function runSolve(plan: SolvePlan, hooks: RunHooks): Promise<SolveOutcome> {
  const instance = planInstance(plan);
  if (plan.strategy === 'exact-cover') return solveByExactCover(plan, instance, hooks);
  const prover = plan.prover;
  const s = new SatSolver(instance.cnf, solverByName(plan.engine).create(), {
    proof: plan.ownProof,
    instance,
    ...(prover ? { prover: () => solverByName(prover) } : {}),
  });
  const heartbeat = hooks.onConflicts && setInterval(() => hooks.onConflicts!(s.stats().conflicts ?? 0), HEARTBEAT_MS);
  try {
    applyBranching(instance, s.engine, plan.branching);
    const status = await s.solve({ timeout: plan.timeoutSeconds ?? (heartbeat ? UNREACHED_SECONDS : undefined), signal: hooks.signal });
    if (status !== 'SAT') return { status, trueVars: [], model: [], solver: s.name, ...(status === 'UNSAT' ? await unsatProofs(s, plan) : {}) };
    const model = s.model!.literals;
    const trueVars = instance.cnf.projection.filter((v) => model[v - 1]! > 0).sort((a, b) => a - b);
    return { status, trueVars, model, solution: s.solution, solver: s.name };
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    s.close();
  }
}

/** The engine's own proof (kept for --proof) and, certifying, the checked certificate (its proof, or the prover's). */
async function unsatProofs(s: SatSolver, plan: SolvePlan): Promise<{ proof?: Uint8Array; certificate?: Certificate }> {
  const proof = plan.ownProof ? s.proof().bytes : undefined;
  const certificate = plan.certify ? await s.certify(fieldName('certify')) : undefined;
  return { ...(proof ? { proof } : {}), ...(certificate ? { certificate } : {}) };
}

/** One solution by dancing links: SAT with it, or UNSAT when the search ends without one. */
async function solveByExactCover(plan: SolvePlan, instance: Instance, hooks: RunHooks): Promise<SolveOutcome> {
  const problem = countedCover(instance)!;
  let rows: number[] | undefined;
  const result = solveExactCover(problem, { limit: 1, shouldStop: runStop(plan, hooks), onSolution: (found) => void (rows = found) });
  const status: Status = rows ? 'SAT' : result.complete ? 'UNSAT' : 'UNKNOWN';
  const trueVars = (rows ?? [])
    .map((r) => problem.rowVars[r]!)
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  const solution = rows ? checkedSolution(instance, trueVars, 'the solution') : undefined;
  return { status, trueVars, model: [], solution, solver: plan.engine };
}

async function runEnumeration(plan: EnumeratePlan, hooks: RunHooks): Promise<EnumerationResult> {
  const instance = planInstance(plan);
  const known = hooks.known ?? [];
  let index = known.length;
  const onFound = (found: Found) => {
    const solution = checkedSolution(instance, found.trueVars, `solution ${index + 1}`);
    index++;
    hooks.onSolution?.({ ...found, solution, index });
  };
  const shouldStop = runStop(plan, hooks);
  const mode: EnumerationMode = plan.queue
    ? 'queue'
    : plan.strategy === 'cubes'
      ? plan.enumMode === 'chrono'
        ? 'chrono'
        : 'blocking-loop'
      : plan.strategy;
  const ran = { solver: plan.engine, mode };
  if (plan.queue) {
    const summary = await enumerateOnQueue(plan, instance, { onFound, shouldStop, known, onProgress: hooks.onQueueProgress });
    return { ...summary, ...ran };
  }
  if (plan.workers > 1) {
    const knownRaw = known.reduce((n, k) => n + (plan.unique ? orbit(instance.symmetries, k).length : 1), 0);
    const finishedCubes = [...(hooks.finishedCubes ?? [])];
    const running = enumerateParallel(plan, {
      known,
      finishedCubes,
      knownRaw,
      onFound,
      shouldStop,
      onProgress: hooks.onProgress,
      onCubeDone: hooks.onCubeDone,
    });
    // While the workers start up, this thread is free to count the units.
    hooks.onCubeTree?.(plan.cubeDepth, plan.engine);
    return { ...(await running), ...ran };
  }
  if (plan.strategy === 'cubes') hooks.onCubeTree?.(plan.cubeDepth, plan.engine);
  const certifier = plan.prover === undefined ? undefined : cubeCertifier(searchedInstance(plan).cnf, plan.prover);
  const summary = await enumeratePart(plan, instance, undefined, {
    onFound,
    shouldStop,
    known,
    finishedCubes: hooks.finishedCubes,
    onCubeDone: hooks.onCubeDone,
    onProgress: hooks.onProgress && ((p) => hooks.onProgress!({ cubes: p.cubes, units: p.unit })),
    onCubeExhausted: certifier?.check,
    createSolver: engineSolvers(plan),
  });
  return { ...summary, ...ran, ...(certifier ? { certified: { proofs: certifier.verified(), prover: certifier.prover } } : {}) };
}

/** Knuth's estimate of the work in each unit of the plan's cube tree, in walk order, for a progress bar (CubeTree.unitSizes). */
export function cubeTreeUnitSizes(plan: EnumeratePlan): Float64Array {
  return new CubeTree(searchedInstance(plan), plan.unique && plan.symmetryBreaking === 'orbits').unitSizes(plan.cubeDepth);
}

/** The instance the enumeration searches: with the symmetry-breaking family when classes are counted by its clauses (searchInstance). */
export function searchedInstance(plan: EnumeratePlan): Instance {
  return searchInstance(planInstance(plan), plan);
}

function runSweepPlan(plan: SweepPlan, hooks: RunHooks): Promise<SweepRun> {
  return runSweep({
    count: plan.count,
    rolls: plan.sample && sampleRolls(plan.sample.rolls, plan.sample.seed),
    sample: plan.sample,
    workers: plan.workers,
    executor: plan.queue && sweepExecutor(plan.queue.url),
    out: plan.out?.path,
    resume: plan.out?.resume === true,
    shouldStop: runStop(plan, hooks),
    onProgress: hooks.onSweepProgress,
  });
}

/** The count of solutions (or classes) without visiting them (src/count/): stops at the deadline, the caller's stop or the memory bound, incomplete. */
function runCount(plan: CountPlan, hooks: RunHooks): Promise<CountReport> {
  return countPuzzle(planInstance(plan), {
    unique: plan.unique,
    uniqueBy: plan.uniqueBy,
    method: plan.method,
    strategy: plan.strategy,
    maxBytes: plan.maxBytes,
    shouldStop: runStop(plan, hooks),
    onTick: hooks.onCountProgress,
    ...hooks.countResume,
    onUnit: hooks.onCountUnit,
    ...(plan.workers > 1 ? { countTerms: countInThreads(plan, plan.workers) } : {}),
  });
}
