import { RollSolver } from '../../encoders/genius-square.js';
import { loadWasmSolvers } from '../../solvers/index.js';
import { setSizeLimits } from '../core/limits.js';
import type { Found } from '../enumerate/blocking-loop.js';
import { runPlanPart } from '../enumerate/by-name.js';
import type { EnumerateResult, EnumerateWork, JobData, JobResult, SweepResult, SweepWork } from './protocol.js';

/**
 * Runs one validated job with the library's own enumeration, exactly as a
 * worker thread runs its part of a local run: the job's plan and part go to
 * runPlanPart, which rebuilds the instance (the encoders are deterministic)
 * and keeps it, since consecutive jobs of a run share it.
 */
let rollSolver: RollSolver | undefined;

export async function runJob(job: JobData): Promise<JobResult> {
  return job.work.kind === 'enumerate' ? runEnumerate(job.work) : runSweep(job.work);
}

async function runEnumerate(work: EnumerateWork): Promise<EnumerateResult> {
  // The coordinator's limits: the thread began with the defaults, and takes job after job, of any run.
  setSizeLimits(work.limits);
  await loadWasmSolvers();
  const found: Found[] = [];
  const summary = await runPlanPart(work.plan, work.part, { onFound: (f) => void found.push(f) });
  return { kind: 'enumerate', found, cubes: summary.cubes, solves: summary.solves, complete: summary.complete };
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
