import { hasNameControlCharacter } from './errors.js';
import { checkDeadlineAt, pastLimit, shownValue, sizeLimit } from './limits.js';

/**
 * Refuses a name that a DIMACS `c var N name` line cannot carry back: an
 * empty one, one with a line break (it split the line, and the file no longer
 * parsed), with white space at an end (the reader trims it) or with another
 * control character (the reader refuses it).
 */
function checkName(name: string): void {
  if (typeof name !== 'string' || name === '' || name.trim() !== name || /[\r\n]/.test(name))
    throw new RangeError(
      `a variable name is a non-empty line without white space at its ends, got ${typeof name === 'string' ? JSON.stringify(name) : shownValue(name)}`,
    );
  if (hasNameControlCharacter(name))
    throw new RangeError(`a variable name holds a control character (a c var line cannot carry it back), got ${JSON.stringify(name)}`);
}

/**
 * The one variable allocator of a formula. Every variable gets a name so that
 * DIMACS comments, `explain` and error messages can speak about it; auxiliary
 * variables (introduced by encodings, not by the puzzle) are flagged so that
 * projection and statistics can leave them out.
 */
export class VarPool {
  /**
   * The most variables the pool may make (--max-vars), from the limits in
   * force when it was made: held as it grows, as a family's literal array
   * holds --max-literals. Only DIMACS headers were held to it, and a puzzle
   * built any number of variables (a BDD of 1000 items, 9.5 million).
   */
  constructor(readonly maxVars = sizeLimit('vars')) {}

  /**
   * Each variable's name; undefined for an auxiliary that aux() numbered,
   * whose name `aux LABEL#SERIAL` is made when asked for (numberedName). A
   * weighted sum over 2 million items makes millions of auxiliaries: their
   * names as strings, each in byName too, took half of that build's time and
   * most of its memory, and no one reads them unless the formula is written.
   */
  private readonly names: (string | undefined)[] = [''];
  private readonly auxFlags: boolean[] = [false];
  /** The variables by name, for names given whole (named, auxNamed); numbered auxiliaries are found by numbered(). */
  private readonly byName = new Map<string, number>();
  private readonly auxSerial = new Map<string, number>();
  /** Per variable, the label (an index into labels) and serial of a numbered auxiliary; -1 for the others. */
  private readonly labelOf: number[] = [-1];
  private readonly serialOf: number[] = [-1];
  private readonly labels: string[] = [];
  /** Per label: its index, and the serials and variables of its numbered auxiliaries, both ascending. */
  private readonly byLabel = new Map<string, { index: number; serials: number[]; vars: number[] }>();
  /** Names given whole in the form of a numbered auxiliary's, which aux() must pass over; without any it checks nothing. */
  private auxLikeGiven = 0;
  private auxTotal = 0;

  /** Number of variables allocated so far; variables are 1..count. */
  get count(): number {
    return this.names.length - 1;
  }

  /** Allocates a puzzle variable. Names must be unique: a clash is a bug in an encoder. */
  named(name: string): number {
    if (this.lookup(name) !== undefined) throw new Error(`variable name allocated twice: ${name}`);
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
    // What is no text is refused before the look-up, which a Symbol crashed ("Cannot convert a Symbol value to a string").
    if (typeof name !== 'string') checkName(name);
    const known = this.lookup(name);
    if (known !== undefined && this.auxFlags[known])
      throw new RangeError(
        `variable ${JSON.stringify(name)} is an auxiliary an encoding made: solutions leave it out, and a clause on it would constrain the encoding; name a variable of your own (literalOf gives an expression's literal)`,
      );
    if (known !== undefined) return known;
    checkName(name);
    // A term reads a leading "-" as negation (termName): a variable so named could be given no term but its number.
    if (name.startsWith('-'))
      throw new RangeError(
        `variable name ${JSON.stringify(name)} starts with "-", which negates a name in a term: write not(${JSON.stringify(name.slice(1))}), or a name without it`,
      );
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
    serial++;
    // Only a name given whole can be taken already (the numbered ones of a label rise): none, nothing to pass over.
    if (this.auxLikeGiven > 0) while (this.byName.has(numberedName(label, serial))) serial++;
    this.auxSerial.set(label, serial);
    let entry = this.byLabel.get(label);
    if (!entry) {
      entry = { index: this.labels.length, serials: [], vars: [] };
      this.byLabel.set(label, entry);
      this.labels.push(label);
    }
    const v = this.push(undefined, true);
    this.labelOf[v] = entry.index;
    this.serialOf[v] = serial;
    entry.serials.push(serial);
    entry.vars.push(v);
    return v;
  }

