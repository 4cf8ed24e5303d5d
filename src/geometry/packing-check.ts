import { type Cell, minCorner } from './cells.js';

/**
 * An independent packing checker: it shares no code with the encoder (its own
 * rotations, its own congruence test), so an encoder bug cannot hide behind it.
 * Returns a description of the first problem, or null when the packing is valid.
 */
export function checkPacking(
  region: readonly Cell[],
  pieces: readonly { name: string; cells: readonly Cell[]; count: number }[],
  /** How pieces may move: reflected or not; turned in the plane only, or in space (where a flat piece can flip over). */
  motions: { mirror: boolean; spatial: boolean },
  solution: { placements: readonly { piece: string; cells: readonly Cell[] }[] },
): string | null {
  const key = (c: readonly number[]) => c.join(',');
  const inRegion = new Set(region.map(key));
  const coveredBy = new Map<string, string>();
  const used = new Map<string, number>();
  for (const pl of solution.placements) {
    const piece = pieces.find((p) => p.name === pl.piece);
    if (!piece) return `unknown piece ${pl.piece}`;
    used.set(pl.piece, (used.get(pl.piece) ?? 0) + 1);
    if (!congruent(piece.cells, pl.cells, motions)) return `piece ${pl.piece} is not placed in one of its shapes`;
    for (const c of pl.cells) {
      const k = key(c);
      if (!inRegion.has(k)) return `piece ${pl.piece} leaves the board at (${k})`;
      const other = coveredBy.get(k);
      if (other !== undefined) return `pieces ${other} and ${pl.piece} overlap at (${k})`;
      coveredBy.set(k, pl.piece);
    }
  }
  for (const c of region) if (!coveredBy.has(key(c))) return `cell (${key(c)}) is not covered`;
  for (const p of pieces) {
    const n = used.get(p.name) ?? 0;
    if (n !== p.count) return `piece ${p.name} is used ${n} times, expected ${p.count}`;
  }
  return null;
}

type Vec = [number, number, number];

// Quarter turns about the three axes generate all 24 rotations of space.
const turnX = ([x, y, z]: Vec): Vec => [x, -z, y];
const turnY = ([x, y, z]: Vec): Vec => [z, y, -x];
const turnZ = ([x, y, z]: Vec): Vec => [-y, x, z];
const mirror = ([x, y, z]: Vec): Vec => [-x, y, z];

function canonical(cells: readonly Vec[]): string {
  const min = minCorner(cells);
  return cells
    .map((c) => c.map((v, i) => v - min[i]!).join(','))
    .sort()
    .join(' ');
}

// Enumerations check thousands of solutions made of the same few shapes.
const imagesCache = new Map<string, Set<string>>();

function images(cells: readonly Vec[], flat: boolean): Set<string> {
  const key = `${flat ? 'plane' : 'space'} ${canonical(cells)}`;
  let found = imagesCache.get(key);
  if (!found) imagesCache.set(key, (found = rotationImages(cells, flat)));
  return found;
}

/** All images of a shape under the rotations (closure of the generators). */
function rotationImages(cells: readonly Vec[], flat: boolean): Set<string> {
  const gens = flat ? [turnZ] : [turnX, turnY, turnZ];
  const seen = new Map<string, Vec[]>([[canonical(cells), [...cells]]]);
  const queue = [[...cells]];
  while (queue.length) {
    const s = queue.pop()!;
    for (const g of gens) {
      const t = s.map(g);
      const k = canonical(t);
      if (!seen.has(k)) {
        seen.set(k, t);
        queue.push(t);
      }
    }
  }
  return new Set(seen.keys());
}

function congruent(shape: readonly Cell[], placed: readonly Cell[], motions: { mirror: boolean; spatial: boolean }): boolean {
  if (shape.length !== placed.length) return false;
  const flat = !motions.spatial;
  const target = canonical(placed as Vec[]);
  const s = shape as Vec[];
  return images(s, flat).has(target) || (motions.mirror && images(s.map(mirror), flat).has(target));
}
