import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueAddress } from './address.js';
import { fieldNamesModule } from '../core/field-names.js';
import { connect } from './connection.js';
import { FAULT_ENV, faultPlan } from './fault-injection.js';
import { toolVersion } from '../core/version.js';
import { QUEUE_NAME } from './protocol.js';

/**
 * A long-running worker: takes jobs from the queue and runs them on worker
 * threads (BullMQ's sandbox), `concurrency` at a time, while this thread
 * renews their locks. A worker that dies stops renewing; once its lock has
 * lapsed, another worker's stalled-job check puts the job back in the queue.
 */
export interface WorkerOptions {
  concurrency: number;
  /** How long a job's lock lasts between renewals: a killed worker's job is retried after about twice this. */
  lockSeconds: number;
  log: (line: string) => void;
}

/** How often a job may stall (its worker died) before it is failed rather than retried: a bad job should not kill workers forever. */
const MAX_STALLS = 5;
const processorFile = new URL('./job-processor.js', import.meta.url);

export interface RunningWorker {
  /** Stops taking jobs and resolves once the active ones are finished. */
  finish(): Promise<void>;
  /** Puts the active jobs back in the queue for others and lets go of Redis; the caller then exits (the job threads are abandoned). */
  release(): Promise<void>;
}

export async function startWorker(address: QueueAddress, options: WorkerOptions): Promise<RunningWorker> {
  // Before connecting: a test hook that is not understood must not leave a worker running without it.
  const faults = faultPlan();
  const connection: Redis = await connect(address);
  const active = new Map<string, Job>();
  const worker = new Worker(QUEUE_NAME, processorFile, {
    connection,
    concurrency: options.concurrency,
    useWorkerThreads: true,
    // The job threads' messages name fields as this thread does (job-processor.ts adopts them).
    workerThreadsOptions: { workerData: { fieldNames: fieldNamesModule() } },
    lockDuration: options.lockSeconds * 1000,
    stalledInterval: options.lockSeconds * 1000,
    maxStalledCount: MAX_STALLS,
  });
  worker.on('active', (job) => active.set(job.id!, job));
  worker.on('completed', (job) => {
    active.delete(job.id!);
    options.log(`done ${job.id} in ${((job.finishedOn! - job.processedOn!) / 1000).toFixed(1)} s`);
  });
  worker.on('failed', (job, error) => {
    if (job) active.delete(job.id!);
    options.log(`failed ${job?.id ?? '?'}: ${error.message}`);
  });
  // Trouble with Redis (a restart) is retried by ioredis and BullMQ; say so once per episode, not per attempt.
  let troubled = false;
  const trouble = (why: string) => {
    if (!troubled) options.log(`queue trouble, retrying: ${why}`);
    troubled = true;
  };
  worker.on('error', (e) => trouble(e.message.split('\n')[0]!));
  // A restart that loses nothing raises no error: the reconnection is the only sign of it.
  connection.on('reconnecting', () => trouble('lost the connection to Redis'));
  connection.on('ready', () => {
    if (troubled) options.log('queue connection back');
    troubled = false;
  });
  await worker.waitUntilReady();
  options.log(`puzzlesat ${toolVersion()} worker on ${address.shown}, ${options.concurrency} at a time`);
  if (faults) options.log(`test hook ${FAULT_ENV} is set: jobs whose id contains "${faults.idPart}" throw (${faults.when})`);
  const shutDown = async () => {
    await worker.close();
    await connection.quit().catch(() => connection.disconnect());
  };
  return {
    finish: shutDown,
    async release() {
      await Promise.allSettled([...active.values()].map((job) => job.moveToWait(job.token)));
      // Not worker.close(): it would wait for the job threads, whose results nobody wants now.
      connection.disconnect();
    },
  };
}
