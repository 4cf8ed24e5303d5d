import { image } from './cube-tree.js';

/** a < b, for sorted lists of variables of equal length. */
export function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * Whether a solution (its true variables, ascending) is the lexicographically
 * least of its images under `perms`: keeping only those reports each class
 * once when the search itself does not break the symmetry.
 */
export function isLexLeader(perms: readonly Int32Array[], sortedVars: readonly number[]): boolean {
  return !perms.some((p) => lexLess(image(p, sortedVars), sortedVars));
}
