import type { Instance } from '../core/puzzle.js';
import { CubeTree, orbit } from './cube-tree.js';
import { type Solver, SolverHeapExhausted, type Status } from '../../solvers/types.js';
import { checkedTrueVars, loadFormula } from './solve-once.js';

/**
 * The blocking-clause loop. Each model is checked against the CNF, projected
 * onto the solution variables, and blocked — with its whole orbit under the
 * cube's symmetries when counting classes — so the next model is new.
 *
 * One solver serves every cube: a cube is a set of assumptions, and a blocking
 * clause mentions the cube's own literals, so it never cuts into another cube
 * (two cubes always differ on two members of one exactly-one group).
 */
export interface Found {
  /** The projection variables true in the model, ascending. */
  trueVars: number[];
  /** How many raw solutions this one stands for (its orbit size; 1 without --unique). */
  orbitSize: number;
}

/** How far a cube-tree enumeration is: cubes done, and cube-tree units passed (CubeTree.countUnits counts them all). */
export interface CubeProgress {
  cubes: number;
  units: number;
}

export interface EnumerateOptions {
  createSolver: () => Solver;
  unique: boolean;
  limit?: number;
  /** Solutions found earlier (resume): blocked, with their orbits, before the search starts. */
  known?: readonly (readonly number[])[];
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  /** After each cube; `unit` is the cube's subtree in walk order (CubeTree.countUnits counts them). */
  onProgress?: (p: { found: number; cubes: number; unit: number }) => void;
  timeoutSeconds?: number;
  /** How many literals a cube fixes before the SAT solver takes over (default: defaultCubeDepth). */
  cubeDepth?: number;
  /** Run only this part of the cube tree (worker threads): see CubeTree.leaves. */
  part?: { index: number; of: number };
  /** Called at each UNSAT that closes a cube (--certify checks it), before the next cube starts. */
  onCubeExhausted?: (claim: CubeExhausted) => Promise<void>;
}

/** What the UNSAT closing a cube was about: the CNF, these blocking clauses, these assumptions. */
export interface CubeExhausted {
  assumptions: readonly number[];
  blocking: readonly (readonly number[])[];
  solver: string;
}

export interface EnumerateSummary {
  count: number;
  raw: number;
  complete: boolean;
  /** Cubes (leaves of the cube tree) solved. */
  cubes: number;
  solves: number;
}

let lastYield = Date.now();
/**
 * In-process solvers answer synchronously; giving the event loop a turn every
 * 50 ms lets Ctrl-C and output streams through during long enumerations.
 */
async function yieldNow(): Promise<void> {
  if (Date.now() - lastYield < 50) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastYield = Date.now();
}

/**
 * How many literals a cube fixes when the caller does not say: the instance's
 * hint (for packings, all pieces but one — deep cubes enumerate tilings
 * fastest, with the SAT solver completing and certifying each cube), else 0.
 */
export function defaultCubeDepth(instance: Instance): number {
  return instance.cubeDepthHint ?? 0;
}

/**
 * The clause that forbids one projected solution: its true variables negated,
 * plus its false projection variables unless the instance says true sets
 * never nest (then the short clause is exact and much cheaper).
 */
export function blocker(instance: Instance): (trueVars: readonly number[]) => number[] {
  const projection = instance.cnf.projection;
  if (instance.trueSetsAreAntichain) return (trueVars) => trueVars.map((v) => -v);
  return (trueVars) => {
    const on = new Set(trueVars);
    return projection.map((v) => (on.has(v) ? -v : v));
  };
}

/** Enumerates in this thread, cube after cube, streaming each solution to onFound. */
export async function enumerate(instance: Instance, options: EnumerateOptions): Promise<EnumerateSummary> {
  const tree = new CubeTree(instance, options.unique);
  const depth = options.cubeDepth ?? defaultCubeDepth(instance);
  const group = options.unique ? instance.symmetries : [];
  const orbitSize = (vars: readonly number[]) => (group.length ? orbit(group, vars).length : 1);
  const known = options.known ?? [];
  const summary: EnumerateSummary = { count: known.length, raw: 0, complete: true, cubes: 0, solves: 0 };
  for (const k of known) summary.raw += orbitSize(k);
  // Every blocking clause ever added, to rebuild a solver whose heap ran out.
  const block = blocker(instance);
  const blocking: number[][] = known.flatMap((k) => orbit(group, k).map(block));
  const load = (): Solver => {
    const solver = options.createSolver();
    if (depth > 0) solver.expectCubes?.();
    loadFormula(solver, instance.cnf);
    for (const clause of blocking) solver.addClause(clause);
    return solver;
  };
  const limitReached = () => options.limit !== undefined && summary.count >= options.limit;
  const stop = () => limitReached() || options.shouldStop?.() === true;
  let solver = load();
  try {
    for (const cube of tree.leaves(depth, options.part)) {
      const cubePerms = options.unique ? cube.stabilizer.map((i) => instance.symmetries[i]!) : [];
      for (;;) {
        await yieldNow();
        if (stop()) {
          summary.complete = false;
          return summary;
        }
        let status: Status;
        try {
          status = await solver.solve({ assumptions: cube.lits, timeoutSeconds: options.timeoutSeconds });
        } catch (e) {
          if (!(e instanceof SolverHeapExhausted)) throw e;
          // The fixed heap filled up with learned clauses: start afresh from the
          // formula plus every blocking clause found so far.
          solver.dispose();
          solver = load();
          continue;
        }
        summary.solves++;
        if (status === 'UNSAT') {
          await options.onCubeExhausted?.({ assumptions: cube.lits, blocking, solver: solver.name });
          break;
        }
        if (status === 'UNKNOWN') {
          summary.complete = false;
          return summary;
        }
        const trueVars = checkedTrueVars(instance.cnf, solver);
        for (const img of orbit(cubePerms, trueVars)) {
          const clause = block(img);
          blocking.push(clause);
          solver.addClause(clause);
        }
        summary.count++;
        const size = orbitSize(trueVars);
        summary.raw += size;
        options.onFound({ trueVars, orbitSize: size });
      }
      summary.cubes++;
      options.onProgress?.({ found: summary.count, cubes: summary.cubes, unit: cube.unit ?? 0 });
    }
  } finally {
    solver.dispose();
  }
  return summary;
}
