import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { polycube } from '../encoders/polycube.js';
import { userErrorOf } from './helpers/expect-errors.js';
import { polyomino } from '../encoders/polyomino.js';
import { polyform } from '../encoders/polyform.js';
import { shapeKey } from '../src/geometry/cells.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { CubeTree } from '../src/enumerate/cube-tree.js';
import { UserError } from '../src/core/errors.js';
import type { PackingInstance } from '../encoders/packing.js';
import { createLogicSolver } from '../solvers/logic-solver.js';

/** Runs the SAT enumeration, checking every solution independently, and returns the counts. */
async function satCount(inst: PackingInstance, unique: boolean, cubeDepth?: number) {
  const seen = new Set<string>();
  const s = await enumerate(inst, {
    createSolver: () => createLogicSolver(),
    unique,
    cubeDepth,
    onFound: (f) => {
      const solution = inst.decode(f.trueVars);
      expect(inst.check(solution)).toBeNull();
      const key = f.trueVars.join(',');
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    },
  });
  expect(s.complete).toBe(true);
  return { count: s.count, raw: s.raw };
}

async function dlxCount(inst: PackingInstance, unique: boolean) {
  const s = await enumerateExactCover(inst, { unique, onFound: (f) => expect(inst.check(inst.decode(f.trueVars))).toBeNull() });
  return { count: s.count, raw: s.raw };
}

// ---- an independent brute-force tiler (no code shared with the encoder) ----

type P = [number, number];
const parse = (art: string): P[] => art.split('/').flatMap((row, y) => [...row].flatMap((ch, x) => (ch === '#' ? [[x, y] as P] : [])));
const canon = (cells: P[]): string => {
  const mx = Math.min(...cells.map((c) => c[0]));
  const my = Math.min(...cells.map((c) => c[1]));
  return cells
    .map(([x, y]) => [x - mx, y - my])
    .sort((a, b) => a[1]! - b[1]! || a[0]! - b[0]!)
    .map((c) => c.join(':'))
    .join(' ');
};
const turns = (cells: P[], flip: boolean): P[][] => {
  const out = new Map<string, P[]>();
  for (const mirror of flip ? [false, true] : [false]) {
    let cur = mirror ? cells.map(([x, y]) => [-x, y] as P) : cells;
    for (let r = 0; r < 4; r++) {
      cur = cur.map(([x, y]) => [-y, x] as P);
      const k = canon(cur);
      if (!out.has(k))
        out.set(
          k,
          k.split(' ').map((s) => s.split(':').map(Number) as P),
        );
    }
  }
  return [...out.values()];
};

/** Counts raw tilings of a w x h board (minus holes) by trying pieces on the first empty cell. */
function bruteForce(w: number, h: number, holes: string[], pieces: string[], flip = true): { raw: number; tilings: string[] } {
  const shapes = pieces.map((p) => turns(parse(p), flip));
  const grid: number[] = Array(w * h).fill(-1);
  for (const hole of holes) {
    const [x, y] = hole.split(',').map(Number);
    grid[y! * w + x!] = -2;
  }
  const used = pieces.map(() => false);
  const tilings: string[] = [];
  const go = (): void => {
    const first = grid.indexOf(-1);
    if (first < 0) {
      tilings.push(grid.join(','));
      return;
    }
    const fx = first % w;
    const fy = Math.floor(first / w);
    shapes.forEach((orients, p) => {
      if (used[p]) return;
      for (const o of orients) {
        // the shape's first cell in reading order lands on the first empty cell
        const [ax, ay] = o[0]!;
        const cells = o.map(([x, y]) => [x - ax + fx, y - ay + fy]);
        if (!cells.every(([x, y]) => x! >= 0 && x! < w && y! >= 0 && y! < h && grid[y! * w + x!] === -1)) continue;
        for (const [x, y] of cells) grid[y! * w + x!] = p;
        used[p] = true;
        go();
        used[p] = false;
        for (const [x, y] of cells) grid[y! * w + x!] = -1;
      }
    });
  };
  go();
  return { raw: tilings.length, tilings };
}

describe('placements', () => {
  it('has the published per-piece placement counts on the empty 8x8 board', () => {
    const inst = polyomino({ preset: '8x8-square' });
    const counts: Record<string, number> = {};
    for (const pl of inst.placements) {
      const name = inst.spec.pieces[pl.piece]!.name;
      counts[name] = (counts[name] ?? 0) + 1;
    }
    expect(counts).toEqual({ F: 288, I: 64, L: 280, N: 280, P: 336, T: 144, U: 168, V: 144, W: 144, X: 36, Y: 280, Z: 144, O4: 49 });
  });

  it('finds the board symmetry group from its shape', () => {
    expect(polyomino({ preset: '8x8-square' }).symmetries).toHaveLength(8);
    expect(polyomino({ preset: '6x10' }).symmetries).toHaveLength(4);
    expect(polyomino({ board: '.../..#/...', pieces: 'L4,T4' }).symmetries).toHaveLength(2);
    expect(polyomino({ board: '.../..#/.../...', pieces: 'L4,T4,L3' }).symmetries).toHaveLength(1);
  });

  it('builds compact and pairwise non-overlap families', () => {
    const compact = polyomino({ preset: '6x10' });
    const pairwise = polyomino({ preset: '6x10', nonOverlap: 'pairwise' });
    const families = (i: PackingInstance) => i.cnf.familyCounts().map((f) => f.name);
    expect(families(compact)).toEqual(['cover', 'non-overlap', 'piece-once', 'piece-at-least-once']);
    expect(families(pairwise)).toEqual(families(compact));
    expect(compact.cnf.projection).toHaveLength(2056);
    expect(pairwise.cnf.projection).toHaveLength(2056);
    expect(pairwise.cnf.familyCounts()[1]!.auxVars).toBe(0);
    expect(compact.cnf.familyCounts()[0]!.clauses).toBe(60);
  });
});

