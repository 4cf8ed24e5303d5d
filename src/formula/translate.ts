import { Cnf, checkedLiteral } from '../core/cnf.js';
import { Column } from '../core/column.js';
import { callOptions } from '../core/call-options.js';
import { recorded } from '../core/ledger.js';
import { didYouMean, UsageError } from '../core/errors.js';
import { choiceText, kindOf, pastLimit, sizeLimit } from '../core/limits.js';
import { type Term, Expr, checkTerm, showTerm, termName } from './expr.js';

/**
 * Expressions into clauses. Every operator node becomes a gate: an auxiliary
 * variable g standing for the node, defined by clauses over its inputs. The
 * gates are normalised (and-gates with sorted, distinct inputs; or as a
 * negated and; xor and ite with their signs pulled out; constants folded
 * away) and hashed by their inputs, so that a subformula written twice, or
 * in another order, or as its De Morgan dual, gets one variable per formula.
 *
 * Tseitin (1968) defines each gate both ways (g ↔ node), so the auxiliaries
 * are functions of the inputs. Plaisted and Greenbaum (1986) keep only the
 * direction the formula's polarity needs: a gate met positively gets
 * g → node, one met negatively node → g, one under xor, ite or iff both;
 * fewer clauses, and still exactly the same models on the inputs. A gate
 * first met on one side gets its other side when a later constraint needs it.
 */
export type Translation = 'tseitin' | 'plaisted-greenbaum';

export const TRANSLATIONS: readonly { name: Translation; fits: string }[] = [
  { name: 'tseitin', fits: 'every gate defined both ways: auxiliaries are functions of the inputs (model counting without projection)' },
  { name: 'plaisted-greenbaum', fits: 'one direction per gate where polarity allows: fewer clauses, the same models on the inputs' },
];

export const DEFAULT_TRANSLATION: Translation = 'tseitin';

/** A translation by name, checked: an unknown one was taken for Plaisted-Greenbaum's. */
function parseTranslation(given: unknown): Translation {
  const name = choiceText(given, 'translation');
  const names = TRANSLATIONS.map((t) => t.name);
  if ((names as string[]).includes(name)) return name as Translation;
  throw new UsageError(`unknown translation "${name}"${didYouMean(name, names)} (translation); choose one of: ${names.join(', ')}`);
}

/**
 * A node's value while translating: a constant, or a node literal (± a node
 * id; nodes are the inputs and the gates). A gate gets its variable only
 * when a clause first needs it, so gates that fold away (x ⊕ x) cost none.
 */
type Value = number | boolean;
type Kind = 'and' | 'xor' | 'ite';

/** Sides of a gate g: POS is g → node, NEG is node → g. */
const POS = 1;
const NEG = 2;
const BOTH = POS | NEG;

const KINDS: readonly Kind[] = ['and', 'xor', 'ite'];
/** The kind column's mark of an input node. */
const INPUT = -1;

/**
 * The nodes (ids from 1; 0 unused), in typed columns: a node was two objects
 * and an array, about 190 bytes a gate, which with its key made a term's
 * millions of gates gigabytes.
 */
class Nodes {
  /** INPUT, or the gate's kind as an index into KINDS. */
  private readonly kind = new Column(Int32Array);
  /** An input's variable; a gate's first input in `inputs`. */
  private readonly first = new Column(Int32Array);
  private readonly arity = new Column(Int32Array);
  /** A gate's sides whose clauses are in the formula. */
  private readonly sides = new Column(Int32Array);
  /** A gate's variable once a clause needed it (0: none yet). */
  private readonly variable = new Column(Int32Array);
  /** The gates' inputs, node literals one after another. and: n ≥ 2, sorted, distinct; xor: two positive, sorted; ite: condition (positive), then (positive), else. */
  private readonly inputs = new Column(Int32Array);

  constructor() {
    this.push(INPUT, 0, 0);
  }

  /** A new input node for variable v; its id. */
  input(v: number): number {
    return this.push(INPUT, v, 0);
  }

