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

export interface CubeOptions {
  unique: boolean;
  /** Keep splitting until at least this many cubes exist (or nothing splits further). */
  target: number;
  maxDepth: number;
}

const mapsOnto = (perm: Int32Array, group: readonly number[], members: Set<number>) => group.every((v) => members.has(perm[v]!));

/**
 * Splits the search into cubes. At each level a cube is split on the smallest
 * split group among those its stabilizer maps onto themselves; only one
 * element per stabilizer orbit becomes a sub-cube, and the sub-cube keeps the
 * symmetries that fix it. Dead cubes (clashing literals) are left for unit
 * propagation to discard when they are run.
 */
export function makeCubes(instance: Instance, options: CubeOptions): Cube[] {
  const symmetries = instance.symmetries;
  const all = options.unique ? symmetries.map((_, i) => i) : [];
  let cubes: Cube[] = [{ lits: [], stabilizer: all }];
  for (let depth = 0; depth < options.maxDepth && cubes.length < options.target; depth++) {
    const next: Cube[] = [];
    let split = false;
    for (const cube of cubes) {
      const children = splitCube(instance, cube);
      if (children) split = true;
      next.push(...(children ?? [cube]));
    }
    cubes = next;
    if (!split) break;
  }
  return cubes;
}

function splitCube(instance: Instance, cube: Cube): Cube[] | null {
  const perms = cube.stabilizer.map((i) => instance.symmetries[i]!);
  let best: number[] | null = null;
  for (const group of instance.splitGroups) {
    if (group.some((v) => cube.lits.includes(v))) continue;
    const members = new Set(group);
    if (!perms.every((p) => mapsOnto(p, group, members))) continue;
    if (!best || group.length < best.length) best = group;
  }
  if (!best) return null;
  const covered = new Set<number>();
  const children: Cube[] = [];
  for (const v of best) {
    if (covered.has(v)) continue;
    for (const p of perms) covered.add(p[v]!);
    covered.add(v);
    children.push({ lits: [...cube.lits, v], stabilizer: cube.stabilizer.filter((i) => instance.symmetries[i]![v] === v) });
  }
  return children;
}
