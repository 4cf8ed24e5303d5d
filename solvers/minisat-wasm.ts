/**
 * MiniSat 2.2 compiled to WebAssembly (solvers/minisat-wasm/build.sh), driven
 * through the C glue in solvers/minisat-wasm/glue.cc. Unlike logic-solver's
 * asm.js MiniSat, whose heap is fixed at 64 MiB, this heap grows (up to 2 GiB).
 *
 * The module is instantiated once, asynchronously, by loadMinisatWasm(); after
 * that the factory creates solvers synchronously, all sharing that one heap.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../src/core/errors.js';
import type { SolveOptions, Solver, SolverFactory, SolverStats, Status } from './types.js';

/** The exports of build/minisat.js that this adapter uses. */
interface MinisatModule {
  /** Views of the heap; emscripten replaces them when the heap grows. */
  HEAP8: Int8Array;
  HEAP32: Int32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _ms_new(): number;
  _ms_delete(handle: number): void;
  _ms_ensure_vars(handle: number, n: number): void;
  _ms_num_vars(handle: number): number;
  _ms_add_clause(handle: number, litsPtr: number, count: number): number;
  _ms_solve(handle: number, assumptionsPtr: number, count: number, conflictBudget: number): number;
  _ms_read_model(handle: number, outPtr: number, n: number): void;
  _ms_stat(handle: number, which: number): number;
  _ms_set_polarity(handle: number, v: number, preference: number): void;
  _ms_set_learnt_fraction(handle: number, fraction: number): void;
}

type ModuleFactory = (overrides: { wasmBinary: Uint8Array }) => Promise<MinisatModule>;

const RESULT_SAT = 10;
const RESULT_UNSAT = 20;
const RESULT_BAD_LITERAL = -1;
const STAT_INDEX = { conflicts: 0, decisions: 1, propagations: 2, restarts: 3 } as const;

/** With a time limit, search runs in slices of conflicts this long or so, checking the clock in between. */
const TARGET_SLICE_MS = 200;
const FIRST_SLICE_CONFLICTS = 2000;
const MIN_SLICE_CONFLICTS = 500;
const MAX_SLICE_CONFLICTS = 1_000_000;

/** The learnt-clause cap for cube-and-conquer, as a fraction of the problem clauses: see expectCubes(). */
const CUBE_LEARNT_FRACTION = 0.01;

const NOT_BUILT = 'not built: run npm run build:minisat-wasm';

/** The nearest directory at or above `start` that holds a package.json. */
function packageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`minisat-wasm: no package.json above ${start}`);
  }
}

/**
 * Where build.sh puts its output. Found from the project root, so that it is
 * the same from solvers/minisat-wasm.ts and from dist/solvers/minisat-wasm.js.
 */
export function minisatWasmBuildDir(): string {
  return join(packageRoot(dirname(fileURLToPath(import.meta.url))), 'solvers', 'minisat-wasm', 'build');
}

function isBuilt(buildDir: string): boolean {
  return existsSync(join(buildDir, 'minisat.js')) && existsSync(join(buildDir, 'minisat.wasm'));
}

let loadedModule: MinisatModule | undefined;
let loading: Promise<boolean> | undefined;

async function instantiate(buildDir: string): Promise<boolean> {
  const createModule = createRequire(import.meta.url)(join(buildDir, 'minisat.js')) as ModuleFactory;
  // Handing over the bytes keeps the loader from trying fetch() on a file path (Node 20 has fetch).
  loadedModule = await createModule({ wasmBinary: readFileSync(join(buildDir, 'minisat.wasm')) });
  return true;
}

/**
 * Instantiates the WebAssembly module once (later calls share the result).
 * Resolves false when build.sh has not been run.
 */
export function loadMinisatWasm(): Promise<boolean> {
  const buildDir = minisatWasmBuildDir();
  if (!isBuilt(buildDir)) return Promise.resolve(false);
  loading ??= instantiate(buildDir);
  return loading;
}

/** Bytes in the shared WebAssembly heap (0 before loading); it grows and never shrinks. */
export function minisatWasmHeapBytes(): number {
  return loadedModule?.HEAP8.length ?? 0;
}

/** A solve() option that only this engine has. */
export interface MinisatSolveOptions extends SolveOptions {
  /** Give up with UNKNOWN after about this many more conflicts. */
  conflictLimit?: number;
}

/**
 * Grows-only int32 space in the wasm heap for clauses, assumptions and models,
 * shared by all solvers (calls are synchronous, so they never overlap).
 */
class Scratch {
  private ptr = 0;
  private capacityInts = 0;

  constructor(private readonly mod: MinisatModule) {}

  /** A heap address with room for `ints` int32s. */
  reserve(ints: number): number {
    if (ints > this.capacityInts || this.ptr === 0) {
      if (this.ptr !== 0) this.mod._free(this.ptr);
      this.capacityInts = Math.max(ints, 2 * this.capacityInts, 1024);
      this.ptr = this.mod._malloc(4 * this.capacityInts);
      if (this.ptr === 0) throw new Error('minisat-wasm: out of memory for a scratch buffer');
    }
    return this.ptr;
  }

  /** Copies `values` into the heap and returns their address. */
  write(values: ArrayLike<number>): number {
    const ptr = this.reserve(values.length);
    // Read HEAP32 only now: reserve() may have grown the heap and replaced the view.
    this.mod.HEAP32.set(values, ptr >> 2);
    return ptr;
  }
}

