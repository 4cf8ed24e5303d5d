import { UsageError, didYouMean } from '../core/errors.js';
import { deadlinePoll } from '../core/limits.js';
import type { Instance } from '../core/puzzle.js';
import { SYMMETRY_BREAKING, type SymmetryBreaking } from '../core/plan.js';

/**
 * Symmetry breaking as a constraint family: clauses that leave exactly one
 * model per symmetry class, derived from the instance's own symmetry group
 * (instance.symmetries) and exactly-one groups (instance.splitGroups), so any
 * solver, and any external model counter given the DIMACS, counts classes.
 *
 * Construction. Pick a split group P that every symmetry maps onto itself.
 * The group Γ splits P into orbits; keep one member r per orbit (its least
 * variable) and forbid the others (unit clauses). For each kept r whose
 * stabiliser H_r = {h ∈ Γ : h(r) = r} is more than the identity, add the
 * lex-leader constraint of Crawford, Ginsberg, Luks and Roy (KR 1996), guarded
 * by r: r → S ≤lex h(S) for every h ∈ H_r \ {id}. Without such a P: lex-leader
 * over all of Γ \ {id}, unguarded.
 *
 * The order. Projection variables ascending; S ≤lex T when at the first
 * variable where they differ S is true — so the kept model of a class is the
 * one whose sorted list of true variables is least, the order dlx and the
 * native enumerators already use.
 *
 * Why exactly one model per class (orbit-stabiliser). Let S be a solution and
 * x(S) its member in P (P is exactly-one). A symmetry γ maps S to a solution
 * with x(γS) = γ(x(S)). In the class ΓS, the solutions whose P-member is the
 * representative r of the orbit Γx(S) are C_r = {γS : γ(x(S)) = r}. C_r is
 * not empty (r is in that orbit), and for one S0 ∈ C_r it is {γS0 : γ(r) = r}
 * = H_r·S0, a single H_r-orbit. The units remove every member of the class
 * whose P-member is not a representative, and no other representative r' lies
 * in the orbit of x(S), so the models left of the class are C_r. Among them the
 * lex-leader constraint keeps exactly those S with S ≤lex h(S) for all h ∈ H_r:
 * the least element of the finite, totally ordered set H_r·S0, which exists
 * and is unique. (For trivial H_r, C_r has one element and needs nothing.) The
 * fallback is the same argument with P absent: the least element of ΓS.
 *
 * Encoding of S ≤lex h(S). Position p of h(S) holds S at h⁻¹(p). Positions h
 * fixes compare equal and are dropped; so are members of P (under the guard r
 * they are all false except r, which every h ∈ H_r fixes); and in each cycle
 * of h⁻¹ the cycle's last position in the order is dropped too: equality on
 * all earlier positions of the cycle makes the whole cycle constant, so the
 * first difference is never there. Over the k positions left, a_j = S at p_j,
 * b_j = S at h⁻¹(p_j), and auxiliary e_j = "S not ahead on positions 1..j"
 * (no position yet where S is true and h(S) false), the guard g being r
 * itself, or with several representatives fixed by h an auxiliary g ↔ ∨ r:
 *   violation:  ¬g ∨ ¬e_{j-1} ∨ a_j ∨ ¬b_j                      j = 1..k (no e_0)
 *   e_j ↔ e_{j-1} ∧ (a_j → b_j), both directions:               j = 1..k-1
 *     ¬e_j ∨ e_{j-1} (j ≥ 2),  ¬e_j ∨ ¬a_j ∨ b_j,  ¬e_{j-1} ∨ a_j ∨ e_j,  ¬e_{j-1} ∨ ¬b_j ∨ e_j
 *   shared guard:  ¬g ∨ r_1 ∨ … ∨ r_m,  ¬r_i ∨ g
 * Under the guard the violation clauses rule out "not ahead, then h(S) true
 * where S is false", so there e_j means "equal on positions 1..j", and the
 * chain says S ≤lex h(S). Every auxiliary is defined in full (both
 * directions), so each is a function of the solution: the family adds no
 * freedom, and wherever the rest of the formula's auxiliaries are functions of
 * the solution too (the packings': tested), the model count over all
 * variables equals the count over the projection. A chain depends on h only,
 * so representatives sharing an h share its auxiliaries.
 */

export { SYMMETRY_BREAKING, type SymmetryBreaking } from '../core/plan.js';

