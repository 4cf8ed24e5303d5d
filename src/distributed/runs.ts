import { UserError } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
import { sizeLimits } from '../core/limits.js';
import type { Instance } from '../core/puzzle.js';
import type { EnumerateSummary, Found } from '../enumerate/blocking-loop.js';
import type { EnumeratePlan } from '../core/plan.js';
import { CubeTree, orbit } from '../enumerate/cube-tree.js';
import { parseQueueUrl, queueFeature } from './connection.js';
import type { QueueProgress } from './coordinator.js';
import { loadOptional } from '../core/optional.js';
import { fingerprint, type EnumerateWork, type SweepWork } from './protocol.js';

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

/** What a queued run tells its caller besides the plan: solutions, a stop, progress, and the --out file's solutions (resume). */
export interface QueueHooks {
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  /** Jobs done out of all as jobs complete (src/cli/progress.ts draws them). */
  onProgress?: (p: QueueProgress) => void;
  /** Solutions already in --out (--resume): counted when the queue delivers them again, not passed on. */
  known?: readonly (readonly number[])[];
}

/** Nodes at the dealing depth: the most parts a tree splits into. */
function dealtUnits(instance: Instance, unique: boolean, depth: number): number {
  let units = 0;
  for (const _ of new CubeTree(instance, unique).leaves(Math.min(depth, DEALING_DEPTH))) units++;
  return units;
}

/**
 * Runs an enumeration plan as jobs, each the plan and one part of its cube
 * tree: the workers run exactly what a local run would (src/plan.ts refused
 * what a queue cannot carry: a DIMACS file, --limit, --certify).
 */
export async function enumerateOnQueue(plan: EnumeratePlan, instance: Instance, hooks: QueueHooks): Promise<EnumerateSummary> {
  const address = parseQueueUrl(plan.queue!.url);
  const units = dealtUnits(instance, plan.unique, plan.cubeDepth);
  const parts = Math.max(1, Math.min(plan.queue!.jobs ?? Math.round(units / UNITS_PER_JOB), units));
  const { fingerprint: run, jobs } = enumerationJobs(plan, parts);
  const summary: EnumerateSummary = { count: 0, raw: 0, complete: true, cubes: 0, solves: 0 };
  // Completed jobs stay in Redis, so a resumed run is delivered everything again: what --out has is only counted.
  const key = plan.unique ? (vars: readonly number[]) => classKey(instance, vars) : solutionKey;
  const known = new Set((hooks.known ?? []).map(key));
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
        else hooks.onFound(found);
      }
      summary.cubes += result.cubes;
      summary.solves += result.solves;
      if (!result.complete) summary.complete = false;
    },
    { shouldStop: hooks.shouldStop, onProgress: (p) => hooks.onProgress?.(p) },
  );
  if (!complete) summary.complete = false;
  // Each solution of the file passed the puzzle's check, so a complete run meets them all; this guards that reasoning.
  // The caller's names (fieldName): the CLI resumes its --out; a library caller gave the solutions as the hooks' known.
  const file = fieldName('out', 'known');
  if (complete && met < known.size)
    throw new UserError(
      `${fieldName('resume', 'known')}: ${known.size - met} of the ${known.size} solutions in ${file} were not found by the queued run: start it again with ${fieldName('force', 'none known')}`,
    );
  return summary;
}

/**
 * The jobs of an enumeration plan cut in `parts`: each carries the plan
 * without the coordinator's own choices (the queue, its threads), its part,
 * and the size limits in force here, which a worker's job thread (begun with
 * the defaults) builds and runs under. The limits are part of the run's
 * fingerprint: a run refused by them and started again with others makes
 * new jobs, where a retry would rerun the old ones under the old limits.
 */
export function enumerationJobs(plan: EnumeratePlan, parts: number): { fingerprint: string; jobs: { name: string; work: EnumerateWork }[] } {
  const { queue: _, ...jobPlan } = { ...plan, workers: 1 };
  const limits = sizeLimits();
  const jobs = Array.from({ length: parts }, (_, index): { name: string; work: EnumerateWork } => ({
    name: `part${index}of${parts}`,
    work: { kind: 'enumerate', plan: jobPlan, part: { index, of: parts }, limits },
  }));
  return { fingerprint: fingerprint({ plan: jobPlan, parts, limits }), jobs };
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
const coordinator = () => loadOptional(() => import('./coordinator.js'), ['bullmq', 'ioredis'], queueFeature());
