import type { EnumMode, EnumerateSummary, Found, Propagation } from './blocking-loop.js';
import type { BranchingRule } from '../../solvers/types.js';
import type { SymmetryBreaking } from '../symmetry/breaking.js';

/**
 * What the main thread and the worker threads of src/enumerate/pool.ts say to
 * each other. One worker script serves every task; workerData names which.
 */
export type WorkerTask = { task: 'enumerate'; job: PartJob } | { task: 'sweep'; count: boolean };

/**
 * A part of a parallel enumeration: the worker rebuilds the same instance
 * (the encoders are deterministic) from the puzzle and its options, walks the
 * same cube tree and solves every leaf of its part.
 */
export interface PartJob {
  puzzle: string;
  args: Record<string, unknown>;
  solver: string;
  unique: boolean;
  /** How `unique` counts classes (src/symmetry/breaking.ts); the worker adds the family to its own instance. */
  symmetryBreaking?: SymmetryBreaking;
  known: number[][];
  cubeDepth?: number;
  timeoutSeconds?: number;
  enumMode?: EnumMode;
  branching?: BranchingRule;
  propagation?: Propagation;
  /** Cubes a resume skips (see EnumerateOptions.finishedCubes). */
  finishedCubes?: string[];
  part: { index: number; of: number };
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
