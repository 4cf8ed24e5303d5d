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

/**
 * The variables outside `projected` (1 for a projection variable, indexed
 * 1..n) that the clauses define in terms of the projection variables;
 * `poll` is called with the work done (a count's set-up poll).
 */
export function definedVariables(n: number, clauses: readonly (readonly number[])[], projected: Uint8Array, poll: (steps: number) => void): number[] {
  const defined = Uint8Array.from(projected, (p) => (p ? 1 : 0));
  const occurrences = occurrenceLists(n, clauses);
  // Each clause's variables not yet known to be functions of the projection: one left, and that one may be defined.
  const open = Int32Array.from(clauses, (c) => c.filter((lit) => !defined[Math.abs(lit)]).length);
  // The variables to look at (again): each once however many of its clauses came down to it since it was last looked at.
  const queue: number[] = [];
  const queued = new Uint8Array(n + 1);
  const enqueue = (c: readonly number[]) => {
    const t = Math.abs(c.find((lit) => !defined[Math.abs(lit)])!);
    if (queued[t] || occurrences[t]!.length > MAX_OCCURRENCES) return;
    queued[t] = 1;
    queue.push(t);
  };
  clauses.forEach((c, k) => open[k] === 1 && enqueue(c));
  const out: number[] = [];
  for (let next = 0; next < queue.length; next++) {
    const t = queue[next]!;
    queued[t] = 0;
    const own = occurrences[t]!;
    const local = own.filter((k) => open[k] === 1).map((k) => clauses[k]!);
    poll(local.reduce((s, c) => s + c.length, 1));
    if (!definesVariable(t, local)) continue;
    defined[t] = 1;
    out.push(t);
    for (const k of own) if (--open[k]! === 1) enqueue(clauses[k]!);
  }
  return out.sort((a, b) => a - b);
}

/** Each variable's clauses, by index. */
function occurrenceLists(n: number, clauses: readonly (readonly number[])[]): number[][] {
  const out = Array.from({ length: n + 1 }, (): number[] => []);
  clauses.forEach((c, k) => {
    for (const lit of c) out[Math.abs(lit)]!.push(k);
  });
  return out;
}

/**
 * Whether `clauses`, each holding t, leave t one value at most under every
 * assignment of their other variables: the clauses with t's literal taken
 * out have no model (one of them would set the others so that both values
 * of t satisfy every clause).
 */
export function definesVariable(t: number, clauses: readonly (readonly number[])[]): boolean {
  // A clause of each sign is needed unless a unit clause sets t or the other literals alone have no model: rare, and
  // "not defined" is always safe. Most hidden variables of an encoding (a sequential counter's) fail here, unsearched.
  if (!clauses.some((c) => c.length === 1) && !(clauses.some((c) => c.includes(t)) && clauses.some((c) => c.includes(-t)))) return false;
  const rest = clauses.map((c) => c.filter((lit) => Math.abs(lit) !== t));
  return hasNoModel(rest);
}

/** A small DPLL: true when the clauses have no model, false when they have one or the search outgrows MAX_DECISIONS. */
function hasNoModel(clauses: readonly (readonly number[])[]): boolean {
  const value = new Map<number, boolean>();
  let decisions = 0;
  const isTrue = (lit: number) => value.get(Math.abs(lit)) === lit > 0;
  const isOpen = (lit: number) => !value.has(Math.abs(lit));
  /** Unit propagation: false on a conflict; the variables it set go on `set`. */
  const propagate = (set: number[]): boolean => {
    for (let changed = true; changed;) {
      changed = false;
      for (const c of clauses) {
        if (c.some(isTrue)) continue;
        const free = c.filter(isOpen);
        if (free.length === 0) return false;
        if (free.length > 1) continue;
        value.set(Math.abs(free[0]!), free[0]! > 0);
        set.push(Math.abs(free[0]!));
        changed = true;
      }
    }
    return true;
  };
  /** 'none' (no model under the current values), 'model', or 'unknown' (out of budget). */
  const search = (): 'none' | 'model' | 'unknown' => {
    const set: number[] = [];
    try {
      if (!propagate(set)) return 'none';
      const branch = clauses.find((c) => !c.some(isTrue))?.find(isOpen);
      if (branch === undefined) return 'model';
      if (++decisions > MAX_DECISIONS) return 'unknown';
      for (const lit of [branch, -branch]) {
        value.set(Math.abs(lit), lit > 0);
        const result = search();
        value.delete(Math.abs(lit));
        if (result !== 'none') return result;
      }
      return 'none';
    } finally {
      for (const v of set) value.delete(v);
    }
  };
  return search() === 'none';
}
