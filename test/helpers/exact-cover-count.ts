import { isExactCover } from '../../solvers/dlx/exact-cover.js';
import type { ExactCoverInput } from '../../src/count/problem.js';

/** Brute force over every subset of rows (with the forced ones among them): the reference count for small exact-cover problems. */
export function bruteForceCount(problem: ExactCoverInput, forced: readonly number[] = []): number {
  let count = 0;
  for (let mask = 0; mask < 1 << problem.rows.length; mask++) {
    const rows = problem.rows.map((_, r) => r).filter((r) => mask & (1 << r));
    if (forced.every((r) => rows.includes(r)) && isExactCover(problem, rows)) count++;
  }
  return count;
}
