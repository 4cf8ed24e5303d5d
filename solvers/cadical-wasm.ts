/**
 * CaDiCaL (Debian's cadical source package) compiled to WebAssembly
 * (solvers/cadical-wasm/build.sh), driven through the C glue in
 * solvers/cadical-wasm/glue.cc. It can trace a DRAT proof: CaDiCaL writes it
 * to a file in emscripten's in-memory file system, and takeProof() reads the
 * bytes back.
 *
 * The module is instantiated once, asynchronously, by loadCadicalWasm(); after
 * that the factory creates solvers synchronously, all sharing that one heap.
 */
import { UserError } from '../src/core/errors.js';
import type { ConflictLimited, FailedAssumptions, ProofProducer, SolveOptions, Solver, SolverFactory, Status } from './types.js';
import { type WasmHeap, WasmModule, type WasmModuleFactory, WasmSolverShell } from './wasm-support.js';

/** The exports of build/cadical.js that this adapter uses. */
interface CadicalModule extends WasmHeap {
  HEAPU8: Uint8Array;
  FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
  stringToUTF8(text: string, ptr: number, maxBytes: number): void;
  lengthBytesUTF8(text: string): number;
  _cd_new(): number;
  _cd_delete(handle: number): void;
  _cd_trace_proof(handle: number, pathPtr: number, binary: number): number;
  _cd_flush_proof(handle: number): void;
  _cd_set_option(handle: number, namePtr: number, value: number): number;
  _cd_reserve(handle: number, n: number): void;
  _cd_num_vars(handle: number): number;
  _cd_add_clause(handle: number, litsPtr: number, count: number): number;
  _cd_solve(handle: number, assumptionsPtr: number, count: number, conflictBudget: number, decisionBudget: number): number;
  _cd_read_model(handle: number, outPtr: number, n: number): void;
  _cd_read_failed(handle: number, assumptionsPtr: number, count: number, outPtr: number): void;
  _cd_set_phase(handle: number, v: number, preference: number): void;
  _cd_stat(handle: number, which: number): number;
}

const ENGINE = 'cadical-wasm';
const RESULT_BAD_LITERAL = -1;
const NO_LIMIT = -1;
const STAT_INDEX = { conflicts: 0, decisions: 1, propagations: 2, restarts: 3 } as const;

const engine = new WasmModule<CadicalModule>(ENGINE, 'cadical', 'loadCadicalWasm');

/**
 * Instantiates the WebAssembly module once (later calls share the result).
 * Resolves false when build.sh has not been run.
 */
export const loadCadicalWasm = (): Promise<boolean> => engine.load();

/**
 * loadCadicalWasm() for a host without the build directory (the browser
 * playground, whose bundler ships build/cadical.js and .wasm).
 */
export const loadCadicalWasmFrom = (createModule: WasmModuleFactory, wasmBinary: Uint8Array): Promise<boolean> =>
  engine.loadFrom(createModule, wasmBinary);

/** solve() options that only this engine has. */
export interface CadicalSolveOptions extends SolveOptions {
  /** Give up with UNKNOWN after about this many more decisions (one slice; no time limit with it). */
  decisionLimit?: number;
}

type ProofFormat = 'drat-text' | 'drat-binary';

/** Each solver's proof file in the in-memory file system gets its own name. */
let proofFiles = 0;

export class CadicalWasmSolver extends WasmSolverShell<CadicalModule> implements Solver, ProofProducer, FailedAssumptions, ConflictLimited {
  readonly limitsConflicts = true;
  private clausesAdded = 0;
  private proof: { path: string; format: ProofFormat } | undefined;

  constructor(mod: CadicalModule) {
    const glue = {
      free: mod._cd_delete,
      stat: mod._cd_stat,
      numVars: mod._cd_num_vars,
      readModel: mod._cd_read_model,
      readFailed: mod._cd_read_failed,
    };
    super(ENGINE, mod, glue, mod._cd_new(), STAT_INDEX);
  }

  ensureVars(n: number): void {
    if (n > 0) this.mod._cd_reserve(this.live(), n);
  }

