import type { Instance } from '../core/puzzle.js';
import { seededRandom } from '../core/random.js';

/**
 * Symmetry handling for enumeration: orbits of solutions, and cubes — the
 * search split into independent parts, one per orbit representative of a
 * split group's elements — so each symmetry class is met in exactly one cube.
 */

/** The image of a set of true variables under a permutation, sorted. */
export function image(perm: Int32Array, trueVars: readonly number[]): number[] {
  return trueVars.map((v) => perm[v]!).sort((a, b) => a - b);
}

/** The distinct images of a solution under some symmetries (the solution itself included). */
export function orbit(perms: readonly Int32Array[], trueVars: readonly number[]): number[][] {
  const seen = new Map<string, number[]>();
  const sorted = [...trueVars].sort((a, b) => a - b);
  seen.set(sorted.join(','), sorted);
  for (const p of perms) {
    const img = image(p, sorted);
    const key = img.join(',');
    if (!seen.has(key)) seen.set(key, img);
  }
  return [...seen.values()];
}

/** A stabilizer of the identity alone: every group qualifies. */
const IDENTITY_ONLY: readonly number[] = [0];

/** The depth whose nodes are dealt out to parts (worker threads): thousands of subtrees on the 8x8 board. */
const PART_DEPTH = 4;

/** A resume's view of the walk: subtrees (by their literals) already finished are skipped; finished units are reported. */
export interface WalkHooks {
  skip?: (lits: readonly number[]) => boolean;
  /** A unit (a node at the dealing depth) whose every leaf has been consumed. */
  onUnitDone?: (lits: readonly number[]) => void;
}

export interface Cube {
  /** Literals fixed true in this part of the search. */
  lits: number[];
  /** The subtree (unit) of the leaf, numbered in walk order over the whole tree (see countUnits); set on leaves. */
  unit?: number;
  /** Indices (into instance.symmetries) of the symmetries fixing every cube literal. */
  stabilizer: number[];
}

/**
 * The cube tree, walked depth-first the way dancing links branches: a node is
 * split on the exactly-one group with the fewest members still compatible
 * with it (a member is dead once a chosen literal shares a group with it), so
 * clashing cubes are never made. Under symmetry only groups that the node's
 * stabilizer maps onto themselves qualify, only one member per stabilizer
 * orbit is branched on, and the child keeps the symmetries fixing it: each
 * symmetry class then lives in exactly one leaf. Leaves are handed to the
 * SAT solver, which finishes them.
 *
 * Deep trees have hundreds of thousands of leaves, so the live members are
 * kept the way "dancing cells" keeps them: each group's members sit in one
 * segment of a flat array with the live ones first, a member dies by being
 * swapped to just past the live prefix, and undoing in reverse order only
 * lengthens the prefixes again. Choosing a literal then touches only members
 * that were still live.
 */
export class CubeTree {
  /** Segment of group g in `slots`: from groupStart[g], live ones first. */
  private readonly groupStart: Int32Array;
  private readonly liveCount: Int32Array;
  /** Memberships (a variable in a group) by slot; membership m is of variable memberVar[m], group memberGroup[m]. */
  private readonly slots: Int32Array;
  private readonly slotOf: Int32Array;
  private readonly memberVar: Int32Array;
  private readonly memberGroup: Int32Array;
  /** Memberships are numbered variable by variable: those of v are firstMembership[v] .. firstMembership[v + 1] - 1. */
  private readonly firstMembership: Int32Array;
  private readonly satisfied: Uint8Array;
  /** The variables killed on the path to the current node, in order, for undoing (each at most once). */
  private readonly killed: Int32Array;
  private killedTop = 0;
  /** invariant[s][g]: symmetry s maps group g onto itself. */
  private readonly invariant: Uint8Array[];

