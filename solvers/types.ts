import type { BranchingRule } from '../src/core/plan.js';

/**
 * The one interface every SAT solver adapter implements. In-process engines
 * answer at once; external ones run a process, hence the promises.
 */
export type Status = 'SAT' | 'UNSAT' | 'UNKNOWN';

export interface SolverStats {
  /** Calls to solve() so far. */
  solves: number;
  /** Engine-specific counters (conflicts, restarts, ...), when the engine reports them. */
  [counter: string]: number;
}

export interface SolveOptions {
  /** Literals assumed true for this call only. */
  assumptions?: readonly number[];
  /** Give up with UNKNOWN after this many seconds (engines that cannot stop say so). */
  timeoutSeconds?: number;
  /** Give up with UNKNOWN after about this many more conflicts; read only by ConflictLimited engines. */
  conflictLimit?: number;
  /**
   * Give up with UNKNOWN once this is aborted (Ctrl-C): the WebAssembly
   * engines see it between slices of search, the others end their thread
   * or process.
   */
  signal?: AbortSignal;
}

export interface Solver {
  readonly name: string;
  /** Declares that variables 1..n exist, so that models cover them even if unused. */
  ensureVars(n: number): void;
  addClause(lits: ArrayLike<number>): void;
  solve(options?: SolveOptions): Promise<Status>;
  /** After SAT: the value of variable v in the model. */
  value(v: number): boolean;
  stats(): SolverStats;
  /**
   * A hint that many short solves under assumptions follow (the leaves of a
   * cube tree), for engines that tune themselves to it.
   */
  expectCubes?(): void;
  /** Frees the engine (its heap, its process, its temporary files). */
  dispose(): void;
}

/** Engines that stop a solve after a budget of conflicts (SolveOptions.conflictLimit). */
export interface ConflictLimited {
  readonly limitsConflicts: true;
}

export function limitsConflicts(solver: Solver): boolean {
  return (solver as Partial<ConflictLimited>).limitsConflicts === true;
}

/**
 * Engines that name, after an UNSAT answer under assumptions, the
 * assumptions the refutation used (an unsatisfiable core, not necessarily
 * minimal; empty when the clauses alone are unsatisfiable).
 */
export interface FailedAssumptions {
  failedAssumptions(): number[];
}

export function failedAssumptionsOf(solver: Solver): (Solver & FailedAssumptions) | undefined {
  return typeof (solver as Partial<FailedAssumptions>).failedAssumptions === 'function' ? (solver as Solver & FailedAssumptions) : undefined;
}

/**
 * Engines that enumerate models natively (clasp -n 0, picosat --all) offer
 * this; others are driven by the blocking-clause loop.
 */
export interface NativeEnumerator {
  /**
   * Calls onModel with the true projection variables of each model, distinct
   * on the projection. Resolves with complete=false when a limit stopped it.
   */
  enumerateProjected(
    projection: readonly number[],
    onModel: (trueVars: number[]) => void,
    options?: { limit?: number; timeoutSeconds?: number },
  ): Promise<{ complete: boolean }>;
}

/** Options of a native enumeration run beyond the NativeEnumerator interface. */
export interface NativeRunOptions {
  /** Literals fixed true for this run (a cube): only the models inside it are enumerated. */
  assumptions?: readonly number[];
  limit?: number;
  timeoutSeconds?: number;
  /** Aborting stops the run; it then resolves with complete=false. */
  signal?: AbortSignal;
}

/** A NativeEnumerator that also says whether it can project. */
export interface ProjectingEnumerator extends NativeEnumerator {
  /**
   * False when the engine only enumerates total models (picosat --all): then
   * the projection must be every variable, or models would repeat on it.
   */
  readonly projectsNatively: boolean;
  enumerateProjected(
    projection: readonly number[],
    onModel: (trueVars: number[]) => void,
    options?: NativeRunOptions,
  ): Promise<{ complete: boolean }>;
}

export function nativeEnumerator(solver: Solver): (Solver & ProjectingEnumerator) | undefined {
  return 'enumerateProjected' in solver ? (solver as Solver & ProjectingEnumerator) : undefined;
}

/** Whether the projection names every variable 1..varCount (what an engine without projection needs). */
export function coversAllVariables(projection: readonly number[], varCount: number): boolean {
  const distinct = new Set(projection.filter((v) => v >= 1 && v <= varCount));
  return distinct.size === varCount;
}

/**
 * Whether this solver enumerates the models of a formula by itself: clasp and
 * clasp-wasm always, picosat only when the projection is every variable (it
 * has no projection, and auxiliary variables would repeat solutions).
 */
export function enumeratesNatively(solver: Solver, projection: readonly number[], varCount: number): boolean {
  const native = nativeEnumerator(solver);
  return native !== undefined && (native.projectsNatively || coversAllVariables(projection, varCount));
}

/**
 * Engines that take a list of cubes in one run and stop at the first
 * satisfiable one (CaDiCaL's incremental `p inccnf` files): a blocking-clause
 * enumeration then costs a run per model, not a run per model and per cube.
 */
export interface CubeBatchSolver {
  /**
   * SAT with the index of the first satisfiable cube (its model is then read
   * through value()); UNSAT when every cube is; UNKNOWN when stopped.
   */
  solveFirstCube(cubes: readonly (readonly number[])[], options?: { timeoutSeconds?: number }): Promise<{ status: Status; cube?: number }>;
}

export function offersCubeBatch(solver: Solver): solver is Solver & CubeBatchSolver {
  return typeof (solver as Partial<CubeBatchSolver>).solveFirstCube === 'function';
}

