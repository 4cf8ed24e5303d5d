/**
 * clasp in WebAssembly, from the npm package clingo-wasm (clingo 5.8 with its
 * clasp front end, run with --mode=clasp so that it reads DIMACS). In-process
 * in the sense that nothing needs installing beyond npm: the solver runs in
 * one engine thread (solvers/engine-thread.ts) shared by every instance of
 * this adapter. clingo-wasm 0.5 is the release for Node 20 (0.6 needs Node
 * 22); it runs a program synchronously, hence the thread.
 *
 * Limits of the package that this adapter works around:
 * - The input is copied onto the module's 1 MiB stack, so a DIMACS text much
 *   above 1 MB fails; it is measured first and refused.
 * - A failed run can leave the module unusable (a failing run leaks the
 *   stack its program took, the defect 0.6 fixed): the thread is restarted
 *   after every failed run.
 * - A run can only be stopped by terminating the thread (timeouts, limits).
 * - Every model of a run comes back at its end, so native enumeration asks
 *   for at most as many models as fit an estimate of that memory.
 */
import { createRequire } from 'node:module';
import { UserError, oneLine } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { EngineThread, engineThreadsAvailable } from './engine-thread.js';
import { ClauseStoringSolver, type RunAnswer } from './external/clause-store.js';
import type { NativeRunOptions, ProjectingEnumerator, SolverFactory } from './types.js';

const PACKAGE = 'clingo-wasm';
/** The version whose API this adapter speaks: run(program, models, options), synchronous inside. */
const SUPPORTED_MAJOR_MINOR = '0.5';

/**
 * The failure threshold measured with clingo-wasm 0.6.0 was 1,038,185 bytes
 * (the 1 MiB stack minus what the call itself uses); 0.5.0 has the same
 * stack. Keep a margin.
 */
export const MAX_INPUT_BYTES = 1_000_000;

/**
 * clingo-wasm keeps every line it prints until the run ends (as text, then
 * parsed, then copied out of the worker): about 20 bytes per literal in all.
 * Native enumeration stops when models x variables passes this.
 */
export const MAX_RETAINED_LITERALS = 1 << 24;

/** The slice of clingo-wasm's result used here. */
export interface ClingoResult {
  Result: 'SATISFIABLE' | 'UNSATISFIABLE' | 'UNKNOWN' | 'OPTIMUM FOUND' | 'ERROR';
  Error?: string;
  Solver?: string;
  Call?: { Witnesses?: { Value: (string | number)[] }[] }[];
  Models?: { Number: number; More: 'yes' | 'no' };
}

/** One run as the engine thread takes it (solvers/engine-thread-worker.ts). */
export interface ClingoRequest {
  program: string;
  models: number;
  options: string[];
}

interface Clingo {
  run(program: string, models?: number, options?: string[], onModel?: (witness: { Value: (string | number)[] }) => void): Promise<ClingoResult>;
  /** Terminates the thread (a running call resolves with Result "ERROR"); the next call starts a fresh one. */
  restart(): Promise<void>;
}

let clingo: Clingo | undefined;

/** clingo-wasm in its engine thread; onModel hears each model once the run has ended. */
function loadClingo(): Clingo {
  if (clingo) return clingo;
  if (!engineThreadsAvailable()) throw new UserError('clasp-wasm: runs in an engine thread, which needs the compiled package (dist/)');
  const thread = new EngineThread<ClingoRequest, ClingoResult>('clingo');
  clingo = {
    async run(program, models = 1, options = [], onModel) {
      const result = await thread.request({ program, models, options }).catch((e: unknown) => {
        throw new UserError(`clasp-wasm: cannot run ${PACKAGE}: ${oneLine(String(e instanceof Error ? e.message : e))}`);
      });
      if (result === 'stopped') return { Result: 'ERROR', Error: 'stopped' };
      for (const call of onModel ? (result.Call ?? []) : []) for (const witness of call.Witnesses ?? []) onModel!(witness);
      return result;
    },
    restart: async () => thread.terminate(),
  };
  return clingo;
}

/** The installed clingo-wasm version, or why it cannot be used. */
function installedVersion(): { ok: true; version: string } | { ok: false; reason: string } {
  let version: string;
  try {
    const require = createRequire(import.meta.url);
    version = (require(`${PACKAGE}/package.json`) as { version: string }).version;
  } catch {
    return { ok: false, reason: `not installed (an optional peer dependency: npm install ${PACKAGE}@${SUPPORTED_MAJOR_MINOR})` };
  }
  if (!version.startsWith(`${SUPPORTED_MAJOR_MINOR}.`)) {
    return { ok: false, reason: `${PACKAGE} ${version} is installed; this adapter needs ${SUPPORTED_MAJOR_MINOR}.x` };
  }
  return { ok: true, version };
}

/** Runs are serialized here, so a restart() for a timeout can only stop our own run. */
let turn: Promise<unknown> = Promise.resolve();

function exclusively<T>(body: () => Promise<T>): Promise<T> {
  const result = turn.then(body);
  turn = result.catch(() => undefined);
  return result;
}

