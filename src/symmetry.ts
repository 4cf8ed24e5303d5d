import type { Instance } from './puzzle.js';

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

export interface Cube {
  /** Literals fixed true in this part of the search. */
  lits: number[];
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
 */
export class CubeTree {
  private readonly groups: Int32Array[];
  private readonly groupsOf: Int32Array[];
  private readonly liveCount: Int32Array;
  private readonly deadBy: Int32Array;
  private readonly satisfied: Uint8Array;
  /** invariant[s][g]: symmetry s maps group g onto itself. */
  private readonly invariant: Uint8Array[];

  constructor(
    private readonly instance: Instance,
    unique: boolean,
  ) {
    this.groups = instance.splitGroups.map((g) => Int32Array.from(g));
    const lists: number[][] = [];
    this.groups.forEach((g, gi) => g.forEach((v) => (lists[v] ??= []).push(gi)));
    this.groupsOf = Array.from({ length: instance.cnf.varCount + 1 }, (_, v) => Int32Array.from(lists[v] ?? []));
    this.liveCount = Int32Array.from(this.groups, (g) => g.length);
    this.deadBy = new Int32Array(instance.cnf.varCount + 1);
    this.satisfied = new Uint8Array(this.groups.length);
    this.invariant = (unique ? instance.symmetries : []).map((p) =>
      Uint8Array.from(this.groups, (g) => {
        const members = new Set(g);
        return Number(g.every((v) => members.has(p[v]!)));
      }),
    );
  }

  /** Visits the leaves at `depth` (or shallower where nothing splits) in order. */
  *leaves(depth: number): Generator<Cube> {
    const all = this.invariant.map((_, i) => i);
    yield* this.walk({ lits: [], stabilizer: all }, depth);
  }

  private *walk(cube: Cube, depth: number): Generator<Cube> {
    const group = depth > 0 ? this.choose(cube.stabilizer) : -1;
    if (group < 0) {
      yield cube;
      return;
    }
    const perms = cube.stabilizer.map((i) => this.instance.symmetries[i]!);
    const covered = new Set<number>();
    const live = Array.from(this.groups[group]!).filter((v) => this.deadBy[v] === 0);
    for (const v of live) {
      if (covered.has(v)) continue;
      covered.add(v);
      for (const p of perms) covered.add(p[v]!);
      this.select(v, 1);
      yield* this.walk({ lits: [...cube.lits, v], stabilizer: cube.stabilizer.filter((i) => this.instance.symmetries[i]![v] === v) }, depth - 1);
      this.select(v, -1);
    }
  }

  /** The qualifying unsatisfied group with the fewest live members; -1 if none. */
  private choose(stabilizer: readonly number[]): number {
    let best = -1;
    for (let g = 0; g < this.groups.length; g++) {
      if (this.satisfied[g] || (best >= 0 && this.liveCount[g]! >= this.liveCount[best]!)) continue;
      if (stabilizer.every((s) => this.invariant[s]![g])) best = g;
    }
    return best;
  }

  /** Chooses (+1) or un-chooses (-1) a literal, keeping live counts exact. */
  private select(v: number, step: 1 | -1): void {
    for (const g of this.groupsOf[v]!) {
      this.satisfied[g] = step > 0 ? 1 : 0;
      for (const u of this.groups[g]!) {
        const before = this.deadBy[u]!;
        this.deadBy[u] = before + step;
        if ((before === 0) !== (this.deadBy[u] === 0)) for (const h of this.groupsOf[u]!) this.liveCount[h] = this.liveCount[h]! - step;
      }
    }
  }
}
