import type { Instance } from '../core/puzzle.js';
import { breakingPlan } from '../symmetry/breaking.js';
import type { SetUpPoll } from './engine.js';
import type { ExactCoverInput } from './problem.js';

/**
 * Classes of solutions by Burnside's lemma: the number of orbits of a group
 * G acting on the solutions is (1/|G|) Σ_g Fix(g), Fix(g) the solutions g
 * maps to themselves. No solution is visited: each Fix(g) is itself a count,
 * of an exact-cover problem.
 *
 * Fix(g) as exact cover. A solution fixed by g contains, with each row, its
 * whole orbit under g; so it is a choice of row orbits. An orbit can be
 * chosen only if its members are pairwise disjoint (they are all in the
 * solution), and then it covers the union of their items. The g-fixed
 * solutions are exactly the exact covers of the same items by those unions
 * (quotientRows). The items of an orbit of items are then always covered
 * together, and compileProblem merges them.
 *
 * Pinning. When the puzzle has an exactly-one group P that G maps onto
 * itself (a piece; the one the symmetry-breaking family pins), every class
 * holds solutions whose P-member is the representative r of one orbit of P,
 * and the classes through r are the orbits of r's stabiliser H_r on the
 * solutions containing r (the argument in src/symmetry/breaking.ts). So
 * classes = Σ_r (1/|H_r|) Σ_{h ∈ H_r} Fix(h, r forced): the identity terms
 * count only the solutions with P at a representative, about 1/|G| of
 * them, instead of all of them.
 */

/**
 * One Fix(g) to count: the rows of g's restriction, with some forced. A
 * class term builds its rows (and first checks the group, checkClosed) when
 * they are first read, so that a count stopped before it builds none.
 */
export interface BurnsideTerm {
  /** Names the term in the output and in a resume file: "r<variable> s<symmetry>" or "s<symmetry>". */
  key: string;
  /** Index into instance.symmetries (0 is the identity). */
  symmetry: number;
  /** The representative whose row is forced, as its variable; absent in plain Burnside. */
  representative?: number;
  problem: ExactCoverInput;
  /** Rows of `problem` taken in advance. */
  forced: number[];
  /** Terms with the same block are summed and divided by `order`, the block's group order. */
  block: number;
  order: number;
  /** The order of the whole group acting (1 when counting solutions). */
  group: number;
}

/** The puzzle's exact-cover form with its symmetries as permutations of rows. */
interface RowSymmetries {
  problem: ExactCoverInput;
  rowVars: readonly number[];
  /** Distinct permutations of the rows, identity first, with the index in instance.symmetries each came from. */
  perms: { perm: Int32Array; index: number }[];
}

/** Polls `poll` at each symmetry, its rows the steps: 0.5 s of a 25x25 board's 8. */
function rowSymmetries(instance: Instance, poll: SetUpPoll): RowSymmetries {
  const ec = instance.exactCover;
  if (!ec) throw new Error(`burnside: ${instance.puzzle} has no exact-cover form`);
  const rowOf = new Map(ec.rowVars.flatMap((v, r) => (v === 0 ? [] : [[v, r] as const])));
  const leaveOuts = leaveOutImages(ec);
  const seen = new Set<string>();
  const perms: RowSymmetries['perms'] = [];
  const symmetries = instance.symmetries.length ? instance.symmetries : [identityOn(ec.rowVars)];
  symmetries.forEach((s, index) => {
    poll(ec.rowVars.length);
    const perm = Int32Array.from(ec.rowVars, (v, r) => {
      if (v === 0) return r;
      const image = rowOf.get(s[v]!);
      if (image === undefined) throw new Error(`burnside: symmetry ${index} maps row ${r} to variable ${s[v]}, which is no row`);
      return image;
    });
    leaveOuts(perm);
    const key = perm.join(',');
    // Transforms that move rows alike are one permutation: the group that acts is the set of distinct ones.
    if (seen.has(key)) return;
    seen.add(key);
    perms.push({ perm, index });
  });
  if (!isIdentity(perms[0]!.perm)) throw new Error('burnside: the first symmetry must be the identity');
  return { problem: ec, rowVars: ec.rowVars, perms };
}

