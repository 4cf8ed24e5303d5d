import { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { UserError } from '../core/errors.js';
import type { QueueAddress } from './address.js';
import { connect, connectionError } from './connection.js';
import { QUEUE_NAME, jobId, validateJob, type JobData, type JobResult, type Work } from './protocol.js';

/**
 * The coordinator side: enqueue a run's jobs under deterministic ids, wait
 * for them, and hand their results on in job order, each exactly once.
 *
 * A job's result exists only once the job has completed, and is delivered
 * only then, so a retried job (its worker died, Redis restarted) can never
 * deliver twice. Completed jobs stay in Redis: a coordinator started again on
 * the same run finds them by id and delivers them without redoing them.
 */
export interface RunPlan {
  fingerprint: string;
  /** The pieces of work in output order; `name` makes the job id. */
  jobs: { name: string; work: Work }[];
}

export interface QueueProgress {
  done: number;
  total: number;
  /** Jobs that were already complete when this coordinator started. */
  resumed: number;
  seconds: number;
}

export interface QueueRunOptions {
  /** Checked between deliveries; a stop leaves the jobs queued for the next run. */
  shouldStop?: () => boolean;
  onProgress?: (p: QueueProgress) => void;
}

/** Retries of a job that throws (BullMQ attempts); jobs that cannot succeed fail at once instead. */
const ATTEMPTS = 3;
/** How often the coordinator asks Redis for the state of every pending job, in case an event was lost (a Redis restart). */
const RECONCILE_MS = 3000;
/** Jobs next in output order that each later reconciliation looks at. */
const RECONCILE_HEAD = 4;
const ADD_CHUNK = 500;

export async function runOnQueue(
  address: QueueAddress,
  plan: RunPlan,
  deliver: (index: number, result: JobResult) => void,
  options: QueueRunOptions = {},
): Promise<{ delivered: number; complete: boolean }> {
  const ids = plan.jobs.map((j) => jobId(plan.fingerprint, j.name));
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  // What goes out is checked exactly as a worker will check it: a bad plan fails here, not on the workers.
  const payloads: JobData[] = plan.jobs.map((j) => validateJob({ fingerprint: plan.fingerprint, work: j.work }));
  const connection = await connect(address);
  const eventsConnection = await connect(address).catch((e) => {
    connection.disconnect();
    throw e;
  });
  const queue = new Queue(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection: eventsConnection });
  // Redis going away (a restart): ioredis reconnects, BullMQ carries on, and the reconciliation below
  // finds what happened meanwhile. Its errors are said once per episode, in one line, never as a trace.
  let troubled = false;
  const trouble = (e: Error) => {
    if (!troubled)
      process.stderr.write(`puzzlesat: ${connectionError(address, e).message}; waiting for it to come back (Ctrl-C leaves the jobs queued)\n`);
    troubled = true;
  };
  queue.on('error', trouble);
  events.on('error', trouble);
  for (const client of [connection, eventsConnection]) client.on('ready', () => void (troubled = false));
  const start = performance.now();
  const waiting = new Map<number, JobResult>();
  const pending = new Set(ids);
  let next = 0;
  let resumed = 0;
  let failure: Error | undefined;
  let wake: () => void = () => undefined;

  /** Waits for a delivery, a stop, or the next reconciliation, whichever comes first. */
  const pause = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearInterval(stopPoll);
        resolve();
      };
      const timer = setTimeout(done, RECONCILE_MS);
      const stopPoll = setInterval(() => options.shouldStop?.() && done(), 100);
      wake = done;
    });
  const progress = (done = next) => options.onProgress?.({ done, total: ids.length, resumed, seconds: (performance.now() - start) / 1000 });
  const fail = (e: Error) => {
    failure ??= e;
    wake();
  };
  /** Takes a completed job's result (once), then delivers every result that is next in order. */
  const accept = (id: string, value: unknown) => {
    const index = indexOf.get(id);
    if (index === undefined || !pending.has(id)) return;
    const result = checkedResult(value, payloads[index]!);
    if (typeof result === 'string') return fail(new UserError(`job ${id}: ${result}`));
    pending.delete(id);
    waiting.set(index, result);
    // Progress first: the deliveries' own progress lines (solutions found) come within the same moment and yield to it.
    let end = next;
    while (waiting.has(end)) end++;
    if (end > next) progress(end);
    try {
      while (waiting.has(next)) {
        const r = waiting.get(next)!;
        waiting.delete(next);
        deliver(next, r);
        next++;
      }
    } catch (e) {
      return fail(e as Error);
    }
    wake();
  };
  const fetchResult = async (id: string) => {
    const job = await Job.fromId(queue, id);
    if (job?.finishedOn && job.returnvalue !== undefined && job.returnvalue !== null) accept(id, job.returnvalue);
  };
  /**
   * Asks for the state of pending jobs: completes what completed, re-adds
   * what Redis lost, reports what failed for good. At the start that is every
   * job (a resumed run); later only the next few in output order, since the
   * output waits on them and events bring the rest: the cost stays the same
   * however many jobs a run has.
   */
  const reconcile = async (first: boolean) => {
    const list = first ? [...pending] : [...pending].slice(0, RECONCILE_HEAD);
    for (let i = 0; i < list.length; i += ADD_CHUNK) {
      const chunk = list.slice(i, i + ADD_CHUNK);
      const states = await Promise.all(chunk.map((id) => queue.getJobState(id)));
      await Promise.all(
        chunk.map(async (id, k) => {
          const state = states[k];
          if (state === 'completed') {
            if (first) resumed++;
            await fetchResult(id);
          } else if (state === 'failed') {
            const job = await Job.fromId(queue, id);
            // A new run retries what failed before (the workers may have been fixed); during a run a failure is final.
            if (first && job) await job.retry('failed');
            else fail(new UserError(`job ${id} failed: ${job?.failedReason ?? 'no reason given'}`));
          } else if (state === 'unknown') {
            await addJobs(queue, [{ id, data: payloads[indexOf.get(id)!]! }]);
          }
        }),
      );
    }
  };

  try {
    // The queue is shared: other runs' events pass by too.
    events.on('completed', ({ jobId: id }) => void (pending.has(id) && fetchResult(id).catch(fail)));
    events.on('failed', ({ jobId: id, failedReason }) => {
      if (!pending.has(id)) return;
      // The event also comes when attempts remain: only the job's state says whether it is final.
      void queue
        .getJobState(id)
        .then((state) => state === 'failed' && fail(new UserError(`job ${id} failed: ${failedReason}`)))
        .catch(fail);
    });
    await events.waitUntilReady();
    await addJobs(
      queue,
      ids.map((id, i) => ({ id, data: payloads[i]! })),
    );
    await reconcile(true);
    progress();
    while (next < ids.length && !failure && !options.shouldStop?.()) {
      await pause();
      if (next < ids.length && !failure) await reconcile(false);
    }
  } finally {
    await events.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
    await quit(connection);
    await quit(eventsConnection);
  }
  if (failure) throw failure;
  return { delivered: next, complete: next === ids.length };
}

