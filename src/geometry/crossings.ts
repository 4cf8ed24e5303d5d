import { type Cell, cellKey } from './cells.js';
import type { Grid } from './grids.js';

/**
 * The no-crossing rule of stick pieces, as claims on the directions around
 * lattice points: two placements cross at a point exactly when they claim a
 * common direction there, so "at most one placement per claim" (a secondary
 * item) forbids crossing and nothing else.
 *
 * Around a point the n directions (4 on the square grid, 6 on the
 * triangular) are numbered counterclockwise. A piece with directions D there
 * (|D| ≥ 2) claims, for each two of its directions a and b that follow one
 * another counterclockwise with 1 to n/2 - 1 free directions between them,
 * the closed arc a, a+1, ..., b. Two edge-disjoint pieces cross at the point
 * when their directions alternate around it (a1 < b1 < a2 < b2 in circular
 * order), and that happens exactly when their claims meet (checked for every
 * pair of direction sets in test/crossings.test.ts). On the square grid only
 * a piece running straight through claims (all four directions): at most one
 * piece runs straight through a point (Knuth's secondary items for
 * polysticks). On the triangular grid it is the rule of Polyform Puzzler's
 * polytrigs: a 120° turn claims its two legs and the gap, a straight run
 * both sides. On the hexagonal grid three edges meet at a point and nothing
 * can cross.
 */

/** A claim: a direction at a lattice point, named for messages and variable labels. */
export interface Claim {
  key: string;
  label: string;
}

/** The directions a set of sticks takes at each lattice point it touches (indices 0..n-1 counterclockwise from 0°). */
export function directionsAtPoints(grid: Grid, n: number, cells: readonly Cell[]): Map<string, { vertex: Cell; directions: Set<number> }> {
  const at = new Map<string, { vertex: Cell; directions: Set<number> }>();
  const step = (2 * Math.PI) / n;
  for (const c of cells) {
    const [a, b] = grid.corners(c) as [Cell, Cell];
    const [pa, pb] = [grid.plane(a), grid.plane(b)];
    const slot = (((Math.round(Math.atan2(pb[1] - pa[1], pb[0] - pa[0]) / step) % n) + n) % n) as number;
    for (const [vertex, direction] of [
      [a, slot],
      [b, (slot + n / 2) % n],
    ] as const) {
      const entry = at.get(cellKey(vertex)) ?? { vertex, directions: new Set<number>() };
      entry.directions.add(direction);
      at.set(cellKey(vertex), entry);
    }
  }
  return at;
}

/** The arcs a set of directions around one point claims (see the module comment). */
export function claimedDirections(directions: ReadonlySet<number>, n: number): Set<number> {
  const sorted = [...directions].sort((a, b) => a - b);
  const claimed = new Set<number>();
  if (sorted.length < 2) return claimed;
  sorted.forEach((a, i) => {
    const b = sorted[(i + 1) % sorted.length]!;
    const gap = (b - a - 1 + n) % n;
    if (gap < 1 || gap > n / 2 - 1) return;
    for (let d = a; d !== b; d = (d + 1) % n) claimed.add(d);
    claimed.add(b);
  });
  return claimed;
}

/** What one placed stick piece claims on a grid where sticks can cross. */
export function crossingClaims(grid: Grid, cells: readonly Cell[]): Claim[] {
  const n = grid.crossing;
  if (!n) return [];
  const out: Claim[] = [];
  for (const [key, { vertex, directions }] of directionsAtPoints(grid, n, cells)) {
    for (const d of claimedDirections(directions, n)) out.push({ key: `${key}#${d}`, label: `point (${vertex[0]},${vertex[1]}) direction ${d}` });
  }
  return out;
}
