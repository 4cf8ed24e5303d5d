/**
 * SAT solvers that run as programs of their own (minisat, cadical,
 * cryptominisat5, picosat, clasp, kissat). The adapter keeps the clauses in
 * memory; each solve() writes them, with the assumptions as unit clauses, to a
 * DIMACS file in a fresh temporary directory, runs the program without
 * blocking the event loop, and reads its answer. Every model is checked
 * against the clauses before SAT is returned.
 *
 * clasp and picosat also enumerate models themselves (clasp -n 0 --project,
 * picosat --all); enumerateNative() drives that, and falls back to the
 * blocking-clause loop of src/enumerate/blocking-loop.ts for every other solver.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { UserError } from '../src/core/errors.js';
import { type EnumerateSummary, type Found, ModelCheckError, enumerate } from '../src/enumerate/blocking-loop.js';
import type { Instance } from '../src/core/puzzle.js';
import { orbit } from '../src/enumerate/cube-tree.js';
import type { NativeEnumerator, ProofProducer, SolveOptions, Solver, SolverFactory, SolverStats, Status } from './types.js';

// ---------------------------------------------------------------------------
// Clauses, DIMACS text and models, shared with the clasp-wasm adapter.

const CHUNK_CHARS = 1 << 16;
const PROJECT_PER_LINE = 32;

/** Clauses stored flat (one Int32Array for all literals), as an engine's input. */
export class ClauseStore {
  private lits: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private litCount = 0;
  private ends: Int32Array<ArrayBuffer> = new Int32Array(256);
  private count = 0;
  /** Variables 1..varCount exist (declared, or used in a clause). */
  varCount = 0;

  ensureVars(n: number): void {
    this.varCount = Math.max(this.varCount, n);
  }

  add(clause: ArrayLike<number>): void {
    if (this.litCount + clause.length > this.lits.length) this.lits = grown(this.lits, this.litCount + clause.length);
    for (let i = 0; i < clause.length; i++) {
      const lit = clause[i]!;
      if (lit === 0 || !Number.isInteger(lit)) throw new Error(`bad literal ${lit} in clause [${Array.from(clause).join(' ')}]`);
      this.varCount = Math.max(this.varCount, Math.abs(lit));
      this.lits[this.litCount++] = lit;
    }
    if (this.count === this.ends.length) this.ends = grown(this.ends, this.count + 1);
    this.ends[this.count++] = this.litCount;
  }

  get clauseCount(): number {
    return this.count;
  }

  *clauses(): Generator<Int32Array> {
    let start = 0;
    for (let i = 0; i < this.count; i++) {
      const end = this.ends[i]!;
      yield this.lits.subarray(start, end);
      start = end;
    }
  }

  /**
   * DIMACS text in chunks of about 64 KiB: the header, the projection as
   * `c project` lines (clasp reads them only in the comment block right after
   * the header), the clauses, then `units` as unit clauses.
   */
  *dimacs(units: readonly number[], projection: readonly number[] = []): Generator<string> {
    const vars = Math.max(this.varCount, ...units.map((l) => Math.abs(l)));
    let out = `p cnf ${vars} ${this.count + units.length}\n`;
    for (let i = 0; i < projection.length; i += PROJECT_PER_LINE) {
      out += `c project ${projection.slice(i, i + PROJECT_PER_LINE).join(' ')} 0\n`;
    }
    for (const clause of this.clauses()) {
      out += clause.join(' ') + ' 0\n';
      if (out.length > CHUNK_CHARS) {
        yield out;
        out = '';
      }
    }
    for (const lit of units) out += `${lit} 0\n`;
    yield out;
  }

  /** The first clause (or unit) that the model leaves unsatisfied, if any. */
  brokenBy(model: Model, units: readonly number[]): number[] | undefined {
    const holds = (lit: number) => (model[Math.abs(lit)] === 1) === lit > 0;
    for (const clause of this.clauses()) if (!clause.some(holds)) return Array.from(clause);
    const unit = units.find((lit) => !holds(lit));
    return unit === undefined ? undefined : [unit];
  }