  /** A new gate; its id. */
  gate(kind: Kind, inputs: readonly number[]): number {
    const first = this.inputs.length;
    for (const x of inputs) this.inputs.push(x);
    return this.push(KINDS.indexOf(kind), first, inputs.length);
  }

  /** The variable of an input node; undefined for a gate. */
  inputVariable(id: number): number | undefined {
    return this.kind.at(id) === INPUT ? this.first.at(id) : undefined;
  }

  kindOf(id: number): Kind {
    return KINDS[this.kind.at(id)]!;
  }

  inputsOf(id: number): number[] {
    const first = this.first.at(id);
    return Array.from({ length: this.arity.at(id) }, (_, i) => this.inputs.at(first + i));
  }

  sidesOf(id: number): number {
    return this.sides.at(id);
  }

  addSides(id: number, sides: number): void {
    this.sides.set(id, this.sides.at(id) | sides);
  }

  /** A gate's variable, made by `make` when it has none yet. */
  variableOf(id: number, make: () => number): number {
    let v = this.variable.at(id);
    if (v === 0) this.variable.set(id, (v = make()));
    return v;
  }

  private push(kind: number, first: number, arity: number): number {
    this.first.push(first);
    this.arity.push(arity);
    this.sides.push(0);
    this.variable.push(0);
    return this.kind.push(kind);
  }
}

/** What one call emitted, for its ledger entry. */
interface Tally {
  gatesMade: number;
  /** Sides emitted, by gate shape ("and 3 POS"). */
  sides: Map<string, number>;
  asserted: number;
}

/**
 * The gates one call has made, held to the limits in force: gates are made
 * for the whole term before any clause (and kept for later calls), a few
 * hundred bytes each, so a term of millions of operators took gigabytes
 * before the literal array could refuse a clause, or without any clause
 * when the gates cancelled (x ⊕ x). Each gate is an auxiliary variable
 * (held to maxVars) and holds at least the literals of its smaller side
 * once used (held to maxLiterals, as its family's clauses are).
 */
interface Made {
  /** The call, as messages name it. */
  what: string;
  gates: number;
  literals: number;
  maxGates: number;
  maxLiterals: number;
}

/** The literals of a gate's smaller side: andₙ← one clause of n + 1 (→ is n of 2); xor and ite two clauses of 3. */
const smallerSide = (kind: Kind, inputs: number): number => (kind === 'and' ? inputs + 1 : 6);

const negate = (v: Value): Value => (typeof v === 'boolean' ? !v : -v);
const byNode = (a: number, b: number) => Math.abs(a) - Math.abs(b) || a - b;
/** Labels of long formulas are cut here. */
const LABEL_CHARS = 80;

class Translator {
  private readonly nodes = new Nodes();
  private readonly inputNodes = new Map<number, number>();
  private readonly byKey = new Map<string, number>();
  private readonly values = new WeakMap<Expr, Value>();
  private constant: number | undefined;
  private mode: Translation = DEFAULT_TRANSLATION;
  private tally: Tally = newTally();
  private made: Made = newMade('satisfy');

  constructor(private readonly cnf: Cnf) {}