  constructor(
    private readonly instance: Instance,
    unique: boolean,
  ) {
    const groups = instance.splitGroups;
    const total = groups.reduce((n, g) => n + g.length, 0);
    this.groupStart = new Int32Array(groups.length);
    this.liveCount = Int32Array.from(groups, (g) => g.length);
    this.slots = new Int32Array(total);
    this.slotOf = new Int32Array(total);
    this.memberVar = new Int32Array(total);
    this.memberGroup = new Int32Array(total);
    const varCount = instance.cnf.varCount;
    this.firstMembership = new Int32Array(varCount + 2);
    for (const g of groups) for (const v of g) this.firstMembership[v + 1]!++;
    for (let v = 1; v <= varCount + 1; v++) this.firstMembership[v]! += this.firstMembership[v - 1]!;
    const next = this.firstMembership.slice();
    let slot = 0;
    groups.forEach((g, gi) => {
      this.groupStart[gi] = slot;
      for (const v of g) {
        const m = next[v]!++;
        this.memberVar[m] = v;
        this.memberGroup[m] = gi;
        this.slots[slot] = m;
        this.slotOf[m] = slot++;
      }
    });
    this.satisfied = new Uint8Array(groups.length);
    this.killed = new Int32Array(instance.cnf.varCount + 1);
    this.killForcedFalse();
    this.invariant = (unique ? instance.symmetries : []).map((p) =>
      Uint8Array.from(groups, (g) => {
        const members = new Set(g);
        return Number(g.every((v) => members.has(p[v]!)));
      }),
    );
  }

  /**
   * Members that a unit clause forbids (the symmetry-breaking family forbids
   * every placement of the pinned piece but its orbit representatives) die
   * for good before the walk: branching on them would grow whole subtrees of
   * cubes that the solver then refutes one by one.
   */
  private killForcedFalse(): void {
    const { firstMembership } = this;
    const dead = new Set<number>();
    for (const family of this.instance.cnf.families) {
      for (const clause of family.clauses()) {
        const v = -clause[0]!;
        if (clause.length === 1 && v > 0 && firstMembership[v + 1]! > firstMembership[v]! && !dead.has(v)) {
          dead.add(v);
          this.kill(v);
        }
      }
    }
    // Never revived: no undo mark lies below them.
    this.killedTop = 0;
  }

  /**
   * Visits the leaves at `depth` (or shallower where nothing splits) in
   * order. With `part`, only every part.of-th subtree from the nodes at
   * PART_DEPTH (or the leaves, where the tree is shallower), starting at
   * part.index: the parts are disjoint, cover the tree, and a worker walks
   * only its own subtrees.
   */
  *leaves(depth: number, part?: { index: number; of: number }, hooks: WalkHooks = {}): Generator<Cube> {
    const root: Cube = { lits: [], stabilizer: this.invariant.map((_, i) => i) };
    const group = depth > 0 ? this.choose(root.stabilizer) : -1;
    if (group < 0) {
      if (!part || part.index === 0) yield { ...root, unit: 0 };
      return;
    }
    // A unit is a node at the dealing depth, or a leaf above it; units are numbered in walk order.
    const unitDepth = Math.min(depth, PART_DEPTH);
    let unit = 0;
    const take = (child: Cube, isLeaf: boolean): boolean => {
      const isUnit = child.lits.length === unitDepth || (isLeaf && child.lits.length < unitDepth);
      if (!isUnit) return true;
      // Every unit is numbered, taken or not, so that leaves carry their unit's place in the whole walk.
      const index = unit++;
      return !part || index % part.of === part.index;
    };
    for (const leaf of this.split(root, group, depth, take, unitDepth, hooks)) yield { ...leaf, unit: unit - 1 };
  }

  /**
   * How many units leaves(depth) deals out (nodes at the dealing depth, and
   * leaves above it): the whole tree's share of work that a progress bar can
   * count exactly, by a walk no deeper than PART_DEPTH.
   */
  countUnits(depth: number): number {
    const root: Cube = { lits: [], stabilizer: this.invariant.map((_, i) => i) };
    const group = depth > 0 ? this.choose(root.stabilizer) : -1;
    if (group < 0) return 1;
    const unitDepth = Math.min(depth, PART_DEPTH);
    let units = 0;
    const countWithoutDescending = (child: Cube, isLeaf: boolean): boolean => {
      const isUnit = child.lits.length === unitDepth || (isLeaf && child.lits.length < unitDepth);
      if (isUnit) units++;
      return !isUnit;
    };
    for (const _ of this.split(root, group, depth, countWithoutDescending));
    return units;
  }

