/**
 * The solver object: one engine kept open on a formula, solved again and
 * again as the formula grows, under assumptions, with budgets, reading back
 * a checked model, an unsatisfiable core over the assumptions, the engine's
 * counters and its DRAT proof. Every engine is behind it: the in-process
 * ones answer cores natively (MiniSat's final conflict, CaDiCaL's failed());
 * the others (logic-solver, solver programs, which take the assumptions as
 * unit clauses) get a core by deletion, one solve per assumption.
 *
 *   const s = await openSolver(f, { solver: 'cadical-wasm' });   // ./open.ts
 *   await s.solve({ assumptions: ['a', not('b')] });   // 'UNSAT'
 *   await s.core();                                    // ['a']
 */
import {
  type ProofProducer,
  type Solver,
  type SolverFactory,
  type SolverStats,
  type Status,
  ModelCheckError,
  SolverHeapExhausted,
  failedAssumptionsOf,
  limitsConflicts,
} from '../../solvers/types.js';
import type { Cnf } from '../core/cnf.js';
import { UserError } from '../core/errors.js';
import { callOptions } from '../core/call-options.js';
import { callName } from '../core/field-names.js';
import { checkRunNumbers, deadlineAfter, passedAt, secondsUntil, shownValue } from '../core/limits.js';
import { type Instance, checkedSolution } from '../core/puzzle.js';
import type { Term } from '../formula/expr.js';
import { declaredTerms, literalsOf, termList } from '../formula/translate.js';
import { type Certificate, PROOF_FORMAT, asProofProducer, certifyUnsat, checkedProof, claimFormula } from '../proof/certify.js';

/** A satisfying assignment, by variable id or name. */
export interface Model {
  value(v: number | string): boolean;
  /** The names of the true variables that are not auxiliary, in variable order. */
  trueNames: string[];
  /** Every variable as a signed literal, 1..varCount. */
  literals: number[];
}

export interface SessionSolveOptions {
  /** Terms assumed true for this call only: literals, names or expressions. */
  assumptions?: readonly Term[];
  /** Seconds before giving up with UNKNOWN. */
  timeout?: number;
  /** Conflicts before giving up with UNKNOWN (engines that count them: minisat-wasm, cadical-wasm). */
  conflicts?: number;
  /** Give up with UNKNOWN once this is aborted (Ctrl-C, a caller's own stop). */
  signal?: AbortSignal;
}

export interface CoreOptions {
  /** Shrink the core until no assumption can go (one solve per assumption left). Engines without native cores always do. */
  minimal?: boolean;
  /** Seconds for each solve of the shrinking; one that runs out keeps its assumption. */
  timeout?: number;
}

export interface SatSolverOptions {
  /** Have the engine write a DRAT proof; must be asked for before any clause. */
  proof?: boolean;
  /** The puzzle the formula is, to read solutions back. */
  instance?: Instance;
  /** The solver that re-solves an UNSAT claim for certify() when the engine's own proof cannot serve (`option` names the caller in errors). */
  prover?: (option: string) => SolverFactory;
}

/** What the last solve was: its answer, its assumptions, and the formula it saw (clauses per family). */
interface LastSolve {
  status: Status;
  assumptions: readonly Term[];
  lits: number[];
  familySizes: number[];
  model?: Model;
  core?: Term[];
}

/** Variables declared to an engine at once (an engine reserves room for them): a tenth of a second for cadical-wasm. */
const VARS_A_STEP = 8192;

/**
 * Declares variables from..to to an engine in steps between which the
 * deadline (Date.now() clock) is read: millions of variables take an engine
 * a second or more to reserve. Returns how far it got.
 */
export function declareVars(engine: Solver, from: number, to: number, deadline: number): number {
  let reserved = from;
  while (reserved < to && Date.now() < deadline) {
    reserved = Math.min(to, reserved + VARS_A_STEP);
    engine.ensureVars(reserved);
  }
  return reserved;
}

