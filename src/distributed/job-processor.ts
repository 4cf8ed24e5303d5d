import { workerData } from 'node:worker_threads';
import { UnrecoverableError, type SandboxedJob } from 'bullmq';
import { adoptFieldNames } from '../core/field-names.js';
import { runJob } from './execute.js';
import { faultPlan, injectedFault } from './fault-injection.js';
import { BadJobError, validateJob, type JobResult } from './protocol.js';

/** The test hook (fault-injection.ts), checked by the worker before it started this thread, so it parses here. */
const faults = faultPlan();
// Spelled as the worker that started this thread spells them (--pieces-file for `puzzlesat worker`, piecesFile for
// startWorker): the thread began with the library's names, whoever ran it.
await adoptFieldNames((workerData as { fieldNames?: string } | null)?.fieldNames);

/**
 * The processor BullMQ runs on a worker thread of `puzzlesat worker`: the
 * main thread keeps the job's lock alive while this one solves. A job that
 * can never succeed — malformed, for another tool version, or options the
 * encoder rejects — fails at once with its reason and is not retried;
 * anything else (a bug, a lost solver) is retried like any failed job.
 */
export default async function processJob(job: SandboxedJob): Promise<JobResult> {
  const fault = injectedFault(faults, job.id, job.attemptsMade);
  if (fault) throw fault;
  try {
    return await runJob(validateJob(job.data));
  } catch (e) {
    if (e instanceof BadJobError || (e as Error)?.name === 'UserError') throw new UnrecoverableError((e as Error).message);
    throw e;
  }
}
