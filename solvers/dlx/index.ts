import type { ExactCoverEngine } from '../types.js';

/**
 * Dancing links (Knuth's Algorithm X, ./exact-cover.ts) as a registered
 * engine: it searches the puzzle's exact-cover form (countedCover: the
 * placements the CNF is built from, a row per copy where pieces have copies), so it serves tiling puzzles and gives no
 * UNSAT answers to certify. The plan picks its strategy from this entry's
 * kind, never from its name.
 */
export const dlx: ExactCoverEngine = {
  name: 'dlx',
  kind: 'exact-cover',
  description: 'dancing links (Algorithm X) on the placement model, for tiling puzzles',
  enumeration: 'fast: dancing links on the exact-cover form (tiling puzzles)',
  available: () => ({ ok: true, version: 'built in' }),
};