  /** An auxiliary variable under a name given whole (one read back from a file that marks it auxiliary). */
  auxNamed(name: string): number {
    if (this.lookup(name) !== undefined) throw new Error(`variable name allocated twice: ${name}`);
    return this.push(name, true);
  }

  /** A pool with the same variables, names and auxiliary numbering, to grow apart from this one. */
  clone(): VarPool {
    const copy = new VarPool(this.maxVars);
    // One by one: spread as arguments, a few hundred thousand names overflow the stack.
    for (let v = 1; v < this.names.length; v++) {
      copy.names.push(this.names[v]);
      copy.auxFlags.push(this.auxFlags[v]!);
      copy.labelOf.push(this.labelOf[v]!);
      copy.serialOf.push(this.serialOf[v]!);
    }
    for (const [name, v] of this.byName) copy.byName.set(name, v);
    for (const [label, serial] of this.auxSerial) copy.auxSerial.set(label, serial);
    for (const [label, { index, serials, vars }] of this.byLabel) copy.byLabel.set(label, { index, serials: serials.slice(), vars: vars.slice() });
    for (const label of this.labels) copy.labels.push(label);
    copy.auxLikeGiven = this.auxLikeGiven;
    copy.auxTotal = this.auxTotal;
    return copy;
  }

  /** The name of a variable or of a literal's variable; what is neither (null, '', true, 1.5) is refused, not read as variable 0 or 1. */
  name(v: number): string {
    // Checked before Math.abs, which throws on a Symbol and reads true as 1.
    if (!Number.isInteger(v) || v === 0 || Math.abs(v) > this.count)
      throw new RangeError(`no variable ${shownValue(v)}: the formula's variables are 1..${this.count}`);
    const i = Math.abs(v);
    return this.names[i] ?? numberedName(this.labels[this.labelOf[i]!]!, this.serialOf[i]!);
  }

  isAux(v: number): boolean {
    return this.auxFlags[Math.abs(v)] === true;
  }

  lookup(name: string): number | undefined {
    return this.byName.get(name) ?? this.numbered(name);
  }

  /** The numbered auxiliary of this name (`aux LABEL#SERIAL`), if aux() made one. */
  private numbered(name: string): number | undefined {
    const m = NUMBERED.exec(name);
    const entry = m && this.byLabel.get(m[1]!);
    if (!entry) return undefined;
    const serial = Number(m![2]);
    const k = firstAtLeast(entry.serials, serial);
    return entry.serials[k] === serial && numberedName(m![1]!, serial) === name ? entry.vars[k] : undefined;
  }

  /** Number of auxiliary variables. */
  get auxCount(): number {
    return this.auxTotal;
  }

  /** A literal as text: `name` or `-name`. */
  literal(lit: number): string {
    return (lit < 0 ? '-' : '') + this.name(lit);
  }

  /** Variables the pool may still make under its limit. */
  get room(): number {
    return this.maxVars - this.count;
  }

  private push(name: string | undefined, aux: boolean): number {
    if (this.count >= this.maxVars) throw pastLimit('vars', 'the formula', 'it would have more variables', this.maxVars);
    this.names.push(name);
    this.auxFlags.push(aux);
    this.labelOf.push(-1);
    this.serialOf.push(-1);
    if (aux) this.auxTotal++;
    const v = this.names.length - 1;
    if (name !== undefined) {
      this.byName.set(name, v);
      if (NUMBERED.test(name)) this.auxLikeGiven++;
    }
    // A million items are a million names before the first clause (knapsack): the deadline is met here too.
    checkDeadlineAt(v);
    return v;
  }
}

/** A numbered auxiliary's name. */
const numberedName = (label: string, serial: number): string => `aux ${label}#${serial}`;

/** A name in the form of a numbered auxiliary's: the label, then the serial. */
const NUMBERED = /^aux (.*)#(\d+)$/s;

/** The index of the first entry of an ascending list that is at least x (its length when none is). */
function firstAtLeast(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
