import { RollSolver } from '../../encoders/genius-square.js';
import { buildInstance } from '../../encoders/index.js';
import { pickSolver } from '../../solvers/index.js';
import type { SolverFactory } from '../../solvers/types.js';
import type { Instance } from '../core/puzzle.js';
import { enumerate, type Found } from '../enumerate/blocking-loop.js';
import { enumerateExactCover } from '../enumerate/dlx.js';
import { stableJson, type EnumerateResult, type EnumerateWork, type JobData, type JobResult, type SweepResult, type SweepWork } from './protocol.js';

/**
 * Runs one validated job with the library's own enumeration, exactly as a
 * local run would run that part of the work. Encoders are deterministic, so
 * a worker rebuilds the coordinator's instance from the puzzle and options;
 * the last instance and solver factory are kept, since consecutive jobs of a
 * run share them.
 */
let cached: { key: string; instance: Instance } | undefined;
const factories = new Map<string, Promise<SolverFactory>>();
let rollSolver: RollSolver | undefined;

export async function runJob(job: JobData): Promise<JobResult> {
  return job.work.kind === 'enumerate' ? runEnumerate(job.work) : runSweep(job.work);
}

function instanceFor(work: EnumerateWork): Instance {
  const key = stableJson([work.puzzle, work.args]);
  if (cached?.key !== key) cached = { key, instance: buildInstance(work.puzzle, work.args) };
  return cached.instance;
}

async function runEnumerate(work: EnumerateWork): Promise<EnumerateResult> {
  const instance = instanceFor(work);
  const found: Found[] = [];
  const onFound = (f: Found) => void found.push(f);
  const summary =
    work.solver === 'dlx'
      ? await enumerateExactCover(instance, { unique: work.unique, symmetryBreaking: work.symmetryBreaking, onFound, part: work.part })
      : await enumerateWith(await factoryFor(work.solver), instance, work, onFound);
  return { kind: 'enumerate', found, cubes: summary.cubes, solves: summary.solves, complete: summary.complete };
}

function enumerateWith(factory: SolverFactory, instance: Instance, work: EnumerateWork, onFound: (f: Found) => void) {
  return enumerate(instance, {
    createSolver: () => factory.create(),
    unique: work.unique,
    symmetryBreaking: work.symmetryBreaking,
    cubeDepth: work.cubeDepth,
    timeoutSeconds: work.timeoutSeconds,
    part: work.part,
    onFound,
  });
}

function factoryFor(name: string): Promise<SolverFactory> {
  let factory = factories.get(name);
  if (!factory) {
    factory = pickSolver(name);
    factories.set(name, factory);
    // A solver missing here may be installed later: do not remember the failure.
    factory.catch(() => factories.delete(name));
  }
  return factory;
}

/** Rolls one by one, giving the event loop a turn between them so the job's lock is renewed. */
async function runSweep(work: SweepWork): Promise<SweepResult> {
  rollSolver ??= new RollSolver();
  const answers: number[] = [];
  for (const roll of work.rolls) {
    answers.push(rollSolver.solveRoll(roll, work.count));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { kind: 'sweep', answers };
}
