/**
 * An enumeration's solutions as sorted keys (with `unique`, their classes by
 * the least member of each orbit), so that two engines' runs compare solution
 * for solution with one toEqual.
 */
import type { Instance } from '../../src/core/puzzle.js';
import type { Found } from '../../src/enumerate/blocking-loop.js';
import { orbit } from '../../src/enumerate/cube-tree.js';
import { enumerateExactCover } from '../../src/enumerate/dlx.js';
import { type EnumeratePlan, type EnumerationResult, resolvePlan, runPlan } from '../../src/index.js';

/** A class as a key: the lexicographically least member of its orbit. */
export function classKey(instance: Instance, trueVars: readonly number[]): string {
  return orbit(instance.symmetries, trueVars)
    .map((img) => img.join(','))
    .sort()[0]!;
}

export interface Listing {
  count: number;
  raw: number;
  complete: boolean;
  /** The solutions (or with `unique`, their classes), as sorted keys. */
  keys: string[];
}

type Run = (onFound: (f: Found) => void) => Promise<{ count: number; raw: number; complete: boolean }>;

/** Runs an enumeration and lists what it found; `each` sees every solution too. */
export async function listing(instance: Instance, unique: boolean, run: Run, each?: (f: Found) => void): Promise<Listing> {
  const keys: string[] = [];
  const summary = await run((f) => {
    keys.push(unique ? classKey(instance, f.trueVars) : f.trueVars.join(','));
    each?.(f);
  });
  return { count: summary.count, raw: summary.raw, complete: summary.complete, keys: keys.sort() };
}

export const byDancingLinks = (instance: Instance, unique: boolean): Promise<Listing> =>
  listing(instance, unique, (onFound) => enumerateExactCover(instance, { unique, onFound }));

/** `enumerate --solver X` on an instance, as the library runs it: the resolved plan, carried out. */
export async function byPlan(instance: Instance, solver: string, unique: boolean, onFound: (f: Found) => void): Promise<EnumerationResult> {
  const plan = (await resolvePlan(instance, { verb: 'enumerate', solver, unique })) as EnumeratePlan;
  return runPlan(plan, { onSolution: onFound });
}
