/**
 * The least and the greatest of some numbers (Infinity and -Infinity when
 * there are none), by a loop: Math.min(...values) passes each as an argument,
 * and a board's worth of them (some 120,000) overflows the stack.
 */
export function spanOf(values: Iterable<number>): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