/**
 * Rows with no variable (rowVars 0) stand for leaving out one optional
 * cell or piece (encoders/packing.ts); a symmetry says nothing of them, so
 * their images are found from the rows with variables: the leave-out row
 * of item x goes to that of the item whose covering rows are the images of
 * x's. Items covered by the same rows are alike to every solution, and go
 * to their image's alike items in order, which keeps the maps a group.
 * Returns the function that fills in a permutation's leave-out rows (each
 * first mapped to itself).
 */
function leaveOutImages(ec: NonNullable<Instance['exactCover']>): (perm: Int32Array) => void {
  const leaveOut = ec.rowVars.flatMap((v, r) => (v === 0 ? [r] : []));
  if (leaveOut.length === 0) return () => {};
  const itemOf = leaveOut.map((r) => {
    if (ec.rows[r]!.length !== 1) throw new Error(`burnside: row ${r} has no variable but covers ${ec.rows[r]!.length} items`);
    return ec.rows[r]![0]!;
  });
  const covering = new Map<number, number[]>(itemOf.map((item) => [item, []]));
  ec.rows.forEach((items, r) => {
    if (ec.rowVars[r] !== 0) for (const item of items) covering.get(item)?.push(r);
  });
  const keyOf = (rows: Iterable<number>) => [...rows].sort((a, b) => a - b).join(',');
  // Leave-out rows by the key of their item's covering rows, in row order.
  const alike = new Map<string, number[]>();
  const rank = new Map<number, number>();
  leaveOut.forEach((r, k) => {
    const key = keyOf(covering.get(itemOf[k]!)!);
    if (!alike.has(key)) alike.set(key, []);
    rank.set(r, alike.get(key)!.push(r) - 1);
  });
  return (perm) => {
    leaveOut.forEach((r, k) => {
      const image = alike.get(keyOf(covering.get(itemOf[k]!)!.map((q) => perm[q]!)))?.[rank.get(r)!];
      if (image === undefined) throw new Error(`burnside: a symmetry maps the rows through item ${itemOf[k]} onto those of no optional item`);
      perm[r] = image;
    });
  };
}

function identityOn(rowVars: readonly number[]): Int32Array {
  // Not Math.max(...rowVars): a million rows as arguments overflow the stack.
  const perm = new Int32Array(rowVars.reduce((a, b) => Math.max(a, b), 0) + 1);
  for (let v = 0; v < perm.length; v++) perm[v] = v;
  return perm;
}

const isIdentity = (perm: Int32Array) => perm.every((image, r) => image === r);

/**
 * Burnside's lemma needs a group: the composition of any two permutations is
 * one of them. |G|² compositions of every row: 1.4 s of a 20x20 board's 8
 * symmetries, so it polls.
 */
function checkClosed(perms: readonly Int32Array[], poll: SetUpPoll): void {
  const keys = new Set(perms.map((p) => p.join(',')));
  for (const a of perms) {
    for (const b of perms) {
      poll(b.length);
      const ab = Int32Array.from(b, (image) => a[image]!);
      if (!keys.has(ab.join(','))) throw new Error('burnside: the symmetries are not closed under composition');
    }
  }
}

/**
 * The rows of g's restriction: the orbits of rows under g whose members are
 * pairwise disjoint, each as the union of its members' items; and for each
 * input row, the restricted row holding it (-1: its orbit clashes with itself).
 */
export function quotientRows(problem: ExactCoverInput, perm: Int32Array, poll: SetUpPoll = () => {}): Restriction {
  const n = problem.primary + problem.secondary;
  const rowOf = new Int32Array(problem.rows.length).fill(-1);
  const seen = new Uint8Array(problem.rows.length);
  const stamp = new Int32Array(n).fill(-1);
  const rows: number[][] = [];
  for (let r = 0; r < problem.rows.length; r++) {
    if (seen[r]) continue;
    poll();
    const members = [r];
    seen[r] = 1;
    for (let s = perm[r]!; s !== r; s = perm[s]!) {
      members.push(s);
      seen[s] = 1;
    }
    const items: number[] = [];
    let disjoint = true;
    for (const m of members) {
      for (const i of problem.rows[m]!) {
        if (stamp[i] === r) disjoint = false;
        stamp[i] = r;
        items.push(i);
      }
    }
    if (!disjoint) continue;
    for (const m of members) rowOf[m] = rows.length;
    rows.push(items.sort((a, b) => a - b));
  }
  return { problem: { primary: problem.primary, secondary: problem.secondary, rows }, rowOf };
}