/** What an exact-cover engine offers the plan: none of the SAT loop's interfaces. */
export const EXACT_COVER_CAPABILITIES: Capabilities = {
  exactCover: true,
  external: false,
  chrono: false,
  cover: false,
  exactlyOne: false,
  cubeBatch: false,
  proofs: false,
};

/** What a live solver offers, by the interfaces it implements. */
export function solverCapabilities(solver: Solver, external: boolean): Capabilities {
  const has = (method: string) => typeof (solver as unknown as Record<string, unknown>)[method] === 'function';
  const native = nativeEnumerator(solver);
  return {
    exactCover: false,
    external,
    chrono: has('enumerateCube'),
    cover: has('setBranching'),
    exactlyOne: has('addExactlyOne'),
    nativeEnumeration: native === undefined ? undefined : native.projectsNatively ? 'projecting' : 'total',
    cubeBatch: offersCubeBatch(solver),
    proofs: has('enableProof') && has('takeProof'),
  };
}

/** A model that breaks a clause means a solver or encoder bug: never skip it quietly. */
export class ModelCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelCheckError';
  }
}

/** Raised when an in-process engine's fixed heap is exhausted; the enumerator restarts on it. */
export class SolverHeapExhausted extends Error {
  constructor(solver: string) {
    super(`${solver}: the solver's fixed heap is exhausted`);
    this.name = 'SolverHeapExhausted';
  }
}

/** What every registered engine says about itself, for `puzzlesat solvers` and the plan. */
export interface EngineInfo {
  readonly name: string;
  /** One line for `puzzlesat solvers`. */
  readonly description: string;
  readonly kind: 'in-process' | 'external' | 'exact-cover';
  /** How it enumerates, for `puzzlesat solvers`: natively (one run per cube), or a run per model. */
  readonly enumeration?: string;
  /** Whether it can run here; a reason when it cannot. */
  available(): { ok: true; version?: string } | { ok: false; reason: string };
}

/** A SAT engine: it takes CNF clauses. */
export interface SolverFactory extends EngineInfo {
  readonly kind: 'in-process' | 'external';
  /** Its solvers propagate exactly-one groups natively (ExactlyOnePropagator). */
  readonly propagatesExactlyOne?: boolean;
  create(): Solver;
}

/** An engine that searches the puzzle's exact-cover form (rows of items), not its CNF: dancing links. */
export interface ExactCoverEngine extends EngineInfo {
  readonly kind: 'exact-cover';
}

export type Engine = SolverFactory | ExactCoverEngine;

export const isSatEngine = (engine: Engine): engine is SolverFactory => engine.kind !== 'exact-cover';

/**
 * What an engine can do, read once from one throwaway solver (plain data, so
 * a plan is decided from it without touching an engine again).
 */
export interface Capabilities {
  /** It searches the exact-cover form (no CNF, no UNSAT answers). */
  exactCover: boolean;
  /** It runs as a separate program. */
  external: boolean;
  /** ChronoEnumerator: enumerates a cube itself. */
  chrono: boolean;
  /** CoverBrancher: branches on a clause family. */
  cover: boolean;
  /** ExactlyOnePropagator: propagates exactly-one groups. */
  exactlyOne: boolean;
  /** ProjectingEnumerator: 'projecting', or 'total' when it only enumerates whole models (picosat). */
  nativeEnumeration?: 'projecting' | 'total';
  /** CubeBatchSolver: takes a list of cubes per run. */
  cubeBatch: boolean;
  /** ProofProducer: writes DRAT proofs. */
  proofs: boolean;
}

/**
 * Engines that can certify UNSAT with a clausal proof (DRAT). enableProof()
 * must be called before the first clause; takeProof() returns the proof of
 * everything derived so far, in the format it names. Checked by
 * src/proof/ (puzzlesat check-proof), never taken on trust.
 */
export interface ProofProducer {
  enableProof(format: 'drat-text' | 'drat-binary'): void;
  takeProof(): { format: 'drat-text' | 'drat-binary'; bytes: Uint8Array };
}

/** How an engine picks its decisions (declared with the plan's other settings). */
export type { BranchingRule } from '../src/core/plan.js';

/**
 * Engines that can branch the way dancing links does: on the registered
 * clause (one of the formula's, such as a packing's at-least-one clause per
 * cell) with the fewest literals left, deciding one of them true.
 */
export interface CoverBrancher {
  setBranching(rule: BranchingRule, clauses?: Iterable<ArrayLike<number>>): void;
}

/**
 * Engines that propagate exactly-one constraints themselves (counts per
 * group, no clauses), for an enumeration that meets conflicts by plain
 * backtracking: the group's clauses can then stay out of the engine.
 */
export interface ExactlyOnePropagator {
  addExactlyOne(lits: ArrayLike<number>): void;
}

export interface CubeEnumerationOptions {
  /** Stop (complete=false) after this many seconds; the engine checks between conflict-budget slices. */
  timeoutSeconds?: number;
  shouldStop?: () => boolean;
}

/**
 * Engines that enumerate the models of a cube themselves, distinct on a
 * projection, without blocking clauses (chronological backtracking after
 * each model). onModel reads the model through value() and may add clauses
 * (they apply to the rest of the enumeration); returning false stops. A
 * stopped cube resumes when the same call is made again.
 */
export interface ChronoEnumerator {
  enumerateCube(
    assumptions: readonly number[],
    projection: readonly number[],
    onModel: () => boolean,
    options?: CubeEnumerationOptions,
  ): Promise<{ complete: boolean }>;
}
