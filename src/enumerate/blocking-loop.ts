import { type Instance, instanceName } from '../core/puzzle.js';
import { UsageError, didYouMean } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
import { type Cube, CubeTree, orbit } from './cube-tree.js';
import { BRANCHING_RULES, ENUM_MODES, PROPAGATIONS, type BranchingRule, type EnumMode, type Propagation } from '../core/plan.js';
import {
  type Capabilities,
  type ChronoEnumerator,
  type CoverBrancher,
  type ExactlyOnePropagator,
  type Solver,
  SolverHeapExhausted,
  type Status,
  offersCubeBatch,
  solverCapabilities,
} from '../../solvers/types.js';
import { checkedTrueVars, loadFormula } from './solve-once.js';
import { type SymmetryBreaking, classSearchInstance } from '../symmetry/breaking.js';

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
  /**
   * How `unique` takes symmetry out: 'clauses' (the default) adds the
   * symmetry-breaking family, and the search then splits and blocks as for
   * all solutions; 'orbits' splits cubes on stabiliser orbits and blocks whole orbits.
   */
  symmetryBreaking?: SymmetryBreaking;
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
  /** Cubes (by cubeKey) whose solutions are all in `known` (resume): skipped. */
  finishedCubes?: ReadonlySet<string>;
  /** Told each cube (leaf, or whole unit of the tree) whose every solution has gone to onFound (a resume skips it). */
  onCubeDone?: (key: string) => void;
  /** Run only this part of the cube tree (worker threads): see CubeTree.leaves. */
  part?: { index: number; of: number };
  /** How each cube is enumerated (default: defaultEnumMode). */
  enumMode?: EnumMode;
  /** How the solver decides (default: defaultBranching). */
  branching?: BranchingRule;
  /** How the instance's exactly-one groups are propagated (default: resolvePropagation). */
  propagation?: Propagation;
  /** Called at each UNSAT that closes a cube (--certify checks it), before the next cube starts. */
  onCubeExhausted?: (claim: CubeExhausted) => Promise<void>;
}

/** What the UNSAT closing a cube was about: the CNF, these blocking clauses, these assumptions. */
export interface CubeExhausted {
  assumptions: readonly number[];
  blocking: readonly (readonly number[])[];
  solver: string;
}

export { BRANCHING_RULES, ENUM_MODES, PROPAGATIONS, type EnumMode, type Propagation } from '../core/plan.js';

/** A parser of one of the values of a field, whose refusal names the field as the caller spells it (fieldName, read when it refuses). */
function oneOf<T extends string>(values: readonly T[], field: string): (x: unknown) => T | undefined {
  return (x) => {
    if (x === undefined) return undefined;
    if (values.includes(x as T)) return x as T;
    throw new UsageError(`${fieldName(field)}: expected one of ${values.join(', ')}, got "${String(x)}"${didYouMean(String(x), values)}`);
  };
}
export const parseEnumMode = oneOf(ENUM_MODES, 'enumMode');
export const parsePropagation = oneOf(PROPAGATIONS, 'propagation');
export const parseBranching = oneOf(BRANCHING_RULES, 'branching');

const offersChrono = (s: Solver): s is Solver & ChronoEnumerator => typeof (s as Partial<ChronoEnumerator>).enumerateCube === 'function';
const offersCover = (s: Solver): s is Solver & CoverBrancher => typeof (s as Partial<CoverBrancher>).setBranching === 'function';
const offersExactlyOne = (s: Solver): s is Solver & ExactlyOnePropagator => typeof (s as Partial<ExactlyOnePropagator>).addExactlyOne === 'function';

/**
 * The defaults of the cube loop's settings, each declared here once, read
 * from the engine's capabilities: src/plan.ts applies them when it resolves a
 * plan; enumerate() applies the same ones for a caller that hands it a bare
 * solver (tests, benches).
 */

