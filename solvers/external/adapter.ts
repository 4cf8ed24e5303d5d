/**
 * SAT solvers that run as programs of their own (minisat, cadical,
 * cryptominisat5, picosat, clasp, kissat). The adapter keeps the clauses in
 * memory; each solve() writes them, with the assumptions as unit clauses, to a
 * DIMACS file in a fresh temporary directory, runs the program and reads its
 * answer. Every model is checked against the clauses before SAT is returned.
 * clasp and picosat also enumerate models themselves (clasp -n 0 --project,
 * picosat --all): see NativeEnumeratingSolver.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError, oneLine, systemReason } from '../../src/core/errors.js';
import { deadlineIn, secondsUntil } from '../../src/core/limits.js';
import {
  type CubeBatchSolver,
  type NativeRunOptions,
  type ProjectingEnumerator,
  type ProofProducer,
  type SolverFactory,
  type Status,
  coversAllVariables,
} from '../types.js';
import { ClauseStoringSolver, type Model, type RunAnswer } from './clause-store.js';
import { type Answer, CompetitionOutput, type ExitVerdict, readMinisatResult } from './output.js';
import { type ProcessOutcome, findOnPath, runProcess, withTempDir, writeChunks } from './process.js';
import { EXTERNAL_SPECS, type ExternalSolverSpec, type ProofFormat } from './specs.js';

export class ExternalSolver extends ClauseStoringSolver {
  readonly name: string;
  /** Set when the program takes a list of cubes in one run (spec.cubeBatch): see CubeBatchSolver. */
  readonly solveFirstCube?: CubeBatchSolver['solveFirstCube'];
  /** After expectCubes(): many short solves follow, so the program's set-up per run is kept cheap (spec.cubeArgs). */
  private cubes = false;

  constructor(protected readonly spec: ExternalSolverSpec) {
    super();
    this.name = spec.name;
    const batchArgs = spec.cubeBatch;
    if (batchArgs) this.solveFirstCube = (cubes, options = {}) => this.solveBatch(cubes, batchArgs, options.timeoutSeconds);
  }

  expectCubes(): void {
    this.cubes = true;
  }

  protected runOnce(units: readonly number[], timeoutSeconds: number | undefined, signal: AbortSignal): Promise<RunAnswer> {
    return this.runFile(
      () => this.store.dimacsBytes(units),
      (cnf, result, dir) => this.argsFor(cnf, result, dir),
      timeoutSeconds,
      signal,
    );
  }

  /**
   * One run of the program on a file of these bytes, its answer read and
   * matched with its exit code. The time limit counts from the call: the
   * formula's text and file (seconds for millions of clauses) spend it too,
   * and a limit over before the program would start answers UNKNOWN.
   */
  private runFile(
    bytes: () => readonly Uint8Array[],
    args: (cnfFile: string, resultFile: string, runDir: string) => string[],
    timeoutSeconds: number | undefined,
    signal: AbortSignal,
  ): Promise<RunAnswer> {
    const deadline = deadlineIn(timeoutSeconds);
    if (!this.store.makeText(deadline)) return Promise.resolve({ status: 'UNKNOWN' });
    const path = this.program();
    return withTempDir(async (dir) => {
      const cnfFile = join(dir, 'formula.cnf');
      const resultFile = join(dir, 'result.txt');
      await writeChunks(cnfFile, bytes());
      if (Date.now() >= deadline) return { status: 'UNKNOWN' };
      let lastModel: number[] | undefined;
      const output = new CompetitionOutput((lits) => (lastModel = lits));
      const outcome = await runProcess(this.name, path, args(cnfFile, resultFile, dir), dir, {
        timeoutSeconds: secondsUntil(deadline),
        signal,
        // MiniSat answers in its result file; what it prints still helps explain a failure.
        onLine: (line) => output.line(line),
      });
      if (this.interrupted(outcome)) return { status: 'UNKNOWN' };
      const verdict = this.verdictOf(outcome, output.stray);
      const answer: Answer =
        this.spec.output === 'competition' ? { status: output.status, model: lastModel, stray: output.stray } : await readMinisatResult(resultFile);
      if (answer.status !== verdict.status) {
        const problem =
          answer.status === undefined
            ? `no answer to go with exit code ${outcome.code}`
            : `it says ${answer.status} but exits with code ${outcome.code}`;
        throw this.unreadable(problem, answer.stray);
      }
      if (answer.status === 'UNSAT') await this.answeredUnsat(dir);
      if (answer.status !== 'SAT') return { status: answer.status };
      if (!answer.model) throw this.unreadable('SAT without a model', answer.stray);
      return { status: 'SAT', model: answer.model };
    });
  }

  /**
   * The cubes in one incremental run: the program solves them in turn and
   * stops at the first satisfiable one. Its model names no cube, but every
   * cube before the one it satisfies was UNSAT, so that one is the first
   * cube the model satisfies; the model is checked under that cube.
   */
  private async solveBatch(
    cubes: readonly (readonly number[])[],
    args: (cnfFile: string) => string[],
    timeoutSeconds: number | undefined,
  ): Promise<{ status: Status; cube?: number }> {
    let cube = -1;
    const firstSatisfied = (model: Model) => {
      cube = cubes.findIndex((lits) => lits.every((lit) => (model[Math.abs(lit)] === 1) === lit > 0));
      if (cube < 0) throw this.unreadable('its model satisfies none of the cubes it was given', undefined);
      return cubes[cube]!;
    };
    const status = await this.settle(
      (signal) => this.runFile(() => this.store.incrementalBytes(cubes), args, timeoutSeconds, signal),
      firstSatisfied,
    );
    return status === 'SAT' ? { status, cube } : { status };
  }

  protected argsFor(cnfFile: string, resultFile: string, _runDir: string): string[] {
    return (this.cubes && this.spec.cubeArgs ? this.spec.cubeArgs : this.spec.solveArgs)(cnfFile, resultFile);
  }

  /** Called with the run directory while it still exists, after an UNSAT answer. */
  protected async answeredUnsat(_runDir: string): Promise<void> {}

  /** The program's path now (PATH may have changed since the factory looked). */
  protected program(): string {
    const path = findOnPath(this.spec.binary);
    if (!path) throw new UserError(`${this.name}: ${this.spec.binary} not found on PATH`);
    return path;
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
  async enumerateProjected(
    projection: readonly number[],
    onModel: (trueVars: number[]) => void,
    options: NativeRunOptions = {},
  ): Promise<{ complete: boolean }> {
    const native = this.spec.native!;
    if (!native.projects && !coversAllVariables(projection, this.store.varCount)) {
      throw new Error(`${this.name} enumerates total models only: the projection must be every variable`);
    }
    const path = this.program();
    return this.stoppable(options.signal, (stop) =>
      withTempDir(async (dir) => {
        const cnfFile = join(dir, 'formula.cnf');
        await writeChunks(cnfFile, this.store.dimacsBytes(options.assumptions ?? [], native.projects ? projection : []));
        let models = 0;
        const output = new CompetitionOutput((lits) => {
          // Lines still arriving after a stop are not wanted.
          if (stop.signal.aborted) return;
          const trueVars = this.projectedModel(lits, projection, options.assumptions);
          models++;
          onModel(trueVars);
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
      }),
    );
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
      throw new UserError(`${this.name} answered UNSAT but wrote no proof: ${systemReason(e)}`);
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

/** How `enumerate` drives the program (src/plan.ts picks the strategy by this). */
function enumerationOf(spec: ExternalSolverSpec): string {
  if (spec.native?.projects) return 'fast: natively with projection, one run per cube of a shallow cube tree';
  if (spec.native)
    return 'natively without projection (only formulas whose every variable is a solution variable); else a run per model and per cube';
  if (spec.cubeBatch) return 'a run per model (the cubes go in batches, one incremental run each)';
  return 'slow: a run per model and per cube (blocking clauses)';
}

export function externalSolver(spec: ExternalSolverSpec): SolverFactory & { create(): ExternalSolver } {
  return {
    name: spec.name,
    description: spec.description,
    kind: 'external',
    enumeration: enumerationOf(spec),
    available() {
      const path = findOnPath(spec.binary);
      if (!path) return { ok: false, reason: `${spec.binary} not found on PATH` };
      const version = versionOf(path, spec);
      return { ok: true, version: `${spec.binary}${version ? ` ${version}` : ''} at ${path}` };
    },
    create: () =>
      spec.native
        ? new NativeEnumeratingSolver({ ...spec, native: spec.native })
        : spec.proofArgs
          ? new ProofWritingSolver(spec)
          : new ExternalSolver(spec),
  };
}

export const EXTERNAL_SOLVERS: readonly SolverFactory[] = EXTERNAL_SPECS.map(externalSolver);
