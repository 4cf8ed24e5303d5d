import type { NativeRunOptions, ProjectingEnumerator, Solver } from '../../solvers/types.js';
import type { Instance } from '../core/puzzle.js';
import type { EnumerateSummary, Found } from './blocking-loop.js';
import { CubeTree, orbit } from './cube-tree.js';
import { isLexLeader } from './lex-leader.js';
import { loadFormula } from './solve-once.js';
import { addedPlan } from '../symmetry/breaking.js';

/**
 * Enumeration by the solver itself (clasp -n 0 --project, cryptominisat5
 * --maxsol, picosat --all): one run per cube of a shallow cube tree, each
 * printing every model inside its cube. The cubes are few and meaty: a
 * process start and a parse of the formula are paid per cube, and a VSIDS
 * solver searches a cube's smaller space much faster than the whole (clasp on
 * the 8x8 board with the centre hole: 65 classes in about 17 CPU s at one
 * cube, 5 s at 15). With `unique` and the symmetry-breaking family in the
 * formula every model is one class; without it every model is read (raw
 * counts them all) and a solution is kept only when it is the
 * lexicographically least of its orbit under the instance's symmetries.
 */
export interface NativeEnumerateOptions {
  unique: boolean;
  limit?: number;
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  timeoutSeconds?: number;
  /** How many literals each run's cube fixes (default: nativeCubeDepth). */
  cubeDepth?: number;
}

const STOP_POLL_MS = 100;

/** How many cubes a native enumeration aims at: enough to split the search, few enough that process starts stay cheap. */
export const NATIVE_CUBES = 12;
/** Never deeper than this for native runs: below it cubes multiply by the hundred while their searches are already easy. */
const MAX_NATIVE_DEPTH = 3;

/** The shallowest cube depth with at least `cubes` cubes (`maxDepth` at most). */
export function cubeDepthFor(instance: Instance, cubes: number, maxDepth: number): number {
  const tree = new CubeTree(instance, false);
  for (let depth = 0; depth < maxDepth; depth++) {
    let leaves = 0;
    for (const _ of tree.leaves(depth)) if (++leaves >= cubes) return depth;
  }
  return maxDepth;
}

export const nativeCubeDepth = (instance: Instance): number => cubeDepthFor(instance, NATIVE_CUBES, MAX_NATIVE_DEPTH);

/** Runs the solver's own enumeration on the instance, cube by cube; the solver is disposed at the end. */
export async function enumerateNative(
  instance: Instance,
  solver: Solver & ProjectingEnumerator,
  options: NativeEnumerateOptions,
): Promise<EnumerateSummary> {
  const group = options.unique ? instance.symmetries : [];
  // With the symmetry-breaking family in the formula every model is one class already: none is filtered, raw adds orbit sizes.
  const classesByFormula = options.unique && addedPlan(instance) !== null;
  const filter = classesByFormula ? [] : group;
  const summary: EnumerateSummary = { count: 0, raw: 0, complete: false, cubes: 0, solves: 0 };
  const stop = new AbortController();
  const enough = () => (options.limit !== undefined && summary.count >= options.limit) || options.shouldStop?.() === true;
  const poll = setInterval(() => {
    if (enough()) stop.abort();
  }, STOP_POLL_MS);
  const deadline = options.timeoutSeconds === undefined ? undefined : Date.now() + options.timeoutSeconds * 1000;
  // The cubes split the solutions, so a model seen twice means the engine does not enumerate distinct projections.
  const seen = new Set<string>();
  try {
    // The deadline passed while the formula was handed over: nothing enumerated, the summary incomplete.
    if (!loadFormula(solver, instance.cnf, undefined, deadline ?? Infinity)) return summary;
    const onModel = (trueVars: number[]) => {
      if (stop.signal.aborted) return;
      const key = trueVars.join(' ');
      if (seen.has(key))
        throw new Error(`${solver.name} printed the same solution twice (${key}): its enumeration does not project onto the solution variables`);
      seen.add(key);
      const orbitSize = group.length ? orbit(group, trueVars).length : 1;
      summary.raw += classesByFormula ? orbitSize : 1;
      if (!isLexLeader(filter, trueVars)) return;
      summary.count++;
      options.onFound({ trueVars, orbitSize });
      if (enough()) stop.abort();
    };
    const depth = options.cubeDepth ?? nativeCubeDepth(instance);
    for (const cube of new CubeTree(instance, false).leaves(depth)) {
      if (stop.signal.aborted || enough()) return summary;
      const timeoutSeconds = deadline === undefined ? undefined : Math.max(0, (deadline - Date.now()) / 1000);
      // Without `unique` every model is a solution, so the solver can stop at the limit itself.
      const limit = options.limit === undefined || (options.unique && !classesByFormula) ? undefined : options.limit - summary.count;
      const run: NativeRunOptions = { assumptions: cube.lits, limit, timeoutSeconds, signal: stop.signal };
      summary.solves++;
      const { complete } = await solver.enumerateProjected(instance.cnf.projection, onModel, run);
      if (!complete || stop.signal.aborted) return summary;
      summary.cubes++;
    }
    summary.complete = true;
    return summary;
  } finally {
    clearInterval(poll);
    solver.dispose();
  }
}
