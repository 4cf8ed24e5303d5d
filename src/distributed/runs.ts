import { UserError } from '../core/errors.js';
import type { Instance } from '../core/puzzle.js';
import { defaultCubeDepth, type EnumerateSummary, type Found } from '../enumerate/blocking-loop.js';
import { CubeTree, orbit } from '../enumerate/cube-tree.js';
import { parseQueueUrl } from './connection.js';
import type { QueueProgress } from './coordinator.js';
import { loadOptional } from '../core/optional.js';
import { fingerprint, type EnumerateWork, type SweepWork } from './protocol.js';
import { PUZZLES, isCnfPath } from '../../encoders/index.js';
import { pickSolver } from '../../solvers/index.js';
import { DEFAULT_SYMMETRY_BREAKING, type SymmetryBreaking } from '../symmetry/breaking.js';

/**
 * The two kinds of run a coordinator splits into jobs: an enumeration (parts
 * of the cube tree) and a Genius Square sweep (batches of rolls).
 */

/**
 * How many units (cube-tree nodes at the dealing depth, see CubeTree.leaves)
 * one enumeration job takes by default: 6x10 makes 15 jobs of about 0.3 CPU s,
 * the 8x8 square 17 of about 5 s (docs/distributed.md). --jobs overrides.
 */
const UNITS_PER_JOB = 128;
/** The depth CubeTree deals parts at (its PART_DEPTH): counting the nodes there is cheap. */
const DEALING_DEPTH = 4;
/** Symmetry classes per sweep job when counting (about 2.5 CPU s here) and when only deciding solvability (about 1 CPU s). */
export const SWEEP_JOB_CLASSES = { counting: 192, solvability: 4096 };

/** How an enumeration goes on a queue (EnumerationPlan.queue in src/enumerate/strategy.ts). */
export interface QueueChoice {
  url: string;
  /** Jobs to split into (default from the size of the cube tree). */
  jobs?: number;
  /** Jobs done out of all as jobs complete (src/cli/progress.ts draws them). */
  onProgress?: (p: QueueProgress) => void;
}

/** The part of an enumeration plan a queued run reads. */
export interface QueuedEnumeration {
  instance: Instance;
  /** A solver name, 'dlx', or undefined for the default solver. */
  solver?: string;
  unique: boolean;
  symmetryBreaking?: SymmetryBreaking;
  limit?: number;
  /** Solutions already in --out (--resume): counted when the queue delivers them again, not passed on. */
  known?: readonly (readonly number[])[];
  /** The puzzle name and options the instance was built from: the workers rebuild it. */
  rebuild?: { puzzle: string; args: Record<string, unknown> };
  cubeDepth?: number;
  timeoutSeconds?: number;
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  /** --certify: it needs every UNSAT in this thread, which a queued run does not have. */
  onCubeExhausted?: unknown;
}

/** The options a worker needs to rebuild the instance: the puzzle's own, by value (yargs' extras and camelCase copies dropped). */
function puzzleArgs(puzzle: string, args: Record<string, unknown>): Record<string, string | number | boolean> {
  const names = new Set(['amo', 'card', ...(PUZZLES.find((p) => p.name === puzzle)?.options.map((o) => o.name) ?? [])]);
  const picked: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(args)) if (names.has(name) && value !== undefined) picked[name] = value as string | number | boolean;
  return picked;
}

/** Nodes at the dealing depth: the most parts a tree splits into. */
function dealtUnits(instance: Instance, unique: boolean, depth: number): number {
  let units = 0;
  for (const _ of new CubeTree(instance, unique).leaves(Math.min(depth, DEALING_DEPTH))) units++;
  return units;
}

