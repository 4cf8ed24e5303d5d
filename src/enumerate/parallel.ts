import { UserError } from '../core/errors.js';
import type { CubeProgress, EnumerateSummary, Found } from './blocking-loop.js';
import { runPool } from './pool.js';
import type { EnumeratePlan } from '../core/plan.js';
import type { PartMessage } from './worker-tasks.js';

/**
 * Parallel enumeration on worker threads: the subtrees of the cube tree are
 * dealt round-robin to the workers (CubeTree.leaves), each with its own
 * solver; solutions stream back to the main thread, which checks, counts and
 * writes them.
 */
export async function enumerateParallel(
  plan: EnumeratePlan,
  options: {
    known: number[][];
    finishedCubes: string[];
    knownRaw: number;
    onFound: (f: Found) => void;
    shouldStop: () => boolean;
    onProgress?: (p: CubeProgress) => void;
    onCubeDone?: (key: string) => void;
  },
): Promise<EnumerateSummary> {
  // Known solutions (resume) are blocked in every worker but counted once, here.
  const workers = plan.workers;
  const total: EnumerateSummary = { count: options.known.length, raw: options.knownRaw, complete: true, cubes: 0, solves: 0 };
  // Per part: cubes done, and units of its share passed (part i takes units i, i + n, i + 2n, ...).
  const cubesDone = new Array<number>(workers).fill(0);
  const unitsDone = new Array<number>(workers).fill(0);
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  const { known, finishedCubes } = options;
  const tasks = Array.from({ length: workers }, (_, index) => ({
    task: 'enumerate' as const,
    job: { plan, part: { index, of: workers }, known, finishedCubes },
  }));
  const { stopped } = await runPool<PartMessage>({
    tasks,
    shouldStop: options.shouldStop,
    onMessage(m, _worker, pool) {
      if (m.type === 'progress') {
        cubesDone[m.part] = m.cubes;
        unitsDone[m.part] = Math.ceil((m.unit - m.part) / workers);
        options.onProgress?.({ cubes: sum(cubesDone), units: sum(unitsDone) });
      } else if (m.type === 'found') {
        total.count++;
        total.raw += m.found.orbitSize;
        options.onFound(m.found);
        if (plan.limit !== undefined && total.count >= plan.limit) pool.stop();
      } else if (m.type === 'cube') {
        options.onCubeDone?.(m.key);
      } else if (m.type === 'done') {
        total.cubes += m.summary.cubes;
        total.solves += m.summary.solves;
        if (!m.summary.complete) total.complete = false;
      } else {
        throw m.user ? new UserError(m.message) : new Error(m.message);
      }
    },
  });
  if (stopped) total.complete = false;
  return total;
}