  clear(): void {
    this.lits = new Int32Array(0);
    this.ends = new Int32Array(0);
    this.litCount = this.count = 0;
  }
}

function grown(a: Int32Array, atLeast: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(atLeast, 2 * a.length, 64));
  bigger.set(a);
  return bigger;
}

/** A total assignment: model[v] is 1 when v is true (index 0 unused); variables a solver left out are false. */
export type Model = Int8Array;

export function modelFromLiterals(lits: readonly number[], varCount: number): Model {
  let top = varCount;
  for (const lit of lits) top = Math.max(top, Math.abs(lit));
  const model = new Int8Array(top + 1);
  for (const lit of lits) if (lit > 0) model[lit] = 1;
  return model;
}

/** The model, once it is known to satisfy every clause and unit; a wrong model is a solver bug. */
export function checkedModel(solver: string, store: ClauseStore, units: readonly number[], model: Model): Model {
  const broken = store.brokenBy(model, units);
  if (broken) throw new ModelCheckError(`${solver} returned a model that breaks the clause [${broken.join(' ')}]`);
  return model;
}

/** The projection variables true in the model, ascending. */
export function trueVarsOf(model: Model, projection: readonly number[]): number[] {
  return projection.filter((v) => model[v] === 1).sort((a, b) => a - b);
}

export function coversAllVariables(projection: readonly number[], varCount: number): boolean {
  const distinct = new Set(projection.filter((v) => v >= 1 && v <= varCount));
  return distinct.size === varCount;
}

/** Options of a native enumeration run beyond the NativeEnumerator interface. */
export interface NativeRunOptions {
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
  enumerateProjected(projection: readonly number[], onModel: (trueVars: number[]) => void, options?: NativeRunOptions): Promise<{ complete: boolean }>;
}

export function nativeEnumerator(solver: Solver): (Solver & ProjectingEnumerator) | undefined {
  return 'enumerateProjected' in solver ? (solver as Solver & ProjectingEnumerator) : undefined;
}

/** One line for a UserError: no line breaks, not too long. */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

// ---------------------------------------------------------------------------
// Temporary directories and child processes, cleaned up however we end.

const liveDirs = new Set<string>();
const liveChildren = new Set<ChildProcess>();
const CLEANUP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Run directories carry the process id, so that the main thread can find those of every thread. */
const RUN_DIR_PREFIX = `puzzlesat-${process.pid}-`;
/** In a run directory: the id of the solver process running on it. */
const PID_FILE = 'solver.pid';

/** This thread's solver processes and run directories. */
function cleanUpThread(): void {
  for (const child of liveChildren) child.kill('SIGKILL');
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
}

/**
 * Everything this process left, in any thread: a worker thread stopped by
 * terminate() runs no cleanup of its own, so the main thread finds its run
 * directories by name, kills the solvers they record, and removes them.
 */
function cleanUpProcess(): void {
  cleanUpThread();
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((name) => name.startsWith(RUN_DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(tmpdir(), name);
    try {
      process.kill(Number(readFileSync(join(dir, PID_FILE), 'latin1')), 'SIGKILL');
    } catch {
      // No solver recorded, or it has ended.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

process.on('exit', isMainThread ? cleanUpProcess : cleanUpThread);

/**
 * On a signal that nobody else handles, the process would die without running
 * `finally` blocks or 'exit' hooks: clean up, then re-raise it so the default
 * action still happens. When another handler is installed (the CLI's Ctrl-C),
 * it decides: either the work winds down through `finally`, or it calls
 * process.exit and the 'exit' hook cleans up. (Signals reach the main thread only.)
 */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  cleanUpProcess();
  for (const s of CLEANUP_SIGNALS) process.off(s, onSignal);
  process.kill(process.pid, signal);
}

function track(add: () => void): void {
  const idle = liveDirs.size + liveChildren.size === 0;
  add();
  if (idle) for (const s of CLEANUP_SIGNALS) process.on(s, onSignal);
}

function untrack(remove: () => void): void {
  remove();
  if (liveDirs.size + liveChildren.size === 0) for (const s of CLEANUP_SIGNALS) process.off(s, onSignal);
}

async function withTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), RUN_DIR_PREFIX));
  track(() => liveDirs.add(dir));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    untrack(() => liveDirs.delete(dir));
  }
}