/** The mode when none is asked for: chrono where the engine has it (measured in bench/results/sat-search.md); certifying needs blocking. */
export function resolveEnumMode(caps: Capabilities, engine: string, asked: EnumMode | undefined, certifying: boolean): EnumMode {
  const mode = fieldName('enumMode');
  if (asked === 'chrono' && !caps.chrono)
    throw new UsageError(`${mode} chrono: solver ${engine} cannot enumerate a cube by itself (minisat-wasm can); use ${mode} blocking`);
  if (asked === 'chrono' && certifying)
    throw new UsageError(`${mode} chrono: ${fieldName('certify')} needs the UNSAT closing each cube; use ${mode} blocking`);
  return asked ?? (certifying || !caps.chrono ? 'blocking' : 'chrono');
}

/** The rule when none is asked for: cover where the instance names a family to branch on and the engine can; asking for cover where it cannot be had is refused. */
export function resolveBranching(instance: Instance, caps: Capabilities, engine: string, asked?: BranchingRule): BranchingRule {
  if (asked === 'cover' && !caps.cover)
    throw new UsageError(`${fieldName('branching')} cover: solver ${engine} cannot branch on clauses (minisat-wasm can)`);
  if (asked === 'cover' && !instance.cnf.families.some((f) => f.name === instance.branchingFamily))
    throw new UsageError(`${fieldName('branching')} cover: ${instanceName(instance)} names no clause family to branch on`);
  return asked ?? (instance.branchingFamily !== undefined && caps.cover ? 'cover' : 'vsids');
}

/** Sets the solver's branching rule on the instance's branching family (the rule resolved by resolveBranching). */
export function applyBranching(instance: Instance, solver: Solver, rule: BranchingRule, groupsNative = false): void {
  if (!offersCover(solver)) return;
  if (rule === 'vsids') return solver.setBranching('vsids');
  const family = instance.cnf.families.find((f) => f.name === instance.branchingFamily)!;
  // With native groups the engine branches on the groups themselves (cells and pieces, as dancing links does).
  solver.setBranching('cover', groupsNative ? [] : family.clauses());
}

/**
 * Why the instance's exactly-one groups cannot be propagated natively in
 * this run, or null when they can: the engine must offer it, enumerate by
 * itself without learning (group implications have no reason clauses), and
 * the families the groups replace must have no auxiliary variables (the
 * engine would leave them unconstrained, and the model check reads them).
 */
function nativeObstacle(instance: Instance, caps: Capabilities, engine: string, mode: EnumMode): string | null {
  const groups = instance.exactlyOne;
  if (!groups) return `${instanceName(instance)} declares no exactly-one groups`;
  if (!caps.exactlyOne) return `solver ${engine} cannot propagate exactly-one groups (minisat-wasm can)`;
  if (mode !== 'chrono') return `it needs ${fieldName('enumMode')} chrono`;
  const withAux = instance.cnf.familyCounts().filter((f) => groups.families.includes(f.name) && f.auxVars > 0);
  if (withAux.length) return `the ${withAux.map((f) => f.name).join(', ')} clauses have auxiliary variables (use ${fieldName('amo')} pairwise)`;
  return null;
}

/** The propagation this run uses: as asked (a UserError where it cannot be had), else native where it can be. */
export function resolvePropagation(instance: Instance, caps: Capabilities, engine: string, mode: EnumMode, asked?: Propagation): Propagation {
  const obstacle = nativeObstacle(instance, caps, engine, mode);
  if (asked === 'native' && obstacle) throw new UsageError(`${fieldName('propagation')} native: ${obstacle}`);
  return asked ?? (obstacle ? 'clauses' : 'native');
}

/** Whether native propagation is still open before the instance is built: what picks the encoding it needs (PuzzleEntry.defaults.nativeEnumerationAmo). */
export const nativeGroupsPossible = (caps: Capabilities, mode: EnumMode, asked?: Propagation): boolean =>
  asked !== 'clauses' && mode === 'chrono' && caps.exactlyOne;

export interface EnumerateSummary {
  count: number;
  raw: number;
  complete: boolean;
  /** Cubes (leaves of the cube tree) solved. */
  cubes: number;
  solves: number;
}