  /**
   * Knuth's estimate of the search below each unit of leaves(depth), in walk
   * order: the nodes a dancing-links search of the unit's subtree would
   * visit, averaged over `probes` random paths each (D. E. Knuth, "Estimating
   * the efficiency of backtrack programs", Math. Comp. 29 (1975) 121-136).
   * The SAT solver branches on the same groups below a leaf, so the
   * estimates weigh the units by the work they hold: a progress bar that
   * counts units alike is misled by the early, heavy ones. A unit that is a
   * solution or a dead end weighs 1. Seeded, so that every run weighs alike.
   */
  unitSizes(depth: number, probes = 16, seed = 1): Float64Array {
    const root: Cube = { lits: [], stabilizer: this.invariant.map((_, i) => i) };
    const group = depth > 0 ? this.choose(root.stabilizer) : -1;
    const random = seededRandom(seed);
    if (group < 0) return Float64Array.of(this.estimateBelow(probes, random));
    const unitDepth = Math.min(depth, PART_DEPTH);
    const sizes: number[] = [];
    const measureWithoutDescending = (child: Cube, isLeaf: boolean): boolean => {
      const isUnit = child.lits.length === unitDepth || (isLeaf && child.lits.length < unitDepth);
      if (isUnit) sizes.push(this.estimateBelow(probes, random));
      return !isUnit;
    };
    for (const _ of this.split(root, group, depth, measureWithoutDescending));
    return Float64Array.from(sizes);
  }

  /**
   * The mean over random root-to-leaf paths from the current node of
   * 1 + d1 + d1·d2 + ..., d_i the live members of the group branched on at
   * depth i (the unbiased estimate of the number of nodes below). Branches
   * like the walk, without symmetry (below the units only the identity is left).
   */
  private estimateBelow(probes: number, random: () => number): number {
    let total = 0;
    const path: { v: number; mark: number }[] = [];
    for (let p = 0; p < probes; p++) {
      let size = 1;
      let width = 1;
      for (let g = this.choose(IDENTITY_ONLY); g >= 0 && this.liveCount[g]! > 0; g = this.choose(IDENTITY_ONLY)) {
        const live = this.liveCount[g]!;
        width *= live;
        size += width;
        const v = this.memberVar[this.slots[this.groupStart[g]! + Math.floor(random() * live)]!]!;
        path.push({ v, mark: this.select(v) });
      }
      for (let step = path.pop(); step; step = path.pop()) this.unselect(step.v, step.mark);
      total += size;
    }
    return total / probes;
  }

  /**
   * The children of a node that splits on `group`, those that `take` accepts.
   * A child whose own split group has no live member left is a dead end,
   * dropped before it costs a generator: most nodes of a deep tree are such
   * dead ends.
   */
  private *split(
    cube: Cube,
    group: number,
    depth: number,
    take: (child: Cube, isLeaf: boolean) => boolean,
    unitDepth = -1,
    hooks: WalkHooks = {},
  ): Generator<Cube> {
    const perms = cube.stabilizer.map((i) => this.instance.symmetries[i]!);
    const covered = new Set<number>();
    for (const v of this.liveMembers(group)) {
      if (covered.has(v)) continue;
      covered.add(v);
      for (const p of perms) covered.add(p[v]!);
      const mark = this.select(v);
      // Deep in the tree only the identity is left, which fixes everything.
      const stabilizer = cube.stabilizer.length > 1 ? cube.stabilizer.filter((i) => this.instance.symmetries[i]![v] === v) : cube.stabilizer;
      const next = this.choose(stabilizer);
      if (next < 0 || this.liveCount[next]! > 0) {
        const child: Cube = { lits: [...cube.lits, v], stabilizer };
        const isLeaf = depth === 1 || next < 0;
        // Skipped after take(), so that units keep their numbers (and workers their parts).
        if (take(child, isLeaf) && !hooks.skip?.(child.lits)) {
          if (isLeaf) yield child;
          else {
            yield* this.split(child, next, depth - 1, take, unitDepth, hooks);
            // Reached only when the consumer took every leaf below (a stop returns the generator early).
            if (child.lits.length === unitDepth) hooks.onUnitDone?.(child.lits);
          }
        }
      }
      this.unselect(v, mark);
    }
  }

