import { type Instance, countedCover } from '../core/puzzle.js';
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
  /** Names the term in the output and in a resume file: "r<variable> s<symmetry>", "r<variable>.<variable> s<symmetry>" (nested) or "s<symmetry>". */
  key: string;
  /** Index into instance.symmetries (0 is the identity). */
  symmetry: number;
  /** The representatives whose rows are forced, as their variables, outermost first (nestedBlocks); absent in plain Burnside. */
  pinned?: number[];
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

/** A class term whose rows (and forced rows) are read from its permutation's restriction, built when first read. */
function lazyTerm(fields: Omit<BurnsideTerm, 'problem' | 'forced'>, restriction: () => Restriction, rows: readonly number[]): BurnsideTerm {
  return {
    ...fields,
    get problem() {
      return restriction().problem;
    },
    get forced() {
      return rows.map((r) => restriction().rowOf[r]!);
    },
  };
}

/** The terms of the solutions count alone: the identity, nothing forced. */
export function solutionTerms(instance: Instance): BurnsideTerm[] {
  const ec = countedCover(instance);
  if (!ec) throw new Error(`count: ${instance.puzzle} has no exact-cover form`);
  return [{ key: 's0', symmetry: 0, problem: ec, forced: [], block: 0, order: 1, group: 1 }];
}

/**
 * The terms whose blocks give the classes: pinned at the representatives of
 * the symmetry-breaking plan's group when it has one (`pinned`, the default),
 * else one block over the whole group; with `nest`, pinned once more below
 * each representative a symmetry fixes (nestedBlocks). The symmetries'
 * action on the rows and the plan are worked out here, polling `poll`
 * (Stopped is thrown out of this call); each term's rows later, when read.
 */
export function classTerms(instance: Instance, pinned = true, poll: SetUpPoll = () => {}, nest = false): BurnsideTerm[] {
  const { problem, rowVars, perms } = rowSymmetries(instance, poll);
  const plan = pinned ? breakingPlan(instance, poll) : null;
  const restricted = restrictions(
    problem,
    perms.map((p) => p.perm),
    poll,
  );
  if (!plan || plan.group < 0) {
    return perms.map(({ index }, k) =>
      lazyTerm({ key: `s${index}`, symmetry: index, block: 0, order: perms.length, group: perms.length }, () => restricted(k), []),
    );
  }
  const rowOfVar = new Map(rowVars.map((v, r) => [v, r]));
  const rowPerms = perms.map((p) => p.perm);
  // A representative the exact cover has no row for is in no solution (a placement over more optional cells than the
  // pieces leave spare, exactCoverOf): its terms are all 0, and its block is left out.
  const blocks = plan.representatives.flatMap((rep) => {
    const row = rowOfVar.get(rep.variable);
    return row === undefined ? [] : [{ rows: [row], stabiliser: [...rowPerms.keys()].filter((k) => rowPerms[k]![row] === row) }];
  });
  const groups = instance.splitGroups.map((members) => members.flatMap((v) => (rowOfVar.has(v) ? [rowOfVar.get(v)!] : [])));
  return (nest ? nestedBlocks(blocks, { problem, perms: rowPerms, groups, poll }) : blocks).flatMap((b, block) => {
    const vars = b.rows.map((r) => rowVars[r]!);
    return b.stabiliser.map((k) => {
      const { index } = perms[k]!;
      const fields = { key: `r${vars.join('.')} s${index}`, symmetry: index, pinned: vars, block, order: b.stabiliser.length, group: perms.length };
      return lazyTerm(fields, () => restricted(k), b.rows);
    });
  });
}

/**
 * A packing with copies (Instance.copyCover) on its placements: each its
 * variable, the items it covers but its copy, and its piece's copies in
 * order (one item for a piece without copies, taken as one of its items).
 */
