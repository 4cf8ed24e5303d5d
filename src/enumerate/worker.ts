import { parentPort, workerData } from 'node:worker_threads';
import { RollSolver } from '../../encoders/genius-square.js';
import { loadWasmSolvers } from '../../solvers/index.js';
import { runPlanPart } from './by-name.js';
import type { PartJob, PartMessage, SweepAnswer, SweepBatch, WorkerTask } from './worker-tasks.js';

/** The script of every worker thread of src/enumerate/pool.ts; workerData says which task it runs. */
const port = parentPort!;
const task = workerData as WorkerTask;
if (task.task === 'enumerate') await enumeratePart(task.job);
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
