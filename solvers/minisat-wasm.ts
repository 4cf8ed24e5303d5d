/**
 * MiniSat 2.2 compiled to WebAssembly (solvers/minisat-wasm/build.sh), driven
 * through the C glue in solvers/minisat-wasm/glue.cc. Unlike logic-solver's
 * asm.js MiniSat, whose heap is fixed at 64 MiB, this heap grows (up to 2 GiB).
 *
 * The module is instantiated once, asynchronously, by loadMinisatWasm(); after
 * that the factory creates solvers synchronously, all sharing that one heap.
 */
import type {
  BranchingRule,
  ChronoEnumerator,
  ConflictLimited,
  CoverBrancher,
  CubeEnumerationOptions,
  ExactlyOnePropagator,
  FailedAssumptions,
  SolveOptions,
  Solver,
  SolverFactory,
  Status,
} from './types.js';
import { type WasmHeap, WasmModule, type WasmModuleFactory, WasmSolverShell, nextTurnOfEventLoop, solveInSlices } from './wasm-support.js';

/** The exports of build/minisat.js that this adapter uses. */
interface MinisatModule extends WasmHeap {
  _ms_new(): number;
  _ms_delete(handle: number): void;
  _ms_ensure_vars(handle: number, n: number): void;
  _ms_num_vars(handle: number): number;
  _ms_add_clause(handle: number, litsPtr: number, count: number): number;
  _ms_solve(handle: number, assumptionsPtr: number, count: number, conflictBudget: number): number;
  _ms_read_model(handle: number, outPtr: number, n: number): void;
  _ms_read_failed(handle: number, assumptionsPtr: number, count: number, outPtr: number): void;
  _ms_stat(handle: number, which: number): number;
  _ms_set_polarity(handle: number, v: number, preference: number): void;
  _ms_set_learnt_fraction(handle: number, fraction: number): void;
  _ms_set_branching(handle: number, rule: number, choice: number): void;
  _ms_set_conflict_learning(handle: number, on: number): void;
  _ms_add_branch_clause(handle: number, litsPtr: number, count: number): number;
  _ms_add_exactly_one(handle: number, litsPtr: number, count: number): number;
  _ms_set_projection(handle: number, varsPtr: number, count: number): number;
  _ms_enum_begin(handle: number, assumptionsPtr: number, count: number): number;
  _ms_enum_next(handle: number, conflictBudget: number): number;
  _ms_enum_end(handle: number): void;
}

const RESULT_BAD_LITERAL = -1;
const RESULT_MISUSE = -2;
const STAT_INDEX = { conflicts: 0, decisions: 1, propagations: 2, restarts: 3, flips: 4 } as const;
const ENUM_MODEL = 10;
const ENUM_DONE = 20;
const ENUM_INTERNAL_ERROR = -2;
const BRANCH_RULE = { vsids: 0, cover: 1 } as const;
/**
 * Which literal of the chosen cover clause is decided true: 0 its first
 * unassigned one, 1 its most active one (VSIDS). The two measured alike on
 * 8x8 + 2x2 (bench/results/sat-search.md), so the cheaper one.
 */
const COVER_LITERAL_CHOICE = 0;
/** Enumerating, the event loop gets a turn at least this often (Ctrl-C, output streams). */
const YIELD_EVERY_MS = 50;

/** The learnt-clause cap for cube-and-conquer, as a fraction of the problem clauses: see expectCubes(). */
const CUBE_LEARNT_FRACTION = 0.01;

/** A build from before the glue exported failed assumptions cannot answer cores. */
const STALE_BUILD = 'built from older glue (no ms_read_failed): run npm run build:minisat-wasm again';

const engine = new WasmModule<MinisatModule>('minisat-wasm', 'minisat', 'loadMinisatWasm');

/** Where build.sh puts its output. */
export const minisatWasmBuildDir = (): string => engine.buildDir;

/**
 * Instantiates the WebAssembly module once (later calls share the result).
 * Resolves false when build.sh has not been run.
 */
export const loadMinisatWasm = (): Promise<boolean> => engine.load();

/**
 * loadMinisatWasm() for a host without the build directory (the browser
 * playground, whose bundler ships build/minisat.js and .wasm).
 */
export const loadMinisatWasmFrom = (createModule: WasmModuleFactory, wasmBinary: Uint8Array): Promise<boolean> =>
  engine.loadFrom(createModule, wasmBinary);

/** Bytes in the shared WebAssembly heap (0 before loading); it grows and never shrinks. */
export const minisatWasmHeapBytes = (): number => engine.loaded?.HEAP8.length ?? 0;