async function addJobs(queue: Queue, jobs: { id: string; data: JobData }[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += ADD_CHUNK) {
    // An id already in the queue (an earlier run of the same coordinator) is left as it is.
    await queue.addBulk(
      jobs.slice(i, i + ADD_CHUNK).map(({ id, data }) => ({
        name: data.work.kind,
        data,
        opts: { jobId: id, attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
      })),
    );
  }
}

const quit = (client: Redis) =>
  client.quit().then(
    () => undefined,
    () => client.disconnect(),
  );

/**
 * A worker's answer is input too: it must be of the job's kind and shape, or
 * the job counts as failed (the solutions themselves are checked against the
 * puzzle by the caller). Returns the result, or the reason it is refused.
 */
function checkedResult(value: unknown, job: JobData): JobResult | string {
  const r = value as Partial<JobResult> | null;
  if (!r || typeof r !== 'object' || r.kind !== job.work.kind) return `the worker's result is not a ${job.work.kind} result`;
  if (r.kind === 'sweep') {
    const answers = (r as { answers?: unknown }).answers;
    const want = (job.work as { rolls: number[] }).rolls.length;
    if (!Array.isArray(answers) || answers.length !== want || !answers.every((a) => Number.isInteger(a) && a >= 0))
      return `the worker's result does not answer the ${want} rolls`;
    return r as JobResult;
  }
  const e = r as Partial<Extract<JobResult, { kind: 'enumerate' }>>;
  const goodFound =
    Array.isArray(e.found) &&
    e.found.every((f) => Array.isArray(f?.trueVars) && f.trueVars.every(Number.isInteger) && Number.isInteger(f.orbitSize) && f.orbitSize > 0);
  if (!goodFound || !Number.isInteger(e.cubes) || !Number.isInteger(e.solves) || typeof e.complete !== 'boolean')
    return "the worker's result is not a list of solutions with counters";
  return r as JobResult;
}
