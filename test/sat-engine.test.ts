/**
 * The MiniSat glue's own search (solvers/minisat-wasm/glue.cc): cover
 * branching and projected enumeration by chronological backtracking, each on
 * and off, against dancing links solution for solution on packings, and
 * against brute force and an independent DPLL on random CNFs with auxiliary
 * variables.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomThreeSat } from '../bench/minisat-builds.js';
import { polycube, soma } from '../encoders/polycube.js';
import { polyomino } from '../encoders/polyomino.js';
import type { Instance } from '../src/core/puzzle.js';
import { seededRandom } from '../src/core/random.js';
import {
  type EnumMode,
  type Found,
  type Propagation,
  applyBranching,
  enumerate,
  parseBranching,
  parseEnumMode,
  parsePropagation,
} from '../src/enumerate/blocking-loop.js';
import type { AmoEncoding } from '../src/card/index.js';
import { orbit } from '../src/enumerate/cube-tree.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import type { BranchingRule } from '../solvers/types.js';
import { solveDpll } from './helpers/dpll.js';
import { missing } from './helpers/requires.js';

type Clauses = number[][];

const lexLess = (a: readonly number[], b: readonly number[]) => {
  const i = a.findIndex((v, k) => v !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
};

/** A class by its lexicographically least member. */
const classKey = (instance: Instance, vars: readonly number[]) =>
  orbit(instance.symmetries, vars)
    .reduce((least, img) => (lexLess(img, least) ? img : least))
    .join(',');

interface Listing {
  /** Sorted solution keys (class keys with `unique`). */
  keys: string[];
  raw: number;
}

function listing(instance: Instance, unique: boolean, found: Found[], raw: number): Listing {
  const keys = found.map((f) => (unique ? classKey(instance, f.trueVars) : f.trueVars.join(',')));
  // Every class (solution) exactly once.
  expect(new Set(keys).size).toBe(keys.length);
  return { keys: keys.sort(), raw };
}

async function byDancingLinks(instance: Instance, unique: boolean): Promise<Listing> {
  const found: Found[] = [];
  const summary = await enumerateExactCover(instance, { unique, onFound: (f) => found.push(f) });
  expect(summary.complete).toBe(true);
  return listing(instance, unique, found, summary.raw);
}

async function bySat(
  instance: Instance,
  unique: boolean,
  enumMode: EnumMode,
  branching: BranchingRule,
  propagation: Propagation,
  cubeDepth: number,
): Promise<Listing> {
  const found: Found[] = [];
  const summary = await enumerate(instance, {
    createSolver: () => minisatWasm.create(),
    unique,
    enumMode,
    branching,
    propagation,
    cubeDepth,
    onFound: (f) => found.push(f),
  });
  expect(summary.complete).toBe(true);
  expect(summary.count).toBe(found.length);
  return listing(instance, unique, found, summary.raw);
}

// Native propagation replaces the exactly-one families' clauses, so it runs on
// the pairwise encoding (no auxiliary variables); the others on the default.
const MECHANISMS: [EnumMode, BranchingRule, Propagation][] = [
  ['blocking', 'vsids', 'clauses'],
  ['blocking', 'cover', 'clauses'],
  ['chrono', 'vsids', 'clauses'],
  ['chrono', 'cover', 'clauses'],
  ['chrono', 'cover', 'native'],
  ['chrono', 'vsids', 'native'],
];

/** A w x h board with `holes` random cells removed, as inline art. */
function boardWithHoles(w: number, h: number, holes: number, seed: number): string {
  const random = seededRandom(seed);
  const cells = Array.from({ length: w * h }, () => '.');
  for (let k = 0; k < holes;) {
    const i = Math.floor(random() * cells.length);
    if (cells[i] === '.') {
      cells[i] = '#';
      k++;
    }
  }
  return Array.from({ length: h }, (_, y) => cells.slice(y * w, (y + 1) * w).join('')).join('/');
}

