/** Seeds run from 0 to SEEDS - 1: the generator keeps 32 bits of one (seed >>> 0), so 2^32 would draw what 0 draws. */
export const SEEDS = 2 ** 32;

/**
 * Mulberry32: a small, fast, seedable generator of numbers in [0, 1). One
 * shared copy, so that the same seed gives the same dice rolls, deck layouts
 * and test formulas everywhere.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