describe('counts against brute force on small boards', () => {
  const cases: { board: string; w: number; h: number; holes: string[]; pieces: string[]; names: string; flip?: boolean }[] = [
    { board: '4x4', w: 4, h: 4, holes: [], pieces: ['####', '###/#..', '###/..#', '##/##'], names: 'I4,L4,J=###/..#,O4' },
    { board: '5x4', w: 5, h: 4, holes: [], pieces: ['###/#..', '###/#..', '.##/##.', '####', '##/##'], names: 'A=###/#..,B=###/#..,S4,I4,O4' },
    { board: '4x4', w: 4, h: 4, holes: [], pieces: ['###/#..', '##/##', '####', '###/..#'], names: 'L4,O4,I4,J=###/..#', flip: false },
    { board: '..../.#../..../....', w: 4, h: 4, holes: ['1,1'], pieces: ['###/#..', '##/#.', '####', '###/.#.'], names: 'L4,L3,I4,T4' },
  ];
  it.each(cases)('$names on $board (flip=$flip)', { timeout: 300_000 }, async (c) => {
    const inst = polyomino({ board: c.board, pieces: c.names, flip: c.flip });
    const truth = bruteForce(c.w, c.h, c.holes, c.pieces, c.flip !== false);
    expect(truth.raw).toBeGreaterThan(0);
    const raw = await satCount(inst, false);
    expect(raw.count).toBe(truth.raw);
    for (const depth of [0, 2]) {
      const classes = await satCount(inst, true, depth);
      expect(classes.raw).toBe(truth.raw);
      expect(classes).toEqual(await dlxCount(inst, true));
    }
  });

  it('--amo pairwise with either non-overlap emits no clause twice and counts the same', async () => {
    const amo = 'pairwise';
    const keys = (inst: PackingInstance) => [...inst.cnf.clauses()].map((c) => [...c].sort((a, b) => a - b).join(' '));
    for (const nonOverlap of ['compact', 'pairwise'] as const) {
      const inst = polyomino({ board: '..../.#../..../....', pieces: 'L4,L3,I4,T4', amo, nonOverlap });
      const all = keys(inst);
      expect(new Set(all).size, `${amo}/${nonOverlap}`).toBe(all.length);
      expect(await satCount(inst, false)).toEqual(await satCount(polyomino({ board: '..../.#../..../....', pieces: 'L4,L3,I4,T4' }), false));
    }
  });

  it('treats repeated pieces as interchangeable copies', async () => {
    // two identical L tetrominoes: brute force labels them, so it counts each tiling twice
    const truth = bruteForce(4, 2, [], ['###/#..', '###/#..']);
    const inst = polyomino({ board: '4x2', pieces: 'L4,L4' });
    expect(inst.spec.pieces).toHaveLength(1);
    expect((await satCount(inst, false)).count).toBe(truth.raw / 2);
  });
});

describe('known pentomino counts', () => {
  it('3x20: 2 classes, 8 tilings (SAT)', { timeout: 300_000 }, async () => {
    expect(await satCount(polyomino({ preset: '3x20' }), true)).toEqual({ count: 2, raw: 8 });
  });

  it('8x8 with the centre hole: 65 classes, 520 tilings (dancing links)', { timeout: 300_000 }, async () => {
    expect(await dlxCount(polyomino({ preset: '8x8-centre-hole' }), true)).toEqual({ count: 65, raw: 520 });
  });

  it('8x8 square: the first SAT classes are distinct valid tilings with full orbits counted', { timeout: 300_000 }, async () => {
    const inst = polyomino({ preset: '8x8-square' });
    let n = 0;
    const s = await enumerate(inst, {
      createSolver: () => createLogicSolver(),
      unique: true,
      limit: 5,
      onFound: (f) => {
        n++;
        expect(inst.check(inst.decode(f.trueVars))).toBeNull();
        expect([1, 2, 4, 8]).toContain(f.orbitSize);
      },
    });
    expect(n).toBe(5);
    expect(s.complete).toBe(false);
  });
});