  /**
   * The live members of a group, ascending: their order in the array depends
   * on what was killed and revived before, and the walk must not, so that
   * every part (worker) of a split tree sees the same tree.
   */
  private liveMembers(group: number): Int32Array {
    const start = this.groupStart[group]!;
    return this.slots
      .slice(start, start + this.liveCount[group]!)
      .map((m) => this.memberVar[m]!)
      .sort();
  }

  /**
   * The qualifying unsatisfied group with the fewest live members; -1 if none.
   * An unsatisfied group with no live member, qualifying or not, is returned
   * at once: the node is a dead end (every split group has a true member in
   * every solution), and leaves are checked too, sparing the solver.
   */
  private choose(stabilizer: readonly number[]): number {
    const { liveCount, satisfied, invariant } = this;
    let best = -1;
    for (let g = 0; g < liveCount.length; g++) {
      if (satisfied[g]) continue;
      if (liveCount[g] === 0) return g;
      if (best >= 0 && liveCount[g]! >= liveCount[best]!) continue;
      let qualifies = true;
      // Index 0 is the identity, which maps every group onto itself.
      if (stabilizer.length > 1) for (const s of stabilizer) if (s !== 0 && !invariant[s]![g]) qualifies = false;
      if (qualifies) best = g;
    }
    return best;
  }

  /** Chooses v: its groups are satisfied and every live member of them dies. Returns the mark to undo to. */
  private select(v: number): number {
    const mark = this.killedTop;
    const { memberGroup, memberVar, slots, groupStart, liveCount } = this;
    for (let m = this.firstMembership[v]!; m < this.firstMembership[v + 1]!; m++) {
      const g = memberGroup[m]!;
      this.satisfied[g] = 1;
      // Killing the last live member shortens the prefix; repeat until none is left.
      while (liveCount[g]! > 0) this.kill(memberVar[slots[groupStart[g]! + liveCount[g]! - 1]!]!);
    }
    return mark;
  }

  /** Undoes select(v), reviving its victims in reverse order. */
  private unselect(v: number, mark: number): void {
    while (this.killedTop > mark) this.revive(this.killed[--this.killedTop]!);
    for (let m = this.firstMembership[v]!; m < this.firstMembership[v + 1]!; m++) this.satisfied[this.memberGroup[m]!] = 0;
  }

  /** Swaps u out of the live prefix of each of its groups. */
  private kill(u: number): void {
    const { memberGroup, slots, slotOf, groupStart, liveCount } = this;
    const end = this.firstMembership[u + 1]!;
    for (let m = this.firstMembership[u]!; m < end; m++) {
      const g = memberGroup[m]!;
      const last = groupStart[g]! + --liveCount[g]!;
      const at = slotOf[m]!;
      const other = slots[last]!;
      slots[at] = other;
      slotOf[other] = at;
      slots[last] = m;
      slotOf[m] = last;
    }
    this.killed[this.killedTop++] = u;
  }

  /**
   * Undoes kill(u), the last kill not yet undone: u's memberships sit just
   * past the live prefixes, so lengthening them takes u back (the order
   * inside a prefix may differ from before, which liveMembers hides).
   */
  private revive(u: number): void {
    const end = this.firstMembership[u + 1]!;
    for (let m = this.firstMembership[u]!; m < end; m++) this.liveCount[this.memberGroup[m]!]!++;
  }
}