interface Board {
  name: string;
  instance: (amo?: AmoEncoding) => Instance;
  /** Cube depths to run the SAT solver at. */
  depths: number[];
  /** VSIDS searches exact cover slowly: where it needs deeper cubes to finish quickly, this depth. */
  vsidsDepth?: number;
  /** Known counts (classes, solutions), where the literature has them. */
  known?: { classes?: number; solutions?: number };
  /** Without --unique too (large solution sets only with --unique). */
  all: boolean;
}

const BOARDS: Board[] = [
  {
    name: '6x5 rectangle, six pentominoes',
    instance: (amo) => polyomino({ board: '6x5', pieces: 'F,L,P,T,Y,U', amo }),
    depths: [0, 2],
    known: { classes: 9, solutions: 36 },
    all: true,
  },
  {
    name: '3x20 rectangle, the pentominoes',
    instance: (amo) => polyomino({ preset: '3x20', amo }),
    depths: [0],
    vsidsDepth: 6,
    known: { classes: 2, solutions: 8 },
    all: true,
  },
  { name: '5x5 with small pieces', instance: (amo) => polyomino({ board: '5x5', pieces: 'T4,S4,L4,O4,I4,I3,D2', amo }), depths: [0, 1], all: true },
  // Seeds whose boards have tilings, under symmetry groups of size 1, 2 and 2.
  ...[1, 4, 26].map((seed) => ({
    name: `random 5x5 board with 3 holes (seed ${seed})`,
    instance: (amo?: AmoEncoding) => polyomino({ board: boardWithHoles(5, 5, 3, seed), pieces: 'T4,S4,L4,O4,I4,D2', amo }),
    depths: [0],
    all: true,
  })),
  {
    name: '8x8 with the centre hole',
    instance: (amo) => polyomino({ preset: '8x8-centre-hole', amo }),
    depths: [1],
    vsidsDepth: 11,
    known: { classes: 65 },
    all: false,
  },
  { name: 'Soma cube', instance: (amo) => soma({ symmetry: 'isometries', amo }), depths: [1], vsidsDepth: 6, known: { classes: 240 }, all: false },
  {
    name: 'a small polycube figure (3x2x2, L, A, B)',
    instance: (amo) => polycube({ figure: '3x2x2', pieces: 'L,A,B', amo }),
    depths: [0],
    known: { classes: 2, solutions: 16 },
    all: true,
  },
];

