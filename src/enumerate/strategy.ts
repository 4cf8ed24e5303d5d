import { pickSolver } from '../../solvers/index.js';
import { enumeratesNatively, nativeEnumerator, offersCubeBatch } from '../../solvers/types.js';
import type { Instance } from '../core/puzzle.js';
import {
  type CubeProgress,
  type EnumerateOptions,
  type EnumerateSummary,
  type EnumMode,
  type Found,
  type Propagation,
  defaultCubeDepth,
  enumerate,
  resolveEnumMode,
  resolvePropagation,
} from './blocking-loop.js';
import type { BranchingRule } from '../../solvers/types.js';
import { orbit } from './cube-tree.js';
import { enumerateExactCover } from './dlx.js';
import { cubeDepthFor, enumerateNative } from './native.js';
import { enumerateParallel } from './parallel.js';
import { poolAvailable } from './pool.js';
import { type SymmetryBreaking, DEFAULT_SYMMETRY_BREAKING, classSearchInstance } from '../symmetry/breaking.js';
import { enumerateOnQueue, type QueueChoice } from '../distributed/runs.js';

/**
 * The one place that decides how an enumeration runs. The strategy is chosen
 * once, the solver resolved once, its native capability probed once:
 * - `--solver dlx`: dancing links on the exact-cover form;
 * - a solver that enumerates by itself (clasp, clasp-wasm; picosat when the
 *   projection is every variable), unless `native` is false or resuming;
 * - worker threads, each running the blocking-clause loop on its share of the cube tree;
 * - the blocking-clause loop in this thread.
 */
/** What enumerated: dancing links, the solver by itself, the SAT solver inside each cube (chrono) or a solve per model (blocking-loop), or queue workers. */
export type EnumerationMode = 'exact-cover' | 'native' | 'chrono' | 'blocking-loop' | 'queue';

export interface EnumerationPlan {
  instance: Instance;
  /** A solver name, 'dlx', or undefined for the default solver. */
  solver?: string;
  unique: boolean;
  /** How `unique` counts classes (default: the symmetry-breaking family in the formula). */
  symmetryBreaking?: SymmetryBreaking;
  limit?: number;
  /** Solutions found earlier (resume), as projection variables. */
  known?: number[][];
  /** Let a solver that enumerates by itself do so (default true). */
  native?: boolean;
  /** Worker threads (default 1). They rebuild the instance from `rebuild`, so without it the work stays here. */
  workers?: number;
  /** The puzzle name and options the instance was built from, for worker threads. */
  rebuild?: { puzzle: string; args: Record<string, unknown> };
  cubeDepth?: number;
  timeoutSeconds?: number;
  enumMode?: EnumMode;
  branching?: BranchingRule;
  propagation?: Propagation;
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  /** Cubes whose solutions are all in `known` (resume): skipped. */
  finishedCubes?: ReadonlySet<string>;
  /** Told each cube finished (every solution of it has gone to onFound), for the --out file. */
  onCubeDone?: (key: string) => void;
  /** Called once when the blocking-clause loop starts, with its cube depth (to count the cube tree's units for a bar) and solver. */
  onCubeTree?: (cubeDepth: number, solver: string) => void;
  /** After each cube of the blocking-clause loop. */
  onProgress?: (p: CubeProgress) => void;
  /**
   * Called at each UNSAT that closes a cube (--certify). Those UNSATs are seen
   * only by the blocking-clause loop in this thread, so it then runs there:
   * no native enumeration, no worker threads.
   */
  onCubeExhausted?: EnumerateOptions['onCubeExhausted'];
  /** Run as jobs on a Redis queue for `puzzlesat worker`s instead (src/distributed; needs `rebuild`). */
  queue?: QueueChoice;
}

export interface EnumerationResult extends EnumerateSummary {
  /** The solver that ran ('dlx' for dancing links). */
  solver: string;
  mode: EnumerationMode;
}

/**
 * The cube depth for a solver program in the blocking loop, by measurement
 * (8x8 board with the centre hole, CPU s of our process and the programs):
 * a program that takes cube batches pays a run per model whatever the cube
 * count, so deep cubes, each nearly solved by the cube tree, win (cadical:
 * 56 at 15 cubes, 16 at 237, 8.4 at 1333, 5.4 at 4002); one that takes a cube per run
 * pays a run per cube too, so fewer (minisat: 11.8 at 237 cubes, 22.9 at 1333).
 */
