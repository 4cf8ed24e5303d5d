import { UsageError, UserError, didYouMean } from '../src/core/errors.js';
import { callName, fieldName } from '../src/core/field-names.js';
import { kindOf } from '../src/core/limits.js';
import { cadicalWasm, loadCadicalWasm } from './cadical-wasm.js';
import { claspWasm } from './clasp-wasm.js';
import { EXTERNAL_SOLVERS } from './external/adapter.js';
import { logicSolver } from './logic-solver.js';
import { loadMinisatWasm, minisatWasm } from './minisat-wasm.js';
import { dlx } from './dlx/index.js';

/** Reading any solver's answer back (`s`/`v` lines, MiniSat's result file), for decode. */
export { readAnswer } from './external/output.js';
export { modelFromLiterals } from './external/clause-store.js';
import { type Capabilities, EXACT_COVER_CAPABILITIES, type Engine, type SolverFactory, isSatEngine, solverCapabilities } from './types.js';

/** Every SAT solver adapter by name. */
export const SOLVERS: SolverFactory[] = [minisatWasm, cadicalWasm, logicSolver, claspWasm, ...EXTERNAL_SOLVERS];

/** Every engine `--solver` names: the SAT solvers, and dancing links on the exact-cover form. */
export const ENGINES: readonly Engine[] = [...SOLVERS, dlx];

/** Instantiates the WebAssembly engines that have been built (once; later calls share it). */
export async function loadWasmSolvers(): Promise<void> {
  await Promise.all([loadMinisatWasm(), loadCadicalWasm()]);
}

/**
 * What a solver is picked for: one large solve (solve, dobble, sweep's single
 * rolls) or enumeration (many short incremental solves under assumptions, the
 * leaves of a cube tree).
 */
export type SolverUse = 'solve' | 'solve-exact-cover' | 'enumerate';

/**
 * The in-process defaults, best first, each falling back to the next when it
 * has not been built (logic-solver needs nothing beyond `npm install`). From
 * bench/results/in-process-solvers.md (CPU s, one run): single solves go to
 * cadical-wasm, which finds Dobble order 7 in 0.7 (minisat-wasm: over 30) and
 * order 8 in 3.0, and random 3-SAT 3x faster; minisat-wasm is ahead only on
 * small UNSAT cores (Dobble 6: 0.6 against 1.0, pigeonhole 9->8). Enumeration
 * keeps minisat-wasm, whose glue keeps the trail between cube leaves: all
 * 1010 classes of 5x12 on one worker took it 4.2 CPU s, cadical-wasm 4.7.
 * One solve of an exact-cover puzzle (the instance names a family to branch
 * on) goes to minisat-wasm, whose glue branches on that family the way
 * dancing links does: the first 8x8 pentomino tiling in 0.22 CPU s against
 * 2.3 for native `minisat -no-pre` and 3.8 for native cadical
 * (bench/results/sat-search.md, in-process-solvers.md).
 */
export const IN_PROCESS_DEFAULTS: Record<SolverUse, readonly string[]> = {
  solve: [cadicalWasm.name, minisatWasm.name, logicSolver.name],
  'solve-exact-cover': [minisatWasm.name, cadicalWasm.name, logicSolver.name],
  enumerate: [minisatWasm.name, cadicalWasm.name, logicSolver.name],
};

/** The solver for `use` when none is named, or the named one; loads the WebAssembly engines first. */
export async function pickSolver(name: unknown, use: SolverUse = 'solve'): Promise<SolverFactory> {
  // As solve's plan refuses it: String() took ['minisat-wasm'] for its name, and named {} "[object Object]".
  if (name !== undefined && typeof name !== 'string') throw new TypeError(`${fieldName('solver')}: expected text, got ${kindOf(name)}`);
  await loadWasmSolvers();
  return solverByName(name ?? defaultSolverName(use));
}

/** The first built solver of IN_PROCESS_DEFAULTS[use] (after loading has been tried). */
export function defaultSolverName(use: SolverUse = 'solve'): string {
  const candidates = IN_PROCESS_DEFAULTS[use];
  return candidates.find((name) => SOLVERS.find((f) => f.name === name)?.available().ok) ?? logicSolver.name;
}

/**
 * The engine of this name, if it can run here; a UserError naming the engines
 * otherwise, and the field the caller gave it in (fieldName: the library's
 * `solver`, the CLI's --solver).
 */
export function engineByName(name: string): Engine {
  const option = fieldName('solver');
  const engine = ENGINES.find((f) => f.name === name);
  const names = ENGINES.map((f) => f.name);
  if (!engine) throw new UsageError(`${option}: unknown solver "${name}"${didYouMean(name, names)}; choose one of: ${names.join(', ')}`);
  const ok = engine.available();
  if (!ok.ok) throw new UserError(`${option} ${name}: ${ok.reason}`);
  return engine;
}

/** A SAT engine by name; `why` says what needs clauses when the name is an exact-cover engine. */
export function solverByName(name: string, why = 'this needs a SAT solver'): SolverFactory {
  const option = fieldName('solver');
  const engine = engineByName(name);
  if (!isSatEngine(engine)) throw new UsageError(`${option} ${name}: ${why} (${callName({ solvers: true })} lists them)`);
  return engine;
}

/** What the engine can do, read once from one throwaway solver (an exact-cover engine has no solver to ask). */
export function engineCapabilities(engine: Engine): Capabilities {
  if (!isSatEngine(engine)) return EXACT_COVER_CAPABILITIES;
  const probe = engine.create();
  try {
    return solverCapabilities(probe, engine.kind === 'external');
  } finally {
    probe.dispose();
  }
}
