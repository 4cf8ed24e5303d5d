import type { NativeRunOptions, ProjectingEnumerator, Solver } from '../../solvers/types.js';
import type { Instance } from '../core/puzzle.js';
import type { EnumerateSummary, Found } from './blocking-loop.js';
import { orbit } from './cube-tree.js';
import { isLexLeader } from './lex-leader.js';
import { loadFormula } from './solve-once.js';
import { addedPlan } from '../symmetry/breaking.js';

/**
 * Enumeration by the solver itself (clasp -n 0 --project, picosat --all):
 * one run that prints every model. Native runs have no symmetry breaking:
 * with `unique` every model is read (raw counts them all) and a solution is
 * kept only when it is the lexicographically least of its orbit under the
 * instance's symmetries.
 */
export interface NativeEnumerateOptions {
  unique: boolean;
  limit?: number;
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  timeoutSeconds?: number;
}

const STOP_POLL_MS = 100;

/** Runs the solver's own enumeration on the instance; the solver is disposed at the end. */
export async function enumerateNative(instance: Instance, solver: Solver & ProjectingEnumerator, options: NativeEnumerateOptions): Promise<EnumerateSummary> {
  const group = options.unique ? instance.symmetries : [];
  // With the symmetry-breaking family in the formula every model is one class already: none is filtered, raw adds orbit sizes.
  const classesByFormula = options.unique && addedPlan(instance) !== null;
  const filter = classesByFormula ? [] : group;
  const summary: EnumerateSummary = { count: 0, raw: 0, complete: false, cubes: 1, solves: 1 };
  const stop = new AbortController();
  const enough = () => (options.limit !== undefined && summary.count >= options.limit) || options.shouldStop?.() === true;
  const poll = setInterval(() => {
    if (enough()) stop.abort();
  }, STOP_POLL_MS);
  try {
    loadFormula(solver, instance.cnf);
    const onModel = (trueVars: number[]) => {
      if (stop.signal.aborted) return;
      const orbitSize = group.length ? orbit(group, trueVars).length : 1;
      summary.raw += classesByFormula ? orbitSize : 1;
      if (!isLexLeader(filter, trueVars)) return;
      summary.count++;
      options.onFound({ trueVars, orbitSize });
      if (enough()) stop.abort();
    };
    // Without `unique` every model is a solution, so the solver can stop at the limit itself.
    const run: NativeRunOptions = { limit: options.unique && !classesByFormula ? undefined : options.limit, timeoutSeconds: options.timeoutSeconds, signal: stop.signal };
    const { complete } = await solver.enumerateProjected(instance.cnf.projection, onModel, run);
    summary.complete = complete && !stop.signal.aborted;
    return summary;
  } finally {
    clearInterval(poll);
    solver.dispose();
  }
}