export async function enumerateOnQueue(choice: QueueChoice, plan: QueuedEnumeration): Promise<EnumerateSummary & { solver: string; mode: 'queue' }> {
  const address = parseQueueUrl(choice.url);
  if (!plan.rebuild || isCnfPath(plan.rebuild.puzzle))
    throw new UserError('--queue: workers rebuild the instance from a puzzle name and its options; a DIMACS file is not sent');
  if (plan.limit !== undefined) throw new UserError('--queue runs to the end: drop --limit');
  if (plan.onCubeExhausted !== undefined) throw new UserError('--certify checks proofs in this process: it does not go with --queue');
  const solver = plan.solver ?? (await pickSolver(undefined, 'enumerate')).name;
  const { instance, unique } = plan;
  const depth = solver === 'dlx' ? 2 : (plan.cubeDepth ?? defaultCubeDepth(instance));
  const units = dealtUnits(instance, unique, depth);
  const parts = Math.max(1, Math.min(choice.jobs ?? Math.round(units / UNITS_PER_JOB), units));
  const { puzzle, args } = plan.rebuild;
  // Resolved here, so that the default and the same mode named explicitly make one run.
  const symmetryBreaking = unique ? (plan.symmetryBreaking ?? DEFAULT_SYMMETRY_BREAKING) : undefined;
  const base = {
    kind: 'enumerate' as const,
    puzzle,
    args: puzzleArgs(puzzle, args),
    solver,
    unique,
    symmetryBreaking,
    cubeDepth: plan.cubeDepth,
    timeoutSeconds: plan.timeoutSeconds,
  };
  const run = fingerprint({ ...base, parts });
  const jobs = Array.from({ length: parts }, (_, index): { name: string; work: EnumerateWork } => ({
    name: `part${index}of${parts}`,
    work: { ...base, part: { index, of: parts } },
  }));
  const summary: EnumerateSummary = { count: 0, raw: 0, complete: true, cubes: 0, solves: 0 };
  // Completed jobs stay in Redis, so a resumed run is delivered everything again: what --out has is only counted.
  const key = unique ? (vars: readonly number[]) => classKey(instance, vars) : solutionKey;
  const known = new Set((plan.known ?? []).map(key));
  let met = 0;
  const { complete } = await (
    await coordinator()
  ).runOnQueue(
    address,
    { fingerprint: run, jobs },
    (_, result) => {
      if (result.kind !== 'enumerate') return;
      for (const found of result.found) {
        summary.count++;
        summary.raw += found.orbitSize;
        if (known.has(key(found.trueVars))) met++;
        else plan.onFound(found);
      }
      summary.cubes += result.cubes;
      summary.solves += result.solves;
      if (!result.complete) summary.complete = false;
    },
    { shouldStop: plan.shouldStop, onProgress: (p) => choice.onProgress?.(p) },
  );
  if (!complete) summary.complete = false;
  // Each solution of the file passed the puzzle's check, so a complete run meets them all; this guards that reasoning.
  if (complete && met < known.size)
    throw new UserError(
      `--resume: ${known.size - met} of the ${known.size} solutions in --out were not found by the queued run: start it again with --force`,
    );
  return { ...summary, solver, mode: 'queue' };
}

/** A solution by its true variables, whatever their order. */
const solutionKey = (trueVars: readonly number[]): string => [...trueVars].sort((a, b) => a - b).join(',');

/** A symmetry class by its least member: another solver or split may deliver another member than the file holds. */
const classKey = (instance: Instance, trueVars: readonly number[]): string =>
  orbit(instance.symmetries, trueVars)
    .map((member) => member.join(','))
    .reduce((least, k) => (k < least ? k : least));

/**
 * Solves a sweep's batches on the queue, for runSweep (src/enumerate/sweep.ts):
 * consecutive batches make one job, and answers come back batch by batch in
 * order, so the output is the same line for line as a local run on one thread.
 */
export function sweepExecutor(url: string) {
  const address = parseQueueUrl(url);
  return {
    describe: `jobs on ${address.shown}`,
    async run(
      count: boolean,
      batches: readonly (readonly number[])[],
      onBatch: (batch: number, answers: readonly number[]) => void,
      shouldStop: () => boolean,
    ): Promise<number> {
      const perJob = count ? SWEEP_JOB_CLASSES.counting : SWEEP_JOB_CLASSES.solvability;
      const groups: number[][] = [];
      let size = Infinity;
      batches.forEach((batch, b) => {
        if (size + batch.length > perJob) {
          groups.push([]);
          size = 0;
        }
        groups.at(-1)!.push(b);
        size += batch.length;
      });
      const jobs = groups.map((group): { name: string; work: SweepWork } => ({
        name: `batch${group[0]}`,
        work: { kind: 'sweep', count, rolls: group.flatMap((b) => batches[b]!) },
      }));
      const run = fingerprint({ kind: 'sweep', count, rolls: batches, perJob });
      let answered = 0;
      await (
        await coordinator()
      ).runOnQueue(
        address,
        { fingerprint: run, jobs },
        (index, result) => {
          if (result.kind !== 'sweep') return;
          let at = 0;
          for (const b of groups[index]!) {
            onBatch(b, result.answers.slice(at, at + batches[b]!.length));
            at += batches[b]!.length;
            answered++;
          }
        },
        { shouldStop },
      );
      return answered;
    },
  };
}

/** The coordinator and BullMQ, loaded only for a queued run. */
const coordinator = () => loadOptional(() => import('./coordinator.js'), ['bullmq', 'ioredis'], 'a Redis queue (--queue)');
