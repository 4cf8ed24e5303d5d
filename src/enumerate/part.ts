import { nativeEnumerator, type Solver } from '../../solvers/types.js';
import type { EnumeratePlan, Part, Strategy } from '../core/plan.js';
import type { Instance } from '../core/puzzle.js';
import { type PlanPoll, classSearchInstance } from '../symmetry/breaking.js';
import { type EnumerateOptions, type EnumerateSummary, type Found, enumerate } from './blocking-loop.js';
import { enumerateExactCover } from './dlx.js';
import { enumerateNative } from './native.js';
import { orbit } from './cube-tree.js';
import { setUpPoll, unlessStopped } from '../count/engine.js';

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
  /** The plan's engine's solvers (called only by strategies that solve CNF): solvers/index.ts by name, or the playground's own builds. */
  createSolver: () => Solver;
}

type Search = (plan: EnumeratePlan, instance: Instance, part: Part | undefined, hooks: PartHooks) => Promise<EnumerateSummary>;

const STRATEGIES: Readonly<Record<Strategy, Search>> = {
  'exact-cover': (plan, instance, part, hooks) =>
    enumerateExactCover(instance, { unique: plan.unique, symmetryBreaking: plan.symmetryBreaking, limit: plan.limit, part, ...hooks }),
  native: (plan, instance, _part, hooks) =>
    enumerateNative(instance, nativeEnumerator(hooks.createSolver())!, {
      unique: plan.unique,
      limit: plan.limit,
      onFound: hooks.onFound,
      shouldStop: hooks.shouldStop,
      timeoutSeconds: plan.timeoutSeconds,
      cubeDepth: plan.cubeDepth,
    }),
  cubes: (plan, instance, part, hooks) =>
    enumerate(instance, {
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

/**
 * The instance a plan's search reads: the formula with the symmetry-breaking
 * family when classes are counted by it, for every engine that reads clauses
 * (native enumerators included). Dancing links follows the family's plan
 * itself, a part per representative, and reads no clause: it searches the
 * instance as built (the copy with the family, never read, took 1.2 s and
 * 150 MB of a 20x20 board of 80 pentominoes).
 */
export function searchInstance(instance: Instance, plan: Pick<EnumeratePlan, 'unique' | 'symmetryBreaking' | 'strategy'>, poll?: PlanPoll): Instance {
  return plan.unique && plan.strategy !== 'exact-cover' ? classSearchInstance(instance, plan.symmetryBreaking, poll) : instance;
}

/** Runs one part (or, without a part, all) of the plan on the instance it was resolved for. */
export function enumeratePart(plan: EnumeratePlan, instance: Instance, part: Part | undefined, hooks: PartHooks): Promise<EnumerateSummary> {
  // The plan's chains and the copy are made hearing the run's stop (a second on a 25x25 board, past a --timeout).
  const searched = unlessStopped(() => searchInstance(instance, plan, setUpPoll(hooks.shouldStop)));
  if (searched === undefined) return Promise.resolve(stoppedBefore(instance, plan.unique, hooks.known ?? []));
  return STRATEGIES[plan.strategy](plan, searched, part, hooks);
}

/** A part stopped before its search began: the solutions known before, incomplete (raw: their orbits when classes are counted). */
const stoppedBefore = (instance: Instance, unique: boolean, known: readonly (readonly number[])[]): EnumerateSummary => ({
  count: known.length,
  raw: known.reduce((n, k) => n + (unique ? orbit(instance.symmetries, k).length : 1), 0),
  complete: false,
  cubes: 0,
  solves: 0,
});
