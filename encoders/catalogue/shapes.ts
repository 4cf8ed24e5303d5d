import type { Coord } from './types.js';

/**
 * Board shapes as small pure functions over Polyform Puzzler's coordinates.
 * Each generator yields the cells (or segments) of one regular shape; a board
 * is one of them, or a few combined with `union` and `without`.
 */

export type Offset = readonly [number, number];

const shift = (c: Coord, [dx, dy]: Offset = [0, 0]): Coord => [c[0]! + dx, c[1]! + dy, ...c.slice(2)];
const key = (c: Coord) => c.join(',');

export function union(...parts: readonly (readonly Coord[])[]): Coord[] {
  const seen = new Map<string, Coord>();
  for (const part of parts) for (const c of part) seen.set(key(c), c);
  return [...seen.values()];
}

export function without(cells: readonly Coord[], ...holes: readonly (readonly Coord[])[]): Coord[] {
  const gone = new Set(holes.flat().map(key));
  return cells.filter((c) => !gone.has(key(c)));
}

export const translate = (cells: readonly Coord[], by: Offset): Coord[] => cells.map((c) => shift(c, by));

/** Every (x, y) of a w x h box, and every layer value of a third index below `depth`, kept where `keep` holds. */
function grid(w: number, h: number, depth: number, keep: (x: number, y: number, z: number) => boolean): Coord[] {
  const out: Coord[] = [];
  for (let z = 0; z < depth; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (keep(x, y, z)) out.push(depth ? [x, y, z] : [x, y]);
  return out;
}

// Squares: [x, y].
export const squares = (w: number, h: number, keep: (x: number, y: number) => boolean = () => true): Coord[] =>
  grid(w, h, 1, (x, y) => keep(x, y)).map(([x, y]) => [x!, y!]);

// Cubes: [x, y, z].
export const cubes = (w: number, h: number, d: number, keep: (x: number, y: number, z: number) => boolean = () => true): Coord[] =>
  grid(w, h, d, keep);

// Triangles: [x, y, z], z = 0 the upward and 1 the downward triangle of the rhombus at (x, y).
export const triangles = (w: number, h: number, keep: (x: number, y: number, z: number) => boolean = () => true): Coord[] => grid(w, h, 2, keep);

/** A hexagon of triangles whose sides alternate `base` and `side` units, as Puzzler's `coordinates_semiregular_hexagon`. */
export const iamondSemiregularHexagon = (base: number, side: number, at?: Offset): Coord[] =>
  translate(
    triangles(base + side, base + side, (x, y, z) => x + y + z >= side && x + y + z <= 2 * side + base - 1),
    at ?? [0, 0],
  );

/** A regular hexagon of triangles with sides of `side` units. */
export const iamondHexagon = (side: number, at?: Offset): Coord[] => iamondSemiregularHexagon(side, side, at);

/** Two trapezoids joined at their short sides, as Puzzler's `coordinates_butterfly`. */
export const iamondButterfly = (base: number, side: number): Coord[] =>
  triangles(base + side, 2 * side, (x, y, z) => {
    const t = x + y + z;
    return !((y < side && x < side) || (y >= side && t < 2 * side) || (x >= base && t >= base + side));
  });

// Hexagons: [x, y], axes 60° apart.
export const hexes = (w: number, h: number, keep: (x: number, y: number) => boolean = () => true): Coord[] => squares(w, h, keep);

export const hexHexagon = (side: number, at?: Offset): Coord[] =>
  translate(
    hexes(2 * side - 1, 2 * side - 1, (x, y) => x + y >= side - 1 && x + y <= 3 * side - 3),
    at ?? [0, 0],
  );

export const hexTrapezoid = (base: number, side: number, at?: Offset): Coord[] =>
  translate(
    hexes(base, side, (x, y) => x + y <= base - 1),
    at ?? [0, 0],
  );

export const hexTriangle = (side: number, at?: Offset): Coord[] => hexTrapezoid(side, side, at);

export const hexElongatedHexagon = (base: number, side: number): Coord[] =>
  hexes(side + base - 1, 2 * side - 1, (x, y) => x + y >= side - 1 && x + y <= base + 2 * side - 3);

export const hexHexagram = (side: number): Coord[] => {
  const s = side - 1;
  return hexes(4 * s + 1, 4 * s + 1, (x, y) => (x + y >= 3 * s && y <= 3 * s && x <= 3 * s) || (x + y <= 5 * s && y >= s && x >= s));
};

// Square-grid segments: [x, y, d], d = 0 (x, y)-(x+1, y), d = 1 (x, y)-(x, y+1).

/** All segments joining the m x n lattice points (m - 1 by n - 1 unit squares). */
export const sticks = (m: number, n: number, keep: (x: number, y: number, d: number) => boolean = () => true): Coord[] =>
  grid(m, n, 2, (x, y, d) => !(d === 1 && y === n - 1) && !(d === 0 && x === m - 1) && keep(x, y, d));

/** The inside segments of an m x n lattice: its border left out. */
export const sticksUnbordered = (m: number, n: number): Coord[] => grid(m - 1, n - 1, 2, (x, y, d) => !(d === 1 && x === 0) && !(d === 0 && y === 0));

/** Puzzler's `coordinates_diamond_lattice`: a lattice turned 45°. */
export const sticksDiamond = (m: number, n: number): Coord[] =>
  grid(m + n, m + n, 2, (x, y, d) => -m - 1 < x - y - d && x - y - d < m && m - 2 < x + y && x + y < m + 2 * n - 1);

// Triangular-grid segments: [x, y, d], d = 0, 1, 2 from (x, y) at 0°, 60°, 120°.

/** The segments of an m x n parallelogram of lattice points' unit rhombi, border included. */
export const trigs = (m: number, n: number, keep: (x: number, y: number, d: number) => boolean = () => true, at?: Offset): Coord[] =>
  translate(
    grid(m + 1, n + 1, 3, (x, y, d) => !((d !== 0 && y === n) || (d === 0 && x === m) || (d === 2 && x === 0)) && keep(x, y, d)),
    at ?? [0, 0],
  );

export const trigTriangle = (side: number, at?: Offset): Coord[] => trigs(side, side, (x, y, d) => x + y < side || (x + y === side && d === 2), at);

export const trigHexagon = (side: number): Coord[] =>
  trigs(2 * side, 2 * side, (x, y, d) => x + y >= side && x + y <= 3 * side && !(x + y === 3 * side && d !== 2));

export const trigSemiregularHexagon = (a: number, b: number): Coord[] => {
  const [long, short] = a < b ? [b, a] : [a, b];
  const max = long + 2 * short;
  return trigs(long + short, long + short, (x, y, d) => x + y >= short && x + y <= max && !(x + y === max && d !== 2));
};

export const trigTrapezoid = (w: number, h: number): Coord[] => trigs(w, h, (x, y, d) => x + y < w || (x + y === w && d === 2));

// Hexagonal-grid segments: [x, y, d], d = 0, 1, 2 at 0°, 120°, 240° from the lower-left corner of hexagon (x, y).

/** The segments around an m x n parallelogram of hexagons, border included. */
export const twigs = (m: number, n: number, keep: (x: number, y: number, d: number) => boolean = () => true, at?: Offset): Coord[] =>
  translate(
    grid(m + 1, n + 1, 3, (x, y, d) => {
      if (d === 2 && x === 0 && y === 0) return false;
      if ((d === 1 && y === n) || (d === 0 && x === m) || (x === m && y === n)) return false;
      return keep(x, y, d);
    }),
    at ?? [0, 0],
  );

/** The parallelogram's inside segments: its border left out. */
export const twigsUnbordered = (m: number, n: number, keep: (x: number, y: number, d: number) => boolean = () => true, at?: Offset): Coord[] =>
  twigs(m, n, (x, y, d) => !((y === 0 && d !== 1) || (x === 0 && d !== 0) || y === n || x === m) && keep(x, y, d), at);

export const twigHexagon = (side: number, at?: Offset): Coord[] => {
  const [min, max] = [side - 1, 3 * side - 2];
  return twigs(2 * side - 1, 2 * side - 1, (x, y, d) => !(x + y < min || (x + y === min && d === 2) || x + y > max), at);
};

export const twigHexagonUnbordered = (side: number, at?: Offset): Coord[] => {
  const [min, max] = [side - 1, 3 * side - 2];
  return twigsUnbordered(2 * side - 1, 2 * side - 1, (x, y, d) => !(x + y <= min || (x + y === max && d !== 2) || x + y > max), at);
};

export const twigElongatedHexagon = (base: number, side: number): Coord[] => {
  const [min, max] = [side - 1, base + 2 * side - 2];
  return twigs(side + base - 1, 2 * side - 1, (x, y, d) => !(x + y < min || (x + y === min && d === 2) || x + y > max));
};

export const twigTrapezoid = (m: number, n: number): Coord[] => twigs(m, n, (x, y) => x + y <= m);

export const twigTrapezoidUnbordered = (m: number, n: number): Coord[] =>
  twigsUnbordered(m, n, (x, y, d) => !(x + y > m || (x + y === m && d !== 2)));

export const twigTriangle = (side: number): Coord[] => twigTrapezoid(side, side);

export function twigChevron(base: number, side: number): Coord[] {
  const [min, max, lastY] = [side - 1, base + side - 1, 2 * side - 1];
  return twigs(max, lastY, (x, y, d) => {
    if (x + y < min || (x + y === min && d === 2)) return false;
    if (y < side && x + y > max) return false;
    if (y >= side && (x > base || (x === base && d === 0))) return false;
    return !(y === lastY && x === base && d === 2);
  });
}

export function twigButterfly(base: number, side: number): Coord[] {
  const [min, max, lastY, firstX] = [2 * (side - 1), base + side - 1, 2 * side - 1, side - 1];
  return twigs(max, lastY, (x, y, d) => {
    const t = x + y;
    if (y >= side && (t < min || (t === min && d === 2) || x > base || (x === base && d === 0))) return false;
    if (y < side && (t > max || x < firstX || (x === firstX && y === 0 && d === 2))) return false;
    return !(y === lastY && x === base && d === 2);
  });
}

/** Puzzler's `coordinates_vertically_staggered_rectangle`. */
export function twigStaggeredRectangle(m: number, n: number): Coord[] {
  const min = Math.trunc((m - 1) / 2) * 2;
  const max = min + 2 * n + 1;
  return twigs(m, n + Math.trunc((m - 1) / 2), (x, y, d) => {
    const t = x + 2 * y;
    return !(t < min || (t === min && x % 2 === 0 && d === 2) || t > max || (t === max && x % 2 === 1 && d === 1) || (x === m && y === n && d === 2));
  });
}

/** Puzzler's `coordinates_inset_rectangle`. */
export function twigInsetRectangle(m: number, n: number): Coord[] {
  const min = Math.trunc((m - 1) / 2) * 2;
  const max = min + 2 * n;
  return twigs(m, n + Math.trunc((m - 1) / 2), (x, y, d) => {
    const t = x + 2 * y;
    return !(
      t < min ||
      (t === min && x % 2 === 0 && d === 2) ||
      t > max ||
      (t === max && x % 2 === 0 && d === 1) ||
      (x === m && x % 2 === 0 && y === n - 1 && d === 2)
    );
  });
}
