/**
 * Variables a projected count may decide on as if they were projected.
 *
 * A projected counter decides on projection variables only: deciding on a
 * hidden one would count a projected model once per value it takes. That
 * rule costs whole orders of magnitude when the hidden variables are the
 * links of a chain: the Tseitin encoding of x1 ⊕ … ⊕ xn, each tᵢ ⇔ tᵢ₋₁ ⊕ xᵢ,
 * stays one component until every x is set, and the residue after a few
 * scattered x's differs with each of their values: 2^n nodes (24 of them took
 * a minute). But a hidden variable that the formula defines, a function of
 * the projection variables in every model, takes one value per projected
 * model, so counting over it as well gives the same number (Lagniez and
 * Marquis, "A recursive algorithm for projected model counting", AAAI 2019,
 * decide on such variables too). Deciding on tᵢ cuts the chain in two.
 *
 * Definitions are found the way gate detection finds them, locally: t is
 * defined when the clauses of t whose other variables are all projected or
 * already defined leave t one value at most under each assignment of those
 * variables, that is, when the clauses with t taken out, together with the
 * clauses with ¬t taken out, have no model. That covers AND, OR, XOR,
 * if-then-else and equivalence gates whatever their clause order, and chains
 * of them, found one link after another. A search too large for the budget
 * says "not defined", which is always safe: the variable stays hidden.
 */

/** A variable in more clauses than this is not looked at (its clauses would be checked again as each neighbour is defined). */
const MAX_OCCURRENCES = 64;
/** Decisions the check of one variable may take; past them it counts as not defined. */
const MAX_DECISIONS = 256;

/** A formula's clauses as the CNF counter holds them: clause k's literals are `lits[start[k]..start[k + 1])`. */
export interface FlatClauses {
  start: Int32Array;
  lits: Int32Array;
}

/**
 * The variables outside `projected` (1 for a projection variable, indexed
 * 1..n) that the clauses define in terms of the projection variables;
 * `poll` is called with the work done (a count's set-up poll). The clauses
 * are read as flat arrays: read as an array each, 4 million clauses took
 * twice as long to walk, and the walks are most of the pass.
 */
export function definedVariables(n: number, clauses: FlatClauses, projected: Uint8Array, poll: (steps: number) => void): number[] {
  const { start, lits } = clauses;
  const defined = Uint8Array.from(projected, (p) => (p ? 1 : 0));
  const check = new DefinitionCheck(n);
  // Each clause's variables not yet known to be functions of the projection: one left, and that one may be defined.
  const open = new Int32Array(start.length - 1);
  const { occStart, occ, first } = hiddenOccurrences(n, clauses, defined, open, poll);
  // The variables to look at (again): each once however many of its clauses came down to it since it was last looked at.
  const queue: number[] = [];
  const queued = new Uint8Array(n + 1);
  const enqueue = (t: number) => {
    // An empty list: a variable in more than MAX_OCCURRENCES clauses.
    if (queued[t] || occStart[t] === occStart[t + 1]) return;
    queued[t] = 1;
    queue.push(t);
  };
  for (const t of first) enqueue(t);
  const out: number[] = [];
  // t's clauses that only t keeps open: one array for every t.
  const local: Int32Array[] = [];
  for (let next = 0; next < queue.length; next++) {
    const t = queue[next]!;
    queued[t] = 0;
    local.length = 0;
    let size = 1;
    for (let o = occStart[t]!; o < occStart[t + 1]!; o++) {
      const c = occ[o]!;
      if (open[c] !== 1) continue;
      local.push(lits.subarray(start[c]!, start[c + 1]!));
      size += start[c + 1]! - start[c]!;
    }
    poll(size);
    if (!check.defines(t, local)) continue;
    defined[t] = 1;
    out.push(t);
    for (let o = occStart[t]!; o < occStart[t + 1]!; o++) if (--open[occ[o]!]! === 1) enqueue(openVariable(clauses, occ[o]!, defined));
  }
  return out.sort((a, b) => a - b);
}

/** The variable of clause `c` not `defined` (its last one, when the caller knows of one only). */
function openVariable({ start, lits }: FlatClauses, c: number, defined: Uint8Array): number {
  let open = 0;
  for (let i = start[c]!; i < start[c + 1]!; i++) if (!defined[Math.abs(lits[i]!)]) open = Math.abs(lits[i]!);
  return open;
}

/**
 * The clauses of each variable that is neither `defined` nor in more than
 * MAX_OCCURRENCES clauses, by index, as flat lists: variable v's are
 * `occ[occStart[v]..occStart[v + 1])`, empty for the others, which are never
 * looked at (lists of every variable, an array each, took as long as the
 * rest of the pass on a formula with no definitions at all). Each clause's
 * count of variables not `defined` goes in `open`, on the same pass; and,
 * on the pass that fills the lists, the listed variable that each clause
 * with one such variable leaves open, in clause order (`first`: the
 * variables to look at first), which took a third pass over the clauses.
 */
function hiddenOccurrences(
  n: number,
  { start, lits }: FlatClauses,
  defined: Uint8Array,
  open: Int32Array,
  poll: (steps: number) => void,
): { occStart: Int32Array; occ: Int32Array; first: number[] } {
  const clauseCount = start.length - 1;
  const count = new Int32Array(n + 2);
  for (let k = 0; k < clauseCount; k++) {
    poll(start[k + 1]! - start[k]!);
    for (let i = start[k]!; i < start[k + 1]!; i++) {
      const v = Math.abs(lits[i]!);
      if (defined[v]) continue;
      count[v]++;
      open[k]++;
    }
  }
  const occStart = new Int32Array(n + 2);
  for (let v = 1; v <= n; v++) occStart[v + 1] = occStart[v]! + (count[v]! > MAX_OCCURRENCES ? 0 : count[v]!);
  const occ = new Int32Array(occStart[n + 1]!);
  const fill = occStart.slice();
  const first: number[] = [];
  for (let k = 0; k < clauseCount; k++) {
    poll(start[k + 1]! - start[k]!);
    // A clause of projection variables only is in no list.
    if (open[k] === 0) continue;
    let last = 0;
    for (let i = start[k]!; i < start[k + 1]!; i++) {
      const v = Math.abs(lits[i]!);
      if (fill[v]! < occStart[v + 1]!) occ[fill[v]!++] = k;
      if (!defined[v]) last = v;
    }
    if (open[k] === 1) first.push(last);
  }
  return { occStart, occ, first };
}