describe.skipIf(missing('minisat-wasm'))('sat engine', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    expect(await loadMinisatWasm()).toBe(true);
  });

  describe('finds the same solutions as dancing links, each mechanism on and off', () => {
    for (const board of BOARDS) {
      for (const unique of board.all ? [true, false] : [true]) {
        it(`${board.name}${unique ? ', --unique' : ''}`, async () => {
          const instance = board.instance();
          const pairwise = board.instance('pairwise');
          const reference = await byDancingLinks(instance, unique);
          expect(reference.keys.length).toBeGreaterThan(0);
          const expected = unique ? board.known?.classes : board.known?.solutions;
          if (expected !== undefined) expect(reference.keys.length).toBe(expected);
          for (const depth of board.depths) {
            for (const [mode, branching, propagation] of MECHANISMS) {
              const d = branching === 'vsids' ? (board.vsidsDepth ?? depth) : depth;
              const got = await bySat(propagation === 'native' ? pairwise : instance, unique, mode, branching, propagation, d);
              expect({ mode, branching, propagation, depth: d, ...got }).toEqual({ mode, branching, propagation, depth: d, ...reference });
            }
          }
        });
      }
    }
  });

  it('propagates only the cells natively where pieces have copies, and finds what the clauses find', async () => {
    // Dancing links does not take copies; the reference is the blocking loop on the default encoding.
    for (const unique of [false, true]) {
      const reference = await bySat(polyomino({ board: '4x4', pieces: 'L4*2,O4,I4' }), unique, 'blocking', 'vsids', 'clauses', 0);
      expect(reference.keys.length).toBeGreaterThan(0);
      const pairwise = polyomino({ board: '4x4', pieces: 'L4*2,O4,I4', amo: 'pairwise' });
      expect(pairwise.exactlyOne?.families).toEqual(['cover', 'non-overlap']);
      for (const depth of [0, 1]) expect(await bySat(pairwise, unique, 'chrono', 'cover', 'native', depth)).toEqual(reference);
    }
  });

  it('with native groups, a cell no placement covers leaves no solution, and a cell only one covers forces it', async () => {
    const count = async (board: string, pieces: string) => {
      const found: Found[] = [];
      await enumerate(polyomino({ board, pieces, amo: 'pairwise' }), {
        createSolver: () => minisatWasm.create(),
        unique: false,
        enumMode: 'chrono',
        propagation: 'native',
        onFound: (f) => found.push(f),
      });
      return found.length;
    };
    expect(await count('3x1', 'L3')).toBe(0);
    // The 1x3 I covers a 3x1 strip one way only; with the domino and the square beside it (a 3x2 board), as dancing links counts.
    expect(await count('3x1', 'I3')).toBe(1);
    const reference = await byDancingLinks(polyomino({ board: '3x2', pieces: 'I3,D2,M1' }), false);
    expect(await count('3x2', 'I3,D2,M1')).toBe(reference.keys.length);
  });

  it('says in one line why native propagation cannot be had, naming the fields of the call (propagation, enumMode, amo)', async () => {
    const run = (instance: Instance, enumMode: EnumMode) =>
      enumerate(instance, { createSolver: () => minisatWasm.create(), unique: false, enumMode, propagation: 'native', onFound: () => {} });
    await expect(run(polyomino({ preset: '3x20' }), 'chrono')).rejects.toThrow(
      /^propagation native: the non-overlap, piece-once clauses have auxiliary variables \(use amo pairwise\)$/,
    );
    await expect(run(polyomino({ preset: '3x20', amo: 'pairwise' }), 'blocking')).rejects.toThrow(/^propagation native: it needs enumMode chrono$/);
    expect(() => parsePropagation('fast')).toThrow(/^propagation: expected one of native, clauses, got "fast"$/);
  });

  describe('projected enumeration by chronological backtracking', () => {
    /** The projected models, as bit strings over `projection`, by trying all 2^n assignments. */
    function bruteForce(clauses: Clauses, n: number, projection: readonly number[]): Set<string> {
      const out = new Set<string>();
      for (let a = 0; a < 2 ** n; a++) {
        const value = (v: number) => ((a >> (v - 1)) & 1) === 1;
        if (clauses.every((c) => c.some((l) => value(Math.abs(l)) === l > 0))) out.add(projection.map((v) => (value(v) ? 1 : 0)).join(''));
      }
      return out;
    }

    /** The projected models by asking the independent DPLL about each assignment of the projection. */
    function byDpll(clauses: Clauses, n: number, projection: readonly number[]): Set<string> {
      const out = new Set<string>();
      for (let a = 0; a < 2 ** projection.length; a++) {
        const assumptions = projection.map((v, i) => ((a >> i) & 1 ? v : -v));
        if (solveDpll(clauses, n, assumptions)) out.add(projection.map((_, i) => (a >> i) & 1).join(''));
      }
      return out;
    }

    /**
     * Enumerates the cubes over `cubeVars` one after another on one solver,
     * resuming after every `conflictLimit` conflicts, and returns each
     * model's projection; checks every model against the clauses.
     */
    async function enumerateAll(
      clauses: Clauses,
      n: number,
      projection: number[],
      cubeVars: number[],
      branching: BranchingRule,
      learn: boolean,
      conflictLimit?: number,
    ): Promise<string[]> {
      const solver = minisatWasm.create();
      solver.ensureVars(n);
      for (const c of clauses) solver.addClause(c);
      // Cover branching on the formula's longest clauses, whatever they mean.
      solver.setBranching(
        branching,
        clauses.filter((c) => c.length >= 3),
      );
      const models: string[] = [];
      for (let bits = 0; bits < 2 ** cubeVars.length; bits++) {
        const cube = cubeVars.map((v, i) => ((bits >> i) & 1 ? v : -v));
        for (let rounds = 0; ; rounds++) {
          expect(rounds).toBeLessThan(10_000);
          const { complete } = await solver.enumerateCube(
            cube,
            projection,
            () => {
              expect(clauses.every((c) => c.some((l) => solver.value(Math.abs(l)) === l > 0))).toBe(true);
              expect(cube.every((l) => solver.value(Math.abs(l)) === l > 0)).toBe(true);
              models.push(projection.map((v) => (solver.value(v) ? 1 : 0)).join(''));
              return true;
            },
            { conflictLimit, learn },
          );
          if (complete) break;
        }
      }
      solver.dispose();
      return models;
    }

    it('a cube whose assumptions conflict leaves nothing behind for the next cube sharing them', async () => {
      // Assumptions 1 and 2 clash through 6, in propagation (not as an assumption found false); two cubes keep them as their first two levels.
      const clauses = [
        [-1, -2, 6],
        [-1, -2, -6],
        [3, 4, 5],
        [-3, -4],
      ];
      for (const learn of [true, false]) {
        for (const branching of ['vsids', 'cover'] as const) {
          const solver = minisatWasm.create();
          solver.ensureVars(6);
          for (const c of clauses) solver.addClause(c);
          solver.setBranching(branching, [[3, 4, 5]]);
          for (const cube of [
            [1, 2, 3],
            [1, 2, -3],
            [1, -2, 3],
          ]) {
            const models: string[] = [];
            const { complete } = await solver.enumerateCube(
              cube,
              [1, 2, 3, 4, 5, 6],
              () => {
                expect(
                  clauses.every((c) => c.some((l) => solver.value(Math.abs(l)) === l > 0)),
                  `cube ${cube} learn ${learn}`,
                ).toBe(true);
                models.push(cube.join(' '));
                return true;
              },
              { learn },
            );
            expect(complete).toBe(true);
            // [1, -2, 3]: 4 false, 5 and 6 either way.
            expect(models, `cube ${cube} learn ${learn} ${branching}`).toHaveLength(cube[1] === 2 ? 0 : 4);
          }
          solver.dispose();
        }
      }
    });

    it('gives every projected model once on random 3-SAT with auxiliary variables, as brute force does', async () => {
      let total = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const n = 10 + (seed % 5);
        const clauses = randomThreeSat(n, Math.round((3 + (seed % 3) * 0.5) * n), seed) as Clauses;
        const projection = Array.from({ length: n }, (_, i) => i + 1).filter((v) => (v * seed) % 3 !== 0);
        const cubeVars = seed % 3 === 0 ? [] : projection.slice(0, seed % 3);
        const branching: BranchingRule = seed % 2 ? 'cover' : 'vsids';
        // Conflicts analysed and learnt from, or met by flipping the deepest decision.
        for (const learn of [true, false]) {
          const models = await enumerateAll(clauses, n, projection, cubeVars, branching, learn);
          expect(new Set(models).size).toBe(models.length);
          expect(new Set(models)).toEqual(bruteForce(clauses, n, projection));
          total += models.length;
        }
      }
      expect(total).toBeGreaterThan(300);
    });

    it('resumes after a conflict limit, cube after cube, as the DPLL says, on formulas hard enough to conflict often', async () => {
      let stopped = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const n = 24;
        const clauses = randomThreeSat(n, Math.round(3.6 * n), 100 + seed) as Clauses;
        const projection = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        for (const learn of [true, false]) {
          const models = await enumerateAll(clauses, n, projection, [11, 12], seed % 2 ? 'cover' : 'vsids', learn, 5);
          expect(new Set(models).size).toBe(models.length);
          expect(new Set(models)).toEqual(byDpll(clauses, n, projection));
          stopped += models.length;
        }
      }
      expect(stopped).toBeGreaterThan(200);
    });

    it('keeps its place when clauses arrive between models, and honours them', async () => {
      for (let seed = 1; seed <= 30; seed++) {
        const n = 12;
        const random = seededRandom(seed);
        const clauses = randomThreeSat(n, 2 * n, 40 + seed) as Clauses;
        const projection = [1, 2, 3, 4, 5, 6, 7, 8];
        const all = bruteForce(clauses, n, projection);
        const solver = minisatWasm.create();
        solver.ensureVars(n);
        for (const c of clauses) solver.addClause(c);
        solver.setBranching(seed % 2 ? 'cover' : 'vsids', clauses);
        const found: string[] = [];
        const forbidden = new Set<string>();
        await solver.enumerateCube([], projection, () => {
          const model = projection.map((v) => (solver.value(v) ? 1 : 0)).join('');
          expect(forbidden.has(model)).toBe(false);
          found.push(model);
          // Forbid another projected model (as orbit blocking does with a model's images).
          const other = [...all][Math.floor(random() * all.size)]!;
          forbidden.add(other);
          solver.addClause(projection.map((v, i) => (other[i] === '1' ? -v : v)));
          return true;
        });
        solver.dispose();
        expect(new Set(found).size).toBe(found.length);
        for (const m of found) expect(all.has(m)).toBe(true);
        for (const m of all) expect(found.includes(m) || forbidden.has(m)).toBe(true);
      }
    });
  });

  it('stops when told and resumes the same cube where it stopped', async () => {
    const instance = polyomino({ board: '6x5', pieces: 'F,L,P,T,Y,U' });
    const solver = minisatWasm.create();
    solver.ensureVars(instance.cnf.varCount);
    for (const c of instance.cnf.clauses()) solver.addClause(c);
    applyBranching(instance, solver, 'cover');
    const seen: string[] = [];
    const take = (max: number) => () => {
      seen.push(instance.cnf.projection.filter((v) => solver.value(v)).join(','));
      return seen.length % max !== 0;
    };
    let rounds = 0;
    while (!(await solver.enumerateCube([], instance.cnf.projection, take(5))).complete) rounds++;
    expect(rounds).toBe(7);
    expect(new Set(seen).size).toBe(36);
    expect(seen).toHaveLength(36);
    solver.dispose();
  });

  it('reports which enumeration ran: chrono inside minisat-wasm by default, the blocking loop when asked', () => {
    const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
    const run = (...more: string[]) =>
      JSON.parse(
        spawnSync(
          process.execPath,
          [cli, 'enumerate', 'pentomino', '--preset', '3x20', '--unique', '--solver', 'minisat-wasm', '--workers', '1', '--json', ...more],
          { encoding: 'utf8' },
        ).stdout,
      );
    expect(run()).toMatchObject({ count: 2, raw: 8, complete: true, mode: 'chrono' });
    expect(run('--enum-mode', 'blocking')).toMatchObject({ count: 2, raw: 8, complete: true, mode: 'blocking-loop' });
  });

  it('rejects bad option values with one line naming the field (the CLI maps it to its option)', () => {
    expect(() => parseEnumMode('dfs')).toThrow(/^enumMode: expected one of chrono, blocking, got "dfs"$/);
    expect(() => parseBranching('mrv')).toThrow(/^branching: expected one of cover, vsids, got "mrv"$/);
    expect(parseEnumMode(undefined)).toBeUndefined();
    const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
    // A bad value is a usage error (exit 2), and so is a mode the chosen solver lacks: two options that do not go together, as --certify with --solver dlx.
    for (const [status, args] of [
      [2, ['enumerate', 'pentomino', '--preset', '3x20', '--enum-mode', 'fast']],
      [2, ['enumerate', 'pentomino', '--preset', '3x20', '--branching', 'x']],
      [2, ['solve', 'pentomino', '--preset', '3x20', '--branching', 'x']],
      [2, ['enumerate', 'pentomino', '--preset', '3x20', '--cube-depth', '-1', '--workers', '1']],
      [2, ['enumerate', 'pentomino', '--preset', '3x20', '--cube-depth', '1.5', '--workers', '1']],
      [2, ['enumerate', 'pentomino', '--preset', '3x20', '--enum-mode', 'chrono', '--solver', 'logic-solver']],
    ] as const) {
      const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, args.join(' ')).toBe(status);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/--(enum-mode|branching|cube-depth)/);
    }
  });
});
