import { parentPort, workerData } from 'node:worker_threads';
import { RollSolver } from '../../encoders/genius-square.js';

/**
 * Worker thread of `puzzlesat sweep`: receives batches of roll indices and
 * answers, per roll, its number of solutions, or 1/0 (solvable or not) when
 * the sweep does not count.
 */
export interface SweepBatch {
  id: number;
  rolls: number[];
}

export interface SweepAnswer {
  id: number;
  results: number[];
}

if (parentPort) {
  const port = parentPort;
  const { count } = workerData as { count: boolean };
  const solver = new RollSolver();
  port.on('message', ({ id, rolls }: SweepBatch) => {
    const answer: SweepAnswer = { id, results: rolls.map((index) => solver.solveRoll(index, count)) };
    port.postMessage(answer);
  });
}
