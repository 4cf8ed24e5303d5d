import { UserError } from '../core/errors.js';
import type { EnumerateSummary, Found } from './blocking-loop.js';
import { solveExactCover } from './exact-cover.js';
import type { Instance } from '../core/puzzle.js';
import { CubeTree, orbit } from './cube-tree.js';
import { isLexLeader } from './lex-leader.js';

/**
 * Enumeration by dancing links on the puzzle's exact-cover form (the same
 * placements the CNF is built from). With --unique it splits on the same cube
 * tree as the SAT path and keeps, in each cube, only the solution that is
 * lexicographically least in its orbit under the cube's symmetries, so each
 * class is reported once.
 */
export interface ExactCoverEnumerateOptions {
  unique: boolean;
  limit?: number;
  known?: readonly (readonly number[])[];
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  /** Run only this part of the cube tree (a distributed job): see CubeTree.leaves. */
  part?: { index: number; of: number };
}

export async function enumerateExactCover(instance: Instance, options: ExactCoverEnumerateOptions): Promise<EnumerateSummary> {
  const problem = instance.exactCover;
  if (!problem) throw new UserError(`--solver dlx: ${instance.puzzle} is not posed as exact cover here (pieces with copies, or not a packing)`);
  const rowOf = new Map(problem.rowVars.map((v, r) => [v, r]));
  const all = options.unique ? instance.symmetries : [];
  const known = new Set((options.known ?? []).map((k) => [...k].sort((a, b) => a - b).join(',')));
  const summary: EnumerateSummary = { count: known.size, raw: 0, complete: true, cubes: 0, solves: 0 };
  for (const k of options.known ?? []) summary.raw += all.length ? orbit(all, k).length : 1;
  const limitReached = () => options.limit !== undefined && summary.count >= options.limit;
  // Two levels of cubes are enough to take the symmetry out; dancing links does the rest.
  for (const cube of new CubeTree(instance, options.unique).leaves(2, options.part)) {
    summary.cubes++;
    if (limitReached() || options.shouldStop?.()) {
      summary.complete = false;
      break;
    }
    const stabilizer = options.unique ? cube.stabilizer.map((i) => instance.symmetries[i]!) : [];
    const result = solveExactCover(problem, {
      forced: cube.lits.map((v) => rowOf.get(v)!),
      shouldStop: options.shouldStop,
      onSolution: (rows) => {
        const vars = rows.map((r) => problem.rowVars[r]!).sort((a, b) => a - b);
        if (!isLexLeader(stabilizer, vars)) return;
        if (known.has(vars.join(','))) return;
        summary.count++;
        const orbitSize = all.length ? orbit(all, vars).length : 1;
        summary.raw += orbitSize;
        options.onFound({ trueVars: vars, orbitSize });
        if (limitReached()) return false;
      },
    });
    summary.solves += result.nodes;
    if (!result.complete) summary.complete = false;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return summary;
}
