import { type Solver, type SolverStats, type SolveOptions, type Status, SolverHeapExhausted } from './types.js';

/**
 * MiniSat as compiled by emscripten (asm.js) inside the npm package
 * logic-solver, driven through its C entry points rather than its formula
 * layer (which would rename and re-encode our clauses).
 *
 * This module only evaluates the build's source text, so it runs anywhere:
 * Node reads the file (solvers/logic-solver.ts), the browser playground gets
 * it bundled as a string.
 *
 * The stock build fixes the heap at 64 MiB, too small for blocking-clause
 * enumeration on big tiling CNFs. asm.js cannot grow its heap, but the heap
 * size is read once when the module is instantiated, so we evaluate the
 * shipped file with a larger default instead of editing node_modules.
 */
export const DEFAULT_HEAP_MB = 256;

interface MinisatModule {
  _createTheSolver(): void;
  _ensureVar(v: number): void;
  _addClause(ptr: number): number;
  _solve(): number;
  _solveAssuming(lit: number): number;
  _retireVar(v: number): void;
  _getNumVars(): number;
  _getSolution(): number;
  _malloc(bytes: number): number;
  HEAP32: Int32Array;
  HEAP8: Int8Array;
}

const STOCK_HEAP = 'TOTAL_MEMORY=Module["TOTAL_MEMORY"]||67108864';
// One evaluated module per heap size: evaluating 240 kB of asm.js is the slow part.
const factories = new Map<number, () => MinisatModule>();

/** Instantiates logic-solver's minisat.js (its text) with a heap of `heapMb`. */
function moduleFactory(source: string, heapMb: number, where: string): () => MinisatModule {
  let factory = factories.get(heapMb);
  if (factory) return factory;
  if (!source.includes(STOCK_HEAP)) throw new Error(`unexpected logic-solver build in ${where}: heap setting not found`);
  // asm.js wants a heap that is a multiple of 16 MiB.
  const bytes = Math.max(1, Math.ceil(heapMb / 16)) * 16 * 1024 * 1024;
  const patched = source.replace(STOCK_HEAP, `TOTAL_MEMORY=${bytes}`);
  // The build prints through console.log; a silent console keeps stdout for results.
  const silent = { log() {}, warn() {}, error() {} };
  factory = new Function('module', 'console', `${patched}\nreturn C_MINISAT;`)({}, silent) as () => MinisatModule;
  factories.set(heapMb, factory);
  return factory;
}

class LogicSolverMinisat implements Solver {
  readonly name = 'logic-solver';
  private readonly c: MinisatModule;
  private scratch = 0;
  private scratchLen = 0;
  /**
   * The engine's variable for each of ours (index = our variable). The
   * engine also has variables of its own, the selectors of solves under
   * several assumptions (retired, so fixed false, afterwards): ours must
   * never land on one, so the numbering is kept apart.
   */
  private readonly engineVar: number[] = [0];
  private engineVars = 0;
  private model: Int8Array | undefined;
  private solves = 0;
  private poisoned = false;

  constructor(instantiate: () => MinisatModule) {
    this.c = instantiate();
    this.c._createTheSolver();
  }

  ensureVars(n: number): void {
    if (n < this.engineVar.length) return;
    while (this.engineVar.length <= n) this.engineVar.push(++this.engineVars);
    this.guard(() => this.c._ensureVar(this.engineVars));
  }

  addClause(lits: ArrayLike<number>): void {
    let top = 0;
    for (let i = 0; i < lits.length; i++) top = Math.max(top, Math.abs(lits[i]!));
    this.ensureVars(top);
    this.addEngineClause(Array.from(lits, (l) => this.engineLit(l)));
  }

  private engineLit(lit: number): number {
    const v = this.engineVar[Math.abs(lit)]!;
    return lit < 0 ? -v : v;
  }

  private addEngineClause(lits: readonly number[]): void {
    const ptr = this.scratchFor(lits.length + 1);
    const heap = this.c.HEAP32;
    const base = ptr >> 2;
    for (let i = 0; i < lits.length; i++) heap[base + i] = lits[i]!;
    heap[base + lits.length] = 0;
    this.guard(() => this.c._addClause(ptr));
  }

  async solve(options: SolveOptions = {}): Promise<Status> {
    this.solves++;
    this.model = undefined;
    for (const lit of options.assumptions ?? []) this.ensureVars(Math.abs(lit));
    const assumptions = (options.assumptions ?? []).map((lit) => this.engineLit(lit));
    const sat = this.guard(() => {
      if (assumptions.length === 0) return this.c._solve();
      if (assumptions.length === 1 && assumptions[0]! > 0) return this.c._solveAssuming(assumptions[0]!);
      // MiniSat's glue takes one positive assumption: a fresh selector implies them all,
      // and is retired (fixed false) afterwards so its clauses go dead.
      const selector = ++this.engineVars;
      this.c._ensureVar(selector);
      for (const lit of assumptions) this.addEngineClause([-selector, lit]);
      const result = this.c._solveAssuming(selector);
      this.c._retireVar(selector);
      return result;
    });
    if (!sat) return 'UNSAT';
    const ptr = this.c._getSolution();
    const n = this.c._getNumVars();
    this.model = this.c.HEAP8.slice(ptr, ptr + n);
    return 'SAT';
  }

  value(v: number): boolean {
    if (!this.model) throw new Error('value() called without a model');
    // MiniSat's lifted boolean: 0 is true.
    return this.model[this.engineVar[v]! - 1] === 0;
  }

  stats(): SolverStats {
    return { solves: this.solves };
  }

  dispose(): void {
    this.model = undefined;
  }

  private scratchFor(ints: number): number {
    if (ints > this.scratchLen) {
      this.scratchLen = Math.max(ints, 2 * this.scratchLen, 64);
      this.scratch = this.guard(() => this.c._malloc(this.scratchLen * 4));
    }
    return this.scratch;
  }

  // emscripten's abort() throws a string-ish error; turn heap exhaustion into a
  // typed error so callers can restart, and refuse further use of a dead heap.
  private guard<T>(call: () => T): T {
    if (this.poisoned) throw new SolverHeapExhausted(this.name);
    try {
      return call();
    } catch (e) {
      this.poisoned = true;
      const text = String(e instanceof Error ? e.message : e);
      if (/enlarge memory|abort|out of memory/i.test(text)) throw new SolverHeapExhausted(this.name);
      throw e;
    }
  }
}

/**
 * A fresh MiniSat from the text of logic-solver's minisat.js; `where` names
 * that text's origin in the error raised for an unexpected build.
 */
export function createMinisatAsm(source: string, heapMb = DEFAULT_HEAP_MB, where = 'logic-solver/minisat.js'): Solver {
  return new LogicSolverMinisat(moduleFactory(source, heapMb, where));
}