/** How `--unique` removes symmetric copies by default: this family (the other way: the cube tree's stabiliser orbits plus orbit blocking). */
export const DEFAULT_SYMMETRY_BREAKING: SymmetryBreaking = 'clauses';

export function parseSymmetryBreaking(value: unknown, option: string): SymmetryBreaking {
  if (value === undefined) return DEFAULT_SYMMETRY_BREAKING;
  const mode = SYMMETRY_BREAKING.find((m) => m === value);
  if (!mode)
    throw new UsageError(
      `${option}: expected one of ${SYMMETRY_BREAKING.join(', ')}, got "${String(value)}"${didYouMean(String(value), SYMMETRY_BREAKING)}`,
    );
  return mode;
}

export const FAMILY = 'symmetry-breaking';

export interface Representative {
  variable: number;
  /** The non-identity symmetries fixing it. */
  stabilizer: Int32Array[];
}

/** One lex-leader chain S ≤lex h(S). */
export interface Chain {
  perm: Int32Array;
  /** The compared positions p_j, in order, and the variable h⁻¹(p_j) each is compared with. */
  positions: number[];
  partners: number[];
  /** The representatives r whose guard ¬r the violation clauses carry; empty: unguarded (the fallback). */
  guards: number[];
}

export interface BreakingPlan {
  /** Index of the pinned group in instance.splitGroups, or -1 when none qualifies (lex-leader over the whole group). */
  group: number;
  members: readonly number[];
  representatives: Representative[];
  /** Members that represent no orbit: forbidden. */
  forbidden: number[];
  chains: Chain[];
  /** Symmetries, identity included. */
  groupOrder: number;
}

const isIdentityOn = (perm: Int32Array, vars: readonly number[]) => vars.every((v) => perm[v] === v);

/**
 * What the plan's loops call as they go, with the steps done since the last
 * call (variables looked up); a caller that may stop throws out of it (a
 * count or an enumeration: the lex-leader chains of a 25x25 board took a
 * second). The count's SetUpPoll, which this layer does not import. Without
 * one, the run's deadline (--timeout) is polled, as Cnf.add meets it.
 */
export type PlanPoll = (steps?: number) => void;

/** The orbit representatives of a group's members (least variable of each orbit) with their stabilisers. */
function orbitsOf(
  members: readonly number[],
  perms: readonly Int32Array[],
  poll: PlanPoll,
): { representatives: Representative[]; forbidden: number[] } {
  const seen = new Set<number>();
  const representatives: Representative[] = [];
  const forbidden: number[] = [];
  for (const v of [...members].sort((a, b) => a - b)) {
    poll(perms.length);
    if (seen.has(v)) {
      forbidden.push(v);
      continue;
    }
    for (const p of perms) seen.add(p[v]!);
    seen.add(v);
    representatives.push({ variable: v, stabilizer: perms.filter((p) => p[v] === v) });
  }
  return { representatives, forbidden };
}

const invariant = (members: readonly number[], perms: readonly Int32Array[], poll: PlanPoll) => {
  const set = new Set(members);
  return perms.every((p) => {
    poll(members.length);
    return members.every((v) => set.has(p[v]!));
  });
};

/**
 * The positions of S ≤lex h(S) that can decide it, in order, with their
 * partners h⁻¹(p): moved projection variables outside `skip`, less the last
 * position of each cycle (see the module comment).
 */
function chainOf(perm: Int32Array, projection: readonly number[], skip: ReadonlySet<number>, guards: number[], poll: PlanPoll): Chain {
  poll(projection.length);
  const inverse = new Map<number, number>();
  for (const v of projection) inverse.set(perm[v]!, v);
  const order = projection.filter((v) => perm[v] !== v && !skip.has(v)).sort((a, b) => a - b);
  const lastOfCycle = new Set<number>();
  const done = new Set<number>();
  for (const start of order) {
    if (done.has(start)) continue;
    let last = start;
    for (let v = start; !done.has(v); v = inverse.get(v)!) {
      done.add(v);
      last = Math.max(last, v);
    }
    lastOfCycle.add(last);
  }
  const positions = order.filter((v) => !lastOfCycle.has(v));
  return { perm, positions, partners: positions.map((p) => inverse.get(p)!), guards };
}

const plans = new WeakMap<Instance, BreakingPlan | null>();

/**
 * The plan for an instance, or null when it has no symmetry but the identity.
 * The pinned group is the invariant split group with the fewest orbit
 * representatives (fewest placements left), ties broken by the fewest
 * representatives needing lex-leader, then by group order.
 */