/**
 * Whether `clauses`, each holding t, leave t one value at most under every
 * assignment of their other variables: the clauses with t's literal taken
 * out have no model (one of them would set the others so that both values
 * of t satisfy every clause).
 */
export function definesVariable(t: number, clauses: readonly (readonly number[])[]): boolean {
  return new DefinitionCheck(Math.max(t, ...clauses.flat().map(Math.abs))).defines(
    t,
    clauses.map((c) => Int32Array.from(c)),
  );
}

/** openLiteral's answer for a clause with a true literal: no literal is this. */
const SATISFIED = 0x7fffffff;
const NONE = 0;
const MODEL = 1;
const UNKNOWN = 2;

/**
 * definesVariable's check, its arrays made once for every variable of a pass:
 * the arrays and closures of each check (the clauses without t, a Map of
 * values, each propagation's list) took seconds of a formula of 150,000
 * hidden variables, more than the rest of the counter's set-up.
 */
class DefinitionCheck {
  /** 1 true, -1 false, 0 open; all 0 between checks. */
  private readonly value: Int8Array;
  /** The variables set, in order, for undoing. */
  private readonly trail: Int32Array;
  private top = 0;
  private clauses: readonly Int32Array[] = [];
  private t = 0;
  private decisions = 0;

  constructor(n: number) {
    this.value = new Int8Array(n + 1);
    this.trail = new Int32Array(n + 1);
  }

  defines(t: number, clauses: readonly Int32Array[]): boolean {
    // A clause of each sign is needed unless a unit clause sets t or the other literals alone have no model: rare, and
    // "not defined" is always safe. Most hidden variables of an encoding (a sequential counter's) fail here, unsearched.
    if (!clauses.some((c) => c.length === 1) && !(clauses.some((c) => c.includes(t)) && clauses.some((c) => c.includes(-t)))) return false;
    this.clauses = clauses;
    this.t = t;
    this.decisions = 0;
    // Most checks have a model (most hidden variables are not defined), found without a search.
    if (this.greedyModel()) return false;
    return this.search() === NONE;
  }

  /** 1 when `lit` is true, -1 when false, 0 when open; t's literals, taken out of the clauses, are never set. */
  private truth(lit: number): number {
    return lit > 0 ? this.value[lit]! : -this.value[-lit]!;
  }

  private set(lit: number): void {
    this.value[Math.abs(lit)] = Math.sign(lit);
    this.trail[this.top++] = Math.abs(lit);
  }

  private undo(mark: number): void {
    while (this.top > mark) this.value[this.trail[--this.top]!] = 0;
  }

  /**
   * Whether one pass making the first open literal of each clause not yet
   * satisfied true satisfies them all: a model, so that t is not defined
   * whatever the search would find, at a fraction of its cost.
   */
  private greedyModel(): boolean {
    let model = true;
    for (const c of this.clauses) {
      const first = this.openLiteral(c);
      if (first === SATISFIED) continue;
      if (first === 0) {
        model = false;
        break;
      }
      this.set(first);
    }
    this.undo(0);
    return model;
  }

  /** SATISFIED when `c` has a true literal, else its first open literal (t's left out), 0 when it has none. */
  private openLiteral(c: Int32Array): number {
    let first = 0;
    for (const lit of c) {
      if (lit === this.t || lit === -this.t) continue;
      const truth = this.truth(lit);
      if (truth > 0) return SATISFIED;
      if (truth === 0 && first === 0) first = lit;
    }
    return first;
  }

  /** Unit propagation: false on a conflict. */
  private propagate(): boolean {
    for (let changed = true; changed;) {
      changed = false;
      for (const c of this.clauses) {
        let free = 0;
        let unit = 0;
        let satisfied = false;
        for (const lit of c) {
          if (lit === this.t || lit === -this.t) continue;
          const truth = this.truth(lit);
          if (truth > 0) {
            satisfied = true;
            break;
          }
          if (truth === 0 && free++ === 0) unit = lit;
        }
        if (satisfied || free > 1) continue;
        if (free === 0) return false;
        this.set(unit);
        changed = true;
      }
    }
    return true;
  }

  /** NONE (no model under the current values), MODEL, or UNKNOWN (out of budget). */
  private search(): number {
    const mark = this.top;
    try {
      if (!this.propagate()) return NONE;
      // The first open literal of the first clause not satisfied (after propagation it has one).
      let branch = 0;
      for (const c of this.clauses) if ((branch = this.openLiteral(c)) !== SATISFIED) break;
      if (branch === SATISFIED || branch === 0) return MODEL;
      if (++this.decisions > MAX_DECISIONS) return UNKNOWN;
      const first = this.searchWith(branch);
      return first === NONE ? this.searchWith(-branch) : first;
    } finally {
      this.undo(mark);
    }
  }

  /** search() with `lit` made true, taken back after. */
  private searchWith(lit: number): number {
    const mark = this.top;
    this.set(lit);
    const result = this.search();
    this.undo(mark);
    return result;
  }
}