export function externalCubeDepth(instance: Instance, batches: boolean): number {
  return batches ? cubeDepthFor(instance, BATCH_CUBES, MAX_EXTERNAL_DEPTH) : cubeDepthFor(instance, PER_RUN_CUBES, MAX_EXTERNAL_DEPTH);
}
const BATCH_CUBES = 4000;
const PER_RUN_CUBES = 200;
const MAX_EXTERNAL_DEPTH = 8;

export async function enumerateSolutions(plan: EnumerationPlan): Promise<EnumerationResult> {
  const { unique, limit, onFound, finishedCubes, onCubeDone } = plan;
  const symmetryBreaking = plan.symmetryBreaking ?? DEFAULT_SYMMETRY_BREAKING;
  // Every engine here, native enumerators included, sees the formula with the family when classes are counted by it.
  const instance = unique ? classSearchInstance(plan.instance, symmetryBreaking) : plan.instance;
  const known = plan.known ?? [];
  const shouldStop = plan.shouldStop ?? (() => false);
  if (plan.queue) return enumerateOnQueue(plan.queue, plan);
  if (plan.solver === 'dlx') {
    const summary = await enumerateExactCover(instance, { unique, symmetryBreaking, limit, known, onFound, shouldStop, finishedCubes, onCubeDone });
    return { ...summary, solver: 'dlx', mode: 'exact-cover' };
  }
  const factory = await pickSolver(plan.solver, 'enumerate');
  const solver = factory.name;
  const probe = factory.create();
  const native = nativeEnumerator(probe);
  const seesEveryUnsat = plan.onCubeExhausted !== undefined;
  const nativeOn = (i: Instance) => native !== undefined && enumeratesNatively(probe, i.cnf.projection, i.cnf.varCount);
  // The family's auxiliaries keep a solver that cannot project (picosat) from enumerating natively; on the bare formula it filters by orbits instead.
  const nativeTarget = nativeOn(instance) ? instance : nativeOn(plan.instance) ? plan.instance : undefined;
  if (plan.native !== false && !seesEveryUnsat && known.length === 0 && native && nativeTarget) {
    const summary = await enumerateNative(nativeTarget, native, {
      unique,
      limit,
      onFound,
      shouldStop,
      timeoutSeconds: plan.timeoutSeconds,
      cubeDepth: plan.cubeDepth,
    });
    return { ...summary, solver, mode: 'native' };
  }
  // How the SAT solver meets each cube, resolved once on the probe (and again, the same way, by each enumerate()).
  const enumMode = resolveEnumMode(probe, plan.enumMode, seesEveryUnsat);
  const mode: EnumerationMode = enumMode === 'chrono' ? 'chrono' : 'blocking-loop';
  const propagation = resolvePropagation(instance, probe, enumMode, plan.propagation);
  const batches = offersCubeBatch(probe) && !seesEveryUnsat;
  probe.dispose();
  const cubeDepth = plan.cubeDepth ?? (factory.kind === 'external' ? externalCubeDepth(instance, batches) : defaultCubeDepth(instance, propagation));
  const timeoutSeconds = plan.timeoutSeconds;
  const workers = plan.workers ?? 1;
  if (workers > 1 && !seesEveryUnsat && plan.rebuild && poolAvailable()) {
    const job = {
      ...plan.rebuild,
      solver,
      unique,
      symmetryBreaking,
      known,
      cubeDepth,
      timeoutSeconds,
      enumMode: plan.enumMode,
      branching: plan.branching,
      propagation,
      finishedCubes: [...(finishedCubes ?? [])],
    };
    const knownRaw = known.reduce((n, k) => n + (unique ? orbit(instance.symmetries, k).length : 1), 0);
    const running = enumerateParallel(job, workers, { limit, knownRaw, onFound, shouldStop, onProgress: plan.onProgress, onCubeDone });
    // While the workers start up, this thread is free to count the units.
    plan.onCubeTree?.(cubeDepth, solver);
    const summary = await running;
    return { ...summary, solver, mode };
  }
  plan.onCubeTree?.(cubeDepth, solver);
  const onProgress = plan.onProgress && ((p: { cubes: number; unit: number }) => plan.onProgress!({ cubes: p.cubes, units: p.unit }));
  const summary = await enumerate(instance, {
    createSolver: () => factory.create(),
    unique,
    symmetryBreaking,
    limit,
    known,
    onFound,
    onProgress,
    shouldStop,
    cubeDepth,
    timeoutSeconds,
    enumMode: plan.enumMode,
    branching: plan.branching,
    propagation,
    finishedCubes,
    onCubeDone,
    onCubeExhausted: plan.onCubeExhausted,
  });
  return { ...summary, solver, mode };
}
