import { checkDeadlineAt, shownValue } from './limits.js';

/**
 * Refuses a name that a DIMACS `c var N name` line cannot carry back: an
 * empty one, one with a line break (it split the line, and the file no longer
 * parsed) or with white space at an end (the reader trims it).
 */
function checkName(name: string): void {
  if (typeof name !== 'string' || name === '' || name.trim() !== name || /[\r\n]/.test(name))
    throw new RangeError(
      `a variable name is a non-empty line without white space at its ends, got ${typeof name === 'string' ? JSON.stringify(name) : shownValue(name)}`,
    );
}

/**
 * The one variable allocator of a formula. Every variable gets a name so that
 * DIMACS comments, `explain` and error messages can speak about it; auxiliary
 * variables (introduced by encodings, not by the puzzle) are flagged so that
 * projection and statistics can leave them out.
 */
export class VarPool {
  private readonly names: string[] = [''];
  private readonly auxFlags: boolean[] = [false];
  private readonly byName = new Map<string, number>();
  private readonly auxSerial = new Map<string, number>();
  private auxTotal = 0;

  /** Number of variables allocated so far; variables are 1..count. */
  get count(): number {
    return this.names.length - 1;
  }

  /** Allocates a puzzle variable. Names must be unique: a clash is a bug in an encoder. */
  named(name: string): number {
    if (this.byName.has(name)) throw new Error(`variable name allocated twice: ${name}`);
    return this.push(name, false);
  }

  /**
   * The variable of this name, allocated on first use (for formulas written
   * by hand). The name is checked here, where a caller chooses it, not in
   * named(), which encoders call for every variable of a build. A caller's
   * variables only: an auxiliary's name is refused, since solutions leave it
   * out and a clause on it silently constrains the encoding that made it
   * (a unit clause on the first of a sequential atMostOne's over 4 variables
   * left 2 of its 5 models). literalOf gives an expression's literal.
   */
  id(name: string): number {
    const known = this.byName.get(name);
    if (known !== undefined && this.auxFlags[known])
      throw new RangeError(
        `variable ${JSON.stringify(name)} is an auxiliary an encoding made: solutions leave it out, and a clause on it would constrain the encoding; name a variable of your own (literalOf gives an expression's literal)`,
      );
    if (known !== undefined) return known;
    checkName(name);
    return this.named(name);
  }

  /**
   * Allocates an auxiliary variable. `label` says which encoding made it and for
   * what (e.g. `seq cell(3,4)`); a serial number keeps the names distinct,
   * passing over a name taken already: a caller may name a variable
   * `aux seq x#1`, and a formula read from a file has its auxiliaries' names
   * without their serials.
   */
  aux(label: string): number {
    let serial = this.auxSerial.get(label) ?? 0;
    let name: string;
    do name = `aux ${label}#${++serial}`;
    while (this.byName.has(name));
    this.auxSerial.set(label, serial);
    return this.push(name, true);
  }

  /** An auxiliary variable under a name given whole (one read back from a file that marks it auxiliary). */
  auxNamed(name: string): number {
    if (this.byName.has(name)) throw new Error(`variable name allocated twice: ${name}`);
    return this.push(name, true);
  }

  /** A pool with the same variables, names and auxiliary numbering, to grow apart from this one. */
  clone(): VarPool {
    const copy = new VarPool();
    // One by one: spread as arguments, a few hundred thousand names overflow the stack.
    for (let v = 1; v < this.names.length; v++) {
      copy.names.push(this.names[v]!);
      copy.auxFlags.push(this.auxFlags[v]!);
    }
    for (const [name, v] of this.byName) copy.byName.set(name, v);
    for (const [label, serial] of this.auxSerial) copy.auxSerial.set(label, serial);
    copy.auxTotal = this.auxTotal;
    return copy;
  }

  /** The name of a variable or of a literal's variable; what is neither (null, '', true, 1.5) is refused, not read as variable 0 or 1. */
  name(v: number): string {
    const n = Number.isInteger(v) && v !== 0 ? this.names[Math.abs(v)] : undefined;
    if (n === undefined) throw new RangeError(`no variable ${shownValue(v)}: the formula's variables are 1..${this.count}`);
    return n;
  }

  isAux(v: number): boolean {
    return this.auxFlags[Math.abs(v)] === true;
  }

  lookup(name: string): number | undefined {
    return this.byName.get(name);
  }

  /** Number of auxiliary variables. */
  get auxCount(): number {
    return this.auxTotal;
  }

  /** A literal as text: `name` or `-name`. */
  literal(lit: number): string {
    return (lit < 0 ? '-' : '') + this.name(lit);
  }

  private push(name: string, aux: boolean): number {
    this.names.push(name);
    this.auxFlags.push(aux);
    if (aux) this.auxTotal++;
    const v = this.names.length - 1;
    this.byName.set(name, v);
    // A million items are a million names before the first clause (knapsack): the deadline is met here too.
    checkDeadlineAt(v);
    return v;
  }
}