export class SatSolver {
  /** Clauses of each family (by position) already handed to the engine. */
  private readonly loaded: number[] = [];
  /** Variables 1..reserved declared to the engine. */
  private reserved = 0;
  private last: LastSolve | undefined;
  private closed = false;

  constructor(
    /** The formula the solver works on; clauses added to it (by any constraint function) reach the engine at the next solve. */
    readonly formula: Cnf,
    /** The engine adapter, for engine-specific settings (branching, options). */
    readonly engine: Solver,
    private readonly options: SatSolverOptions = {},
  ) {
    if (options.proof) {
      const producer = asProofProducer(engine);
      if (!producer) throw new UserError(`solver ${engine.name} does not write DRAT proofs (cadical-wasm and cadical do)`);
      producer.enableProof(PROOF_FORMAT);
    }
  }

  /** The engine's name. */
  get name(): string {
    return this.engine.name;
  }

  /** Adds a clause (terms: literals, names, expressions) to the formula's current family. */
  add(clause: readonly Term[]): this {
    this.live('add');
    this.formula.add(literalsOf(this.formula, termList('add', clause)));
    return this;
  }

  async solve(given: SessionSolveOptions = {}): Promise<Status> {
    this.live('solve');
    const options = callOptions('solve', given, { assumptions: true, timeout: true, conflicts: true, signal: true });
    // The same rules as solve()'s: a timeout of -1 answered UNKNOWN at once, NaN or a negative conflict limit was no limit.
    checkRunNumbers({ timeout: options.timeout, conflicts: options.conflicts });
    if (options.conflicts !== undefined && !limitsConflicts(this.engine))
      throw new UserError(`conflicts: ${this.name} cannot stop after a number of conflicts (minisat-wasm and cadical-wasm can)`);
    const assumptions = [...declaredTerms(this.formula, 'assumptions', termList('assumptions', options.assumptions ?? []))];
    const lits = literalsOf(this.formula, assumptions);
    this.last = undefined;
    let status: Status;
    // The caller's limit, or the command line's --timeout for the whole run, whichever ends first. It counts from
    // here: handing the engine millions of clauses takes seconds (dobble of order 10: 5.3 million), spent from it too.
    const deadline = deadlineAfter(options.timeout);
    try {
      status = this.sync(deadline)
        ? await this.engine.solve({
            assumptions: lits,
            timeoutSeconds: secondsUntil(deadline),
            conflictLimit: options.conflicts,
            signal: options.signal,
          })
        : 'UNKNOWN';
    } catch (e) {
      // The asm.js engine has a fixed heap; a bigger problem needs another solver.
      if (e instanceof SolverHeapExhausted)
        throw new UserError(`${e.message}; try an external solver, e.g. cadical (${callName({ solvers: true })} lists them)`);
      throw e;
    }
    this.last = { status, assumptions, lits, familySizes: this.formula.families.map((f) => f.size) };
    if (status === 'SAT') this.last.model = this.checkedModel(lits);
    return status;
  }

  /** The last answer; undefined before the first solve. */
  get status(): Status | undefined {
    return this.last?.status;
  }

  /** After SAT: the model, checked against every clause and assumption. */
  get model(): Model | undefined {
    return this.last?.model;
  }

  /** After SAT on a puzzle: its solution, decoded and checked by the puzzle's own checker. */
  get solution(): unknown {
    return this.model && this.solutionOf(this.model);
  }

  /** A model's solution, on a puzzle (undefined on a formula), decoded and checked by the puzzle's own checker. */
  solutionOf(model: Model): unknown {
    const instance = this.options.instance;
    if (!instance) return undefined;
    return checkedSolution(
      instance,
      instance.cnf.projection.filter((v) => model.value(v)).sort((a, b) => a - b),
      'the solution',
    );
  }

