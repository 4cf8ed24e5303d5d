import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { EngineThread, engineThreadsAvailable } from './engine-thread.js';
import { DEFAULT_HEAP_MB, createMinisatAsm } from './minisat-asm.js';
import { type SolveOptions, type Solver, type SolverFactory, type SolverStats, type Status, SolverHeapExhausted } from './types.js';

/**
 * logic-solver's MiniSat in Node: the asm.js build read from node_modules and
 * evaluated by solvers/minisat-asm.ts (which the browser playground shares).
 */
export { DEFAULT_HEAP_MB } from './minisat-asm.js';

let source: { text: string; file: string } | undefined;

function minisatSource(): { text: string; file: string } {
  if (!source) {
    const file = createRequire(import.meta.url).resolve('logic-solver/minisat.js');
    source = { text: readFileSync(file, 'utf8'), file };
  }
  return source;
}

/** logic-solver's MiniSat in this thread: nothing can stop one of its solves part-way. */
export function createLogicSolver(heapMb = DEFAULT_HEAP_MB): Solver {
  const { text, file } = minisatSource();
  return createMinisatAsm(text, heapMb, file);
}

/** What the engine thread is sent per solve: the clauses added since the last one (0-terminated), and the assumptions. */
export interface LogicSolverRequest {
  /** Start a new solver in the thread first (the thread served a solver before). */
  fresh: boolean;
  vars: number;
  clauses: Int32Array;
  assumptions: number[];
}

/** Its answer: the status and, when SAT, the model (1 for a true variable, index v - 1). */
export type LogicSolverReply = { status: Status; model?: Uint8Array } | { error: string; heapExhausted: boolean };

/**
 * logic-solver's MiniSat in a worker thread (solvers/engine-thread.ts),
 * terminated when a solve's time runs out. The clauses are also kept here,
 * so that a solve after a stop replays them into a fresh thread.
 */
/**
 * Threads of disposed solvers, kept for the next ones: starting a thread and
 * evaluating the asm.js there costs far more than a small solve (20x here),
 * and a fuzz test or a library user may make thousands of solvers.
 */
const idle: EngineThread<LogicSolverRequest, LogicSolverReply>[] = [];
const MAX_IDLE_THREADS = 2;

class ThreadedLogicSolver implements Solver {
  readonly name = 'logic-solver';
  private readonly thread = idle.pop() ?? new EngineThread<LogicSolverRequest, LogicSolverReply>('logic-solver');
  /** The thread's solver is someone else's (a pooled thread) until the first request replaces it. */
  private fresh = true;
  /** Every clause, each ended by a 0; clauses[0..sent) are in the thread. */
  private clauses = new Int32Array(4096);
  private length = 0;
  private sent = 0;
  private vars = 0;
  private model: Uint8Array | undefined;
  private solves = 0;

  ensureVars(n: number): void {
    this.vars = Math.max(this.vars, n);
  }

  addClause(lits: ArrayLike<number>): void {
    if (this.length + lits.length + 1 > this.clauses.length) {
      const grown = new Int32Array(Math.max(2 * this.clauses.length, this.length + lits.length + 1));
      grown.set(this.clauses.subarray(0, this.length));
      this.clauses = grown;
    }
    for (let i = 0; i < lits.length; i++) {
      this.clauses[this.length++] = lits[i]!;
      this.vars = Math.max(this.vars, Math.abs(lits[i]!));
    }
    this.clauses[this.length++] = 0;
  }

  async solve(options: SolveOptions = {}): Promise<Status> {
    this.solves++;
    this.model = undefined;
    // A stopped thread took its clauses with it: the fresh one gets them all.
    if (!this.thread.alive) this.sent = 0;
    const clauses = this.clauses.slice(this.sent, this.length);
    this.sent = this.length;
    const fresh = this.fresh;
    this.fresh = false;
    const reply = await this.thread.request(
      { fresh, vars: this.vars, clauses, assumptions: [...(options.assumptions ?? [])] },
      { timeoutSeconds: options.timeoutSeconds, signal: options.signal },
    );
    if (reply === 'stopped') return 'UNKNOWN';
    if ('error' in reply) {
      this.thread.terminate();
      if (reply.heapExhausted) throw new SolverHeapExhausted(this.name);
      throw new Error(`logic-solver: ${reply.error}`);
    }
    this.model = reply.model;
    return reply.status;
  }

  value(v: number): boolean {
    if (!this.model) throw new Error('value() called without a model');
    return this.model[v - 1] === 1;
  }

  stats(): SolverStats {
    return { solves: this.solves };
  }

  dispose(): void {
    this.model = undefined;
    // A thread between requests may serve the next solver; one stopped mid-solve is gone already.
    if (this.thread.alive && !this.thread.busy && idle.length < MAX_IDLE_THREADS && !idle.includes(this.thread)) idle.push(this.thread);
    else this.thread.terminate();
  }
}

export const logicSolver: SolverFactory = {
  name: 'logic-solver',
  description: `MiniSat 2.2 (asm.js, from the npm package logic-solver), heap raised to ${DEFAULT_HEAP_MB} MiB, in a worker thread that --timeout terminates`,
  kind: 'in-process',
  available: () => ({ ok: true, version: 'logic-solver 2.0.1' }),
  create: () => (engineThreadsAvailable() ? new ThreadedLogicSolver() : createLogicSolver()),
};