async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (const chunk of chunks) await file.write(chunk, null, 'latin1');
  } finally {
    await file.close();
  }
}

// ---------------------------------------------------------------------------
// Running a solver program.

/** After SIGTERM, how long a solver may take to write its statistics and exit before SIGKILL. */
const TERM_GRACE_MS = 1000;
const STDERR_KEPT = 2000;

interface ProcessOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when we stopped it: its time ran out, or the caller asked. */
  stoppedBy?: 'timeout' | 'request';
  stderr: string;
}

interface RunOptions {
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** Each line of stdout as it arrives; a throw stops the process and rejects the run. */
  onLine: (line: string) => void;
}

/** Runs a solver program whose files are in `runDir`, streaming its stdout line by line. */
function runProcess(solver: string, path: string, args: readonly string[], runDir: string, options: RunOptions): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    track(() => liveChildren.add(child));
    const pidFile = join(runDir, PID_FILE);
    if (child.pid !== undefined) writeFileSync(pidFile, String(child.pid));
    let stoppedBy: ProcessOutcome['stoppedBy'];
    let failure: unknown;
    let settled = false;
    let stderr = '';
    let partial = '';
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: 'timeout' | 'request') => {
      if (stoppedBy || child.exitCode !== null || child.signalCode !== null) return;
      stoppedBy = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), TERM_GRACE_MS);
    };
    const timer = options.timeoutSeconds === undefined ? undefined : setTimeout(() => stop('timeout'), Math.max(0, options.timeoutSeconds * 1000));
    const onAbort = () => stop('request');
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const deliver = (line: string) => {
      if (failure !== undefined) return;
      try {
        options.onLine(line);
      } catch (e) {
        failure = e;
        stop('request');
      }
    };
    child.stdout.setEncoding('latin1');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) deliver(line);
    });
    child.stderr.setEncoding('latin1');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      rmSync(pidFile, { force: true });
      untrack(() => liveChildren.delete(child));
      settle();
    };
    child.on('error', (e: NodeJS.ErrnoException) => finish(() => reject(new UserError(`${solver}: cannot run ${path}: ${e.code ?? e.message}`))));
    child.on('close', (code, signal) => {
      if (partial) deliver(partial);
      finish(() => (failure !== undefined ? reject(failure) : resolve({ code, signal, stoppedBy, stderr })));
    });
  });
}

/** Where `binary` is on PATH (or the path itself when it has a slash), if it is an executable file. */
export function findOnPath(binary: string): string | undefined {
  const candidates = binary.includes('/') ? [binary] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, binary));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------------------
// What solvers print.

/** A solver's verdict from its exit code; `exhausted` when it has seen the whole search space. */
interface ExitVerdict {
  status: Status;
  exhausted: boolean;
}

/** SAT-competition exit codes: 10 satisfiable, 20 unsatisfiable, 0 unknown. */
function competitionExit(code: number): ExitVerdict | undefined {
  if (code === 10) return { status: 'SAT', exhausted: false };
  if (code === 20) return { status: 'UNSAT', exhausted: true };
  if (code === 0) return { status: 'UNKNOWN', exhausted: false };
  return undefined;
}

/**
 * clasp's exit code is a bit mask: 10 a model was found, 20 the search space
 * is exhausted (30 both), +1 interrupted; 33, 65 and 128 are errors.
 */
function claspExit(code: number): ExitVerdict | undefined {
  const found = code & 10;
  const exhausted = code & 20;
  if (code > 31 || code - found - exhausted > 1 || (found !== 0 && found !== 10) || (exhausted !== 0 && exhausted !== 20)) return undefined;
  const interrupted = (code & 1) === 1;
  return { status: found ? 'SAT' : exhausted && !interrupted ? 'UNSAT' : 'UNKNOWN', exhausted: exhausted !== 0 && !interrupted };
}