const scratchByModule = new WeakMap<MinisatModule, Scratch>();

function scratchFor(mod: MinisatModule): Scratch {
  let scratch = scratchByModule.get(mod);
  if (!scratch) {
    scratch = new Scratch(mod);
    scratchByModule.set(mod, scratch);
  }
  return scratch;
}

/** MiniSat's C++ throws OutOfMemoryException when realloc fails; it reaches JS as a bare number. */
function translateWasmThrow(e: unknown): never {
  if (typeof e === 'number') throw new Error('minisat-wasm: out of memory (the WebAssembly heap stops at 2 GiB)');
  throw e;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

const nextTurnOfEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class MinisatWasmSolver implements Solver {
  readonly name = 'minisat-wasm';
  private handle: number;
  private readonly scratch: Scratch;
  private solves = 0;
  /** Values of variables 1..n after the last SAT answer (index v-1), else undefined. */
  private model: Int8Array | undefined;

  constructor(private readonly mod: MinisatModule) {
    this.scratch = scratchFor(mod);
    this.handle = mod._ms_new();
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
  async solve(options: MinisatSolveOptions = {}): Promise<Status> {
    const handle = this.live();
    this.solves++;
    this.model = undefined;
    const assumptions = options.assumptions ?? [];
    const deadline = options.timeoutSeconds === undefined ? Infinity : Date.now() + 1000 * options.timeoutSeconds;
    let conflictsLeft = options.conflictLimit ?? Infinity;
    if (deadline === Infinity && conflictsLeft === Infinity) return this.finish(this.solveSlice(handle, assumptions, -1));

    let slice = FIRST_SLICE_CONFLICTS;
    for (;;) {
      const budget = Math.min(slice, conflictsLeft);
      const started = Date.now();
      const conflictsBefore = this.stat(STAT_INDEX.conflicts);
      const result = this.solveSlice(handle, assumptions, budget);
      if (result !== 0) return this.finish(result);
      conflictsLeft -= this.stat(STAT_INDEX.conflicts) - conflictsBefore;
      if (conflictsLeft <= 0 || Date.now() >= deadline) return 'UNKNOWN';
      const elapsedMs = Math.max(1, Date.now() - started);
      slice = clamp(Math.round((budget * TARGET_SLICE_MS) / elapsedMs), MIN_SLICE_CONFLICTS, MAX_SLICE_CONFLICTS);
      await nextTurnOfEventLoop();
      this.live();
    }
  }

  value(v: number): boolean {
    if (!this.model) throw new Error('minisat-wasm: value() needs the last solve() to have answered SAT');
    return this.model[v - 1] === 1;
  }

  stats(): SolverStats {
    this.live();
    return {
      solves: this.solves,
      conflicts: this.stat(STAT_INDEX.conflicts),
      decisions: this.stat(STAT_INDEX.decisions),
      propagations: this.stat(STAT_INDEX.propagations),
      restarts: this.stat(STAT_INDEX.restarts),
    };
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

  dispose(): void {
    if (this.handle === 0) return;
    this.mod._ms_delete(this.handle);
    this.handle = 0;
    this.model = undefined;
  }

  private live(): number {
    if (this.handle === 0) throw new Error('minisat-wasm: solver used after dispose()');
    return this.handle;
  }

  private stat(index: number): number {
    return this.mod._ms_stat(this.handle, index);
  }

  private solveSlice(handle: number, assumptions: readonly number[], conflictBudget: number): number {
    let result: number;
    try {
      result = this.mod._ms_solve(handle, this.scratch.write(assumptions), assumptions.length, conflictBudget);
    } catch (e) {
      translateWasmThrow(e);
    }
    if (result === RESULT_BAD_LITERAL) throw new Error(`minisat-wasm: bad literal in assumptions [${assumptions.join(' ')}]`);
    return result;
  }

  private finish(result: number): Status {
    if (result === RESULT_UNSAT) return 'UNSAT';
    if (result !== RESULT_SAT) return 'UNKNOWN';
    const n = this.mod._ms_num_vars(this.handle);
    const ptr = this.scratch.reserve(Math.ceil(n / 4));
    this.mod._ms_read_model(this.handle, ptr, n);
    this.model = this.mod.HEAP8.slice(ptr, ptr + n);
    return 'SAT';
  }
}

function builtVersion(buildDir: string): string | undefined {
  const file = join(buildDir, 'version.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export const minisatWasm: SolverFactory & { create(): MinisatWasmSolver } = {
  name: 'minisat-wasm',
  description: 'MiniSat 2.2 (Debian minisat2) compiled to WebAssembly, in-process, heap grows to 2 GiB',
  kind: 'in-process',
  available() {
    const buildDir = minisatWasmBuildDir();
    if (!isBuilt(buildDir)) return { ok: false, reason: NOT_BUILT };
    const version = builtVersion(buildDir);
    return version === undefined ? { ok: true } : { ok: true, version };
  },
  create(): MinisatWasmSolver {
    if (loadedModule) return new MinisatWasmSolver(loadedModule);
    if (!isBuilt(minisatWasmBuildDir())) throw new UserError(`solver minisat-wasm is ${NOT_BUILT}`);
    throw new Error('minisat-wasm: await loadMinisatWasm() before create()');
  },
};
