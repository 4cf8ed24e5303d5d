import { kindOf } from '../core/limits.js';

/**
 * Boolean formulas over a formula's variables, written with operators:
 * `or('rain', and('wind', not('sun')))`. A term is a variable's name, a
 * literal (a variable number, negative for its negation), a constant, or an
 * expression built by the operators below. A name with a leading "-" is the
 * negation of the name after it (`'-sun'` is `not('sun')`), as in
 * logic-solver. Expressions are plain immutable values: building one touches
 * no formula; translate.ts turns one into clauses of a particular formula.
 */
export type Op = 'not' | 'and' | 'or' | 'implies' | 'iff' | 'xor' | 'ite';

export type Term = number | string | boolean | Expr;

export class Expr {
  private constructor(
    readonly op: Op,
    readonly args: readonly Term[],
  ) {
    Object.freeze(this);
  }

  /** Only the operators below make expressions, each checking its terms. */
  static make(op: Op, args: readonly Term[]): Expr {
    // Named by operator and place: "got undefined" alone left the caller to find which operand of which call.
    args.forEach((t, i) => checkTerm(t, `${op}: term ${i + 1}`));
    return new Expr(op, Object.freeze([...args]));
  }
}

/** Refuses what is not a term where it is given (a missing operand, `undefined`, was taken for one and failed later as "bad literal NaN"). */
export function checkTerm(t: Term, where?: string): void {
  // `where` names the term in a list a caller gave (add[2], assumptions[0]): "got null" alone left the caller to find it.
  const at = where === undefined ? '' : `${where}: `;
  if (typeof t === 'number' && (!Number.isInteger(t) || t === 0)) throw new RangeError(`${at}a literal is a nonzero integer, got ${t}`);
  if (typeof t === 'string' && termName(t).name === '')
    throw new RangeError(`${at}a variable name cannot be empty${t === '' ? '' : ` (got ${JSON.stringify(t)})`}`);
  if (!['number', 'string', 'boolean'].includes(typeof t) && !(t instanceof Expr))
    throw new TypeError(`${at}a term is a name, a literal, a boolean or an expression, got ${kindOf(t)}`);
}

/**
 * A name as a term reads it, as logic-solver does: each leading "-" negates
 * the name after it ('-a' is not('a'), '--a' is a). It was a variable of
 * its own named "-a", unrelated to a. A caller cannot name a variable so
 * (VarPool.id refuses it), and no encoder does; one a DIMACS file names so
 * is reached by its number, and keeps its name in files and labels.
 */
export function termName(t: string): { name: string; negated: boolean } {
  const dashes = /^-*/.exec(t)![0].length;
  return { name: t.slice(dashes), negated: dashes % 2 === 1 };
}

/**
 * An operator of fixed arity, its terms counted: from a script without
 * types, iff('a', 'b', 'c') said a ↔ b and dropped 'c' without a word, and
 * iff('a') said only that undefined is no term, naming no operator.
 */
function fixed(op: Op, arity: number, args: readonly Term[]): Expr {
  if (args.length !== arity) throw new TypeError(`${op} takes ${arity} term${arity === 1 ? '' : 's'}, got ${args.length}`);
  return Expr.make(op, args);
}

export const not = (...args: [a: Term]): Expr => fixed('not', 1, args);
/** All of them (true when there are none). */
export const and = (...args: Term[]): Expr => Expr.make('and', args);
/** At least one of them (false when there are none). */
export const or = (...args: Term[]): Expr => Expr.make('or', args);
export const implies = (...args: [a: Term, b: Term]): Expr => fixed('implies', 2, args);
export const iff = (...args: [a: Term, b: Term]): Expr => fixed('iff', 2, args);
/** An odd number of them (false when there are none). */
export const xor = (...args: Term[]): Expr => Expr.make('xor', args);
/** If `cond` then `then` else `otherwise`. */
export const ite = (...args: [cond: Term, then: Term, otherwise: Term]): Expr => fixed('ite', 3, args);

