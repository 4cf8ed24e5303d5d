import { ClauseTally } from './clause-tally.js';
import { checkDeadlineAt, checkSize, kindOf, shownValue, sizeLimit } from './limits.js';
import { UsageError, hasNameControlCharacter } from './errors.js';
import { VarPool } from './vars.js';

/** A growable Int32 buffer: clause storage without one JS array per clause. */
class IntBuffer {
  data: Int32Array;
  length = 0;
  /** Names the buffer in the message of the size guard, and its formula's literal limit. */
  constructor(
    private readonly owner: string,
    private readonly maxLiterals: number,
  ) {
    // No larger than the limit: the guard is met only when the array is full, and a limit of 10 held at 64.
    this.data = new Int32Array(Math.min(64, maxLiterals));
  }
  push(x: number): void {
    if (this.length === this.data.length) {
      // The size guard, checked only when growing: an encoding that would exhaust memory stops with a message. It
      // grows to the limit at most, and is refused past it only: refused where doubling passed it, a family counted
      // within the limit before it was written (a BDD of 47 million literals under 64 million) was refused at 2^25.
      checkSize('literals', this.length + 1, `the ${this.owner} clauses`, 'would grow to', this.maxLiterals);
      const bigger = new Int32Array(Math.min(this.data.length * 2, this.maxLiterals));
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
}

/**
 * A named group of clauses that says one thing about the puzzle
 * ("every cell is covered"). Families are what `explain`, DIMACS comments and
 * the benchmark report count clauses by.
 */
export class Family {
  private readonly lits: IntBuffer;
  private readonly ends: IntBuffer;
  /** Auxiliary variables allocated while this family was current. */
  auxVars = 0;

  constructor(
    readonly name: string,
    readonly sentence: string,
    maxLiterals = sizeLimit('literals'),
  ) {
    this.lits = new IntBuffer(name, maxLiterals);
    this.ends = new IntBuffer(name, maxLiterals);
  }

  get size(): number {
    return this.ends.length;
  }

  /** A clause checked by Cnf.add (or copied from a family's): its literals are not checked again here. */
  add(clause: ArrayLike<number>): void {
    for (let i = 0; i < clause.length; i++) this.lits.push(clause[i]!);
    this.ends.push(this.lits.length);
    // Building a formula can take longer than the run may (a Dobble order of 40): the deadline is met here too.
    checkDeadlineAt(this.ends.length);
  }

  clause(i: number): Int32Array {
    const start = i === 0 ? 0 : this.ends.data[i - 1]!;
    return this.lits.data.subarray(start, this.ends.data[i]!);
  }

  *clauses(): Generator<Int32Array> {
    for (let i = 0; i < this.size; i++) yield this.clause(i);
  }

  /** The clauses' literals, flat, and where each clause ends in them (views, not copies). */
  flat(): { lits: Int32Array; ends: Int32Array } {
    return { lits: this.lits.data.subarray(0, this.lits.length), ends: this.ends.data.subarray(0, this.ends.length) };
  }

  /** Total number of literal occurrences. */
  get literalCount(): number {
    return this.lits.length;
  }
}

/**
 * A family's name and description as a caller gives them. A script without
 * types gave null or 5, taken as a family of that name, and a description
 * of 42 or null was kept as it was. A name is kept exactly as given, so it
 * must be one a `c family` line carries back exactly: '' and '  ' made
 * nameless families, ' x' read back as 'x', and 'a\nb' as 'a b'.
 */
function checkFamily(name: unknown, sentence: unknown): void {
  if (typeof name !== 'string') throw new TypeError(`family: expected a name (a string), got ${kindOf(name)}`);
  if (name.trim() === '' || name.trim() !== name || /[\r\n]/.test(name))
    throw new RangeError(`family: a name is a non-empty line without white space at its ends, got ${JSON.stringify(name)}`);
  if (hasNameControlCharacter(name))
    throw new RangeError(`family: a name holds a control character (a c family line cannot carry it back), got ${JSON.stringify(name)}`);
  if (typeof sentence !== 'string') throw new TypeError(`family: description: expected text (a string), got ${kindOf(sentence)}`);
}

/**
 * A CNF formula under construction: a variable pool, clauses grouped into
 * families, and the projection set (the variables that define a solution,
 * onto which enumeration blocks models).
 */
export class Cnf {
  /**
   * A formula starts with a fresh pool; clone() hands over a copy. The
   * literal limit in force when it is made stays its own, so that clauses
   * added after a build with raised limits (symmetry breaking, a caller's)
   * meet the same limit as the build did.
   */
  constructor(
    readonly vars: VarPool = new VarPool(),
    private readonly maxLiterals = sizeLimit('literals'),
  ) {}

  readonly families: Family[] = [];
  /** The projection as set; undefined until one is (a formula written by hand). */
  private chosenProjection: number[] | undefined;

  /**
   * The variables a solution is read from: a puzzle's own, or a DIMACS
   * file's projection line; empty while none is set (see solutionVariables).
   * Set to [] it projects onto no variable (`c p show 0`): a solution is then
   * only that the formula has a model.
   */
  get projection(): number[] {
    return this.chosenProjection ?? [];
  }

  /** undefined unsets it, as null does (it was a projection onto no variable: one solution, or none). */
  set projection(vars: number[] | undefined) {
    this.chosenProjection = vars ?? undefined;
  }

  /** Whether a projection is set, if onto no variable. */
  get projected(): boolean {
    return this.chosenProjection !== undefined;
  }

  /**
   * The variables a solution is made of: the projection when one is set,
   * else the variables that are not auxiliary. The one rule for a formula
   * written by hand and for a DIMACS file without a projection line (whose
   * `c aux` lines mark the auxiliaries), so that the library and the CLI
   * count and enumerate the same file alike.
   */
  solutionVariables(): number[] {
    if (this.chosenProjection) return this.chosenProjection;
    return Array.from({ length: this.varCount }, (_, i) => i + 1).filter((v) => !this.vars.isAux(v));
  }

  /** The auxiliary variables, ascending: those an encoding made (or a file's `c aux` lines mark). */
  auxiliaryVariables(): number[] {
    return Array.from({ length: this.varCount }, (_, i) => i + 1).filter((v) => this.vars.isAux(v));
  }
  private current: Family | undefined;
  private auxAtFamilyStart = 0;
  /** The model check's state, with the formula's shape it was built for. */
  private tally: { tally: ClauseTally; vars: number; clauses: number; literals: number } | undefined;

  /**
   * The projection, checked: distinct variables of this formula. A caller
   * may set any list by hand, and a variable outside the formula or listed
   * twice would make every engine read solutions wrongly (regression:
   * enumerate streamed empty solutions without end for [-1]).
   */
  checkedProjection(): number[] {
    if (!Array.isArray(this.projection)) throw new TypeError(`projection: expected a list of variables, got ${kindOf(this.projection)}`);
    const seen = new Set<number>();
    for (const v of this.projection) {
      if (!Number.isInteger(v) || v < 1 || v > this.varCount)
        throw new RangeError(`projection: variable ${shownValue(v)} is not one of the formula's 1..${this.varCount}`);
      if (seen.has(v)) throw new RangeError(`projection: variable ${v} is listed twice`);
      seen.add(v);
    }
    return this.projection;
  }

  /**
   * Starts (or resumes) a family; later `add` calls go into it. A family is
   * resumed with its description or none: another one was dropped without a
   * word (explain, DIMACS comments, a report would say the first of what two
   * callers meant), so it is refused, naming both.
   */
  family(name: string, sentence = ''): Family {
    checkFamily(name, sentence);
    let f = this.families.find((x) => x.name === name);
    if (f && sentence !== '' && sentence !== f.sentence)
      throw new UsageError(
        `family: "${name}" is already described as ${JSON.stringify(f.sentence)}; resume it with that description or none, not ${JSON.stringify(sentence)}, or name another family`,
      );
    this.closeAuxCount();
    if (!f) {
      f = new Family(name, sentence, this.maxLiterals);
      this.families.push(f);
    }
    this.current = f;
    this.auxAtFamilyStart = this.vars.auxCount;
    return f;
  }

  /** The family `add` writes into (undefined before the first `family` call). */
  get currentFamily(): Family | undefined {
    return this.current;
  }

  /**
   * A copy to add to without changing this formula (optimisation adds bounds
   * and blocking clauses to one, --unique the symmetry-breaking family): the
   * same variables, families, clauses, projection and literal limit; its
   * current family is the one current here. `poll` is called at every clause:
   * a caller that may stop throws out of it (a count, whose copy of a formula
   * of millions of clauses took seconds).
   */
  clone(poll: () => void = () => {}): Cnf {
    this.closeAuxCount();
    const copy = new Cnf(this.vars.clone(), this.maxLiterals);
    for (const f of this.families) {
      const g = copy.family(f.name, f.sentence);
      for (const clause of f.clauses()) {
        poll();
        g.add(clause);
      }
      g.auxVars = f.auxVars;
    }
    if (this.projected) copy.projection = [...this.projection];
    if (this.current) copy.family(this.current.name);
    return copy;
  }

  /**
   * The same variables and clauses, shared rather than copied, read on
   * another projection: a formula counted or enumerated on its named
   * variables without their becoming its own projection. Nothing adds to it
   * (it has no current family).
   */
  projectedOn(vars: number[]): Cnf {
    this.closeAuxCount();
    const view = new Cnf(this.vars, this.maxLiterals);
    view.families.push(...this.families);
    view.projection = vars;
    return view;
  }

  /**
   * Adds a clause to the current family, checked whole before any of it is
   * written. The one check for every way a caller holds a formula: a Formula
   * built in the library and one read by parseDimacs met different messages
   * (a plain Error "bad literal 0" for the file's), and 5, not an array,
   * wrote the empty clause. Encoders pay one pass over the literals, as the
   * range check always cost them.
   */
  add(clause: ArrayLike<number>): void {
    if (typeof clause !== 'object' || clause === null || typeof clause.length !== 'number')
      throw new TypeError(`a clause is an array of literals, got ${kindOf(clause)}`);
    // An array-like's length of NaN or -1 read no literal, and wrote the empty clause.
    if (!Number.isSafeInteger(clause.length) || clause.length < 0)
      throw new TypeError(`a clause is an array of literals, got an object whose length is ${clause.length}`);
    // The caller's slip, not ours: a plain Error read as an internal one.
    if (!this.current) throw new UsageError('add: the formula has no family to add the clause to; call family(name) first (a Formula starts one)');
    for (let i = 0; i < clause.length; i++) checkedLiteral(this, clause[i]!);
    this.current.add(clause);
  }

  get clauseCount(): number {
    let n = 0;
    for (const f of this.families) n += f.size;
    return n;
  }

  get varCount(): number {
    return this.vars.count;
  }

  *clauses(): Generator<Int32Array> {
    for (const f of this.families) yield* f.clauses();
  }

  /** Per-family clause and auxiliary counts, in family order. */
  familyCounts(): { name: string; clauses: number; auxVars: number }[] {
    this.closeAuxCount();
    return this.families.map((f) => ({ name: f.name, clauses: f.size, auxVars: f.auxVars }));
  }

  /**
   * Whether the assignment satisfies every clause, and if not the first
   * falsified one with its family. Successive calls cost what changed since
   * the previous assignment (ClauseTally), which is what makes checking every
   * enumerated model cheap; a formula that grew since is tallied afresh.
   */
  satisfiedBy(value: (v: number) => boolean): { ok: true } | { ok: false; family: string; clause: number[] } {
    const tally = this.currentTally();
    if (tally.satisfiedBy(value)) return { ok: true };
    const bad = tally.firstFalsified();
    let before = 0;
    const family = this.families.find((f) => (before += f.size) > bad)!;
    return { ok: false, family: family.name, clause: Array.from(tally.clause(bad)) };
  }

  private currentTally(): ClauseTally {
    // Clauses are only ever appended, so these three numbers tell whether the formula grew (checked once per model: no allocation).
    const vars = this.varCount;
    const clauses = this.clauseCount;
    const total = this.families.reduce((n, f) => n + f.literalCount, 0);
    const known = this.tally;
    if (known && known.vars === vars && known.clauses === clauses && known.literals === total) return known.tally;
    const lits = new Int32Array(total);
    const ends = new Int32Array(clauses);
    let litsSoFar = 0;
    let clausesSoFar = 0;
    for (const f of this.families) {
      const flat = f.flat();
      lits.set(flat.lits, litsSoFar);
      for (let i = 0; i < flat.ends.length; i++) ends[clausesSoFar + i] = flat.ends[i]! + litsSoFar;
      litsSoFar += flat.lits.length;
      clausesSoFar += flat.ends.length;
    }
    this.tally = { tally: new ClauseTally(vars, lits, ends), vars, clauses, literals: total };
    return this.tally.tally;
  }

  /** Human-readable clause, as in logic-solver's tests: `-a v b v c` (the empty clause is nothing, as golden tests list it). */
  show(clause: ArrayLike<number>): string {
    return Array.from(clause, (l) => this.vars.literal(l)).join(' v ');
  }

  // Aux variables are charged to the family that was current when they were made.
  private closeAuxCount(): void {
    if (this.current) {
      this.current.auxVars += this.vars.auxCount - this.auxAtFamilyStart;
      this.auxAtFamilyStart = this.vars.auxCount;
    }
  }
}

/** A literal a caller gives (a clause's, a constraint's), checked: 1.5 was "beyond the formula's variables", and a string a plain Error from inside. */
export function checkedLiteral(f: Cnf, lit: number): number {
  if (!Number.isInteger(lit) || lit === 0)
    throw new RangeError(`literal ${shownValue(lit)}: expected a variable's number or its negation, a whole number other than 0`);
  if (Math.abs(lit) > f.varCount) throw new RangeError(`literal ${lit}: the formula has ${f.varCount} variables`);
  return lit;
}