const COMPETITION_STATUS: Readonly<Record<string, Status>> = { SATISFIABLE: 'SAT', UNSATISFIABLE: 'UNSAT', UNKNOWN: 'UNKNOWN' };
const MINISAT_STATUS: Readonly<Record<string, Status>> = { SAT: 'SAT', UNSAT: 'UNSAT', INDET: 'UNKNOWN' };

/** Literals written across any number of lines; each 0 closes a model. */
class LiteralReader {
  private lits: number[] = [];

  constructor(private readonly onModel: (lits: number[]) => void) {}

  /** False when a token is not an integer. */
  read(tokens: string): boolean {
    for (const token of tokens.split(/\s+/)) {
      if (token === '') continue;
      if (!/^-?\d+$/.test(token)) return false;
      const lit = Number(token);
      if (lit !== 0) {
        this.lits.push(lit);
        continue;
      }
      const model = this.lits;
      this.lits = [];
      this.onModel(model);
    }
    return true;
  }
}

/**
 * SAT-competition output, line by line: `c` comments, `s` status lines (the
 * last one counts; picosat --all also ends with `s SOLUTIONS n`), `v` lines
 * of literals, each model closed by 0.
 */
class CompetitionOutput {
  status: Status | undefined;
  solutions: number | undefined;
  /** The first line that is none of those, quoted when the output makes no sense. */
  stray: string | undefined;
  private readonly literals: LiteralReader;

  constructor(onModel: (lits: number[]) => void) {
    this.literals = new LiteralReader(onModel);
  }

  line(text: string): void {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed[0] === 'c') return;
    if (trimmed.startsWith('s ')) {
      const said = trimmed.slice(2).trim();
      const solutions = /^SOLUTIONS\s+(\d+)$/.exec(said);
      if (solutions) this.solutions = Number(solutions[1]);
      else if (COMPETITION_STATUS[said]) this.status = COMPETITION_STATUS[said];
      else this.stray ??= trimmed;
    } else if (trimmed.startsWith('v ') || trimmed === 'v') {
      if (!this.literals.read(trimmed.slice(1))) this.stray ??= trimmed;
    } else {
      this.stray ??= trimmed;
    }
  }
}

// ---------------------------------------------------------------------------
// Solver descriptions.

export interface ExternalSolverSpec {
  /** The --solver name. */
  name: string;
  /** The program, looked up on PATH. */
  binary: string;
  description: string;
  /** Arguments that make it print its version, and where the version is in that output. */
  version?: { args: readonly string[]; pattern: RegExp };
  /** Arguments for one solve; `resultFile` is for solvers that write their answer to a file. */
  solveArgs(cnfFile: string, resultFile: string): string[];
  /** 'competition': `s`/`v` lines on stdout. 'minisat': SAT/UNSAT/INDET and the model in the result file. */
  output: 'competition' | 'minisat';
  exitVerdict(code: number): ExitVerdict | undefined;
  /** Native enumeration, when the program has it: arguments for a run that prints every model. */
  native?: { projects: boolean; args(cnfFile: string, limit: number | undefined): string[] };
  /** Arguments for a solve that also writes a DRAT proof to `proofFile`, when the program can. */
  proofArgs?(cnfFile: string, proofFile: string, format: ProofFormat): string[];
}

type ProofFormat = ReturnType<ProofProducer['takeProof']>['format'];

