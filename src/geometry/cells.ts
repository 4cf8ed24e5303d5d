/**
 * Cells, shapes and their symmetries, shared by 2D (z = 0) and 3D puzzles so
 * that polyominoes and polycubes use one placement model.
 */
export type Cell = readonly [number, number, number];
/** A signed permutation matrix, stored as rows: x' = sum_j m[0][j] * c[j], ... */
export type Transform = readonly (readonly [number, number, number])[];

export const cellKey = (c: Cell): string => `${c[0]},${c[1]},${c[2]}`;

function apply(t: Transform, c: Cell): Cell {
  const r = (i: number) => t[i]![0] * c[0] + t[i]![1] * c[1] + t[i]![2] * c[2];
  return [r(0), r(1), r(2)];
}

export function isMirror(t: Transform): boolean {
  return determinant(t) < 0;
}

function determinant(t: Transform): number {
  const [a, b, c] = [t[0]!, t[1]!, t[2]!];
  return a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) - a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) + a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!);
}

/** All 48 signed permutation matrices: the isometries of the cube fixing the origin. */
function allSignedPermutations(): Transform[] {
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const out: Transform[] = [];
  for (const p of perms) {
    for (let signs = 0; signs < 8; signs++) {
      const row = (i: number): [number, number, number] => {
        const r: [number, number, number] = [0, 0, 0];
        r[p[i]!] = signs & (1 << i) ? -1 : 1;
        return r;
      };
      out.push([row(0), row(1), row(2)]);
    }
  }
  return out;
}

const SIGNED = allSignedPermutations();
const isIdentity = (t: Transform) => t.every((row, i) => row.every((v, j) => v === (i === j ? 1 : 0)));
// Identity first, so that "orientation 0" is the shape as drawn.
const byIdentityFirst = (a: Transform, b: Transform) => Number(isIdentity(b)) - Number(isIdentity(a));

/** The symmetry groups a puzzle may allow, as matrices. */
export const GROUPS = {
  /** The 8 symmetries of the square (rotations and reflections in the xy plane). */
  planeIsometries: SIGNED.filter((t) => t[2]![2] === 1).sort(byIdentityFirst),
  /** The 4 rotations in the xy plane. */
  planeRotations: SIGNED.filter((t) => t[2]![2] === 1 && determinant(t) === 1).sort(byIdentityFirst),
  /** The 24 proper rotations of the cube. */
  rotations: SIGNED.filter((t) => determinant(t) === 1).sort(byIdentityFirst),
  /** All 48 isometries of the cube. */
  isometries: [...SIGNED].sort(byIdentityFirst),
} as const;

/** Translates a cell set so its minimum corner is the origin, and sorts it. */
export function normalize(cells: readonly Cell[]): Cell[] {
  const [mx, my, mz] = minCorner(cells);
  return cells.map((c): Cell => [c[0] - mx, c[1] - my, c[2] - mz]).sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
}

export const shapeKey = (cells: readonly Cell[]): string => normalize(cells).map(cellKey).join(' ');

export function transformShape(t: Transform, cells: readonly Cell[]): Cell[] {
  return normalize(cells.map((c) => apply(t, c)));
}

/** The distinct orientations of a shape under a group (duplicates removed). */
export function orientations(cells: readonly Cell[], group: readonly Transform[]): Cell[][] {
  const seen = new Map<string, Cell[]>();
  for (const t of group) {
    const shape = transformShape(t, cells);
    const key = shape.map(cellKey).join(' ');
    if (!seen.has(key)) seen.set(key, shape);
  }
  return [...seen.values()];
}

/**
 * The symmetries of a region (a board or a 3D figure): for each transform of
 * the group that maps the region onto itself, the permutation of its cells
 * (cell index -> cell index), in group order (the identity first).
 */
export function regionSymmetries(cells: readonly Cell[], group: readonly Transform[]): { transform: Transform; perm: Int32Array }[] {
  const index = new Map(cells.map((c, i) => [cellKey(c), i]));
  const out: { transform: Transform; perm: Int32Array }[] = [];
  for (const t of group) {
    const moved = cells.map((c) => apply(t, c));
    const [mx, my, mz] = minCorner(moved);
    const [ox, oy, oz] = minCorner(cells);
    const perm = new Int32Array(cells.length);
    let ok = true;
    for (let i = 0; i < moved.length && ok; i++) {
      const m = moved[i]!;
      const j = index.get(cellKey([m[0] - mx + ox, m[1] - my + oy, m[2] - mz + oz]));
      if (j === undefined) ok = false;
      else perm[i] = j;
    }
    if (ok) out.push({ transform: t, perm });
  }
  return out;
}

/** The smallest coordinate on each axis (a loop: spreading 100,000 cells into Math.min overflows the stack). */
export function minCorner(cells: readonly Cell[]): Cell {
  let mx = Infinity;
  let my = Infinity;
  let mz = Infinity;
  for (const [x, y, z] of cells) {
    mx = Math.min(mx, x);
    my = Math.min(my, y);
    mz = Math.min(mz, z);
  }
  return [mx, my, mz];
}

/** The largest coordinate on each axis. */
export function maxCorner(cells: readonly Cell[]): Cell {
  const [fx, fy, fz] = minCorner(cells.map((c): Cell => [-c[0], -c[1], -c[2]]));
  return [-fx, -fy, -fz];
}

/** Size of the bounding box. */
export function extent(cells: readonly Cell[]): Cell {
  const [ox, oy, oz] = minCorner(cells);
  const [fx, fy, fz] = maxCorner(cells);
  return [fx - ox + 1, fy - oy + 1, fz - oz + 1];
}

/** Is the cell set connected through faces? */
export function isConnected(cells: readonly Cell[]): boolean {
  if (cells.length === 0) return false;
  const keys = new Set(cells.map(cellKey));
  const seen = new Set([cellKey(cells[0]!)]);
  const stack = [cells[0]!];
  while (stack.length) {
    const [x, y, z] = stack.pop()!;
    for (const n of [
      [x + 1, y, z],
      [x - 1, y, z],
      [x, y + 1, z],
      [x, y - 1, z],
      [x, y, z + 1],
      [x, y, z - 1],
    ] as Cell[]) {
      const k = cellKey(n);
      if (keys.has(k) && !seen.has(k)) {
        seen.add(k);
        stack.push(n);
      }
    }
  }
  return seen.size === keys.size;
}