interface CopyPlacements {
  cover: ExactCoverInput & { prevCopy: readonly number[] };
  /** By variable: the items but the copy, and the piece (an index into `copies`; -1 without copies). */
  placements: Map<number, { items: number[]; piece: number }>;
  /** Each piece's copy items, in the order they are covered. */
  copies: number[][];
}

function copyPlacements(cover: ExactCoverInput & { rowVars: readonly number[]; prevCopy: readonly number[] }): CopyPlacements {
  const { prevCopy } = cover;
  const next = new Map(prevCopy.flatMap((prev, i) => (prev >= 0 ? [[prev, i] as const] : [])));
  const copies: number[][] = [];
  const pieceOf = new Map<number, number>();
  prevCopy.forEach((prev, head) => {
    if (prev >= 0 || !next.has(head)) return;
    const chain = [head];
    for (let i = next.get(head); i !== undefined; i = next.get(i)) chain.push(i);
    for (const i of chain) pieceOf.set(i, copies.length);
    copies.push(chain);
  });
  const placements = new Map<number, { items: number[]; piece: number }>();
  cover.rows.forEach((row, r) => {
    const v = cover.rowVars[r]!;
    if (placements.has(v)) return;
    const copy = row.find((i) => pieceOf.has(i));
    placements.set(v, { items: row.filter((i) => i !== copy), piece: copy === undefined ? -1 : pieceOf.get(copy)! });
  });
  return { cover, placements, copies };
}

/**
 * Burnside's terms of a packing with copies, over the whole group: one per
 * distinct action of the symmetries on the placements. Fix(g) as exact
 * cover: a g-fixed solution is a choice of placement orbits, each of
 * pairwise disjoint members; an orbit of k placements of a piece with copies
 * takes k of them, the next k in order (a row for each place its block may
 * start), so the engines number them as they number single placements. A
 * symmetry that maps a piece's placements onto another piece's (mirror
 * twins) would make one orbit take copies of two pieces: copyClasses says
 * no then, and classes are counted on the formula.
 */
export function copyClassTerms(instance: Instance, poll: SetUpPoll = () => {}): BurnsideTerm[] {
  const cover = instance.copyCover?.();
  const found = cover && copyPlacements(cover);
  const actions = found && copyActions(instance, found, poll);
  if (!found || !actions) throw new Error(`burnside: ${instance.puzzle} has no copy cover its symmetries keep (copyClasses)`);
  const { placements, copies } = found;
  const group = actions.length;
  return actions.map(({ perm, index }) => ({
    key: `s${index}`,
    symmetry: index,
    problem: copyQuotient(found.cover, placements, copies, perm, poll),
    forced: [],
    block: 0,
    order: group,
    group,
  }));
}

/**
 * Classes of a packing with copies can be counted by Burnside's lemma
 * (copyClassTerms): it has a copy cover, and no symmetry maps a piece onto
 * another. Kept per instance: a count asks it up to four times (its method,
 * the request's check, the plan's wording), and each walks every row.
 */
export function copyClasses(instance: Instance): boolean {
  const known = copyClassesOf.get(instance);
  if (known !== undefined) return known;
  const cover = instance.copyCover?.();
  const found = cover !== undefined && copyActions(instance, copyPlacements(cover), () => {}) !== undefined;
  copyClassesOf.set(instance, found);
  return found;
}

const copyClassesOf = new WeakMap<Instance, boolean>();

/** The distinct actions of the symmetries on the placements, each with the index of the first symmetry acting so; undefined where one maps a piece onto another. */
function copyActions(
  instance: Instance,
  { placements }: CopyPlacements,
  poll: SetUpPoll,
): { perm: Map<number, number>; index: number }[] | undefined {
  const actions: { perm: Map<number, number>; index: number }[] = [];
  const seen = new Set<string>();
  const symmetries = instance.symmetries.length ? instance.symmetries : [undefined];
  for (const [index, s] of symmetries.entries()) {
    poll(placements.size);
    const perm = new Map<number, number>();
    for (const [v, pl] of placements) {
      const image = s ? s[v]! : v;
      if (placements.get(image)?.piece !== pl.piece) return undefined;
      perm.set(v, image);
    }
    const key = [...perm.values()].join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    actions.push({ perm, index });
  }
  return actions;
}