export const EXTERNAL_SPECS: readonly ExternalSolverSpec[] = [
  {
    name: 'minisat',
    binary: 'minisat',
    description: 'MiniSat 2.2, the minisat program on PATH (writes its answer to a file)',
    solveArgs: (cnf, result) => ['-verb=0', cnf, result],
    output: 'minisat',
    exitVerdict: competitionExit,
  },
  {
    name: 'cadical',
    binary: 'cadical',
    description: 'CaDiCaL, the cadical program on PATH',
    version: { args: ['--version'], pattern: /^\s*(\S+)/ },
    solveArgs: (cnf) => ['-q', cnf],
    output: 'competition',
    exitVerdict: competitionExit,
    // cadical writes binary DRAT unless told otherwise.
    proofArgs: (cnf, proof, format) => ['-q', ...(format === 'drat-text' ? ['--no-binary'] : []), cnf, proof],
  },
  {
    name: 'cryptominisat5',
    binary: 'cryptominisat5',
    description: 'CryptoMiniSat 5, the cryptominisat5 program on PATH',
    version: { args: ['--version'], pattern: /version\s+(\S+)/i },
    solveArgs: (cnf) => ['--verb', '0', cnf],
    output: 'competition',
    exitVerdict: competitionExit,
  },
  {
    name: 'picosat',
    binary: 'picosat',
    description: 'PicoSAT, the picosat program on PATH; enumerates with --all (no projection: only when every variable is projected)',
    version: { args: ['--version'], pattern: /^\s*(\S+)/ },
    solveArgs: (cnf) => [cnf],
    output: 'competition',
    exitVerdict: competitionExit,
    native: { projects: false, args: (cnf) => ['--all', cnf] },
  },
  {
    name: 'clasp',
    binary: 'clasp',
    description: 'clasp (Potassco), the clasp program on PATH; enumerates projected models natively (-n 0 --project)',
    version: { args: ['--version'], pattern: /clasp version\s+(\S+)/i },
    solveArgs: (cnf) => ['-V0', cnf],
    output: 'competition',
    exitVerdict: claspExit,
    native: { projects: true, args: (cnf, limit) => ['-V0', '-n', String(limit ?? 0), '--project', '--parse-ext', cnf] },
  },
  {
    name: 'kissat',
    binary: 'kissat',
    description: 'Kissat, the kissat program on PATH',
    version: { args: ['--version'], pattern: /^\s*(\S+)/ },
    solveArgs: (cnf) => ['-q', cnf],
    output: 'competition',
    exitVerdict: competitionExit,
  },
];

// ---------------------------------------------------------------------------
// The adapter.

export class ExternalSolver implements Solver {
  readonly name: string;
  protected readonly store = new ClauseStore();
  private model: Model | undefined;
  private solves = 0;
  /** Stops a run in progress when the solver is disposed. */
  private disposal = new AbortController();

  constructor(protected readonly spec: ExternalSolverSpec) {
    this.name = spec.name;
  }

  ensureVars(n: number): void {
    this.store.ensureVars(n);
  }

  addClause(lits: ArrayLike<number>): void {
    this.store.add(lits);
  }

  async solve(options: SolveOptions = {}): Promise<Status> {
    this.solves++;
    this.model = undefined;
    const units = options.assumptions ?? [];
    const path = this.program();
    return withTempDir(async (dir) => {
      const cnfFile = join(dir, 'formula.cnf');
      const resultFile = join(dir, 'result.txt');
      await writeChunks(cnfFile, this.store.dimacs(units));
      let lastModel: number[] | undefined;
      const output = new CompetitionOutput((lits) => (lastModel = lits));
      const outcome = await runProcess(this.name, path, this.argsFor(cnfFile, resultFile, dir), dir, {
        timeoutSeconds: options.timeoutSeconds,
        signal: this.disposal.signal,
        // MiniSat answers in its result file; what it prints still helps explain a failure.
        onLine: (line) => output.line(line),
      });
      if (this.interrupted(outcome)) return 'UNKNOWN';
      const verdict = this.verdictOf(outcome, output.stray);
      const answer: Answer = this.spec.output === 'competition' ? { status: output.status, model: lastModel, stray: output.stray } : await readMinisatResult(resultFile);
      if (answer.status !== verdict.status) {
        const problem = answer.status === undefined ? `no answer to go with exit code ${outcome.code}` : `it says ${answer.status} but exits with code ${outcome.code}`;
        throw this.unreadable(problem, answer.stray);
      }
      if (answer.status === 'UNSAT') await this.answeredUnsat(dir);
      if (answer.status !== 'SAT') return answer.status;
      if (!answer.model) throw this.unreadable('SAT without a model', answer.stray);
      this.model = checkedModel(this.name, this.store, units, modelFromLiterals(answer.model, this.store.varCount));
      return 'SAT';
    });
  }