/** An enumerateCube() option that only this engine has. */
export interface MinisatCubeOptions extends CubeEnumerationOptions {
  /** Stop (complete=false, resumable) after about this many more conflicts. */
  conflictLimit?: number;
  /**
   * Learn a clause from each conflict (MiniSat's way), or just flip the
   * deepest decision not yet flipped (dancing links' way). Default: learning
   * under VSIDS, which steers by it, and none under cover branching, where
   * on 8x8-square at cube depth 2 plain backtracking enumerates about 2.3x
   * faster: conflict analysis took 40% of the CPU (bench/sat-search.ts).
   */
  learn?: boolean;
}

/** MiniSat's C++ throws OutOfMemoryException when realloc fails; it reaches JS as a bare number. */
function translateWasmThrow(e: unknown): never {
  if (typeof e === 'number') throw new Error('minisat-wasm: out of memory (the WebAssembly heap stops at 2 GiB)');
  throw e;
}

export class MinisatWasmSolver
  extends WasmSolverShell<MinisatModule>
  implements Solver, CoverBrancher, ChronoEnumerator, ExactlyOnePropagator, FailedAssumptions, ConflictLimited
{
  readonly limitsConflicts = true;
  /** The cube an unfinished enumerateCube() stopped in (assumptions and projection), to resume it. */
  private openCube: string | undefined;
  private branching: BranchingRule = 'vsids';
  /** Exactly-one groups were added (addExactlyOne): no solves, no learning. */
  private hasGroups = false;

  constructor(mod: MinisatModule) {
    const glue = {
      free: mod._ms_delete,
      stat: mod._ms_stat,
      numVars: mod._ms_num_vars,
      readModel: mod._ms_read_model,
      readFailed: mod._ms_read_failed,
    };
    super('minisat-wasm', mod, glue, mod._ms_new(), STAT_INDEX);
  }

  ensureVars(n: number): void {
    const handle = this.live();
    try {
      this.mod._ms_ensure_vars(handle, n);
    } catch (e) {
      translateWasmThrow(e);
    }
  }

  addClause(lits: ArrayLike<number>): void {
    const handle = this.live();
    let result: number;
    try {
      result = this.mod._ms_add_clause(handle, this.scratch.write(lits), lits.length);
    } catch (e) {
      translateWasmThrow(e);
    }
    if (result === RESULT_BAD_LITERAL) {
      throw new Error(`minisat-wasm: bad literal in clause [${Array.from(lits).join(' ')}]`);
    }
  }

  /**
   * Without limits this is one call into MiniSat. With a time or conflict limit
   * the search runs in slices (MiniSat keeps its learnt clauses between them,
   * though each slice starts its restart sequence anew) and yields to the event
   * loop in between.
   */
  async solve(options: SolveOptions = {}): Promise<Status> {
    this.openCube = undefined;
    return this.searchWithin(options, (handle, assumptions, budget) => this.solveSlice(handle, assumptions, budget), -1);
  }

  /** Which value MiniSat tries first for v; undefined gives it back to phase saving. */
  preferValue(v: number, value: boolean | undefined): void {
    this.mod._ms_set_polarity(this.live(), v, value === undefined ? 0 : value ? 1 : -1);
  }

  /**
   * Keeps learnt clauses to 1% of the problem clauses instead of MiniSat's
   * third. Full runs of 8x8-square at cube depth 12 (before the cube tree
   * pruned dead leaves, so with 384035 cubes) took 384 CPU s at a third,
   * 264 at 5%, 228 at 1% and 241 at 0.2%.
   */
  expectCubes(): void {
    this.mod._ms_set_learnt_fraction(this.live(), CUBE_LEARNT_FRACTION);
  }

  /**
   * 'cover': each decision takes the registered clause (one of the
   * formula's, e.g. a packing's at-least-one clause per cell) that is not yet
   * satisfied and has the fewest literals not false, and decides one of its
   * literals true; VSIDS once every registered clause is satisfied.
   * 'vsids': MiniSat's own rule. Solves learn either way; how an
   * enumeration meets conflicts is enumerateCube's `learn` option.
   */
  setBranching(rule: BranchingRule, clauses: Iterable<ArrayLike<number>> = []): void {
    const handle = this.live();
    this.mod._ms_set_branching(handle, BRANCH_RULE[rule], COVER_LITERAL_CHOICE);
    this.branching = rule;
    if (rule !== 'cover') return;
    for (const clause of clauses) {
      if (this.mod._ms_add_branch_clause(handle, this.scratch.write(clause), clause.length) === RESULT_BAD_LITERAL) {
        throw new Error(`minisat-wasm: bad literal in branching clause [${Array.from(clause).join(' ')}]`);
      }
    }
  }

  /**
   * Propagates "exactly one of lits" natively, without clauses: a true
   * member falsifies the rest, the last member not false is made true, and
   * cover branching picks the unsatisfied group with the fewest members left
   * (dancing links' item choice). Implied literals carry no reason clause,
   * so the engine can then only enumerate without learning; solve() refuses.
   */
  addExactlyOne(lits: ArrayLike<number>): void {
    if (this.mod._ms_add_exactly_one(this.live(), this.scratch.write(lits), lits.length) === RESULT_BAD_LITERAL) {
      throw new Error(`minisat-wasm: bad literal in exactly-one group [${Array.from(lits).join(' ')}]`);
    }
    this.hasGroups = true;
  }

  /**
   * Every model of the cube, distinct on the projection, without blocking
   * clauses: after a model the engine flips its deepest projection decision
   * and never backjumps over a flip (see glue.cc). onModel reads the model
   * through value() and may add clauses (attached where the search resumes);
   * returning false stops. Stopped by onModel, shouldStop, the time or the
   * conflict limit, it resolves complete=false, and the same call again
   * resumes the cube.
   */
  async enumerateCube(
    assumptions: readonly number[],
    projection: readonly number[],
    onModel: () => boolean,
    options: MinisatCubeOptions = {},
  ): Promise<{ complete: boolean }> {
    const handle = this.live();
    const cube = `${assumptions.join(' ')}|${projection.join(' ')}`;
    if (this.openCube !== cube) {
      this.openCube = undefined;
      if (this.mod._ms_set_projection(handle, this.scratch.write(projection), projection.length) === RESULT_BAD_LITERAL) {
        throw new Error('minisat-wasm: bad projection variable');
      }
      if (this.mod._ms_enum_begin(handle, this.scratch.write(assumptions), assumptions.length) === RESULT_BAD_LITERAL) {
        throw new Error(`minisat-wasm: bad literal in assumptions [${assumptions.join(' ')}]`);
      }
      this.solves++;
      this.openCube = cube;
    }
    const learn = options.learn ?? (this.branching !== 'cover' && !this.hasGroups);
    if (learn && this.hasGroups)
      throw new Error('minisat-wasm: an enumeration with exactly-one groups cannot learn (their implications have no reason clauses)');
    this.mod._ms_set_conflict_learning(handle, learn ? 1 : 0);
    const deadline = options.timeoutSeconds === undefined ? Infinity : Date.now() + 1000 * options.timeoutSeconds;
    let conflictsLeft = options.conflictLimit ?? Infinity;
    const driver = {
      runSlice: (budget: number) => this.enumStep(handle, budget),
      conflicts: () => this.stat(STAT_INDEX.conflicts),
      propagations: () => this.stat(STAT_INDEX.propagations),
      resumed: () => this.live(),
    };
    let lastYield = Date.now();
    for (;;) {
      if (options.shouldStop?.() === true || Date.now() >= deadline || conflictsLeft <= 0) return { complete: false };
      const conflictsBefore = this.stat(STAT_INDEX.conflicts);
      const unlimited = deadline === Infinity && conflictsLeft === Infinity;
      const step = unlimited ? this.enumStep(handle, -1) : await solveInSlices(driver, deadline, conflictsLeft);
      conflictsLeft -= this.stat(STAT_INDEX.conflicts) - conflictsBefore;
      if (step === ENUM_DONE) {
        this.openCube = undefined;
        return { complete: true };
      }
      if (step !== ENUM_MODEL) return { complete: false };
      this.readModel();
      if (!onModel()) return { complete: false };
      if (Date.now() - lastYield >= YIELD_EVERY_MS) {
        await nextTurnOfEventLoop();
        this.live();
        lastYield = Date.now();
      }
    }
  }

  private solveSlice(handle: number, assumptions: readonly number[], conflictBudget: number): number {
    let result: number;
    try {
      result = this.mod._ms_solve(handle, this.scratch.write(assumptions), assumptions.length, conflictBudget);
    } catch (e) {
      translateWasmThrow(e);
    }
    if (result === RESULT_BAD_LITERAL) throw new Error(`minisat-wasm: bad literal in assumptions [${assumptions.join(' ')}]`);
    if (result === RESULT_MISUSE)
      throw new Error('minisat-wasm: solve() on an engine with exactly-one groups (they are for enumeration without learning)');
    return result;
  }

  private enumStep(handle: number, conflictBudget: number): number {
    let step: number;
    try {
      step = this.mod._ms_enum_next(handle, conflictBudget);
    } catch (e) {
      translateWasmThrow(e);
    }
    if (step === ENUM_INTERNAL_ERROR) throw new Error('minisat-wasm: internal error in enumeration (a clause false below the current level)');
    return step;
  }
}

export const minisatWasm: SolverFactory & { create(): MinisatWasmSolver } = {
  name: 'minisat-wasm',
  description: 'MiniSat 2.2 (Debian minisat2) compiled to WebAssembly, in-process, heap grows to 2 GiB',
  kind: 'in-process',
  propagatesExactlyOne: true,
  available: () =>
    engine.loaded && typeof engine.loaded._ms_read_failed !== 'function' ? { ok: false, reason: STALE_BUILD } : engine.availability(),
  create: () => new MinisatWasmSolver(engine.forCreate()),
};