/** A cube's name in --out files: its literals. */
export const cubeKey = (lits: readonly number[]): string => lits.join(' ');

/** Cubes per batch run (CubeBatchSolver): a run re-reads the window's remaining cubes, so not the whole tree at once. */
const CUBE_BATCH = 1024;

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
 * How many literals a cube fixes when the caller does not say. Propagating
 * clauses, the instance's hint (for packings, all pieces but one — deep cubes
 * enumerate tilings fastest, with the SAT solver completing and certifying
 * each cube), else 0. With native groups the engine searches as well from
 * the top (on 8x8 + 2x2 depth 0 to 4 cost the same, depth 12 a third more):
 * cubes then only deal the work out to threads, NATIVE_CUBE_DEPTH deep.
 */
export function defaultCubeDepth(instance: Instance, propagation: Propagation = 'clauses'): number {
  const hint = instance.cubeDepthHint ?? 0;
  return propagation === 'native' ? Math.min(hint, NATIVE_CUBE_DEPTH) : hint;
}

/** Cube depth under native groups: the cube tree's dealing depth (thousands of subtrees on 8x8, for worker threads). */
export const NATIVE_CUBE_DEPTH = 4;

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
export async function enumerate(given: Instance, options: EnumerateOptions): Promise<EnumerateSummary> {
  const instance = options.unique ? classSearchInstance(given, options.symmetryBreaking) : given;
  const byOrbits = options.unique && options.symmetryBreaking === 'orbits';
  const tree = new CubeTree(instance, byOrbits);
  let solver = options.createSolver();
  const caps = solverCapabilities(solver, false);
  const mode = resolveEnumMode(caps, solver.name, options.enumMode, options.onCubeExhausted !== undefined);
  const propagation = resolvePropagation(instance, caps, solver.name, mode, options.propagation);
  const branching = resolveBranching(instance, caps, solver.name, options.branching);
  const depth = options.cubeDepth ?? defaultCubeDepth(instance, propagation);
  const group = options.unique ? instance.symmetries : [];
  const orbitSize = (vars: readonly number[]) => (group.length ? orbit(group, vars).length : 1);
  const known = options.known ?? [];
  const summary: EnumerateSummary = { count: known.length, raw: 0, complete: true, cubes: 0, solves: 0 };
  for (const k of known) summary.raw += orbitSize(k);
  // Every blocking clause ever added, to rebuild a solver whose heap ran out.
  const block = blocker(instance);
  const blocking: number[][] = known.flatMap((k) => orbit(group, k).map(block));
  // --timeout bounds the whole enumeration, not each solve.
  const deadline = options.timeoutSeconds === undefined ? Infinity : Date.now() + options.timeoutSeconds * 1000;
  const timeLeft = () => (deadline === Infinity ? undefined : Math.max(0, (deadline - Date.now()) / 1000));
  /** Hands the solver the formula and every blocking clause; false when the deadline passes first. */
  const load = (solver: Solver): boolean => {
    if (depth > 0) solver.expectCubes?.();
    const groups = propagation === 'native' ? instance.exactlyOne : undefined;
    if (!loadFormula(solver, instance.cnf, new Set(groups?.families), deadline)) return false;
    if (groups && offersExactlyOne(solver)) for (const group of groups.groups) solver.addExactlyOne(group);
    for (const clause of blocking) solver.addClause(clause);
    applyBranching(instance, solver, branching, groups !== undefined);
    return true;
  };
  const limitReached = () => options.limit !== undefined && summary.count >= options.limit;
  /** Stopped before the end: the summary so far, marked incomplete. */
  const incomplete = (): EnumerateSummary => {
    summary.complete = false;
    return summary;
  };
  const stop = () => limitReached() || options.shouldStop?.() === true;
  const halted = () => stop() || timeLeft() === 0;
  /** Checks the model, blocks the images it has in the cube (itself too unless `selfExcluded`), streams it. */
  const accept = (cubePerms: readonly Int32Array[], selfExcluded: boolean): void => {
    const trueVars = checkedTrueVars(instance.cnf, solver);
    for (const img of orbit(cubePerms, trueVars).slice(selfExcluded ? 1 : 0)) {
      const clause = block(img);
      blocking.push(clause);
      solver.addClause(clause);
    }
    summary.count++;
    const size = orbitSize(trueVars);
    summary.raw += size;
    options.onFound({ trueVars, orbitSize: size });
  };
  try {
    if (!load(solver)) return incomplete();
    const finished = options.finishedCubes;
    const hooks = {
      skip: finished && ((lits: readonly number[]) => finished.has(cubeKey(lits))),
      onUnitDone: options.onCubeDone && ((lits: readonly number[]) => options.onCubeDone!(cubeKey(lits))),
    };
    const permsOf = (cube: Cube) => (byOrbits ? cube.stabilizer.map((i) => instance.symmetries[i]!) : []);
    if (mode === 'blocking' && offersCubeBatch(solver) && options.onCubeExhausted === undefined) {
      // A run per model: the leaves go in windows, and each run starts at the cube the last model came from.
      // Units are not reported done: the walk takes a window's leaves before they are solved.
      const leaves = tree.leaves(depth, options.part, { skip: hooks.skip });
      let window: Cube[] = [];
      for (;;) {
        for (let next = leaves.next(); ; next = leaves.next()) {
          if (!next.done) window.push(next.value);
          if (next.done || window.length >= CUBE_BATCH) break;
        }
        if (window.length === 0) break;
        await yieldNow();
        if (halted()) return incomplete();
        const { status, cube } = await solver.solveFirstCube(
          window.map((c) => c.lits),
          { timeoutSeconds: timeLeft() },
        );
        summary.solves++;
        if (status === 'UNKNOWN') return incomplete();
        const exhausted = status === 'SAT' ? cube! : window.length;
        for (const done of window.slice(0, exhausted)) {
          summary.cubes++;
          options.onCubeDone?.(cubeKey(done.lits));
          options.onProgress?.({ found: summary.count, cubes: summary.cubes, unit: done.unit ?? 0 });
        }
        window = window.slice(exhausted);
        if (status === 'SAT') accept(permsOf(window[0]!), false);
      }
      return summary;
    }
    for (const cube of tree.leaves(depth, options.part, hooks)) {
      const cubePerms = permsOf(cube);
      if (mode === 'chrono' && offersChrono(solver)) {
        await yieldNow();
        if (halted()) return incomplete();
        summary.solves++;
        const onModel = () => {
          accept(cubePerms, true);
          return !stop();
        };
        const { complete } = await solver.enumerateCube(cube.lits, instance.cnf.projection, onModel, {
          timeoutSeconds: timeLeft(),
          shouldStop: options.shouldStop,
        });
        if (!complete) return incomplete();
        summary.cubes++;
        options.onCubeDone?.(cubeKey(cube.lits));
        options.onProgress?.({ found: summary.count, cubes: summary.cubes, unit: cube.unit ?? 0 });
        continue;
      }
      for (;;) {
        await yieldNow();
        if (halted()) return incomplete();
        let status: Status;
        try {
          status = await solver.solve({ assumptions: cube.lits, timeoutSeconds: timeLeft() });
        } catch (e) {
          if (!(e instanceof SolverHeapExhausted)) throw e;
          // The fixed heap filled up with learned clauses: start afresh from the
          // formula plus every blocking clause found so far.
          solver.dispose();
          solver = options.createSolver();
          if (!load(solver)) return incomplete();
          continue;
        }
        summary.solves++;
        if (status === 'UNSAT') {
          await options.onCubeExhausted?.({ assumptions: cube.lits, blocking, solver: solver.name });
          break;
        }
        if (status === 'UNKNOWN') return incomplete();
        accept(cubePerms, false);
      }
      summary.cubes++;
      options.onCubeDone?.(cubeKey(cube.lits));
      options.onProgress?.({ found: summary.count, cubes: summary.cubes, unit: cube.unit ?? 0 });
    }
  } finally {
    solver.dispose();
  }
  return summary;
}
