import type { SizeLimits } from '../core/limits.js';
import type { CountPlan, EnumeratePlan, Part } from '../core/plan.js';
import type { RunResult, UnitCount } from '../count/exact-cover.js';
import type { EnumerateSummary, Found } from './blocking-loop.js';

/**
 * What the main thread and the worker threads of src/enumerate/pool.ts say to
 * each other. One worker script serves every task; workerData names which.
 */
export type WorkerTask = { task: 'enumerate'; job: PartJob } | { task: 'sweep'; count: boolean } | { task: 'count'; job: CountThreadJob };

/**
 * What a worker thread starts with: its task, the spelling of the thread that
 * started it (fieldNamesModule), for its messages, and that thread's size
 * limits (sizeLimits), for what it rebuilds.
 */
export type WorkerData = WorkerTask & { fieldNames?: string; sizeLimits?: SizeLimits };

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

/**
 * A thread of a count (src/count-threads.ts): it rebuilds the instance from
 * the plan, then counts each ShareJob (src/count/shares.ts) the main thread
 * sends, one at a time. `stop` is one Int32 the main thread sets to 1 to stop
 * every share at its next poll: the search never waits for a message.
 */
export interface CountThreadJob {
  plan: Pick<CountPlan, 'puzzle' | 'args' | 'unique' | 'uniqueBy'>;
  stop: SharedArrayBuffer;
}

export type CountThreadMessage =
  /** The share of the term's search this share has done (its units' weights; the shares of a term sum to its whole). */
  | { type: 'tick'; term: number; share: number; fraction: number }
  | { type: 'unit'; term: number; share: number; unit: UnitCount }
  /** fraction: the share's last tick, where it stopped (its whole when complete). */
  | { type: 'done'; term: number; share: number; run: RunResult; fraction: number }
  | { type: 'memory'; term: number; share: number; needed: number; bound: number }
  /** `unit` is set for a resume's conflict (ResumeConflict). */
  | { type: 'error'; message: string; user: boolean; unit?: string };
