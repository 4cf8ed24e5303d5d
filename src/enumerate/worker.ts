import { parentPort, workerData } from 'node:worker_threads';
import { enumerate } from './blocking-loop.js';
import { loadInstance, type Args } from '../cli/common.js';
import { pickSolver } from '../../solvers/index.js';
import type { PartJob, PartMessage } from './parallel.js';

/**
 * One worker of a parallel enumeration: it rebuilds the same instance (the
 * encoders are deterministic), walks the same cube tree and solves every
 * leaf in its part (its share of the subtrees), posting each solution to the main thread.
 */
const job = workerData as PartJob;
const post = (m: PartMessage) => parentPort!.postMessage(m);
try {
  const instance = loadInstance(job.puzzle, job.args as Args);
  const factory = await pickSolver(job.solver);
  const summary = await enumerate(instance, {
    createSolver: () => factory.create(),
    unique: job.unique,
    known: job.known,
    cubeDepth: job.cubeDepth,
    timeoutSeconds: job.timeoutSeconds,
    finishedCubes: new Set(job.finishedCubes ?? []),
    onCubeDone: (key) => post({ type: 'cube', key }),
    part: job.part,
    onFound: (found) => post({ type: 'found', found }),
  });
  post({ type: 'done', summary });
} catch (e) {
  post({ type: 'error', message: e instanceof Error ? e.message : String(e), user: (e as Error)?.name === 'UserError' });
}