/** Fix(g)'s exact cover for a packing with copies (copyClassTerms). */
function copyQuotient(
  cover: CopyPlacements['cover'],
  placements: CopyPlacements['placements'],
  copies: readonly (readonly number[])[],
  perm: ReadonlyMap<number, number>,
  poll: SetUpPoll,
): ExactCoverInput {
  const rows: number[][] = [];
  const done = new Set<number>();
  const stamp = new Int32Array(cover.primary + cover.secondary).fill(-1);
  for (const [v, pl] of placements) {
    if (done.has(v)) continue;
    poll();
    const members = [v];
    done.add(v);
    for (let w = perm.get(v)!; w !== v; w = perm.get(w)!) {
      members.push(w);
      done.add(w);
    }
    const items: number[] = [];
    let disjoint = true;
    for (const m of members) {
      for (const i of placements.get(m)!.items) {
        if (stamp[i] === v) disjoint = false;
        stamp[i] = v;
        items.push(i);
      }
    }
    if (!disjoint) continue;
    if (pl.piece < 0) {
      rows.push(items.sort((a, b) => a - b));
      continue;
    }
    const chain = copies[pl.piece]!;
    for (let j = 0; j + members.length <= chain.length; j++) rows.push([...items, ...chain.slice(j, j + members.length)].sort((a, b) => a - b));
  }
  return { primary: cover.primary, secondary: cover.secondary, rows, prevCopy: cover.prevCopy };
}

/** Rows pinned together, and the permutations (indices, the identity first) fixing each of them: a block of Burnside's terms. */
interface PinnedBlock {
  rows: number[];
  stabiliser: number[];
}

interface NestingInput {
  problem: ExactCoverInput;
  perms: readonly Int32Array[];
  /** Each exactly-one group's rows. */
  groups: readonly (readonly number[])[];
  poll: SetUpPoll;
}

/**
 * Blocks nesting may add, as rows compiled: each term compiles the whole
 * problem (countInstance; 80 terms of a 20x20 board took 13 s), so a large
 * problem nests less.
 */
const NESTING_ROW_BUDGET = 20_000_000;
/** A group is nested on only when its rows fall into at most this many orbits. */
const MAX_NESTED_ORBITS = 64;

/**
 * Pinning, nested once. With r pinned, its stabiliser H_r still acts on the
 * solutions through r, so the argument that pinned r applies again with H_r
 * for G: another exactly-one group Q that H_r maps onto itself splits them
 * by their Q-member, and the classes through r are the sum, over the
 * H_r-orbits of Q's rows that fit beside r, of the classes through r and a
 * representative q under the stabiliser of both. A representative on an
 * axis of the board (H_r of order 2) so counts about half its solutions
 * instead of all of them. Once only: nested again wherever a stabiliser
 * was left, 8x8 + 2x2 by MRV took 152 terms and 0.6% more nodes than the
 * 54 of one level.
 *
 * Its price is more terms, each searched from the top. On O'Beirne's
 * hexagon (MRV) one representative's block of order 2, 32.0 million nodes
 * and 164 CPU s, became 52 terms of 22.4 million nodes and 107 s, and the
 * whole count 0.54 of the nodes (bench/results/count-nesting.md). On narrow boards, which the
 * sweep counts, the terms pinned at the representatives share the sweep's
 * memo (PinnedTerms), and nesting cost more than it saved (5x12: 3.2 times
 * the nodes). So a count nests only where the front is wide (termsOf).
 */