export function breakingPlan(instance: Instance, poll: PlanPoll = deadlinePoll()): BreakingPlan | null {
  if (plans.has(instance)) return plans.get(instance)!;
  const projection = instance.cnf.projection;
  const perms = instance.symmetries.filter((p) => {
    poll(projection.length);
    return !isIdentityOn(p, projection);
  });
  let plan: BreakingPlan | null = null;
  if (perms.length > 0) {
    let best: { group: number; reps: number; lex: number; orbits: ReturnType<typeof orbitsOf> } | undefined;
    for (let group = 0; group < instance.splitGroups.length; group++) {
      const members = instance.splitGroups[group]!;
      if (!invariant(members, perms, poll)) continue;
      const orbits = orbitsOf(members, perms, poll);
      const reps = orbits.representatives.length;
      const lex = orbits.representatives.filter((r) => r.stabilizer.length > 0).length;
      if (!best || reps < best.reps || (reps === best.reps && lex < best.lex)) best = { group, reps, lex, orbits };
    }
    const groupOrder = perms.length + 1;
    if (best) {
      const members = instance.splitGroups[best.group]!;
      const skip = new Set(members);
      // One chain per symmetry, guarded by every representative it fixes.
      const guardsOf = new Map<Int32Array, number[]>();
      for (const r of best.orbits.representatives) for (const h of r.stabilizer) guardsOf.set(h, [...(guardsOf.get(h) ?? []), r.variable]);
      const chains = perms.filter((h) => guardsOf.has(h)).map((h) => chainOf(h, projection, skip, guardsOf.get(h)!, poll));
      plan = { group: best.group, members, ...best.orbits, chains, groupOrder };
    } else {
      plan = {
        group: -1,
        members: [],
        representatives: [],
        forbidden: [],
        chains: perms.map((h) => chainOf(h, projection, new Set(), [], poll)),
        groupOrder,
      };
    }
  }
  plans.set(instance, plan);
  return plan;
}

/**
 * Adds the family to the instance's formula (once; later calls return the
 * same plan). Null, and nothing added, when the instance has no symmetry.
 */
export function addSymmetryBreaking(instance: Instance): BreakingPlan | null {
  const plan = breakingPlan(instance);
  const cnf = instance.cnf;
  if (!plan || cnf.families.some((f) => f.name === FAMILY)) return plan;
  cnf.family(FAMILY, sentence(plan));
  for (const v of plan.forbidden) cnf.add([-v]);
  plan.chains.forEach((chain, c) => {
    const k = chain.positions.length;
    if (k === 0) return;
    const guard = chainGuard(cnf, chain, c);
    const notAhead: number[] = [];
    for (let j = 0; j < k - 1; j++) notAhead.push(cnf.vars.aux(`lex chain ${c + 1} not ahead`));
    for (let j = 0; j < k; j++) {
      const a = chain.positions[j]!;
      const b = chain.partners[j]!;
      const before = j === 0 ? [] : [-notAhead[j - 1]!];
      cnf.add([...guard, ...before, a, -b]);
      if (j === k - 1) continue;
      const e = notAhead[j]!;
      if (j > 0) cnf.add([-e, notAhead[j - 1]!]);
      cnf.add([-e, -a, b]);
      cnf.add([...before, a, e]);
      cnf.add([...before, -b, e]);
    }
  });
  return plan;
}

/** The literal(s) a chain's violation clauses carry: none, ¬r, or ¬g for an auxiliary g ↔ r_1 ∨ … ∨ r_m. */
function chainGuard(cnf: Instance['cnf'], chain: Chain, c: number): number[] {
  if (chain.guards.length <= 1) return chain.guards.map((r) => -r);
  const g = cnf.vars.aux(`lex chain ${c + 1} guard`);
  cnf.add([-g, ...chain.guards]);
  for (const r of chain.guards) cnf.add([-r, g]);
  return [-g];
}

/** The plan of the family when the instance's formula carries it. */
export function addedPlan(instance: Instance): BreakingPlan | null {
  return instance.cnf.families.some((f) => f.name === FAMILY) ? breakingPlan(instance) : null;
}

/**
 * The instance a search for classes by `mode` runs on. With 'clauses', one
 * whose formula carries the family: the instance itself when it already does
 * (or has no symmetry), else a copy (cached), so that the caller's instance,
 * which may serve other enumerations, is left as it was. With 'orbits', the
 * instance itself, whose formula must not carry the family: the search takes
 * symmetry out by itself (cube-tree orbits, orbit blocking), and both together
 * would keep a class only where the two choices of representative agree.
 */