interface RunRequest {
  program: string;
  models: number;
  options: string[];
  onModel?: (lits: number[]) => void;
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

/** A run's result, or 'stopped' when its time ran out or it was asked to stop. */
type RunOutcome = ClingoResult | 'stopped';

/**
 * One clingo run. Models reach onModel from the worker's message handler,
 * where a throw would be lost: it is kept, the run is stopped, and the throw
 * happens here.
 */
function runClingo(request: RunRequest): Promise<RunOutcome> {
  return exclusively(async () => {
    const engine = loadClingo();
    let stopped = false;
    let failure: unknown;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      void engine.restart();
    };
    const timer = request.timeoutSeconds === undefined ? undefined : setTimeout(stop, Math.max(0, request.timeoutSeconds * 1000));
    if (request.signal?.aborted) stop();
    request.signal?.addEventListener('abort', stop, { once: true });
    const onModel = request.onModel;
    try {
      const result = await engine.run(
        request.program,
        request.models,
        request.options,
        onModel &&
          ((witness) => {
            if (stopped) return;
            try {
              onModel(witness.Value.map(Number));
            } catch (e) {
              failure = e;
              stop();
            }
          }),
      );
      if (failure !== undefined) throw failure;
      if (stopped) return 'stopped';
      if (result.Result === 'ERROR') {
        // The module may be left in a broken state: start the next run on a fresh worker.
        await engine.restart();
        throw new UserError(`clasp-wasm: the run failed${result.Error ? `: ${oneLine(result.Error)}` : ' without a message'}`);
      }
      return result;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', stop);
    }
  });
}

/** The DIMACS text for clingo, refused before it reaches the 1 MiB stack. */
function programText(chunks: Iterable<string>): string {
  let text = '';
  for (const chunk of chunks) {
    text += chunk;
    if (text.length > MAX_INPUT_BYTES) {
      throw new UserError(
        `clasp-wasm: the CNF is over ${MAX_INPUT_BYTES / 1e6} MB and does not fit clingo-wasm's 1 MiB input stack; ` +
          `use a compact encoding (${fieldName('nonOverlap')} compact, ${fieldName('amo')} sequential) or an external solver (${fieldName('solver')} clasp)`,
      );
    }
  }
  return text;
}

const CLASP_MODE = ['--mode=clasp'];

export class ClaspWasmSolver extends ClauseStoringSolver implements ProjectingEnumerator {
  readonly name = 'clasp-wasm';
  readonly projectsNatively = true;

  protected async runOnce(units: readonly number[], timeoutSeconds: number | undefined, signal: AbortSignal): Promise<RunAnswer> {
    const outcome = await runClingo({ program: programText(this.store.dimacs(units)), models: 1, options: CLASP_MODE, timeoutSeconds, signal });
    if (outcome === 'stopped' || outcome.Result === 'UNKNOWN') return { status: 'UNKNOWN' };
    if (outcome.Result === 'UNSATISFIABLE') return { status: 'UNSAT' };
    const found = outcome.Call?.at(-1)?.Witnesses?.at(-1)?.Value.map(Number);
    if (outcome.Result !== 'SATISFIABLE' || !found)
      throw new UserError(`clasp-wasm: unexpected result "${outcome.Result}"${found ? '' : ' without a model'}`);
    return { status: 'SAT', model: found };
  }

  /**
   * clasp's own projected enumeration (--project, reading the `c project`
   * lines), streamed model by model. Stops with a UserError before clingo-wasm
   * would hold more than MAX_RETAINED_LITERALS literals of output.
   */
  enumerateProjected(
    projection: readonly number[],
    onModel: (trueVars: number[]) => void,
    options: NativeRunOptions = {},
  ): Promise<{ complete: boolean }> {
    const maxModels = Math.max(1, Math.floor(MAX_RETAINED_LITERALS / Math.max(1, this.store.varCount)));
    let models = 0;
    return this.stoppable(options.signal, async (stop) => {
      const outcome = await runClingo({
        program: programText(this.store.dimacs(options.assumptions ?? [], projection)),
        // Every model comes back at the end of the run: ask for no more than may be held (one more, to notice the cap).
        models: Math.min(options.limit ?? Infinity, maxModels + 1),
        // As for the clasp program (solvers/external/specs.ts): crafty with solution recording enumerates 2-7x faster.
        options: [...CLASP_MODE, '--parse-ext', '--project', '--configuration=crafty', '--enum-mode=record'],
        onModel: (lits) => {
          if (models >= maxModels) {
            throw new UserError(
              `clasp-wasm: clingo-wasm keeps every model in memory until the run ends, and ${models} models of ${this.store.varCount} variables is as many as it may; ` +
                `use ${fieldName('solver')} clasp (the program), ${fieldName('limit')}, or another solver`,
            );
          }
          const trueVars = this.projectedModel(lits, projection, options.assumptions);
          models++;
          onModel(trueVars);
        },
        timeoutSeconds: options.timeoutSeconds,
        signal: stop.signal,
      });
      if (outcome === 'stopped' || outcome.Result === 'UNKNOWN') return { complete: false };
      return { complete: outcome.Models?.More === 'no' };
    });
  }
}

export const claspWasm: SolverFactory & { create(): ClaspWasmSolver } = {
  name: 'clasp-wasm',
  description: `clasp (clingo 5.8) compiled to WebAssembly, from the npm package ${PACKAGE}; enumerates projected models natively; inputs up to 1 MB`,
  kind: 'in-process',
  enumeration: 'fast: natively with projection, one run per cube of a shallow cube tree',
  available() {
    const installed = installedVersion();
    return installed.ok ? { ok: true, version: `${PACKAGE} ${installed.version}` } : installed;
  },
  create(): ClaspWasmSolver {
    const installed = installedVersion();
    if (!installed.ok) throw new UserError(`solver clasp-wasm: ${installed.reason}`);
    return new ClaspWasmSolver();
  },
};