describe('the cube tree split into parts (worker threads)', () => {
  const leavesOf = (inst: PackingInstance, depth: number, part?: { index: number; of: number }) =>
    [...new CubeTree(inst, true).leaves(depth, part)].map((cube) => cube.lits.join(','));

  it.each([
    ['6x10', 5, 2],
    ['6x10', 3, 3],
    ['3x20', 6, 2],
    ['8x8-centre-hole', 2, 5],
  ])('%s at depth %i in %i parts: disjoint, together the whole tree, each a fair share', (preset, depth, parts) => {
    const inst = polyomino({ preset });
    const whole = leavesOf(inst, depth);
    const shares = Array.from({ length: parts }, (_, index) => leavesOf(inst, depth, { index, of: parts }));
    expect(shares.flat().sort()).toEqual([...whole].sort());
    for (const share of shares) expect(share.length).toBeGreaterThan(whole.length / parts / 3);
  });

  it('3x20 counted in two parts finds the 2 classes between them', { timeout: 300_000 }, async () => {
    const inst = polyomino({ preset: '3x20' });
    let count = 0;
    for (const index of [0, 1]) {
      const s = await enumerate(inst, { createSolver: () => createLogicSolver(), unique: true, part: { index, of: 2 }, onFound: () => count++ });
      expect(s.complete).toBe(true);
    }
    expect(count).toBe(2);
  });
});

describe('a board of inline art', () => {
  // Art without a "/" was looked for as a file ("--board: \".....\" is neither WxH, inline art, nor a readable board file"), where polyform took it as art.
  it('may be one row, as polyform reads it: "." and ".." too, which are directories wherever the command runs', () => {
    for (const [board, pieces] of [
      ['.....', 'I'],
      ['.. ..', 'D2,D2'],
      ['.', 'M1'],
      ['..', 'D2'],
    ]) {
      const [ours, theirs] = [polyomino({ board, pieces }), polyform({ board, pieces })];
      expect(ours.spec.region).toEqual(theirs.spec.region);
      expect(ours.params.board).toBe(board);
    }
  });
});

describe('bad input', () => {
  it.each([
    [{ preset: 'nope' }, /^preset: unknown preset "nope"/],
    [{ board: '6x10', pieces: 'F,Q' }, /^pieces: unknown piece "Q"/],
    [{ board: '5x5', pieces: 'F,I' }, /area mismatch: the board has 25 cells but the pieces cover 10/],
    [{ board: '../.x', pieces: 'L3' }, /neither WxH, inline art/],
    [{ board: '3x1', pieces: 'Q=#.#' }, /piece Q is not connected/],
  ])('%j', (options, message) => {
    expect(() => polyomino(options as never)).toThrow(UserError);
    expect(() => polyomino(options as never)).toThrow(message);
  });
  it('a pieces file names the line of the piece that is not connected, as its other errors do (regression: "p.txt: piece B is not connected")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-pieces-'));
    try {
      const file = join(dir, 'p.txt');
      writeFileSync(file, 'A:\n##\n// the one apart\nB:\n#.\n.#\n');
      expect(userErrorOf(() => polyomino({ board: '2x2', piecesFile: file }))).toBe(`${file}:4: piece B is not connected`);
      expect(userErrorOf(() => polycube({ figure: '2x2x1', piecesFile: file }))).toBe(`${file}:4: piece B is not connected`);
      writeFileSync(file, 'A:\n##\nB:\n..\n');
      expect(userErrorOf(() => polyomino({ board: '2x2', piecesFile: file }))).toMatch(new RegExp(`^${file}:3: piece B has no`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('free:K, every polyomino of order K, read as polyform reads it on squares', () => {
  const pieces = (list: string, flip?: boolean) => polyomino({ board: '8x8', pieces: list, flip }).spec.pieces;

  it('gives A000105 (1, 1, 2, 5, 12) turned over and A000988 (1, 1, 2, 7, 18) with --no-flip (regression: --pieces: cannot read piece "free:5")', () => {
    const orders = [1, 2, 3, 4, 5];
    expect(orders.map((k) => pieces(`free:${k}*0..64`).length)).toEqual([1, 1, 2, 5, 12]);
    expect(orders.map((k) => pieces(`free:${k}*0..64`, false).length)).toEqual([1, 1, 2, 7, 18]);
    // The same pieces, named and drawn as polyform's free:1-5 on the square grid.
    const named = (list: readonly { name: string; cells: readonly number[][] }[]) => list.map((p) => [p.name, shapeKey(p.cells as never)]);
    expect(named(pieces('free:1-5*0..64'))).toEqual(named(polyform({ grid: 'square', board: '8x8', pieces: 'free:1-5*0..64' }).spec.pieces));
  });

  it('counts 6x10 by the twelve pentominoes as the named set does (2339 classes, Knuth, Dancing Links (2000)), and 2x4 by free:2*4 in its 5 domino tilings', async () => {
    expect((await dlxCount(polyomino({ board: '6x10', pieces: 'free:5' }), true)).count).toBe(2339);
    expect((await satCount(polyomino({ board: '2x4', pieces: 'free:2*4' }), false)).count).toBe(5);
    expect(() => polyomino({ board: '2x4', pieces: 'free:9' })).toThrow(/^pieces: "free:9": orders from 1 to 8/);
  });
});