  value(v: number): boolean {
    if (!this.model) throw new Error(`${this.name}: value() needs the last solve() to have answered SAT`);
    return this.model[v] === 1;
  }

  stats(): SolverStats {
    return { solves: this.solves };
  }

  dispose(): void {
    this.disposal.abort();
    this.disposal = new AbortController();
    this.store.clear();
    this.model = undefined;
  }

  protected argsFor(cnfFile: string, resultFile: string, _runDir: string): string[] {
    return this.spec.solveArgs(cnfFile, resultFile);
  }

  /** Called with the run directory while it still exists, after an UNSAT answer. */
  protected async answeredUnsat(_runDir: string): Promise<void> {}

  /** The program's path now (PATH may have changed since the factory looked). */
  protected program(): string {
    const path = findOnPath(this.spec.binary);
    if (!path) throw new UserError(`${this.name}: ${this.spec.binary} not found on PATH`);
    return path;
  }

  protected get disposed(): AbortSignal {
    return this.disposal.signal;
  }

  /** Stopped by us, or by a Ctrl-C that reached the solver too. */
  protected interrupted(outcome: ProcessOutcome): boolean {
    return outcome.stoppedBy !== undefined || outcome.signal === 'SIGINT';
  }

  /** The exit code's verdict; a crash or an unknown exit code is an error naming the solver. */
  protected verdictOf(outcome: ProcessOutcome, stray: string | undefined): ExitVerdict {
    const detail = lastLine(outcome.stderr) ?? stray;
    const said = detail ? `: ${oneLine(detail)}` : '';
    if (outcome.signal) throw new UserError(`${this.name} crashed (killed by ${outcome.signal})${said}`);
    const verdict = this.spec.exitVerdict(outcome.code ?? -1);
    if (!verdict) throw new UserError(`${this.name} failed with exit code ${outcome.code}${said}`);
    return verdict;
  }

  protected unreadable(problem: string, stray: string | undefined): UserError {
    return new UserError(`${this.name}: cannot read its output (${problem})${stray ? `: "${oneLine(stray, 80)}"` : ''}`);
  }
}

function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .pop();
}

interface Answer {
  status: Status | undefined;
  model: number[] | undefined;
  /** What could not be read, to quote. */
  stray: string | undefined;
}

/** MiniSat's result file: SAT, UNSAT or INDET on the first line, then the model. Missing when it did not get that far. */
async function readMinisatResult(file: string): Promise<Answer> {
  let text: string;
  try {
    text = await readFile(file, 'latin1');
  } catch {
    return { status: undefined, model: undefined, stray: undefined };
  }
  const newline = text.indexOf('\n');
  const first = (newline < 0 ? text : text.slice(0, newline)).trim();
  const rest = newline < 0 ? '' : text.slice(newline + 1);
  const status = MINISAT_STATUS[first];
  if (status !== 'SAT') return { status, model: undefined, stray: status ? undefined : first };
  let model: number[] | undefined;
  if (!new LiteralReader((lits) => (model = lits)).read(rest)) return { status: undefined, model: undefined, stray: rest };
  return { status, model, stray: undefined };
}

/** An external solver that enumerates models itself. */
export class NativeEnumeratingSolver extends ExternalSolver implements ProjectingEnumerator {
  readonly projectsNatively: boolean;

  constructor(spec: ExternalSolverSpec & { native: NonNullable<ExternalSolverSpec['native']> }) {
    super(spec);
    this.projectsNatively = spec.native.projects;
  }

