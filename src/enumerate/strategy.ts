import { buildInstance } from '../../encoders/index.js';
import { solverByName } from '../../solvers/index.js';
import { type Capabilities, type Solver, nativeEnumerator } from '../../solvers/types.js';
import type { EnumeratePlan, Part, Propagation, Strategy } from '../core/plan.js';
import type { Instance } from '../core/puzzle.js';
import { classSearchInstance } from '../symmetry/breaking.js';
import { type EnumerateOptions, type EnumerateSummary, type Found, defaultCubeDepth, enumerate } from './blocking-loop.js';
import { enumerateExactCover, EXACT_COVER_DEPTH } from './dlx.js';
import { cubeDepthFor, enumerateNative, nativeCubeDepth } from './native.js';

/**
 * One part of an enumeration plan, run in this thread. Every route runs its
 * share of the work through here — this thread, a worker thread, a queue job,
 * the playground — with the same plan, so a setting reaches every engine the
 * same way. The plan's strategy (decided once, by src/plan.ts) picks the search:
 * - 'exact-cover': dancing links on the exact-cover form;
 * - 'native': the solver's own enumeration (clasp, picosat), a run per cube;
 * - 'cubes': the cube tree, the SAT engine finishing each cube (blocking-clause loop or chrono).
 */
export interface PartHooks {
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  /** Solutions found earlier (resume): blocked before the search starts, counted once. */
  known?: readonly (readonly number[])[];
  /** Cubes whose solutions are all in `known` (resume): skipped. */
  finishedCubes?: ReadonlySet<string>;
  /** Told each cube finished (every solution of it has gone to onFound). */
  onCubeDone?: (key: string) => void;
  /** After each cube; `unit` is its subtree in walk order (CubeTree.countUnits counts them). */
  onProgress?: (p: { cubes: number; unit: number }) => void;
  /** Each UNSAT that closes a cube, for the plan's prover to certify. */
  onCubeExhausted?: EnumerateOptions['onCubeExhausted'];
  /** The engine's solvers, where the host makes them itself (the playground's browser builds); else the plan's engine by name. */
  createSolver?: () => Solver;
}

type Search = (plan: EnumeratePlan, instance: Instance, part: Part | undefined, hooks: PartHooks) => Promise<EnumerateSummary>;

const solverMaker = (plan: EnumeratePlan, hooks: PartHooks): (() => Solver) => {
  if (hooks.createSolver) return hooks.createSolver;
  const factory = solverByName(plan.engine);
  return () => factory.create();
};

const STRATEGIES: Readonly<Record<Strategy, Search>> = {
  'exact-cover': (plan, instance, part, hooks) =>
    enumerateExactCover(instance, { unique: plan.unique, symmetryBreaking: plan.symmetryBreaking, limit: plan.limit, part, ...hooks }),
  native: (plan, instance, _part, hooks) =>
    enumerateNative(instance, nativeEnumerator(solverMaker(plan, hooks)())!, {
      unique: plan.unique,
      limit: plan.limit,
      onFound: hooks.onFound,
      shouldStop: hooks.shouldStop,
      timeoutSeconds: plan.timeoutSeconds,
      cubeDepth: plan.cubeDepth,
    }),
  cubes: (plan, instance, part, hooks) =>
    enumerate(instance, {
      createSolver: solverMaker(plan, hooks),
      unique: plan.unique,
      symmetryBreaking: plan.symmetryBreaking,
      limit: plan.limit,
      cubeDepth: plan.cubeDepth,
      timeoutSeconds: plan.timeoutSeconds,
      enumMode: plan.enumMode,
      branching: plan.branching,
      propagation: plan.propagation,
      part,
      ...hooks,
    }),
};

/** Runs one part (or, without a part, all) of the plan on the instance it was resolved for. */
export function enumeratePart(plan: EnumeratePlan, instance: Instance, part: Part | undefined, hooks: PartHooks): Promise<EnumerateSummary> {
  // Every engine, native enumerators included, sees the formula with the family when classes are counted by it.
  const searched = plan.unique ? classSearchInstance(instance, plan.symmetryBreaking) : instance;
  return STRATEGIES[plan.strategy](plan, searched, part, hooks);
}

let rebuilt: { key: string; instance: Instance } | undefined;

/**
 * The plan's instance, rebuilt where only the plan came (a worker thread, a
 * queue job): the encoders are deterministic, so the same puzzle and options
 * give the same formula. The last one is kept, since a run's parts share it.
 */
export function rebuiltInstance(plan: Pick<EnumeratePlan, 'puzzle' | 'args'>): Instance {
  const key = JSON.stringify([plan.puzzle, Object.entries(plan.args).sort(([a], [b]) => (a < b ? -1 : 1))]);
  if (rebuilt?.key !== key) rebuilt = { key, instance: buildInstance(plan.puzzle, plan.args) };
  return rebuilt.instance;
}

/** A part of a plan where only the plan came: the one thing worker threads and queue jobs run. */
export const runPlanPart = (plan: EnumeratePlan, part: Part, hooks: PartHooks): Promise<EnumerateSummary> =>
  enumeratePart(plan, rebuiltInstance(plan), part, hooks);

/**
 * The cube depth when none is asked for, declared once for every strategy:
 * dancing links cuts its search at a fixed depth; a native enumerator takes a
 * few meaty cubes; a solver program in the cube loop takes cubes by
 * measurement (below); an in-process engine the instance's own hint.
 *
 * For a solver program (8x8 board with the centre hole, CPU s of our process
 * and the programs): one that takes cube batches pays a run per model
 * whatever the cube count, so deep cubes, each nearly solved by the cube
 * tree, win (cadical: 56 at 15 cubes, 16 at 237, 8.4 at 1333, 5.4 at 4002);
 * one that takes a cube per run pays a run per cube too, so fewer (minisat:
 * 11.8 at 237 cubes, 22.9 at 1333).
 */
export function defaultDepth(strategy: Strategy, instance: Instance, caps: Capabilities, propagation: Propagation, certifying: boolean): number {
  if (strategy === 'exact-cover') return EXACT_COVER_DEPTH;
  if (strategy === 'native') return nativeCubeDepth(instance);
  if (!caps.external) return defaultCubeDepth(instance, propagation);
  return caps.cubeBatch && !certifying
    ? cubeDepthFor(instance, BATCH_CUBES, MAX_EXTERNAL_DEPTH)
    : cubeDepthFor(instance, PER_RUN_CUBES, MAX_EXTERNAL_DEPTH);
}
const BATCH_CUBES = 4000;
const PER_RUN_CUBES = 200;
const MAX_EXTERNAL_DEPTH = 8;
