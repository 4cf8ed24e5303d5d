import type { Cell } from './cells.js';
import type { Grid, PlanePoint } from './grids.js';
import type { CheckedPiece } from './packing-check.js';

/**
 * The independent checks of packings on the planar grids, done on the
 * drawing (each cell's corners in the plane) with rotations by angles and
 * reflections in lines, never the grid's integer matrices or points the
 * encoder uses: congruence of a placed piece with its shape in one of its
 * allowed aspects, and that no two stick pieces cross.
 */

/** A piece's allowed aspects as Polyform Puzzler gives them: the turns (steps of 360/turns degrees) and whether it may be flipped. */
export interface Aspects {
  turns: readonly number[];
  flip: boolean;
}

const round = (v: number) => {
  const r = Math.round(v * 1e6) / 1e6;
  return r === 0 ? 0 : r; // no -0
};

/** A shape as sets of rounded corners, one per cell, moved so that its least corner is the origin. */
function signature(cells: readonly (readonly PlanePoint[])[]): string {
  const points = cells.flat();
  let [ox, oy] = [Infinity, Infinity];
  for (const [x, y] of points) if (round(x) < round(ox) || (round(x) === round(ox) && round(y) < round(oy))) [ox, oy] = [x, y];
  return cells
    .map((corners) =>
      corners
        .map(([x, y]) => `${round(x - ox)},${round(y - oy)}`)
        .sort()
        .join(' '),
    )
    .sort()
    .join(' | ');
}

/** Turn by `angle` after reflecting in the line through the origin at angle `axis` (when flipped). */
function motion(angle: number, flipped: boolean, axis: number): (p: PlanePoint) => PlanePoint {
  const [c2, s2] = [Math.cos(2 * axis), Math.sin(2 * axis)];
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return ([x0, y0]) => {
    const [x, y] = flipped ? [x0 * c2 + y0 * s2, x0 * s2 - y0 * c2] : [x0, y0];
    return [x * c - y * s, x * s + y * c];
  };
}

const drawn = (grid: Grid, cells: readonly Cell[]) => cells.map((c) => grid.corners(c).map((v) => grid.plane(v)));

/**
 * A congruence test for checkPacking: the placed cells are the piece's cells
 * turned by one of its allowed turns (after its flip, where allowed) and moved.
 */
export function planeCongruence(grid: Grid, aspectsOf: (piece: CheckedPiece) => Aspects): (piece: CheckedPiece, placed: readonly Cell[]) => boolean {
  const images = new Map<string, Set<string>>();
  return (piece, placed) => {
    let allowed = images.get(piece.name);
    if (!allowed) {
      const { turns, flip } = aspectsOf(piece);
      const shape = drawn(grid, piece.cells);
      allowed = new Set<string>();
      for (const flipped of flip ? [false, true] : [false])
        for (const r of turns) {
          const move = motion((2 * Math.PI * r) / grid.turns, flipped, grid.flipAxis);
          allowed.add(signature(shape.map((corners) => corners.map(move))));
        }
      images.set(piece.name, allowed);
    }
    return placed.length === piece.cells.length && allowed.has(signature(drawn(grid, placed)));
  };
}

/**
 * Two stick pieces cross at a point when their sticks leaving it alternate
 * around it (one, the other, the one, the other). Returns the first crossing, or null.
 */
export function crossingProblem(grid: Grid, placements: readonly { piece: string; cells: readonly Cell[] }[]): string | null {
  const around = new Map<string, { at: PlanePoint; angles: Map<number, number[]> }>();
  placements.forEach((pl, i) => {
    for (const c of pl.cells) {
      const [a, b] = grid.corners(c).map((v) => grid.plane(v)) as [PlanePoint, PlanePoint];
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const key = `${round(from[0])},${round(from[1])}`;
        const entry = around.get(key) ?? { at: from, angles: new Map<number, number[]>() };
        entry.angles.set(i, [...(entry.angles.get(i) ?? []), Math.atan2(to[1] - from[1], to[0] - from[0])]);
        around.set(key, entry);
      }
    }
  });
  for (const { at, angles } of around.values()) {
    const pieces = [...angles.keys()];
    for (const i of pieces)
      for (const j of pieces) {
        if (j <= i) continue;
        const owners = [...angles.get(i)!.map((a) => [a, i]), ...angles.get(j)!.map((a) => [a, j])].sort((p, q) => p[0]! - q[0]!).map((p) => p[1]);
        const changes = owners.filter((o, k) => o !== owners[(k + 1) % owners.length]).length;
        if (changes >= 4)
          return `pieces ${placements[i]!.piece} and ${placements[j]!.piece} cross at (${round(at[0])}, ${round(at[1])}) in the plane`;
      }
  }
  return null;
}