  addClause(lits: ArrayLike<number>): void {
    const handle = this.live();
    const result = this.mod._cd_add_clause(handle, this.scratch.write(lits), lits.length);
    if (result === RESULT_BAD_LITERAL) throw new Error(`${ENGINE}: bad literal in clause [${Array.from(lits).join(' ')}]`);
    this.clausesAdded++;
  }

  /**
   * Without limits this is one call into CaDiCaL. With a time or conflict
   * limit the search runs in slices (CaDiCaL keeps all it learnt between
   * them) and yields to the event loop in between.
   */
  async solve(options: CadicalSolveOptions = {}): Promise<Status> {
    const decisions = options.decisionLimit ?? NO_LIMIT;
    // A decision limit is CaDiCaL's own, kept within one call: no slices with it.
    return this.searchWithin(
      options,
      (handle, assumptions, conflictBudget) => this.solveSlice(handle, assumptions, conflictBudget, decisions),
      NO_LIMIT,
      options.decisionLimit !== undefined,
    );
  }

  /**
   * Which value CaDiCaL decides first for v; undefined gives it back to its
   * own phase. CaDiCaL's "lucky" assignments, tried before the search, do not
   * look at it (setOption('lucky', 0) turns them off).
   */
  preferValue(v: number, value: boolean | undefined): void {
    this.mod._cd_set_phase(this.live(), v, value === undefined ? 0 : value ? 1 : -1);
  }

  /** Sets a CaDiCaL option by name (as `cadical --NAME=VALUE`); a UserError when CaDiCaL refuses it. */
  setOption(name: string, value: number): void {
    const ok = this.withString(name, (ptr) => this.mod._cd_set_option(this.live(), ptr, value));
    if (!ok) throw new UserError(`${ENGINE}: CaDiCaL has no option "${name}" it would set to ${value} now`);
  }

  enableProof(format: ProofFormat): void {
    const handle = this.live();
    if (this.proof) throw new Error(`${ENGINE}: enableProof() was already called`);
    if (this.clausesAdded > 0) throw new Error(`${ENGINE}: enableProof() must come before the first clause`);
    const path = `/proof-${++proofFiles}.drat`;
    const ok = this.withString(path, (ptr) => this.mod._cd_trace_proof(handle, ptr, format === 'drat-binary' ? 1 : 0));
    if (!ok) throw new Error(`${ENGINE}: CaDiCaL refused to trace a proof`);
    this.proof = { path, format };
  }

  takeProof(): { format: ProofFormat; bytes: Uint8Array } {
    if (!this.proof) throw new Error(`${ENGINE}: takeProof() needs enableProof() first`);
    this.mod._cd_flush_proof(this.live());
    return { format: this.proof.format, bytes: this.mod.FS.readFile(this.proof.path) };
  }

  dispose(): void {
    // Deleting the solver closes its proof file, which can then go.
    super.dispose();
    if (this.proof) this.mod.FS.unlink(this.proof.path);
    this.proof = undefined;
  }

  /** Calls `use` with a NUL-terminated copy of `text` in the heap. */
  private withString<T>(text: string, use: (ptr: number) => T): T {
    const bytes = this.mod.lengthBytesUTF8(text) + 1;
    const ptr = this.mod._malloc(bytes);
    try {
      this.mod.stringToUTF8(text, ptr, bytes);
      return use(ptr);
    } finally {
      this.mod._free(ptr);
    }
  }

  private solveSlice(handle: number, assumptions: readonly number[], conflictBudget: number, decisionBudget: number): number {
    const result = this.mod._cd_solve(handle, this.scratch.write(assumptions), assumptions.length, conflictBudget, decisionBudget);
    if (result === RESULT_BAD_LITERAL) throw new Error(`${ENGINE}: bad literal in assumptions [${assumptions.join(' ')}]`);
    return result;
  }
}

/** Whether the build in buildDir can run: the factory's available(), for any directory. */
export const cadicalWasmAvailability = (buildDir: string): ReturnType<SolverFactory['available']> => engine.availability(buildDir);

export const cadicalWasm: SolverFactory & { create(): CadicalWasmSolver } = {
  name: ENGINE,
  description: 'CaDiCaL (Debian cadical) compiled to WebAssembly, in-process, heap grows to 2 GiB, DRAT proofs',
  kind: 'in-process',
  available: () => engine.availability(),
  create: () => new CadicalWasmSolver(engine.forCreate()),
};
