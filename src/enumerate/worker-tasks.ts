import type { EnumeratePlan, Part } from '../core/plan.js';
import type { EnumerateSummary, Found } from './blocking-loop.js';

/**
 * What the main thread and the worker threads of src/enumerate/pool.ts say to
 * each other. One worker script serves every task; workerData names which.
 */
export type WorkerTask = { task: 'enumerate'; job: PartJob } | { task: 'sweep'; count: boolean };

/**
 * A part of a parallel enumeration: the plan and the part, as a queue job
 * carries them, plus what a resume knows (solutions and finished cubes in
 * the --out file). The worker rebuilds the same instance from the plan.
 */
export interface PartJob {
  plan: EnumeratePlan;
  part: Part;
  known: number[][];
  /** Cubes a resume skips (see EnumerateOptions.finishedCubes). */
  finishedCubes: string[];
}

export type PartMessage =
  | { type: 'found'; found: Found }
  | { type: 'cube'; key: string }
  /** After each cube of the part: cubes done, and the cube-tree unit of the last one (see CubeTree.countUnits). */
  | { type: 'progress'; part: number; cubes: number; unit: number }
  | { type: 'done'; summary: EnumerateSummary }
  | { type: 'error'; message: string; user: boolean };

/** Genius Square rolls for a sweep worker to solve (or count). */
export interface SweepBatch {
  id: number;
  rolls: number[];
}

export interface SweepAnswer {
  id: number;
  /** Per roll: its number of solutions, or 1/0 (solvable or not) when the sweep does not count. */
  results: number[];
}