  /**
   * Streams each model as the program prints it (the output is read line by
   * line, never held whole). Each is checked against the clauses.
   */
  async enumerateProjected(projection: readonly number[], onModel: (trueVars: number[]) => void, options: NativeRunOptions = {}): Promise<{ complete: boolean }> {
    const native = this.spec.native!;
    if (!native.projects && !coversAllVariables(projection, this.store.varCount)) {
      throw new Error(`${this.name} enumerates total models only: the projection must be every variable`);
    }
    const path = this.program();
    const stop = new AbortController();
    const forward = () => stop.abort();
    for (const s of [options.signal, this.disposed]) {
      if (s?.aborted) forward();
      s?.addEventListener('abort', forward, { once: true });
    }
    try {
      return await withTempDir(async (dir) => {
        const cnfFile = join(dir, 'formula.cnf');
        await writeChunks(cnfFile, this.store.dimacs([], native.projects ? projection : []));
        let models = 0;
        const output = new CompetitionOutput((lits) => {
          // Lines still arriving after a stop are not wanted.
          if (stop.signal.aborted) return;
          const model = checkedModel(this.name, this.store, [], modelFromLiterals(lits, this.store.varCount));
          models++;
          onModel(trueVarsOf(model, projection));
          if (options.limit !== undefined && models >= options.limit) stop.abort();
        });
        const outcome = await runProcess(this.name, path, native.args(cnfFile, options.limit), dir, {
          timeoutSeconds: options.timeoutSeconds,
          signal: stop.signal,
          onLine: (line) => output.line(line),
        });
        // A stop we asked for may come after the program has already finished printing.
        if (this.interrupted(outcome) || stop.signal.aborted) return { complete: false };
        const verdict = this.verdictOf(outcome, output.stray);
        if (output.solutions !== undefined && output.solutions !== models) {
          throw this.unreadable(`it counts ${output.solutions} models but printed ${models}`, output.stray);
        }
        return { complete: verdict.exhausted };
      });
    } finally {
      for (const s of [options.signal, this.disposed]) s?.removeEventListener('abort', forward);
    }
  }
}

/**
 * An external solver that writes a DRAT proof with each solve. Every run
 * starts afresh, so the proof taken is that of the last UNSAT solve, about
 * the clauses plus that call's assumptions as unit clauses.
 */
export class ProofWritingSolver extends ExternalSolver implements ProofProducer {
  private format: ProofFormat | undefined;
  private proof: Uint8Array | undefined;

  enableProof(format: ProofFormat): void {
    this.format = format;
  }

  takeProof(): { format: ProofFormat; bytes: Uint8Array } {
    if (!this.format || !this.proof) throw new Error(`${this.name}: takeProof() needs enableProof() and an UNSAT solve`);
    return { format: this.format, bytes: this.proof };
  }

  protected override argsFor(cnfFile: string, resultFile: string, runDir: string): string[] {
    this.proof = undefined;
    if (!this.format) return super.argsFor(cnfFile, resultFile, runDir);
    return this.spec.proofArgs!(cnfFile, join(runDir, PROOF_FILE), this.format);
  }