  /**
   * After UNSAT: assumptions (as they were given) that are unsatisfiable
   * together with the formula; empty when the formula alone is. The engine's
   * own core when it has one, else (or with `minimal`) shrunk by deletion.
   */
  async core(given: CoreOptions = {}): Promise<Term[]> {
    const options = callOptions('core', given, { minimal: true, timeout: true });
    // As solve's: a timeout of NaN or -5 gave every solve of the shrinking up at once, and kept every assumption.
    checkRunNumbers({ timeout: options.timeout });
    const last = this.live('core').last;
    if (last?.status !== 'UNSAT') throw new UserError(`core() needs the last solve to have answered UNSAT${last ? `, not ${last.status}` : ''}`);
    const native = failedAssumptionsOf(this.engine);
    if (last.core && !options.minimal) return [...last.core];
    let core = native ? indicesOf(last.lits, native.failedAssumptions()) : last.lits.map((_, i) => i);
    if (options.minimal || !native) core = await this.shrink(last, core, options.timeout);
    last.core = core.map((i) => last.assumptions[i]!);
    return [...last.core];
  }

  /**
   * Deletion: try each assumption not yet known necessary; when the rest stay
   * unsatisfiable, drop it (with a native core, keep only what the engine
   * used). An assumption the rest need stays needed in every smaller core.
   */
  private async shrink(last: LastSolve, start: number[], timeout: number | undefined): Promise<number[]> {
    const native = failedAssumptionsOf(this.engine);
    const needed = new Set<number>();
    let core = start;
    for (let next = core.find((k) => !needed.has(k)); next !== undefined; next = core.find((k) => !needed.has(k))) {
      const without = core.filter((k) => k !== next);
      const status = await this.engine.solve({ assumptions: without.map((k) => last.lits[k]!), timeoutSeconds: timeout });
      if (status !== 'UNSAT') needed.add(next);
      else core = native ? indicesOf(last.lits, native.failedAssumptions()).filter((k) => without.includes(k)) : without;
    }
    return core;
  }

  /** The engine's counters, with the size of the formula it has. */
  stats(): SolverStats & { vars: number; clauses: number } {
    return { ...this.live('stats').engine.stats(), vars: this.formula.varCount, clauses: this.formula.clauseCount };
  }

  /** Which value the engine tries first for a variable (undefined: its own choice), where the engine takes hints (minisat-wasm, cadical-wasm). */
  prefer(variable: number | string, value: boolean | undefined): void {
    // A script without types gave 'yes', taken as true.
    if (value !== undefined && typeof value !== 'boolean')
      throw new TypeError(`prefer: value: expected true, false or undefined, got ${shownValue(value)}`);
    const engine = this.live('prefer').engine as Solver & { preferValue?(v: number, value: boolean | undefined): void };
    if (!engine.preferValue) throw new UserError(`${this.name} takes no phase hints (minisat-wasm and cadical-wasm do)`);
    engine.preferValue(literalsOf(this.formula, declaredTerms(this.formula, 'prefer', [variable]))[0]!, value);
  }

  /** The engine's DRAT proof of everything it derived so far (opened with `proof: true`). */
  proof(): ReturnType<ProofProducer['takeProof']> {
    if (!this.options.proof) throw new UserError('proof() needs openSolver(…, { proof: true })');
    return asProofProducer(this.live('proof').engine)!.takeProof();
  }

