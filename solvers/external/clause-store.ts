/**
 * The clause-storing solver shell shared by every engine that is handed the
 * whole formula per run rather than clause by clause (the solver programs, and
 * clasp-wasm): clauses kept flat in memory, models rebuilt from the literals
 * an engine prints and checked against every clause before they are trusted.
 */
import { dimacsText } from '../../src/core/dimacs.js';
import { passedAt } from '../../src/core/limits.js';
import { UserError } from '../../src/core/errors.js';
import { ModelCheckError, type SolveOptions, type Solver, type SolverStats, type Status } from '../types.js';

/** Clauses stored flat (one Int32Array for all literals), as an engine's input. */
export class ClauseStore {
  private lits: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private litCount = 0;
  private ends: Int32Array<ArrayBuffer> = new Int32Array(256);
  private count = 0;
  /** Variables 1..varCount exist (declared, or used in a clause). */
  varCount = 0;
  /** DIMACS text of clauses 0..textCount-1 (see clauseBytes). */
  private text: Buffer[] = [];
  private textCount = 0;

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

  /**
   * DIMACS bytes: the `p` line, the projection as `c project`/`c ind` lines,
   * the stored clauses, then `units` as unit clauses. The clauses are turned
   * into text once: a later call only adds the text of clauses stored since
   * (blocking clauses), so a run per model does not rewrite the formula.
   */
  dimacsBytes(units: readonly number[], projection: readonly number[] = []): Buffer[] {
    const vars = Math.max(this.varCount, ...units.map((l) => Math.abs(l)));
    const head = Array.from(dimacsText({ vars, clauseCount: this.count + units.length, projection, clauses: [] })).join('');
    return [Buffer.from(head, 'latin1'), ...this.clauseBytes(), Buffer.from(units.map((lit) => `${lit} 0\n`).join(''), 'latin1')];
  }

  /**
   * An incremental (`p inccnf`) file as CaDiCaL reads it: the clauses, then
   * one `a ... 0` line per cube, solved in turn until one is satisfiable.
   */
  incrementalBytes(cubes: readonly (readonly number[])[]): Buffer[] {
    return [
      Buffer.from('p inccnf\n', 'latin1'),
      ...this.clauseBytes(),
      Buffer.from(cubes.map((cube) => `a ${cube.map((l) => `${l} `).join('')}0\n`).join(''), 'latin1'),
    ];
  }

  /** DIMACS text in chunks (see dimacsBytes), for engines that take a string. */
  *dimacs(units: readonly number[], projection: readonly number[] = []): Generator<string> {
    for (const bytes of this.dimacsBytes(units, projection)) yield bytes.toString('latin1');
  }

  /** The text of every stored clause, extended by the clauses stored since the last call. */
  private clauseBytes(): readonly Buffer[] {
    this.makeText(Infinity);
    return this.text;
  }

  /**
   * Makes the text of the clauses stored since the last call, reading the
   * clock between steps (millions of clauses take seconds); false when the
   * deadline (Date.now() clock) passes first: the text made is kept, the
   * rest is made by the next call.
   */
  makeText(deadline: number): boolean {
    const { lits, ends } = this;
    let out = '';
    let start = this.textCount === 0 ? 0 : ends[this.textCount - 1]!;
    const flush = () => {
      const bytes = Buffer.from(out, 'latin1');
      out = '';
      const last = this.text[this.text.length - 1];
      // Blocking clauses come one run at a time: small pieces are merged, so the list stays short.
      if (last && last.length < TEXT_CHUNK) this.text[this.text.length - 1] = Buffer.concat([last, bytes]);
      else this.text.push(bytes);
    };
    let i = this.textCount;
    for (let step = 0; i < this.count && !passedAt(step, deadline); i++, step++) {
      const end = ends[i]!;
      for (let j = start; j < end; j++) out += `${lits[j]!} `;
      out += '0\n';
      start = end;
      if (out.length >= TEXT_CHUNK) flush();
    }
    if (out) flush();
    this.textCount = i;
    return i === this.count;
  }

  /** The first clause (or unit) that the model leaves unsatisfied, if any. */
  brokenBy(model: Model, units: readonly number[]): number[] | undefined {
    const { lits, ends } = this;
    let start = 0;
    for (let i = 0; i < this.count; i++) {
      const end = ends[i]!;
      let satisfied = false;
      for (let j = start; j < end && !satisfied; j++) {
        const lit = lits[j]!;
        satisfied = lit > 0 ? model[lit] === 1 : model[-lit] !== 1;
      }
      if (!satisfied) return Array.from(lits.subarray(start, end));
      start = end;
    }
    const unit = units.find((lit) => (lit > 0 ? model[lit] !== 1 : model[-lit] === 1));
    return unit === undefined ? undefined : [unit];
  }