  protected override async answeredUnsat(runDir: string): Promise<void> {
    if (!this.format) return;
    try {
      this.proof = await readFile(join(runDir, PROOF_FILE));
    } catch (e) {
      throw new UserError(`${this.name} answered UNSAT but wrote no proof (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
}

const PROOF_FILE = 'proof.drat';

const versions = new Map<string, string | undefined>();

/** The version a program prints, read once per path. */
function versionOf(path: string, spec: ExternalSolverSpec): string | undefined {
  if (!spec.version) return undefined;
  if (!versions.has(path)) {
    const run = spawnSync(path, spec.version.args, { encoding: 'latin1', timeout: 5000 });
    versions.set(path, spec.version.pattern.exec(`${run.stdout ?? ''}\n${run.stderr ?? ''}`)?.[1]);
  }
  return versions.get(path);
}

export function externalSolver(spec: ExternalSolverSpec): SolverFactory & { create(): ExternalSolver } {
  return {
    name: spec.name,
    description: spec.description,
    kind: 'external',
    available() {
      const path = findOnPath(spec.binary);
      if (!path) return { ok: false, reason: `${spec.binary} not found on PATH` };
      const version = versionOf(path, spec);
      return { ok: true, version: `${spec.binary}${version ? ` ${version}` : ''} at ${path}` };
    },
    create: () => (spec.native ? new NativeEnumeratingSolver({ ...spec, native: spec.native }) : spec.proofArgs ? new ProofWritingSolver(spec) : new ExternalSolver(spec)),
  };
}

export const EXTERNAL_SOLVERS: readonly SolverFactory[] = EXTERNAL_SPECS.map(externalSolver);

// ---------------------------------------------------------------------------
// Enumeration by the solver itself, or by the blocking-clause loop.

export interface NativeEnumerateOptions {
  unique: boolean;
  limit?: number;
  onFound: (found: Found) => void;
  shouldStop?: () => boolean;
  timeoutSeconds?: number;
}

export type EnumerationMode = 'native' | 'blocking-loop';

export interface NativeEnumerateSummary extends EnumerateSummary {
  mode: EnumerationMode;
}

const STOP_POLL_MS = 100;

/** a < b, for sorted lists of variables of equal length. */
function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * Whether enumerateNative would let this solver enumerate by itself: clasp
 * and clasp-wasm always, picosat only when the projection is every variable
 * (it has no projection, and auxiliary variables would repeat solutions).
 */
export function enumeratesNatively(solver: Solver, instance: Instance): boolean {
  const native = nativeEnumerator(solver);
  return native !== undefined && (native.projectsNatively || coversAllVariables(instance.cnf.projection, instance.cnf.varCount));
}

/**
 * Enumerates with the named solver: natively when it can (one run that prints
 * every model, see enumeratesNatively), else by the blocking-clause loop.
 * Native runs have no symmetry breaking: with `unique` every model is read
 * (raw counts them all) and a solution is kept only when it is the
 * lexicographically least of its orbit under the instance's symmetries.
 */
export async function enumerateNative(instance: Instance, factoryName: string, options: NativeEnumerateOptions): Promise<NativeEnumerateSummary> {
  // Imported when called: the registry imports this module. pickSolver also loads minisat-wasm.
  const { pickSolver } = await import('./index.js');
  const factory = await pickSolver(factoryName);
  const solver = factory.create();
  if (!enumeratesNatively(solver, instance)) {
    solver.dispose();
    const summary = await enumerate(instance, {
      createSolver: () => factory.create(),
      unique: options.unique,
      limit: options.limit,
      onFound: options.onFound,
      shouldStop: options.shouldStop,
      timeoutSeconds: options.timeoutSeconds,
    });
    return { ...summary, mode: 'blocking-loop' };
  }
  const native = nativeEnumerator(solver)!;
  const group = options.unique ? instance.symmetries : [];
  const summary: NativeEnumerateSummary = { count: 0, raw: 0, complete: false, cubes: 1, solves: 1, mode: 'native' };
  const stop = new AbortController();
  const enough = () => (options.limit !== undefined && summary.count >= options.limit) || options.shouldStop?.() === true;
  const poll = setInterval(() => {
    if (enough()) stop.abort();
  }, STOP_POLL_MS);
  try {
    solver.ensureVars(instance.cnf.varCount);
    for (const clause of instance.cnf.clauses()) solver.addClause(clause);
    const onModel = (trueVars: number[]) => {
      if (stop.signal.aborted) return;
      summary.raw++;
      const images = group.length ? orbit(group, trueVars) : [trueVars];
      if (images.some((img) => lexLess(img, trueVars))) return;
      summary.count++;
      options.onFound({ trueVars, orbitSize: images.length });
      if (enough()) stop.abort();
    };
    // Without `unique` every model is a solution, so the solver can stop at the limit itself.
    const limit = options.unique ? undefined : options.limit;
    const { complete } = await native.enumerateProjected(instance.cnf.projection, onModel, { limit, timeoutSeconds: options.timeoutSeconds, signal: stop.signal });
    summary.complete = complete && !stop.signal.aborted;
    return summary;
  } finally {
    clearInterval(poll);
    solver.dispose();
  }
}