/** A permutation's restriction: its rows, and the restricted row holding each input row (-1: none). */
export interface Restriction {
  problem: ExactCoverInput;
  rowOf: Int32Array;
}

/**
 * Each permutation's restriction, built when a term first reads it; the
 * first read checks the group. Both poll, so that a count stopped there
 * reports its terms not begun (Stopped, thrown out of the term's read).
 */
function restrictions(problem: ExactCoverInput, perms: readonly Int32Array[], poll: SetUpPoll): (k: number) => Restriction {
  const built = new Map<number, Restriction>();
  let closed = false;
  return (k) => {
    if (!closed) checkClosed(perms, poll);
    closed = true;
    return built.get(k) ?? built.set(k, quotientRows(problem, perms[k]!, poll)).get(k)!;
  };
}

/** A class term whose rows (and forced row) are read from its permutation's restriction, built when first read. */
function lazyTerm(fields: Omit<BurnsideTerm, 'problem' | 'forced'>, restriction: () => Restriction, row: number | undefined): BurnsideTerm {
  return {
    ...fields,
    get problem() {
      return restriction().problem;
    },
    get forced() {
      return row === undefined ? [] : [restriction().rowOf[row]!];
    },
  };
}

/** The terms of the solutions count alone: the identity, nothing forced. */
export function solutionTerms(instance: Instance): BurnsideTerm[] {
  const ec = instance.exactCover;
  if (!ec) throw new Error(`count: ${instance.puzzle} has no exact-cover form`);
  return [{ key: 's0', symmetry: 0, problem: ec, forced: [], block: 0, order: 1, group: 1 }];
}

/**
 * The terms whose blocks give the classes: pinned at the representatives of
 * the symmetry-breaking plan's group when it has one (`pinned`, the default),
 * else one block over the whole group. The symmetries' action on the rows
 * and the plan are worked out here, polling `poll` (Stopped is thrown out of
 * this call); each term's rows later, when read.
 */
export function classTerms(instance: Instance, pinned = true, poll: SetUpPoll = () => {}): BurnsideTerm[] {
  const { problem, rowVars, perms } = rowSymmetries(instance, poll);
  const plan = pinned ? breakingPlan(instance, poll) : null;
  const restricted = restrictions(
    problem,
    perms.map((p) => p.perm),
    poll,
  );
  if (!plan || plan.group < 0) {
    return perms.map(({ index }, k) =>
      lazyTerm({ key: `s${index}`, symmetry: index, block: 0, order: perms.length, group: perms.length }, () => restricted(k), undefined),
    );
  }
  const rowOfVar = new Map(rowVars.map((v, r) => [v, r]));
  const terms: BurnsideTerm[] = [];
  plan.representatives.forEach((rep, block) => {
    const row = rowOfVar.get(rep.variable)!;
    const stabiliser = perms.map((p, k) => ({ ...p, k })).filter(({ perm }) => perm[row] === row);
    for (const { index, k } of stabiliser) {
      const fields = {
        key: `r${rep.variable} s${index}`,
        symmetry: index,
        representative: rep.variable,
        block,
        order: stabiliser.length,
        group: perms.length,
      };
      terms.push(lazyTerm(fields, () => restricted(k), row));
    }
  });
  return terms;
}

/** Σ over blocks of (Σ of the block's fixed counts) / its order; throws when a block's sum is not a multiple of its order (a wrong term). */
export function burnsideSum(terms: readonly Pick<BurnsideTerm, 'block' | 'order' | 'key'>[], fixed: readonly number[]): number {
  const sums = new Map<number, { sum: number; order: number; keys: string[] }>();
  terms.forEach((t, k) => {
    const b = sums.get(t.block) ?? { sum: 0, order: t.order, keys: [] };
    b.sum += fixed[k]!;
    b.keys.push(t.key);
    sums.set(t.block, b);
  });
  let classes = 0;
  for (const { sum, order, keys } of sums.values()) {
    if (sum % order !== 0)
      throw new Error(`burnside: the fixed counts of ${keys.join(', ')} sum to ${sum}, not a multiple of the group order ${order}`);
    classes += sum / order;
  }
  return classes;
}