  /**
   * Checks the last UNSAT answer with our DRAT checker (src/proof): the
   * engine's own proof when it wrote one and no assumptions were made, else
   * the same formula with the assumptions as unit clauses solved again by a
   * solver that writes proofs (`prover`, or the first that can here). A proof
   * that fails is a UserError naming `option`.
   */
  async certify(option = 'certify'): Promise<Certificate> {
    const last = this.live('certify').last;
    if (last?.status !== 'UNSAT') throw new UserError(`certify() needs the last solve to have answered UNSAT${last ? `, not ${last.status}` : ''}`);
    const families = this.formula.families.slice(0, last.familySizes.length);
    const clauses = {
      *[Symbol.iterator]() {
        for (const [i, f] of families.entries()) for (let c = 0; c < last.familySizes[i]!; c++) yield f.clause(c);
      },
    };
    const claim = { varCount: this.formula.varCount, clauses, assumptions: last.lits, answeredBy: this.name };
    if (this.options.proof && last.lits.length === 0) return checkedProof(claimFormula(claim), this.proof(), this.name, option);
    if (!this.options.prover) throw new UserError(`${option}: no solver to re-solve for a proof was given (openSolver gives one)`);
    return certifyUnsat(claim, this.options.prover(option), option);
  }

  /** Frees the engine; the formula stays (clauses go on to it through the formula, not this object: every method of it is refused from now on). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.engine.dispose();
  }

  /**
   * This solver, unless closed: `call` names the method a caller made after
   * close(), a misuse of the object (a UserError, as every refusal of a
   * caller's call is; it was a plain Error, and add() went on quietly).
   */
  private live(call: string): this {
    if (this.closed) throw new UserError(`${call}(): this ${this.name} solver is closed (close() freed it); open another with openSolver`);
    return this;
  }

  /**
   * Hands the engine the variables and the clauses added since the last
   * solve; false when the deadline passes first (the clauses not handed
   * over yet wait for the next solve).
   */
  private sync(deadline: number): boolean {
    // Both in steps between which the clock is read: millions of variables take an engine a second or more to reserve.
    this.reserved = declareVars(this.engine, this.reserved, this.formula.varCount, deadline);
    if (this.reserved < this.formula.varCount) return false;
    let step = 0;
    for (const [i, family] of this.formula.families.entries()) {
      let c = this.loaded[i] ?? 0;
      for (; c < family.size && !passedAt(step++, deadline); c++) this.engine.addClause(family.clause(c));
      this.loaded[i] = c;
      if (c < family.size) return false;
    }
    return true;
  }

  private checkedModel(assumptions: readonly number[]): Model {
    const f = this.formula;
    checkModel(f, this.engine);
    const broken = assumptions.find((lit) => this.engine.value(Math.abs(lit)) !== lit > 0);
    if (broken !== undefined) throw new ModelCheckError(`${this.name} returned a model that breaks the assumption ${f.vars.literal(broken)}`);
    return namedModel(
      f,
      Array.from({ length: f.varCount }, (_, i) => (this.engine.value(i + 1) ? i + 1 : -(i + 1))),
    );
  }
}

/** Throws a ModelCheckError unless the engine's model satisfies every clause: a wrong model is a solver or encoder bug, never skipped quietly. */
export function checkModel(cnf: Cnf, engine: Solver): void {
  const check = cnf.satisfiedBy((v) => engine.value(v));
  if (!check.ok) throw new ModelCheckError(`${engine.name} returned a model that breaks a ${check.family} clause: ${cnf.show(check.clause)}`);
}

/** Positions in `lits` of the literals in `used`. */
const indicesOf = (lits: readonly number[], used: readonly number[]): number[] => {
  const set = new Set(used);
  return lits.flatMap((lit, i) => (set.has(lit) ? [i] : []));
};

/** A model (every variable as a signed literal) read by variable id or name. */
export function namedModel(f: Cnf, literals: number[]): Model {
  const variable = (v: number | string): number => {
    const id = typeof v === 'number' ? v : f.vars.lookup(v);
    if (id === undefined || id < 1 || id > literals.length) throw new RangeError(`no variable ${JSON.stringify(v)} in this formula`);
    return id;
  };
  const trueNames = literals.filter((lit) => lit > 0 && !f.vars.isAux(lit)).map((v) => f.vars.name(v));
  return { value: (v) => literals[variable(v) - 1]! > 0, trueNames, literals };
}