  /** Adds clauses that hold exactly when the term does (on its variables). */
  satisfy(term: Term, mode: Translation): void {
    this.run('satisfy', term, mode, () => {
      // A conjunction, disjunction, implication or equivalence at the top, or a negation pushed through one (De Morgan), needs no gate of its own.
      const conjuncts: { t: Term; negated: boolean }[] = [{ t: term, negated: false }];
      // Each subterm once each way: one shared n levels deep was split once per path to it, 2^n times (and(e, e, b) nested 40 deep never ended).
      const split = [new Set<Expr>(), new Set<Expr>()];
      while (conjuncts.length) {
        const { t, negated } = conjuncts.pop()!;
        if (t instanceof Expr) {
          if (split[+negated]!.has(t)) continue;
          split[+negated]!.add(t);
        }
        const op = t instanceof Expr ? t.op : undefined;
        const args = t instanceof Expr ? t.args : [];
        const literal = (a: Term, flip: boolean) => (flip ? negate(this.value(a)) : this.value(a));
        if (op === 'not') conjuncts.push({ t: args[0]!, negated: !negated });
        else if (op === (negated ? 'or' : 'and')) conjuncts.push(...[...args].reverse().map((a) => ({ t: a, negated })));
        else if (op === (negated ? 'and' : 'or')) this.assertClause(args.map((a) => literal(a, negated)));
        else if (op === 'implies' && !negated) this.assertClause([negate(this.value(args[0]!)), this.value(args[1]!)]);
        else if (op === 'implies') conjuncts.push({ t: args[1]!, negated: true }, { t: args[0]!, negated: false });
        else if (op === 'iff' || (op === 'xor' && args.length === 2)) {
          // a ↔ b is (¬a ∨ b) ∧ (a ∨ ¬b); negated (or a ⊕ b), (a ∨ b) ∧ (¬a ∨ ¬b).
          const [a, b] = [this.value(args[0]!), this.value(args[1]!)];
          const equal = (op === 'iff') !== negated;
          this.assertClause([negate(a), equal ? b : negate(b)]);
          this.assertClause([a, equal ? negate(b) : b]);
        } else this.assertClause([literal(t, negated)]);
      }
    });
  }

  /** A literal equivalent to the term (Tseitin, both ways, whatever the mode), for assumptions and weighted sums. */
  literal(term: Term): number {
    return this.run('literalOf', term, 'tseitin', () => {
      const v = this.value(term);
      if (typeof v === 'number') {
        this.need([v]);
        return this.variableOf(v);
      }
      if (this.constant === undefined) {
        this.constant = this.cnf.vars.aux('tseitin true');
        this.tally.gatesMade++;
        this.cnf.add([this.constant]);
        this.tally.asserted++;
      }
      return v ? this.constant : -this.constant;
    });
  }

  /** Runs one call (`what`) under `mode`, recording in the ledger what it emitted. */
  private run<T>(what: string, term: Term, mode: Translation, emit: () => T): T {
    this.mode = mode;
    this.tally = newTally();
    this.made = newMade(what);
    return recorded(this.cnf, emit, () => {
      // One character past the label's length: a label cut short is cut where it always was.
      const label = showTerm(term, (v) => this.cnf.vars.name(v), LABEL_CHARS + 1);
      return { label: label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label, ...accountFor(this.tally, mode) };
    });
  }

  // ---- terms to values (building gates, no clauses yet) ----------------------------

  /** A term's value, its operator nodes made gates (post-order, without recursion: deep chains are fine). */
  private value(root: Term): Value {
    const stack: Term[] = [root];
    const out: Value[] = [];
    const entered = new Set<Expr>();
    while (stack.length) {
      const t = stack[stack.length - 1]!;
      if (!(t instanceof Expr)) {
        stack.pop();
        out.push(this.leaf(t));
        continue;
      }
      const known = this.values.get(t);
      if (known !== undefined) {
        stack.pop();
        out.push(known);
        continue;
      }
      if (!entered.has(t)) {
        entered.add(t);
        for (let i = t.args.length - 1; i >= 0; i--) stack.push(t.args[i]!);
        continue;
      }
      stack.pop();
      entered.delete(t);
      const args = out.splice(out.length - t.args.length, t.args.length);
      const v = this.node(t, args);
      this.values.set(t, v);
      out.push(v);
    }
    return out[0]!;
  }

  private leaf(t: number | string | boolean): Value {
    if (typeof t === 'boolean') return t;
    const lit = typeof t === 'string' ? nameLiteral(this.cnf, t) : t;
    if (Math.abs(lit) > this.cnf.varCount) throw new RangeError(`literal ${t}: the formula has ${this.cnf.varCount} variables`);
    const v = Math.abs(lit);
    let id = this.inputNodes.get(v);
    if (id === undefined) {
      id = this.nodes.input(v);
      this.inputNodes.set(v, id);
    }
    return lit < 0 ? -id : id;
  }

