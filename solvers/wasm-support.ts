/**
 * What the emscripten-built engines (minisat-wasm, cadical-wasm) share: where
 * their build lives, loading the module, scratch space in the heap, and
 * solving in conflict slices so that a JS deadline can stop them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { UserError } from '../src/core/errors.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SolveOptions, SolverStats, Status } from './types.js';

/** The nearest directory at or above `start` that holds a package.json. */
function packageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/**
 * Where solvers/<engine>/build.sh puts its output. Found from the project
 * root, so that it is the same from solvers/*.ts and from dist/solvers/*.js.
 */
export function wasmBuildDir(engine: string): string {
  return join(packageRoot(dirname(fileURLToPath(import.meta.url))), 'solvers', engine, 'build');
}

/** Whether build.sh has produced `<base>.js` and `<base>.wasm` in buildDir. */
export function isWasmBuilt(buildDir: string, base: string): boolean {
  return existsSync(join(buildDir, `${base}.js`)) && existsSync(join(buildDir, `${base}.wasm`));
}

/** The Debian package version build.sh recorded, if it did. */
export function builtVersion(buildDir: string): string | undefined {
  const file = join(buildDir, 'version.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * What an emscripten MODULARIZE build exports: a factory of the module.
 * Handed the bytes of the .wasm, it never looks for the file itself, so
 * the same factory works in Node and in a browser Worker.
 */
export type WasmModuleFactory<M = unknown> = (overrides: { wasmBinary: Uint8Array }) => Promise<M>;

/** Instantiates the CommonJS emscripten factory `<base>.js` with the bytes of `<base>.wasm`. */
export async function instantiateWasm<M>(buildDir: string, base: string): Promise<M> {
  const createModule = createRequire(import.meta.url)(join(buildDir, `${base}.js`)) as WasmModuleFactory<M>;
  // Handing over the bytes keeps the loader from trying fetch() on a file path (Node 20 has fetch).
  return createModule({ wasmBinary: readFileSync(join(buildDir, `${base}.wasm`)) });
}

/** The parts of an emscripten module that Scratch needs. */
export interface WasmHeap {
  /** Views of the heap; emscripten replaces them when the heap grows. */
  HEAP8: Int8Array;
  HEAP32: Int32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
}

/**
 * Grows-only int32 space in the wasm heap for clauses, assumptions and models,
 * shared by all solvers of one module (calls are synchronous, so they never overlap).
 */
export class Scratch {
  private ptr = 0;
  private capacityInts = 0;

  constructor(private readonly mod: WasmHeap) {}

  /** A heap address with room for `ints` int32s. */
  reserve(ints: number): number {
    if (ints > this.capacityInts || this.ptr === 0) {
      if (this.ptr !== 0) this.mod._free(this.ptr);
      this.capacityInts = Math.max(ints, 2 * this.capacityInts, 1024);
      this.ptr = this.mod._malloc(4 * this.capacityInts);
      if (this.ptr === 0) throw new Error('out of WebAssembly memory for a scratch buffer');
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

const scratchByModule = new WeakMap<WasmHeap, Scratch>();

export function scratchFor(mod: WasmHeap): Scratch {
  let scratch = scratchByModule.get(mod);
  if (!scratch) {
    scratch = new Scratch(mod);
    scratchByModule.set(mod, scratch);
  }
  return scratch;
}

/**
 * With a time limit, search runs in slices, checking the clock in between.
 * Slices are sized by the engine's own counters, not by the clock: about
 * this many propagations each (0.05-0.5 s in either engine, unloaded).
 * CaDiCaL's search depends on where its slices end (each solve call starts
 * its schedules anew): sized by time, the same solve found another tiling
 * from run to run. Only a slice past SLOW_SLICE_MS (propagations far
 * dearer than usual) sizes the next by its time, so that a timeout and
 * Ctrl-C are still heard within seconds; a machine loaded five times over
 * (2 cores, load 11) took 0.8-1.6 s for slices that take 0.2 s on its own.
 * Near the deadline a slice is cut to the conflicts expected to take
 * 1/DEADLINE_MARGIN of the time left, at the time a conflict has taken so
 * far in this solve (sized whole, a last slice overran --timeout 2 by up to
 * 1.4 s); the margin because on the loaded machine a conflict of pigeonhole
 * 11 took up to 1.8 times as long from one slice to the next. The slices of
 * a search that ends well before its deadline stay as they were.
 * The time of a conflict is known only after a slice: the first is of a few
 * conflicts, and each the next at most SLICE_GROWTH times the last, so that
 * no slice is far dearer than the one the estimate was taken from (a first
 * slice of 2000 conflicts, 1.1-1.7 ms each in a random 3-SAT formula of
 * 40,000 variables on a loaded machine, ended 1.2-2 s past --timeout 3).
 * Growing to a million propagations takes a handful of slices.
 */
const TARGET_SLICE_PROPAGATIONS = 1_000_000;
const SLOW_SLICE_MS = 4000;
const TARGET_SLICE_MS = 200;
const FIRST_SLICE_CONFLICTS = 10;
const SLICE_GROWTH = 4;
const MIN_SLICE_CONFLICTS = 500;
const MAX_SLICE_CONFLICTS = 1_000_000;
const DEADLINE_MARGIN = 2;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/**
 * The most conflicts a slice may have with `msLeft` to its deadline at
 * `msPerConflict`: those expected to take 1/DEADLINE_MARGIN of it, at least
 * one (so the slices get there); unlimited before any estimate.
 */
const conflictsWithin = (msLeft: number, msPerConflict: number): number =>
  msPerConflict > 0 ? Math.max(1, Math.ceil(msLeft / (DEADLINE_MARGIN * msPerConflict))) : Infinity;

/**
 * The conflicts of the slice after one of `budget` conflicts that made
 * `propagations` in `elapsedMs`: about TARGET_SLICE_PROPAGATIONS (by time
 * only past SLOW_SLICE_MS), and at most SLICE_GROWTH times `budget`.
 */
export function nextSliceConflicts(budget: number, propagations: number, elapsedMs: number): number {
  const scale = elapsedMs > SLOW_SLICE_MS ? TARGET_SLICE_MS / elapsedMs : TARGET_SLICE_PROPAGATIONS / Math.max(1, propagations);
  return Math.min(SLICE_GROWTH * budget, clamp(Math.round(budget * scale), MIN_SLICE_CONFLICTS, MAX_SLICE_CONFLICTS));
}

/** A turn of the event loop for timers, Ctrl-C and output streams between slices of synchronous search. */
export const nextTurnOfEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface SliceDriver {
  /** Searches for at most `conflictBudget` more conflicts; a nonzero result (the engine's SAT/UNSAT code) ends the solve. */
  runSlice(conflictBudget: number): number;
  /** The engine's conflict counter. */
  conflicts(): number;
  /** The engine's propagation counter. */
  propagations(): number;
  /** Called after each yield to the event loop (e.g. to notice a dispose()). */
  resumed(): void;
}

/**
 * Runs slices until one answers, `conflictLimit` conflicts have passed, the
 * deadline (ms since the epoch) is reached or the signal is aborted; then 0.
 * Slices are sized by nextSliceConflicts, cut near the deadline, and the
 * event loop gets a turn between them (where a Ctrl-C handler can abort the signal).
 */
export async function solveInSlices(
  driver: SliceDriver,
  deadline: number,
  conflictLimit: number,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<number> {
  let conflictsLeft = conflictLimit;
  let slice = FIRST_SLICE_CONFLICTS;
  // The time a conflict takes: the dearer of this solve's average and its last slice's, for a load that rises.
  let msPerConflict = 0;
  let searchedMs = 0;
  let searchedConflicts = 0;
  // A signal is aborted by an event (a timer, Ctrl-C): one gets its turn before the search, for callers
  // whose solves each end within a slice (the event loop would otherwise never turn between them).
  if (signal) await nextTurnOfEventLoop();
  for (;;) {
    // First thing, so that an aborted search starts no slice (a caller making many short solves stops at once),
    // and a search whose deadline passed while its clauses were loaded starts none either.
    const started = now();
    if (signal?.aborted || started >= deadline) return 0;
    const budget = Math.min(slice, conflictsLeft, conflictsWithin(deadline - started, msPerConflict));
    const conflictsBefore = driver.conflicts();
    const propagationsBefore = driver.propagations();
    const result = driver.runSlice(budget);
    if (result !== 0) return result;
    const searched = driver.conflicts() - conflictsBefore;
    conflictsLeft -= searched;
    const ended = now();
    if (conflictsLeft <= 0 || ended >= deadline) return 0;
    const elapsedMs = ended - started;
    searchedMs += elapsedMs;
    searchedConflicts += searched;
    msPerConflict = Math.max(searchedMs / Math.max(1, searchedConflicts), elapsedMs / Math.max(1, searched));
    slice = nextSliceConflicts(budget, driver.propagations() - propagationsBefore, elapsedMs);
    await nextTurnOfEventLoop();
    driver.resumed();
  }
}

/**
 * One engine's WebAssembly module: instantiated once, asynchronously (from
 * its build directory, or from a host's own copy of the loader and bytes, as
 * the browser playground has them), then shared by every solver it creates
 * synchronously, all on one heap.
 */
export class WasmModule<M> {
  private instance: M | undefined;
  private loading: Promise<boolean> | undefined;

  /**
   * `engine` names the engine and its solvers/<engine>/ folder; `base` its
   * build's file names (`<base>.js`, `<base>.wasm`); `loader` the exported
   * function that loads it, for messages.
   */
  constructor(
    readonly engine: string,
    private readonly base: string,
    private readonly loader: string,
  ) {}

  get buildDir(): string {
    return wasmBuildDir(this.engine);
  }

  /** Instantiates the module once (later calls share the result); false when build.sh has not been run. */
  load(): Promise<boolean> {
    if (!isWasmBuilt(this.buildDir, this.base)) return Promise.resolve(false);
    return this.loading ?? this.adopt(instantiateWasm<M>(this.buildDir, this.base));
  }

  /** load() for a host without the build directory: the factory that `<base>.js` exports and the .wasm bytes, got there. */
  loadFrom(createModule: WasmModuleFactory, wasmBinary: Uint8Array): Promise<boolean> {
    return this.loading ?? this.adopt(createModule({ wasmBinary }) as Promise<M>);
  }

  /** The module once loaded. */
  get loaded(): M | undefined {
    return this.instance;
  }

  /** Whether the build in buildDir can run: the engine factory's available(). */
  availability(buildDir = this.buildDir): { ok: true; version?: string } | { ok: false; reason: string } {
    if (!isWasmBuilt(buildDir, this.base)) return { ok: false, reason: this.notBuilt };
    const version = builtVersion(buildDir);
    return version === undefined ? { ok: true } : { ok: true, version };
  }

  /** The loaded module, for a factory's create(): a UserError when it was never built, an Error when it was not loaded first. */
  forCreate(): M {
    if (this.instance) return this.instance;
    if (!isWasmBuilt(this.buildDir, this.base)) throw new UserError(`solver ${this.engine} is ${this.notBuilt}`);
    throw new Error(`${this.engine}: await ${this.loader}() before create()`);
  }

  private get notBuilt(): string {
    return `not built: run npm run build:${this.engine}`;
  }

  private adopt(instantiating: Promise<M>): Promise<boolean> {
    this.loading ??= instantiating.then((mod) => {
      this.instance = mod;
      return true;
    });
    return this.loading;
  }
}

/** What every engine's glue answers for a search: SAT, UNSAT, anything else UNKNOWN (as the SAT competition's exit codes). */
const RESULT_SAT = 10;
const RESULT_UNSAT = 20;

/** What the shared solver shell needs of an engine's C glue besides the heap: its counters and its model. */
export interface WasmGlue {
  free(handle: number): void;
  stat(handle: number, which: number): number;
  numVars(handle: number): number;
  /** Writes the values of variables 1..n as int8 (1 true) at `out`. */
  readModel(handle: number, out: number, n: number): void;
  /** After UNSAT: writes, for each of the `count` assumptions at `assumptions`, an int8 at `out` (1 when the refutation used it). */
  readFailed(handle: number, assumptions: number, count: number, out: number): void;
}

/**
 * The part every WebAssembly solver shares: its handle in the module (0 once
 * disposed), the scratch space, the solve count, the model of the last SAT
 * answer, the failed assumptions of the last UNSAT one, and the engine's
 * counters by name.
 */
export abstract class WasmSolverShell<M extends WasmHeap> {
  protected handle: number;
  protected readonly scratch: Scratch;
  protected solves = 0;
  /** Values of variables 1..n after the last SAT answer (index v-1), else undefined. */
  protected model: Int8Array | undefined;
  /** After an UNSAT answer: the assumptions that the refutation used, else undefined. */
  protected failedSet: number[] | undefined;

  constructor(
    readonly name: string,
    protected readonly mod: M,
    private readonly glue: WasmGlue,
    handle: number,
    private readonly counters: Readonly<Record<string, number>>,
  ) {
    this.scratch = scratchFor(mod);
    this.handle = handle;
  }

  value(v: number): boolean {
    if (!this.model) throw new Error(`${this.name}: value() needs the last solve() to have answered SAT`);
    return this.model[v - 1] === 1;
  }

  /** After UNSAT under assumptions: those the refutation used (a core, not necessarily minimal); empty when the clauses alone are UNSAT. */
  failedAssumptions(): number[] {
    if (!this.failedSet) throw new Error(`${this.name}: failedAssumptions() needs the last solve() to have answered UNSAT`);
    return [...this.failedSet];
  }

  stats(): SolverStats {
    this.live();
    const stats: SolverStats = { solves: this.solves };
    for (const [counter, index] of Object.entries(this.counters)) stats[counter] = this.stat(index);
    return stats;
  }

  dispose(): void {
    if (this.handle === 0) return;
    this.glue.free(this.handle);
    this.handle = 0;
    this.model = undefined;
    this.failedSet = undefined;
  }

  /**
   * One search under the caller's limits, as a Status: a single call into
   * the engine when nothing can stop it, or when `oneCall` says the engine
   * keeps a limit of its own (the conflict limit, if any, is then its budget;
   * `unlimited` is the budget the engine reads as none); otherwise slices
   * that turn the event loop between them (solveInSlices).
   */
  protected async searchWithin(
    options: SolveOptions,
    search: (handle: number, assumptions: readonly number[], conflictBudget: number) => number,
    unlimited: number,
    oneCall = false,
  ): Promise<Status> {
    const handle = this.live();
    this.solves++;
    this.model = undefined;
    this.failedSet = undefined;
    const assumptions = options.assumptions ?? [];
    const runSlice = (conflictBudget: number) => search(handle, assumptions, conflictBudget);
    const deadline = options.timeoutSeconds === undefined ? Infinity : Date.now() + 1000 * options.timeoutSeconds;
    const conflictLimit = options.conflictLimit ?? Infinity;
    const result =
      oneCall || (deadline === Infinity && conflictLimit === Infinity && !options.signal)
        ? runSlice(conflictLimit === Infinity ? unlimited : conflictLimit)
        : await solveInSlices(
            {
              runSlice,
              conflicts: () => this.stat(this.counters.conflicts!),
              propagations: () => this.stat(this.counters.propagations!),
              resumed: () => this.live(),
            },
            deadline,
            conflictLimit,
            options.signal,
          );
    if (result === RESULT_UNSAT) {
      this.readFailed(assumptions);
      return 'UNSAT';
    }
    if (result !== RESULT_SAT) return 'UNKNOWN';
    this.readModel();
    return 'SAT';
  }

  /** The handle, or an Error when the solver was disposed. */
  protected live(): number {
    if (this.handle === 0) throw new Error(`${this.name}: solver used after dispose()`);
    return this.handle;
  }

  protected stat(index: number): number {
    return this.glue.stat(this.handle, index);
  }

  /** Reads the engine's model after a SAT answer. */
  protected readModel(): void {
    const n = this.glue.numVars(this.handle);
    const ptr = this.scratch.reserve(Math.ceil(n / 4));
    this.glue.readModel(this.handle, ptr, n);
    this.model = this.mod.HEAP8.slice(ptr, ptr + n);
  }

  /** Reads which of the assumptions the engine's refutation used, after an UNSAT answer. */
  protected readFailed(assumptions: readonly number[]): void {
    if (assumptions.length === 0) {
      this.failedSet = [];
      return;
    }
    // The flags go after the assumptions in the same scratch space.
    const ptr = this.scratch.reserve(assumptions.length + Math.ceil(assumptions.length / 4));
    this.mod.HEAP32.set(assumptions, ptr >> 2);
    const flags = ptr + 4 * assumptions.length;
    this.glue.readFailed(this.handle, ptr, assumptions.length, flags);
    this.failedSet = assumptions.filter((_, i) => this.mod.HEAP8[flags + i] === 1);
  }
}
