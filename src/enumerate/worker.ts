import { parentPort, workerData } from 'node:worker_threads';
import { RollSolver } from '../../encoders/genius-square.js';
import { loadWasmSolvers } from '../../solvers/index.js';
import { MemoryBoundExceeded, ResumeConflict } from '../count/engine.js';
import { type ShareJob, countShare } from '../count/shares.js';
import { rebuiltInstance, runPlanPart } from './by-name.js';
import { adoptFieldNames } from '../core/field-names.js';
import { setSizeLimits } from '../core/limits.js';
import type { CountThreadJob, CountThreadMessage, PartJob, PartMessage, SweepAnswer, SweepBatch, WorkerData } from './worker-tasks.js';

/** The script of every worker thread of src/enumerate/pool.ts; workerData says which task it runs. */
const port = parentPort!;
const task = workerData as WorkerData;
// Before any task: its messages name fields as the caller that started the run spells them.
await adoptFieldNames(task.fieldNames);
// And rebuilds the instance under its size limits (a library caller's setSizeLimits; the CLI's --max-vars, ...).
if (task.sizeLimits) setSizeLimits(task.sizeLimits);
if (task.task === 'enumerate') await enumeratePart(task.job);
else if (task.task === 'count') countShares(task.job);
else answerSweepBatches(task.count);

/** Solves every leaf of one part of the cube tree, posting each solution to the main thread. */
async function enumeratePart(job: PartJob): Promise<void> {
  const post = (m: PartMessage) => port.postMessage(m);
  try {
    await loadWasmSolvers();
    const summary = await runPlanPart(job.plan, job.part, {
      known: job.known,
      finishedCubes: new Set(job.finishedCubes),
      onCubeDone: (key) => post({ type: 'cube', key }),
      onFound: (found) => post({ type: 'found', found }),
      onProgress: ({ cubes, unit }) => post({ type: 'progress', part: job.part.index, cubes, unit }),
    });
    post({ type: 'done', summary });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e), user: (e as Error)?.name === 'UserError' });
  }
}

/** Answers batches of rolls, per roll its number of solutions or whether it has one, until terminated. */
function answerSweepBatches(count: boolean): void {
  const solver = new RollSolver();
  port.on('message', ({ id, rolls }: SweepBatch) => {
    const answer: SweepAnswer = { id, results: rolls.map((index) => solver.solveRoll(index, count)) };
    port.postMessage(answer);
  });
}

/** Between two progress messages of a share: the counter polls far more often than a bar redraws. */
const TICK_MS = 100;

/** Counts each share the main thread sends, one at a time, until terminated. */
function countShares(job: CountThreadJob): void {
  const stop = new Int32Array(job.stop);
  const post = (m: CountThreadMessage) => port.postMessage(m);
  const options = { unique: job.plan.unique, unpinned: job.plan.uniqueBy === 'burnside-group' };
  port.on('message', async (share: ShareJob) => {
    const { term } = share;
    let lastTick = 0;
    let fraction = 0;
    try {
      const run = await countShare(rebuiltInstance(job.plan), options, share, {
        shouldStop: () => Atomics.load(stop, 0) !== 0,
        onTick: (f) => {
          fraction = f;
          if (performance.now() - lastTick < TICK_MS) return;
          lastTick = performance.now();
          post({ type: 'tick', term, share: share.share.index, fraction });
        },
        onUnit: (unit) => post({ type: 'unit', term, share: share.share.index, unit }),
      });
      post({ type: 'done', term, share: share.share.index, run, fraction });
    } catch (e) {
      if (e instanceof MemoryBoundExceeded) post({ type: 'memory', term, share: share.share.index, needed: e.needed, bound: e.bound });
      else
        post({
          type: 'error',
          message: e instanceof Error ? e.message : String(e),
          user: (e as Error)?.name === 'UserError',
          ...(e instanceof ResumeConflict ? { unit: e.unit } : {}),
        });
    }
  });
}
