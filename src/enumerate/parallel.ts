import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UserError } from '../core/errors.js';
import type { EnumerateSummary, Found } from './blocking-loop.js';

/**
 * Parallel enumeration on worker threads: the subtrees of the cube tree are
 * dealt round-robin to the workers (CubeTree.leaves), each with its own
 * solver; solutions stream back to the main thread, which checks, counts and
 * writes them.
 */
export interface PartJob {
  puzzle: string;
  args: Record<string, unknown>;
  solver: string;
  unique: boolean;
  known: number[][];
  cubeDepth?: number;
  timeoutSeconds?: number;
  /** Cubes a resume skips (see EnumerateOptions.finishedCubes). */
  finishedCubes?: string[];
  part: { index: number; of: number };
}

export type PartMessage =
  | { type: 'found'; found: Found }
  | { type: 'cube'; key: string }
  | { type: 'done'; summary: EnumerateSummary }
  | { type: 'error'; message: string; user: boolean };

const workerFile = fileURLToPath(new URL('./worker.js', import.meta.url));

/** Workers need the compiled worker script; from TypeScript sources (tests) there is none. */
export const parallelAvailable = (): boolean => existsSync(workerFile);

export const defaultWorkers = (): number => (parallelAvailable() ? availableParallelism() : 1);

export async function enumerateParallel(
  job: Omit<PartJob, 'part'>,
  workers: number,
  options: { limit?: number; knownRaw: number; onFound: (f: Found) => void; shouldStop: () => boolean; onCubeDone?: (key: string) => void },
): Promise<EnumerateSummary> {
  // Known solutions (resume) are blocked in every worker but counted once, here.
  const total: EnumerateSummary = { count: job.known.length, raw: options.knownRaw, complete: true, cubes: 0, solves: 0 };
  const running = Array.from({ length: workers }, (_, index) => new Worker(workerFile, { workerData: { ...job, part: { index, of: workers } } }));
  let failure: Error | undefined;
  let stopped = false;
  const stopAll = () => {
    stopped = true;
    for (const w of running) void w.terminate();
  };
  const poll = setInterval(() => {
    if (options.shouldStop()) stopAll();
  }, 100);
  try {
    await Promise.all(
      running.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.on('message', (m: PartMessage) => {
              if (stopped) return;
              if (m.type === 'found') {
                total.count++;
                total.raw += m.found.orbitSize;
                try {
                  options.onFound(m.found);
                } catch (e) {
                  failure = e as Error;
                  stopAll();
                }
                if (options.limit !== undefined && total.count >= options.limit) stopAll();
              } else if (m.type === 'cube') {
                options.onCubeDone?.(m.key);
              } else if (m.type === 'done') {
                total.cubes += m.summary.cubes;
                total.solves += m.summary.solves;
                if (!m.summary.complete) total.complete = false;
              } else {
                failure = m.user ? new UserError(m.message) : new Error(m.message);
                stopAll();
              }
            });
            w.on('error', (e) => {
              failure = e;
              stopAll();
            });
            w.on('exit', () => resolve());
          }),
      ),
    );
  } finally {
    clearInterval(poll);
  }
  if (failure) throw failure;
  if (stopped) total.complete = false;
  return total;
}