  clear(): void {
    this.lits = new Int32Array(0);
    this.ends = new Int32Array(0);
    this.litCount = this.count = 0;
    this.text = [];
    this.textCount = 0;
  }
}

/** About how many bytes of clause text make one piece of the cached text. */
const TEXT_CHUNK = 1 << 16;

function grown(a: Int32Array, atLeast: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(atLeast, 2 * a.length, 64));
  bigger.set(a);
  return bigger;
}

/** A total assignment: model[v] is 1 when v is true (index 0 unused); variables a solver left out are false. */
export type Model = Int8Array;

export function modelFromLiterals(lits: readonly number[], varCount: number, solver = 'the solver'): Model {
  for (const lit of lits) {
    if (Math.abs(lit) > varCount)
      throw new UserError(`${solver}: its model names variable ${Math.abs(lit)}, beyond the formula's ${varCount} variables`);
  }
  // 1 true, -1 false as named; a variable named both ways is no assignment at all.
  const said = new Int8Array(varCount + 1);
  for (const lit of lits) {
    const v = Math.abs(lit);
    if (said[v] === -Math.sign(lit)) throw new UserError(`${solver}: the model sets variable ${v} both true and false`);
    said[v] = Math.sign(lit);
  }
  const model = new Int8Array(varCount + 1);
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

/** What one run of an engine answered: a model (its literals) with SAT. */
export type RunAnswer = { status: 'SAT'; model: readonly number[] } | { status: Exclude<Status, 'SAT'> };

/**
 * The Solver contract over a ClauseStore: subclasses only say how one run
 * answers (runOnce); counting, checking the model and disposal live here.
 */
export abstract class ClauseStoringSolver implements Solver {
  abstract readonly name: string;
  protected readonly store = new ClauseStore();
  private model: Model | undefined;
  private solves = 0;
  /** Stops a run in progress when the solver is disposed. */
  private disposal = new AbortController();

  /** One run on the stored clauses plus `units`; `signal` aborts it (answer UNKNOWN). */
  protected abstract runOnce(units: readonly number[], timeoutSeconds: number | undefined, signal: AbortSignal): Promise<RunAnswer>;

  ensureVars(n: number): void {
    this.store.ensureVars(n);
  }

  addClause(lits: ArrayLike<number>): void {
    this.store.add(lits);
  }

  async solve(options: SolveOptions = {}): Promise<Status> {
    const units = options.assumptions ?? [];
    return this.stoppable(options.signal, (stop) =>
      this.settle(
        () => this.runOnce(units, options.timeoutSeconds, stop.signal),
        () => units,
      ),
    );
  }

  /**
   * Counts a run and keeps its model, once checked against the clauses and
   * the units it was found under (`unitsOf` may pick them by the model: the
   * cube a batch run stopped at).
   */
  protected async settle(run: (signal: AbortSignal) => Promise<RunAnswer>, unitsOf: (model: Model) => readonly number[]): Promise<Status> {
    this.solves++;
    this.model = undefined;
    const answer = await run(this.disposal.signal);
    if (answer.status === 'SAT') {
      const model = modelFromLiterals(answer.model, this.store.varCount, this.name);
      this.model = checkedModel(this.name, this.store, unitsOf(model), model);
    }
    return answer.status;
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

  /** The projection variables of a streamed model, once the model is checked against every clause. */
  protected projectedModel(lits: readonly number[], projection: readonly number[], units: readonly number[] = []): number[] {
    return trueVarsOf(checkedModel(this.name, this.store, units, modelFromLiterals(lits, this.store.varCount, this.name)), projection);
  }

  /**
   * Runs `body` with a signal that fires when the caller's does or the solver
   * is disposed, whichever comes first.
   */
  protected async stoppable<T>(callerSignal: AbortSignal | undefined, body: (stop: AbortController) => Promise<T>): Promise<T> {
    const stop = new AbortController();
    const forward = () => stop.abort();
    const sources = [callerSignal, this.disposal.signal];
    for (const s of sources) {
      if (s?.aborted) forward();
      s?.addEventListener('abort', forward, { once: true });
    }
    try {
      return await body(stop);
    } finally {
      for (const s of sources) s?.removeEventListener('abort', forward);
    }
  }
}