  private node(e: Expr, a: Value[]): Value {
    switch (e.op) {
      case 'not':
        return negate(a[0]!);
      case 'and':
        return this.and(a);
      case 'or':
        return negate(this.and(a.map(negate)));
      case 'implies':
        return negate(this.and([a[0]!, negate(a[1]!)]));
      case 'iff':
        return negate(this.xor(a));
      case 'xor':
        return this.xor(a);
      case 'ite':
        return this.ite(a[0]!, a[1]!, a[2]!);
    }
  }

  private and(values: readonly Value[]): Value {
    const lits = new Set<number>();
    for (const v of values) {
      if (v === false || (typeof v === 'number' && lits.has(-v))) return false;
      if (typeof v === 'number') lits.add(v);
    }
    if (lits.size === 0) return true;
    if (lits.size === 1) return [...lits][0]!;
    return this.gate('and', [...lits].sort(byNode));
  }

  /** Parity: constants and signs pulled out, pairs of a node cancelled, the rest folded into two-input gates in node order. */
  private xor(values: readonly Value[]): Value {
    let odd = false;
    const nodes = new Set<number>();
    for (const v of values) {
      if (typeof v === 'boolean') odd = odd !== v;
      else {
        if (v < 0) odd = !odd;
        const x = Math.abs(v);
        if (nodes.has(x)) nodes.delete(x);
        else nodes.add(x);
      }
    }
    let acc: Value = false;
    for (const x of [...nodes].sort((p, q) => p - q))
      acc =
        acc === false
          ? x
          : this.gate(
              'xor',
              [acc as number, x].sort((p, q) => p - q),
            );
    return odd ? negate(acc) : acc;
  }

  private ite(c: Value, t: Value, e: Value): Value {
    if (typeof c === 'boolean') return c ? t : e;
    if (c < 0) return this.ite(-c, e, t);
    if (t === e) return t;
    if (t === negate(e)) return negate(this.xor([c, t]));
    if (t === true || t === c) return negate(this.and([-c, negate(e)]));
    if (t === false || t === -c) return this.and([-c, e]);
    if (e === true || e === -c) return negate(this.and([c, negate(t)]));
    if (e === false || e === c) return this.and([c, t]);
    // Both branches are literals now; the sign is pulled out of the then-branch.
    const [tl, el] = [t as number, e as number];
    return tl < 0 ? -this.gate('ite', [c, -tl, -el]) : this.gate('ite', [c, tl, el]);
  }