export function classSearchInstance(
  instance: Instance,
  mode: SymmetryBreaking = DEFAULT_SYMMETRY_BREAKING,
  poll: PlanPoll = deadlinePoll(),
): Instance {
  if (mode === 'orbits') {
    if (addedPlan(instance)) throw new Error('the symmetry-breaking family is in the formula: the orbit route would break symmetry twice');
    return instance;
  }
  const plan = breakingPlan(instance, poll);
  if (!plan || addedPlan(instance)) return instance;
  let copy = copies.get(instance);
  if (!copy) {
    // Cnf.clone: the copy keeps the literal limit the formula was built under, as the thread's may be lower (a build's own maxLiterals).
    copy = { ...instance, cnf: instance.cnf.clone(poll) };
    plans.set(copy, plan);
    addSymmetryBreaking(copy);
    copies.set(instance, copy);
  }
  return copy;
}

const copies = new WeakMap<Instance, Instance>();

// ---- explain --------------------------------------------------------------------

function sentence(plan: BreakingPlan): string {
  const lexReps = plan.representatives.filter((r) => r.stabilizer.length > 0).length;
  return plan.group >= 0
    ? `one model per symmetry class: of the ${plan.members.length} members of an exactly-one group mapped onto itself by all ${plan.groupOrder} symmetries, only one per orbit (${plan.representatives.length}) may be chosen, ` +
        `and where a kept one is fixed by some symmetries (${lexReps} of them) the solution must be lexicographically least among its images under those`
    : `one model per symmetry class: the solution is lexicographically least among its images under all ${plan.groupOrder} symmetries (no exactly-one group is mapped onto itself by all of them)`;
}

/** Clauses and auxiliaries of one chain: k violations, 4(k-1)-1 definitions of k-1 auxiliaries, and a shared guard of m > 1 representatives (m+1 clauses, one auxiliary). */
const chainCost = (c: Chain) => {
  const k = c.positions.length;
  const m = c.guards.length;
  if (k === 0) return { clauses: 0, auxVars: 0 };
  const guard = m > 1 ? { clauses: m + 1, auxVars: 1 } : { clauses: 0, auxVars: 0 };
  return { clauses: k + (k < 2 ? 0 : 4 * (k - 1) - 1) + guard.clauses, auxVars: k - 1 + guard.auxVars };
};

const spread = (ks: readonly number[]) => {
  if (ks.length === 0) return 'none';
  const [lo, hi] = [Math.min(...ks), Math.max(...ks)];
  return lo === hi ? `${lo}` : `${lo} to ${hi}`;
};

/** The family's size derived from the plan (not from the clauses built), for `explain` to check against the formula. */
export function breakingFormula(plan: BreakingPlan): { text: string; clauses: number; auxVars: number } {
  const ks = plan.chains.map((c) => c.positions.length);
  const costs = plan.chains.map(chainCost);
  const clauses = plan.forbidden.length + costs.reduce((n, c) => n + c.clauses, 0);
  const auxVars = costs.reduce((n, c) => n + c.auxVars, 0);
  const guards =
    plan.group >= 0 ? 'guarded by the m_h representatives h fixes (m_h > 1: an auxiliary g ↔ their disjunction, m_h+1 clauses)' : 'unguarded';
  return {
    text:
      `${plan.forbidden.length} units (members off their orbit's representative) + Σ over ${plan.chains.length} lex-leader chains h of ` +
      `k_h violation clauses and 4(k_h-1)-1 clauses defining k_h-1 "not ahead" auxiliaries, ${guards}; k_h = positions h moves outside the pinned group, less one per cycle ` +
      `(${spread(ks)} here)`,
    clauses,
    auxVars,
  };
}

/** What clause `index` of the family is about. */
export function breakingAbout(plan: BreakingPlan): (index: number) => string {
  const ends: number[] = [];
  let end = plan.forbidden.length;
  for (const c of plan.chains) ends.push((end += chainCost(c).clauses));
  return (index) => {
    if (index < plan.forbidden.length) return 'not an orbit representative';
    const c = ends.findIndex((e) => index < e);
    return `lex-leader chain ${c + 1} of ${plan.chains.length}${plan.chains[c]!.guards.length ? `, guarded by ${plan.chains[c]!.guards.length} representative(s)` : ''}`;
  };
}