/**
 * The truth value of a term under an assignment of its variables (`value`
 * takes a variable's name or number), computed directly from the operators:
 * the reference the clausal translations are checked against. Each
 * expression is worked out once, children first, on a stack of its own, as
 * satisfy reads a term: recursion overflowed the call stack on a chain
 * 100000 deep, and a subterm shared n levels deep was worked out once per
 * path to it, 2^n times (xor(e, e, 'b') nested 40 deep never ended).
 */
export function evaluate(t: Term, value: (v: string | number) => boolean): boolean {
  // An object of values ({ a: true }) met "value is not a function" from inside.
  if (typeof value !== 'function') throw new TypeError(`evaluate: value: expected a function of a variable's name or number, got ${kindOf(value)}`);
  checkTerm(t, 'evaluate');
  const known = new Map<Expr, boolean>();
  const valueOf = (x: Term): boolean => {
    if (typeof x === 'boolean') return x;
    if (typeof x === 'number') return x > 0 ? value(x) : !value(-x);
    if (typeof x !== 'string') return known.get(x)!;
    const { name, negated } = termName(x);
    return value(name) !== negated;
  };
  const stack = t instanceof Expr ? [t] : [];
  while (stack.length > 0) {
    const e = stack.at(-1)!;
    const waiting = e.args.filter((a): a is Expr => a instanceof Expr && !known.has(a));
    if (waiting.length > 0) {
      for (const a of waiting) stack.push(a);
      continue;
    }
    stack.pop();
    known.set(e, operatorValue(e.op, e.args.map(valueOf)));
  }
  return valueOf(t);
}

/** An operator applied to its arguments' values. */
function operatorValue(op: Op, v: readonly boolean[]): boolean {
  switch (op) {
    case 'not':
      return !v[0];
    case 'and':
      return v.every(Boolean);
    case 'or':
      return v.some(Boolean);
    case 'implies':
      return !v[0] || v[1]!;
    case 'iff':
      return v[0] === v[1];
    case 'xor':
      return v.reduce<boolean>((odd, x) => odd !== x, false);
    case 'ite':
      return v[0] ? v[1]! : v[2]!;
  }
}

/** Nesting shown before the rest of a term becomes "…" (labels stay short, and deep chains need no deep recursion). */
const SHOWN_DEPTH = 6;

/**
 * The term in the usual notation, e.g. `(rain ∨ (wind ∧ ¬sun))`; `name`
 * spells a variable number. Past `max` characters of names (and "…") the rest
 * of each list is "…": a label shows the start of a term, and spelling all of it
 * took as long as the term is when written out, which a shared subterm makes
 * exponential (10 copies of one on each of 6 levels are 10^6 of them).
 */
export function showTerm(t: Term, name: (v: number) => string = String, max = Infinity): string {
  let left = max;
  const show = (t: Term, depth: number): string => {
    if (typeof t !== 'object') {
      const negated = typeof t === 'number' ? t < 0 : typeof t === 'string' && termName(t).negated;
      const shown = typeof t === 'number' ? name(Math.abs(t)) : typeof t === 'string' ? termName(t).name : '';
      const text = typeof t === 'boolean' ? (t ? '⊤' : '⊥') : (negated ? '¬' : '') + shown;
      left -= text.length;
      return text;
    }
    if (depth === 0) {
      left -= 1;
      return '…';
    }
    const parts: string[] = [];
    for (const a of t.args) parts.push(left > 0 ? show(a, depth - 1) : '…');
    switch (t.op) {
      case 'not':
        return `¬${parts[0]}`;
      case 'ite':
        return `(${parts[0]} ? ${parts[1]} : ${parts[2]})`;
      default: {
        if (parts.length === 0) return t.op === 'and' ? '⊤' : '⊥';
        const symbol = { and: ' ∧ ', or: ' ∨ ', implies: ' → ', iff: ' ↔ ', xor: ' ⊕ ' }[t.op];
        return parts.length === 1 ? parts[0]! : `(${parts.join(symbol)})`;
      }
    }
  };
  return show(t, SHOWN_DEPTH);
}
