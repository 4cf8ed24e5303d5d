import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { watchWorker } from '../../solvers/external/process.js';
import { fieldNamesModule } from '../core/field-names.js';
import { sizeLimits } from '../core/limits.js';
import { threadExecArgv } from '../core/process.js';
import type { WorkerData, WorkerTask } from './worker-tasks.js';

/**
 * The one worker pool, for parallel enumeration and the Genius Square sweep:
 * one thread per task, all running src/enumerate/worker.ts, messages routed
 * to the caller, and every thread stopped at once on a stop, a failure or Ctrl-C.
 */
export const WORKER_SCRIPT = new URL('./worker.js', import.meta.url);

/** Workers need the compiled worker script; from TypeScript sources (tests) there is none. */
export const poolAvailable = (script: URL = WORKER_SCRIPT): boolean => existsSync(fileURLToPath(script));

export const defaultWorkers = (): number => (poolAvailable() ? availableParallelism() : 1);

export interface PoolControl {
  /** Terminates every worker; the run resolves with stopped = true. */
  stop(): void;
}

export interface PoolOptions<M> {
  /** One worker per task. */
  tasks: readonly WorkerTask[];
  /** Each message from a worker; a throw stops every worker and rejects the run. */
  onMessage(message: M, worker: Worker, pool: PoolControl): void;
  /** Called for each worker once all are started (to hand out the first work). */
  onStart?(worker: Worker, pool: PoolControl): void;
  /** Polled: true stops the run. */
  shouldStop?(): boolean;
  script?: URL;
}

const STOP_POLL_MS = 100;

/** Runs until every worker has exited (done, or stopped); rejects with the first failure. */
export async function runPool<M>(options: PoolOptions<M>): Promise<{ stopped: boolean }> {
  const script = options.script ?? WORKER_SCRIPT;
  // Each thread names fields as this one does (a library caller's field, or the CLI's option), and builds under its size limits.
  const data = { fieldNames: fieldNamesModule(), sizeLimits: sizeLimits() };
  const workers = options.tasks.map(
    (task) => new Worker(script, { workerData: { ...task, ...data } satisfies WorkerData, execArgv: threadExecArgv() }),
  );
  // A worker's external solvers are cleaned up by this thread, which alone hears the signals.
  for (const w of workers) watchWorker(w);
  let stopped = false;
  let failure: unknown;
  const pool: PoolControl = {
    stop() {
      if (stopped) return;
      stopped = true;
      for (const w of workers) void w.terminate();
    },
  };
  const fail = (e: unknown) => {
    failure ??= e;
    pool.stop();
  };
  const poll = setInterval(() => {
    if (options.shouldStop?.()) pool.stop();
  }, STOP_POLL_MS);
  const exits = workers.map(
    (w) =>
      new Promise<void>((resolve) => {
        w.on('message', (m: M) => {
          if (stopped) return;
          try {
            options.onMessage(m, w, pool);
          } catch (e) {
            fail(e);
          }
        });
        w.on('error', fail);
        w.on('exit', (code) => {
          if (!stopped && code !== 0) fail(new Error(`a worker thread exited with code ${code}`));
          resolve();
        });
      }),
  );
  try {
    for (const w of workers) options.onStart?.(w, pool);
    await Promise.all(exits);
  } finally {
    clearInterval(poll);
  }
  if (failure !== undefined) throw failure;
  return { stopped };
}