function nestedBlocks(blocks: readonly PinnedBlock[], input: NestingInput): PinnedBlock[] {
  let budget = Math.floor(NESTING_ROW_BUDGET / Math.max(1, input.problem.rows.length));
  return blocks.flatMap((b) => {
    const split = b.stabiliser.length > 1 ? splittingGroup(input, b) : undefined;
    if (!split || split.length - 1 > budget) return [b];
    budget -= split.length - 1;
    return split.map((orbit) => {
      const q = Math.min(...orbit);
      return { rows: [...b.rows, q], stabiliser: b.stabiliser.filter((k) => input.perms[k]![q] === q) };
    });
  });
}

/**
 * The orbits under the block's stabiliser of the rows of the exactly-one
 * group to nest on: one the stabiliser maps onto itself, holding none of
 * the pinned rows, whose rows that fit beside them fall into the fewest
 * orbits, fewer than there are rows (else nothing is gained); undefined
 * when no group qualifies.
 */
function splittingGroup({ problem, perms, groups, poll }: NestingInput, block: PinnedBlock): number[][] | undefined {
  const taken = new Set(block.rows.flatMap((r) => problem.rows[r]!));
  let best: number[][] | undefined;
  for (const members of groups) {
    if (members.some((r) => block.rows.includes(r))) continue;
    poll(members.length * block.stabiliser.length);
    const inGroup = new Set(members);
    if (!block.stabiliser.every((k) => members.every((r) => inGroup.has(perms[k]![r]!)))) continue;
    const fitting = members.filter((r) => !problem.rows[r]!.some((i) => taken.has(i)));
    const orbits = orbitsOf(fitting, perms, block.stabiliser);
    if (orbits.length > 0 && orbits.length < fitting.length && orbits.length <= MAX_NESTED_ORBITS && orbits.length < (best?.length ?? Infinity))
      best = orbits;
  }
  return best;
}

/** The orbits of `rows`, a set the permutations `among` (a group) map onto itself, in the order `rows` first meets them. */
function orbitsOf(rows: readonly number[], perms: readonly Int32Array[], among: readonly number[]): number[][] {
  const seen = new Set<number>();
  const orbits: number[][] = [];
  for (const r of rows) {
    if (seen.has(r)) continue;
    const orbit = [...new Set(among.map((k) => perms[k]![r]!))];
    for (const m of orbit) seen.add(m);
    orbits.push(orbit);
  }
  return orbits;
}

/** A block of terms whose fixed counts sum to no multiple of its order: a wrong term, or a resumed file's count edited. */
export class UnevenBlock extends Error {
  constructor(
    readonly keys: readonly string[],
    readonly sum: bigint,
    readonly order: number,
  ) {
    super(`burnside: the fixed counts of ${keys.join(', ')} sum to ${sum}, not a multiple of the group order ${order}`);
  }
}

/** Σ over blocks of (Σ of the block's fixed counts) / its order; throws when a block's sum is not a multiple of its order (a wrong term). */
export function burnsideSum(terms: readonly Pick<BurnsideTerm, 'block' | 'order' | 'key'>[], fixed: readonly bigint[]): bigint {
  let classes = 0n;
  for (const { sum, order, keys } of blockSums(terms, fixed).values()) {
    if (sum % BigInt(order) !== 0n) throw new UnevenBlock(keys, sum, order);
    classes += sum / BigInt(order);
  }
  return classes;
}

/** Each block's fixed counts summed (bigints: the terms of 12x12 by dominoes sum past 2^53), with its order and its terms' keys. */
export function blockSums(
  terms: readonly Pick<BurnsideTerm, 'block' | 'order' | 'key'>[],
  fixed: readonly bigint[],
): Map<number, { sum: bigint; order: number; keys: string[] }> {
  const sums = new Map<number, { sum: bigint; order: number; keys: string[] }>();
  terms.forEach((t, k) => {
    const b = sums.get(t.block) ?? { sum: 0n, order: t.order, keys: [] };
    b.sum += fixed[k]!;
    b.keys.push(t.key);
    sums.set(t.block, b);
  });
  return sums;
}
