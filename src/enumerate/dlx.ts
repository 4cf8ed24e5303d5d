import { UsageError } from '../core/errors.js';
import { callName, fieldName } from '../core/field-names.js';
import { type EnumerateOptions, type EnumerateSummary, cubeKey } from './blocking-loop.js';
import { solveExactCover } from '../../solvers/dlx/exact-cover.js';
import { type ExactCover, type Instance, countedCover, notExactCoverWhy } from '../core/puzzle.js';
import { CubeTree, orbit } from './cube-tree.js';
import { type BreakingPlan, DEFAULT_SYMMETRY_BREAKING, breakingPlan } from '../symmetry/breaking.js';
import { setUpPoll, unlessStopped } from '../count/engine.js';
import { isLexLeader } from './lex-leader.js';

/**
 * Enumeration by dancing links on the puzzle's exact-cover form (the same
 * placements the CNF is built from). The search is cut into parts, each with
 * some rows forced and a set of symmetries under which a solution must be
 * lexicographically least to be kept:
 *
 * - --unique by clauses (the default): the restriction of the
 *   symmetry-breaking family (src/symmetry/breaking.ts), one part per orbit
 *   representative of the pinned group, forcing that row (the others of the
 *   group share a column with it, so they are out) and keeping the least of
 *   each orbit under its stabiliser. Each class is met once, by the same
 *   model the clauses keep.
 * - --unique by orbits: the cube tree's leaves at depth 2, split on
 *   stabiliser orbits, keeping the least under each leaf's stabiliser.
 * - all solutions: the cube tree's leaves at depth 2, nothing filtered.
 */
export type ExactCoverEnumerateOptions = Pick<
  EnumerateOptions,
  'unique' | 'symmetryBreaking' | 'limit' | 'known' | 'onFound' | 'shouldStop' | 'finishedCubes' | 'onCubeDone' | 'part'
>;

interface Part {
  forced: readonly number[];
  /** Non-identity symmetries under which a kept solution is lexicographically least. */
  leastUnder: readonly Int32Array[];
}

/** Two levels of cubes give the event loop a turn often enough; dancing links does the rest. */
export const EXACT_COVER_DEPTH = 2;

const byOrbits = (options: ExactCoverEnumerateOptions): boolean =>
  options.unique === true && (options.symmetryBreaking ?? DEFAULT_SYMMETRY_BREAKING) === 'orbits';

/**
 * The symmetry-breaking plan the parts follow (null: none), made hearing
 * the run's stop (its chains took a second on a 25x25 board, past a
 * --timeout); undefined when it stopped.
 */
const partsPlan = (instance: Instance, options: ExactCoverEnumerateOptions): BreakingPlan | null | undefined =>
  options.unique && !byOrbits(options) ? unlessStopped(() => breakingPlan(instance, setUpPoll(options.shouldStop))) : null;

function* parts(instance: Instance, options: ExactCoverEnumerateOptions, plan: BreakingPlan | null): Generator<Part> {
  if (plan && plan.group >= 0) {
    for (const r of plan.representatives) yield { forced: [r.variable], leastUnder: r.stabilizer };
  } else if (plan) {
    yield { forced: [], leastUnder: plan.chains.map((c) => c.perm) };
  } else {
    for (const cube of new CubeTree(instance, byOrbits(options)).leaves(EXACT_COVER_DEPTH)) {
      yield { forced: cube.lits, leastUnder: byOrbits(options) ? cube.stabilizer.filter((i) => i !== 0).map((i) => instance.symmetries[i]!) : [] };
    }
  }
}

/**
 * The solver dlx (or another exact-cover engine) on an instance it cannot
 * search (`name` as the caller gave it): the option (`option`, as the caller
 * spells it) does not apply, a usage error as for the exact-cover method. A
 * formula is told what applies to a formula, not the puzzles' pieces and
 * placements, and where to find the solvers that take one.
 */
export function notExactCover(engine: string, instance: Instance, name = instance.puzzle, option = fieldName('solver')): UsageError {
  if (!instance.formula) return new UsageError(`${option} ${engine}: ${name} ${notExactCoverWhy()}`);
  const which = typeof instance.params.file === 'string' ? instance.params.file : 'this';
  return new UsageError(
    `${option} ${engine}: ${engine} solves only puzzles posed as exact cover, and ${which} is a formula; leave ${option} out for the default, or name a SAT solver (${callName({ solvers: true })} lists them)`,
  );
}

/** Each variable's rows: one, or with copies one per copy, in copy order (coverOf lists a placement's copies so). */
function rowsByVariable(problem: ExactCover): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  problem.rowVars.forEach((v, r) => (rows.get(v) ?? rows.set(v, []).get(v)!).push(r));
  return rows;
}

/**
 * The rows that force these placements, or undefined where none can: two
 * that clash, or a placement with no row. With copies each placement is
 * the first copy of its piece the ones before it left, as the search
 * would number them.
 */
function forcedRows(problem: ExactCover, rowsOf: ReadonlyMap<number, readonly number[]>, placements: readonly number[]): number[] | undefined {
  const taken = new Set<number>();
  const rows: number[] = [];
  for (const v of placements) {
    const row = rowsOf.get(v)?.find((r) => problem.rows[r]!.every((c) => !taken.has(c)));
    if (row === undefined) return undefined;
    for (const c of problem.rows[row]!) taken.add(c);
    rows.push(row);
  }
  return rows;
}

export async function enumerateExactCover(instance: Instance, options: ExactCoverEnumerateOptions): Promise<EnumerateSummary> {
  const problem = countedCover(instance);
  if (!problem) throw notExactCover('dlx', instance);
  const rowsOf = rowsByVariable(problem);
  const all = options.unique ? instance.symmetries : [];
  const known = new Set((options.known ?? []).map((k) => [...k].sort((a, b) => a - b).join(',')));
  const summary: EnumerateSummary = { count: known.size, raw: 0, complete: true, cubes: 0, solves: 0 };
  for (const k of options.known ?? []) summary.raw += all.length ? orbit(all, k).length : 1;
  const limitReached = () => options.limit !== undefined && summary.count >= options.limit;
  const plan = partsPlan(instance, options);
  if (plan === undefined) return { ...summary, complete: false };
  let index = 0;
  for (const part of parts(instance, options, plan)) {
    // A distributed job takes every part.of-th part.
    if (options.part && index++ % options.part.of !== options.part.index) continue;
    if (options.finishedCubes?.has(cubeKey(part.forced))) continue;
    summary.cubes++;
    if (limitReached() || options.shouldStop?.()) {
      summary.complete = false;
      break;
    }
    const forced = forcedRows(problem, rowsOf, part.forced);
    // A forced placement with no row is in no solution (one over more optional cells than the pieces leave spare, exactCoverOf).
    const result = !forced
      ? { nodes: 0, complete: true }
      : solveExactCover(problem, {
          forced,
          shouldStop: options.shouldStop,
          onSolution: (rows) => {
            // Rows that stand for no variable (leaving an optional cell or piece out) are not part of the solution's variables.
            const vars = rows
              .map((r) => problem.rowVars[r]!)
              .filter((v) => v > 0)
              .sort((a, b) => a - b);
            if (!isLexLeader(part.leastUnder, vars)) return;
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
    else options.onCubeDone?.(cubeKey(part.forced));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return summary;
}
