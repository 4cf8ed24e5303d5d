import { UnrecoverableError, type SandboxedJob } from 'bullmq';
import { runJob } from './execute.js';
import { BadJobError, validateJob, type JobResult } from './protocol.js';

/**
 * The processor BullMQ runs on a worker thread of `puzzlesat worker`: the
 * main thread keeps the job's lock alive while this one solves. A job that
 * can never succeed — malformed, for another tool version, or options the
 * encoder rejects — fails at once with its reason and is not retried;
 * anything else (a bug, a lost solver) is retried like any failed job.
 */
export default async function processJob(job: SandboxedJob): Promise<JobResult> {
  try {
    return await runJob(validateJob(job.data));
  } catch (e) {
    if (e instanceof BadJobError || (e as Error)?.name === 'UserError') throw new UnrecoverableError((e as Error).message);
    throw e;
  }
}