  private gate(kind: Kind, inputs: number[]): number {
    const key = `${kind} ${inputs.join(' ')}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    this.count(kind, inputs.length);
    const id = this.nodes.gate(kind, inputs);
    this.byKey.set(key, id);
    return id;
  }

  /** Counts a gate about to be made against the call's limits (see Made). */
  private count(kind: Kind, inputs: number): void {
    const made = this.made;
    if (++made.gates > made.maxGates)
      throw pastLimit('vars', made.what, 'the term would make more gates (each an auxiliary variable)', made.maxGates);
    made.literals += smallerSide(kind, inputs);
    if (made.literals > made.maxLiterals)
      throw pastLimit('literals', made.what, "the term's gates would hold more literals (one side of each)", made.maxLiterals);
  }

  // ---- clauses -----------------------------------------------------------------------

  /** The formula's literal for a node literal: an input's variable, or the gate's (allocated now if it has none yet). */
  private variableOf(lit: number): number {
    const id = Math.abs(lit);
    const v =
      this.nodes.inputVariable(id) ??
      this.nodes.variableOf(id, () => {
        this.tally.gatesMade++;
        return this.cnf.vars.aux(`${this.mode} ${this.nodes.kindOf(id)}`);
      });
    return lit < 0 ? -v : v;
  }

  private assertClause(values: readonly Value[]): void {
    if (values.includes(true)) return;
    const lits = [...new Set(values.filter((v): v is number => v !== false))];
    if (lits.some((l) => lits.includes(-l))) return;
    this.cnf.add(lits.map((l) => this.variableOf(l)));
    this.tally.asserted++;
    this.need(lits);
  }

  /**
   * Gives each node literal's gate the side the literal needs: a literal that
   * occurs positively in a clause must imply its node (POS), one that occurs
   * negatively must follow from it (NEG); Tseitin gives every gate both.
   * Each side is emitted once; its clauses in turn need their inputs' sides.
   */
  private need(lits: readonly number[]): void {
    const work = [...lits];
    while (work.length) {
      const lit = work.pop()!;
      const id = Math.abs(lit);
      if (this.nodes.inputVariable(id) !== undefined) continue;
      const missing = (this.mode === 'tseitin' ? BOTH : lit > 0 ? POS : NEG) & ~this.nodes.sidesOf(id);
      if (!missing) continue;
      this.nodes.addSides(id, missing);
      const kind = this.nodes.kindOf(id);
      const inputs = this.nodes.inputsOf(id);
      for (const side of [POS, NEG]) {
        if (!(missing & side)) continue;
        const key = `${kind} ${inputs.length} ${side}`;
        this.tally.sides.set(key, (this.tally.sides.get(key) ?? 0) + 1);
        for (const clause of sideClauses(id, kind, inputs, side)) {
          this.cnf.add(clause.map((l) => this.variableOf(l)));
          for (const x of clause) if (Math.abs(x) !== Math.abs(lit)) work.push(x);
        }
      }
    }
  }
}

/** The clauses of one side of the gate of node g, over node literals. */
function sideClauses(g: number, kind: Kind, inputs: readonly number[], side: number): number[][] {
  const pos = side === POS;
  if (kind === 'and') return pos ? inputs.map((x) => [-g, x]) : [[g, ...inputs.map((x) => -x)]];
  if (kind === 'xor') {
    const [a, b] = inputs as [number, number];
    return pos
      ? [
          [-g, a, b],
          [-g, -a, -b],
        ]
      : [
          [g, -a, b],
          [g, a, -b],
        ];
  }
  const [c, t, e] = inputs as [number, number, number];
  return pos
    ? [
        [-g, -c, t],
        [-g, c, e],
      ]
    : [
        [g, -c, -t],
        [g, c, -e],
      ];
}

const newMade = (what: string): Made => ({ what, gates: 0, literals: 0, maxGates: sizeLimit('vars'), maxLiterals: sizeLimit('literals') });

const newTally = (): Tally => ({ gatesMade: 0, sides: new Map(), asserted: 0 });

/**
 * A call's size from its gate count, by the clauses per side (→: the gate
 * implies its node, ←: the node implies the gate): andₙ→ n clauses
 * (¬g ∨ xᵢ), andₙ← 1 (g ∨ ¬x₁ ∨ … ∨ ¬xₙ); xor and ite 2 per side.
 */
function accountFor(tally: Tally, mode: Translation): { text: string; formula: { clauses: number; auxVars: number } } {
  const parts: string[] = [];
  let clauses = tally.asserted;
  for (const [key, count] of [...tally.sides].sort()) {
    const [kind, n, side] = key.split(' ') as [Kind, string, string];
    const per = kind === 'and' && Number(side) === POS ? Number(n) : kind === 'and' ? 1 : 2;
    clauses += count * per;
    const arrow = Number(side) === POS ? '→' : '←';
    parts.push(`${count}×${per} ${kind}${kind === 'and' ? n : ''}${arrow}`);
  }
  parts.push(`${tally.asserted} asserted`);
  return {
    text: `${mode}: ${parts.join(' + ')} = ${clauses} clauses, ${tally.gatesMade} aux (one per gate)`,
    formula: { clauses, auxVars: tally.gatesMade },
  };
}

const translators = new WeakMap<Cnf, Translator>();

function translator(cnf: Cnf): Translator {
  let t = translators.get(cnf);
  if (!t) translators.set(cnf, (t = new Translator(cnf)));
  return t;
}

export interface TranslationOptions {
  /** Default 'tseitin'. */
  translation?: Translation;
}

/**
 * Adds to the formula's current family clauses that every model satisfies
 * exactly when it makes the term true (names create variables on first
 * use). Gates are shared with every earlier call on the same formula.
 */
export function satisfy(f: Cnf, term: Term, options: TranslationOptions = {}): void {
  checkFormula('satisfy', f);
  checkTerm(term, 'satisfy');
  const { translation } = callOptions('satisfy', options, { translation: true });
  translator(f).satisfy(term, parseTranslation(translation ?? DEFAULT_TRANSLATION));
}

/** A literal of the formula that is true exactly when the term is (a gate defined both ways; the term's own literal when it is one). */
export function literalOf(f: Cnf, term: Term): number {
  checkFormula('literalOf', f);
  checkTerm(term, 'literalOf');
  return translator(f).literal(term);
}

/** Literals for terms: a literal as it is, a name's variable (created on first use), an expression's gate (as literalOf). */
export function literalsOf(f: Cnf, terms: readonly Term[]): number[] {
  return terms.map((t) => (typeof t === 'number' ? checkedLiteral(f, t) : typeof t === 'string' ? nameLiteral(f, t) : literalOf(f, t)));
}

/** A name's literal, its variable made on first use: '-a' is a's negation (termName). */
function nameLiteral(f: Cnf, t: string): number {
  const { name, negated } = termName(t);
  const v = f.vars.id(name);
  return negated ? -v : v;
}

/** The formula a caller gives: a script without types gave null, and met "Invalid value used as weak map key" from inside. */
export function checkFormula(what: string, f: Cnf): void {
  if (!(f instanceof Cnf)) throw new TypeError(`${what}: expected a Formula, got ${kindOf(f)}`);
}

/** A list of terms as given; a string is refused rather than spread into one term per character (a typo's 'ab' for ['ab']). */
export function termList(what: string, terms: readonly Term[]): readonly Term[] {
  if (!Array.isArray(terms)) throw new TypeError(`${what}: expected a list of terms (names, literals, expressions), got ${kindOf(terms)}`);
  // Each term named by its place; a number is left to checkedLiteral, which says what a literal of the formula is.
  // By index, not forEach: a sparse array's hole was passed over, and some encodings wrote their constraint on the rest.
  for (let i = 0; i < terms.length; i++) if (typeof terms[i] !== 'number') checkTerm(terms[i]!, `${what}[${i}]`);
  return terms;
}

/**
 * Terms that may only speak of variables the formula has: an assumption, a
 * phase hint or an objective's term on a name seen for the first time would
 * make a fresh variable that nothing constrains, so a typo ('aa' for 'a')
 * answered about another variable. Clauses and constraints declare names.
 */
export function declaredTerms(f: Cnf, what: string, terms: readonly Term[]): readonly Term[] {
  const pending = [...terms];
  // Each subterm once: a shared one was read once per path to it, 2^n times n levels deep.
  const read = new Set<Expr>();
  while (pending.length) {
    const t = pending.pop();
    if (t instanceof Expr) {
      if (!read.has(t)) pending.push(...t.args);
      read.add(t);
    } else if (typeof t === 'string') {
      // '-aa' names the variable aa (termName), which is what must be there.
      const { name } = termName(t);
      if (name === '' || f.vars.lookup(name) !== undefined) continue;
      const names = Array.from({ length: f.varCount }, (_, i) => i + 1)
        .filter((v) => !f.vars.isAux(v))
        .map((v) => f.vars.name(v));
      throw new RangeError(`${what}: no variable ${JSON.stringify(name)} in this formula${didYouMean(name, names)}`);
    }
  }
  return terms;
}
