import { describe, expect, it } from 'vitest';
import { CATALOGUE, FAMILIES, cataloguePuzzle } from '../encoders/catalogue/index.js';
import type { Grid } from '../encoders/catalogue/types.js';
import { countPuzzle, restrictionCountsClasses } from './helpers/polyform-count.js';

/** How many numbers a coordinate has on each grid, and the largest direction or orientation index. */
const ARITY: Record<Grid, { length: number; last?: number }> = {
  square: { length: 2 },
  hexagon: { length: 2 },
  cube: { length: 3 },
  triangle: { length: 3, last: 1 },
  'square-edges': { length: 3, last: 1 },
  'triangle-edges': { length: 3, last: 2 },
  'hexagon-edges': { length: 3, last: 2 },
};

const range = (count: number | string | undefined): [number, number] =>
  count === undefined ? [1, 1] : typeof count === 'number' ? [count, count] : (count.split('..').map(Number) as [number, number]);

describe('the puzzle catalogue', () => {
  it('holds at least 150 puzzles, every family among them, names unique', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(150);
    for (const f of FAMILIES) expect(CATALOGUE.filter((p) => p.family === f).length, f).toBeGreaterThanOrEqual(10);
    expect(new Set(CATALOGUE.map((p) => p.name)).size).toBe(CATALOGUE.length);
    expect(cataloguePuzzle('hexiamonds-6x6').count).toBe(156);
    expect(() => cataloguePuzzle('no-such-puzzle')).toThrow(/unknown catalogue puzzle "no-such-puzzle"/);
  });

  it.each(CATALOGUE.map((p) => [p.name, p] as const))('%s is well formed: cells on its grid, area matching the pieces, a source', (_, p) => {
    const { length, last } = ARITY[p.board.grid];
    expect(p.pieces.grid).toBe(p.board.grid);
    for (const c of [...p.board.cells, ...p.pieces.pieces.flatMap((x) => x.cells)]) {
      expect(c.length).toBe(length);
      expect(c.every(Number.isInteger)).toBe(true);
      if (last !== undefined) expect(c[2]! >= 0 && c[2]! <= last, `${p.name} ${c.join(',')}`).toBe(true);
    }
    expect(new Set(p.board.cells.map((c) => c.join(','))).size, 'a board cell twice').toBe(p.board.cells.length);
    const [min, max] = p.pieces.pieces.reduce(
      ([lo, hi], x) => [lo + range(x.count)[0] * x.cells.length, hi + range(x.count)[1] * x.cells.length],
      [0, 0],
    );
    expect(p.board.cells.length).toBeGreaterThanOrEqual(min);
    expect(p.board.cells.length).toBeLessThanOrEqual(max);
    expect(p.source).toMatch(/^https:\/\//);
    for (const r of p.restriction ?? []) expect(p.pieces.pieces.map((x) => x.name)).toContain(r.piece);
    if (p.counts === 'restricted') expect(p.restriction).toBeDefined();
    if (p.counts === 'classes' && p.board.grid === 'cube') expect(p.symmetry).toBeDefined();
  });
});

/**
 * Published counts reproduced by the independent counter (test/helpers/polyform-count.ts),
 * a few fast ones per family; `puzzlesat verify` runs the whole catalogue. Each count's
 * source is the puzzle's `source` and `note`, cited here too.
 */
const REPRODUCED: [name: string, citation: string][] = [
  ['pentominoes-3x20', "Knuth, Dancing Links (2000): 2 ways up to symmetry; Wikipedia 'Pentomino'"],
  ['pentominoes-cross-1', 'Polyform Puzzler, pentominoes page: PentominoesCross1, 14 solutions'],
  ['soma-clip', 'Polyform Puzzler, polycubes page: SomaClip, 20 solutions up to rotation'],
  ['soma-castle-1', 'Polyform Puzzler, polycubes page: SomaCastle1, 6 solutions'],
  ['hexiamonds-hexicator', "Polyform Puzzler, hexiamonds page: HexiamondsHexicator (Sicherman's Hexicator), 1 solution"],
  ['hexiamonds-crescent-2', 'Polyform Puzzler, hexiamonds page: HexiamondsCrescent2, 2 solutions'],
  ['tetrahexes-4x7', 'Polyform Puzzler, polyhexes page: Tetrahexes4x7, 9 solutions'],
  ['tetrahexes-coin', 'Polyform Puzzler, polyhexes page: TetrahexesCoin, 4 solutions'],
  ['one-sided-welded-tetrasticks-5x5', 'Polyform Puzzler, polysticks page: OneSidedWeldedTetrasticks5x5, 3 solutions'],
  ['polysticks-123-4x4-clipped-corners-1', 'Polyform Puzzler, polysticks page: Polysticks123_4x4ClippedCorners1, 21 solutions'],
  ['polysticks-123-4x4-clipped-corners-2', 'Polyform Puzzler, polysticks page: Polysticks123_4x4ClippedCorners2, 132 solutions'],
  ['tritrigs-hex-3x1-ring', 'Polyform Puzzler, polytrigs page: 3x1 semi-regular hexagon ring, 1 solution'],
  ['tritrigs-parallelogram-5x2', 'Polyform Puzzler, polytrigs page: 5x2 parallelogram, 9 solutions'],
  ['tetratwigs-arch', 'Polyform Puzzler, polytwigs page: tetratwigs arch, 2 solutions'],
  ['pentatwigs-4x4-1', 'Polyform Puzzler, polytwigs page: pentatwigs 4x4 parallelogram 1, 1 solution'],
];

describe('published counts, by an independent exact-cover counter', () => {
  it('covers every family', () => {
    expect(new Set(REPRODUCED.map(([n]) => cataloguePuzzle(n).family))).toEqual(new Set(FAMILIES));
  });

  it.each(REPRODUCED)(
    '%s (%s)',
    (name) => {
      const p = cataloguePuzzle(name);
      expect(countPuzzle(p).count).toBe(p.count);
    },
    120_000,
  );

  it.each(CATALOGUE.filter((p) => p.counts === 'restricted').map((p) => [p.name, p] as const))(
    '%s: perClass holds exactly when the restriction is a transversal of the board group acting freely',
    (_, p) => {
      expect(p.perClass ?? false).toBe(restrictionCountsClasses(p));
    },
  );

  it('one-sided-tetratwigs-triangle-3: 3 solutions in 2 classes, where Puzzler documents 2 with no restriction (kept as a disputed count)', () => {
    // Puzzler's tetratwigs.py: OneSidedTetratwigsTriangle_3, holes (1,0,1), (1,1,1), (2,0,1), "2 solutions", no customize_piece_data.
    const p = cataloguePuzzle('one-sided-tetratwigs-triangle-3');
    expect(p.count).toBe(2);
    expect(p.note).toMatch(/disputed/);
    expect(countPuzzle(p, 'solutions').count).toBe(3);
    expect(countPuzzle(p, 'classes').count).toBe(2);
  });

  it('counts classes and restrictions as the source does: the same board counted three ways', () => {
    // Puzzler's Tetrahexes4x7 keeps P4 to rotations 0-2, one solution per class of the
    // parallelogram's group {identity, 180°}: 9 classes, 18 solutions in all.
    const p = cataloguePuzzle('tetrahexes-4x7');
    expect(countPuzzle(p, 'restricted').count).toBe(9);
    expect(countPuzzle(p, 'classes').count).toBe(9);
    expect(countPuzzle(p, 'solutions').count).toBe(18);
  });
});
