import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { polyomino, POLYOMINOES } from '../encoders/polyomino.js';
import { soma } from '../encoders/polycube.js';
import { geniusSquare, labelOf, rollAt } from '../encoders/genius-square.js';
import type { PackingInstance } from '../encoders/packing.js';
import type { Instance } from '../src/core/puzzle.js';
import { instanceFromDimacs, parseDimacs } from '../src/core/dimacs.js';
import { seededRandom } from '../src/core/random.js';
import { DeadlineReached, setRunDeadline } from '../src/core/limits.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { FAMILY, addSymmetryBreaking, breakingFormula, breakingPlan, parseSymmetryBreaking } from '../src/symmetry/breaking.js';
import { SOLVERS, pickSolver } from '../solvers/index.js';
import { count, puzzles, setSizeLimits } from '../src/index.js';
import type { SolverFactory } from '../solvers/types.js';

/*
 * The symmetry-breaking family must leave exactly one model per symmetry
 * class. The classes are computed here without it: every solution found by
 * dancing links with no symmetry handling, each reduced to the least of its
 * images under the whole group (code of this file, not the family's).
 */

let factory: SolverFactory;
beforeAll(async () => {
  factory = await pickSolver(undefined);
});

const byNumber = (a: number, b: number) => a - b;
const lexLess = (a: readonly number[], b: readonly number[]) => {
  const i = a.findIndex((v, k) => v !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
};

/** A solution's class: its least image under every symmetry of the instance. */
function canonical(instance: Instance, trueVars: readonly number[]): string {
  let least = [...trueVars].sort(byNumber);
  for (const p of instance.symmetries) {
    const img = trueVars.map((v) => p[v]!).sort(byNumber);
    if (lexLess(img, least)) least = img;
  }
  return least.join(',');
}

/** Every solution by dancing links, no symmetry: the raw count and the set of classes. */
async function reference(instance: Instance): Promise<{ raw: number; classes: Set<string> }> {
  const classes = new Set<string>();
  const s = await enumerateExactCover(instance, { unique: false, onFound: (f) => classes.add(canonical(instance, f.trueVars)) });
  expect(s.complete).toBe(true);
  return { raw: s.count, classes };
}

/**
 * The models of the formula with the family, projected on the solution
 * variables: all of them, by the blocking loop with no symmetry handling of
 * its own (it checks every model against the whole CNF and throws on a
 * failure); each decoded solution must pass the puzzle's own checker.
 */
async function modelsWithFamily(instance: Instance): Promise<number[][]> {
  addSymmetryBreaking(instance);
  const models: number[][] = [];
  const s = await enumerate(instance, {
    createSolver: () => factory.create(),
    unique: false,
    onFound: (f) => {
      expect(instance.check(instance.decode(f.trueVars))).toBeNull();
      models.push(f.trueVars);
    },
  });
  expect(s.complete).toBe(true);
  return models;
}

/** dlx with the same restriction (pinned representatives, least under their stabilisers). */
async function pinnedDlx(instance: Instance): Promise<{ keys: string[]; raw: number }> {
  const keys: string[] = [];
  const s = await enumerateExactCover(instance, { unique: true, onFound: (f) => keys.push(f.trueVars.join(',')) });
  expect(s.complete).toBe(true);
  return { keys: keys.sort(), raw: s.raw };
}

/**
 * One model per class, and the classes complete; dlx with pinning keeps the
 * very same solutions, and its orbit sizes add up to the raw count.
 */
async function expectOneModelPerClass(build: () => Instance, known?: { classes: number; raw: number }): Promise<void> {
  const ref = await reference(build());
  const instance = build();
  const models = await modelsWithFamily(instance);
  const keys = models.map((m) => canonical(instance, m));
  expect(new Set(keys).size).toBe(models.length);
  expect(new Set(keys)).toEqual(ref.classes);
  if (known) expect({ classes: models.length, raw: ref.raw }).toEqual(known);
  const dlx = await pinnedDlx(build());
  expect(dlx.keys).toEqual(models.map((m) => m.join(',')).sort());
  expect(dlx.raw).toBe(ref.raw);
}

describe('the symmetry-breaking family keeps one model per class', { timeout: 300_000 }, () => {
  it.each([
    ['3x20', 2, 8],
    ['8x8-centre-hole', 65, 520],
    // 5x12 and 6x10 left out: rectangles of the same group as 4x15, and two minutes of the suite. 6x10's 2339
    // classes (9356 solutions) are checked end to end elsewhere: by the family's models in distributed.test.ts, by
    // dancing links with pinning in kill-resume.test.ts, by Burnside in count.test.ts.
    ['4x15', 368, 1472],
  ])('pentomino preset %s: %i classes (%i solutions)', async (preset, classes, raw) => {
    await expectOneModelPerClass(() => polyomino({ preset }), { classes, raw });
  });

  it('Soma cube under the 24 rotations: 480 classes of 11520', async () => {
    const build = () => soma({ symmetry: 'rotations' });
    expect(build().symmetries).toHaveLength(24);
    await expectOneModelPerClass(build, { classes: 480, raw: 11520 });
  });

  it('Soma cube under the 48 isometries: 240 classes (mirror pieces swap)', async () => {
    const build = () => soma({ symmetry: 'isometries' });
    expect(build().symmetries).toHaveLength(48);
    await expectOneModelPerClass(build, { classes: 240, raw: 11520 });
  });

  it('Soma figures with residual stabilisers (the bathtub, the crystal)', async () => {
    for (const figure of ['bathtub', 'crystal']) await expectOneModelPerClass(() => soma({ figure, symmetry: 'isometries' }));
  });

  it.each([1, 2, 4, 8])('random boards with holes whose group has %i elements', async (size) => {
    const boards = findBoards(size, 3);
    expect(boards).toHaveLength(3);
    for (const board of boards) await expectOneModelPerClass(() => polyomino(board));
  });

  // No roll of the real dice is symmetric (all 62208 checked when this was written), so the symmetric sets are custom blockers.
  it('Genius Square blocker sets: a roll with no symmetry, and mirror-symmetric ones', async () => {
    const sets = [rollAt(12345).join(','), ...mirrorBlockers(3)];
    for (const roll of sets) {
      const build = () => geniusSquare({ roll, anyBlockers: true });
      expect(build().symmetries.length).toBe(roll === sets[0] ? 1 : 2);
      await expectOneModelPerClass(build);
    }
  });

  it('without an invariant exactly-one group it falls back to lex-leader over the whole group', async () => {
    for (const build of [
      () => soma({ figure: 'bathtub', symmetry: 'isometries' }),
      () => polyomino(findBoards(8, 1)[0]!),
      () => polyomino(findBoards(2, 1)[0]!),
    ]) {
      // No split groups: nothing to pin, and the solver searches one cube (small instances only).
      const bare = () => ({ ...build(), splitGroups: [] }) as Instance;
      const probe = bare();
      expect(breakingPlan(probe)!.group).toBe(-1);
      await expectOneModelPerClass(bare);
    }
  });

  it('8x8 with the 2x2 square: dlx with pinning finds the 16146 classes of 129168 tilings', async () => {
    const instance = polyomino({ preset: '8x8-square' });
    const seen = new Set<string>();
    const s = await enumerateExactCover(instance, {
      unique: true,
      onFound: (f) => {
        expect(instance.check(instance.decode(f.trueVars))).toBeNull();
        seen.add(canonical(instance, f.trueVars));
      },
    });
    expect({ count: s.count, raw: s.raw, distinct: seen.size }).toEqual({ count: 16146, raw: 129168, distinct: 16146 });
  });

  it('the auxiliaries are functions of the solution: the model count over all variables is the class count too', async () => {
    for (const build of [() => polyomino({ preset: '3x20' }), () => soma({ symmetry: 'isometries' }), () => polyomino(findBoards(2, 1)[0]!)]) {
      const { classes } = await reference(build());
      const instance = build();
      addSymmetryBreaking(instance);
      instance.cnf.projection = Array.from({ length: instance.cnf.varCount }, (_, i) => i + 1);
      const everything = { ...instance, trueSetsAreAntichain: false };
      const s = await enumerate(everything, { createSolver: () => factory.create(), unique: false, onFound: () => {} });
      expect(s.count).toBe(classes.size);
    }
  });

  it('the orbit route (the reference) counts the same classes', async () => {
    for (const build of [() => polyomino({ preset: '8x8-centre-hole' }), () => soma({ symmetry: 'isometries' })]) {
      const keys = new Set<string>();
      const instance = build();
      const s = await enumerate(instance, {
        createSolver: () => factory.create(),
        unique: true,
        symmetryBreaking: 'orbits',
        onFound: (f) => keys.add(canonical(instance, f.trueVars)),
      });
      expect(instance.cnf.families.some((f) => f.name === FAMILY)).toBe(false);
      expect(keys).toEqual((await reference(build())).classes);
      expect(s.count).toBe(keys.size);
    }
  });

  it('enumerate --unique with the family reports each class once with its orbit size', async () => {
    const instance = polyomino({ preset: '8x8-centre-hole' });
    const s = await enumerate(instance, { createSolver: () => factory.create(), unique: true, onFound: () => {} });
    expect([s.count, s.raw]).toEqual([65, 520]);
  });
});

describe('the family as built', () => {
  it('pins the piece with the fewest orbits and chains only the stabilisers that need it', () => {
    const hole = polyomino({ preset: '8x8-centre-hole' });
    const plan = breakingPlan(hole)!;
    // The X: 24 placements off the centre hole, 4 orbits under the 8 symmetries, two on a diagonal.
    expect(plan.members).toHaveLength(24);
    expect(plan.representatives).toHaveLength(4);
    expect(plan.representatives.filter((r) => r.stabilizer.length > 0)).toHaveLength(2);
    expect(plan.chains).toHaveLength(1);
    expect(breakingPlan(polyomino({ preset: '6x10' }))!.chains).toHaveLength(0);
  });

  it('is sized as the explain formula says', () => {
    for (const instance of [polyomino({ preset: '8x8-centre-hole' }), soma({ symmetry: 'isometries' }), polyomino({ preset: '3x20' })]) {
      const plan = addSymmetryBreaking(instance)!;
      const built = instance.cnf.familyCounts().find((f) => f.name === FAMILY)!;
      const formula = breakingFormula(plan);
      expect({ clauses: built.clauses, auxVars: built.auxVars }).toEqual({ clauses: formula.clauses, auxVars: formula.auxVars });
      expect(built.clauses).toBeGreaterThan(0);
    }
  });

  it('is added once, and not at all without symmetry', () => {
    const instance = polyomino({ preset: '3x20' });
    addSymmetryBreaking(instance);
    const clauses = instance.cnf.clauseCount;
    addSymmetryBreaking(instance);
    expect(instance.cnf.clauseCount).toBe(clauses);
    const plain = geniusSquare({ roll: rollAt(12345).join(',') });
    expect(addSymmetryBreaking(plain)).toBeNull();
    expect(plain.cnf.families.some((f) => f.name === FAMILY)).toBe(false);
  });

  it("leaves the caller's instance alone: classes, then all solutions, on one instance", async () => {
    const instance = polyomino({ preset: '3x20' });
    const clauses = instance.cnf.clauseCount;
    const classes = await enumerate(instance, { createSolver: () => factory.create(), unique: true, onFound: () => {} });
    const all = await enumerate(instance, { createSolver: () => factory.create(), unique: false, onFound: () => {} });
    expect([classes.count, classes.raw, all.count, instance.cnf.clauseCount]).toEqual([2, 8, 8, clauses]);
  });

  it('refuses the orbit route on a formula that already carries it', async () => {
    const instance = polyomino({ preset: '3x20' });
    addSymmetryBreaking(instance);
    await expect(
      enumerate(instance, { createSolver: () => factory.create(), unique: true, symmetryBreaking: 'orbits', onFound: () => {} }),
    ).rejects.toThrow(/twice/);
  });

  it('parses --unique-by', () => {
    expect(parseSymmetryBreaking(undefined, '--unique-by')).toBe('clauses');
    expect(parseSymmetryBreaking('orbits', '--unique-by')).toBe('orbits');
    expect(() => parseSymmetryBreaking('lex', '--unique-by')).toThrow(/--unique-by: expected one of clauses, orbits, got "lex"/);
  });
});

// ---- the CLI ---------------------------------------------------------------------

const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-symbreak-');
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 240_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('the family on the command line', { timeout: 240_000 }, () => {
  it("encode --unique writes it into the DIMACS: counting that file's models counts classes", async () => {
    const r = run('encode', 'pentomino', '--preset', '3x20', '--unique', '-o', 'classes.cnf');
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, 'classes.cnf'), 'utf8');
    expect(text).toMatch(/^c family symmetry-breaking \d+ clauses \d+ aux$/m);
    const file = instanceFromDimacs(parseDimacs(text), 'classes.cnf');
    // Over the file's projection, then over every variable: 2 models either way.
    for (const project of [false, true]) {
      if (project) file.cnf.projection = Array.from({ length: file.cnf.varCount }, (_, i) => i + 1);
      const s = await enumerate(file, { createSolver: () => factory.create(), unique: false, onFound: () => {} });
      expect(s.count).toBe(2);
    }
  });

  it('explain --unique lists it with its sentence and a formula that matches', () => {
    const r = run('explain', 'pentomino', '--preset', '8x8-centre-hole', '--unique', '--json');
    expect(r.code).toBe(0);
    const family = (
      JSON.parse(r.out) as { families: { name: string; sentence: string; clauses: number; formula: { clauses: number } }[] }
    ).families.find((f) => f.name === FAMILY)!;
    expect(family.sentence).toMatch(/one model per symmetry class/);
    expect(family.formula.clauses).toBe(family.clauses);
  });

  it('enumerate --unique by clauses and by orbits, in one thread and on two workers', () => {
    for (const extra of [[], ['--unique-by', 'orbits'], ['--workers', '2'], ['--solver', 'dlx'], ['--solver', 'dlx', '--unique-by', 'orbits']]) {
      const r = run('enumerate', 'pentomino', '--preset', '3x20', '--unique', '--json', '--show', '0', ...extra);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ count: 2, raw: 8, complete: true });
    }
  });

  // clasp in WebAssembly where clingo-wasm installed (it wants Node >= 22), else Debian's clasp.
  const nativeSolver = ['clasp-wasm', 'clasp'].find((name) => SOLVERS.find((f) => f.name === name)?.available().ok);
  it.skipIf(nativeSolver === undefined)('a native enumerator (clasp) keeps every model of the formula with the family: 240 Soma classes', () => {
    const r = run('enumerate', 'soma', '--unique', '--symmetry', 'isometries', '--solver', nativeSolver!, '--json', '--show', '0');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ count: 240, raw: 11520, complete: true, mode: 'native' });
  });

  it('--unique-by: one-line usage errors (2)', () => {
    for (const [args, message] of [
      [['--unique', '--unique-by', 'lex'], /--unique-by: expected one of clauses, orbits, got "lex"/],
      [['--unique-by', 'orbits'], /--unique-by applies to --unique/],
    ] as const) {
      const r = run('enumerate', 'pentomino', '--preset', '3x20', ...args);
      expect(r.code).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(message);
    }
  });
});

// ---- boards ---------------------------------------------------------------------------

type Move = (x: number, y: number, n: number) => [number, number];
const MOVES: Record<string, Move> = {
  id: (x, y) => [x, y],
  r90: (x, y, n) => [n - 1 - y, x],
  r180: (x, y, n) => [n - 1 - x, n - 1 - y],
  r270: (x, y, n) => [y, n - 1 - x],
  diagonal: (x, y) => [y, x],
  antidiagonal: (x, y, n) => [n - 1 - y, n - 1 - x],
  vertical: (x, y, n) => [n - 1 - x, y],
  horizontal: (x, y, n) => [x, n - 1 - y],
};
/** Hole patterns are unions of orbits under one of these subgroups of the square's 8 symmetries. */
const SUBGROUPS: Record<number, string[]> = {
  1: ['id'],
  2: ['id', 'diagonal'],
  4: ['id', 'diagonal', 'antidiagonal', 'r180'],
  8: Object.keys(MOVES),
};
const PIECE_POOL = Object.keys(POLYOMINOES);
const areaOf = (name: string) => POLYOMINOES[name]!.split('').filter((c) => c === '#').length;

/**
 * Seeded random boards (5x5 or 6x6 with holes) and piece sets whose
 * symmetry group has exactly `size` elements and that have a few classes,
 * some fixed by a symmetry where the group allows it.
 */
function findBoards(size: number, wanted: number): { board: string; pieces: string }[] {
  const out: { board: string; pieces: string }[] = [];
  for (let seed = 1; out.length < wanted && seed < 400; seed++) {
    const board = randomBoard(size, seededRandom(1000 * size + seed));
    if (!board) continue;
    let instance: PackingInstance;
    try {
      instance = polyomino(board);
    } catch {
      continue; // a piece that fits nowhere
    }
    if (instance.symmetries.length !== size) continue;
    let raw = 0;
    const classes = new Set<string>();
    countSync(instance, (vars) => {
      raw++;
      classes.add(canonical(instance, vars));
    });
    const plan = breakingPlan(instance);
    if (raw > 0 && raw <= 4000 && classes.size >= 3 && (size === 1 || plan!.chains.length > 0)) out.push(board);
  }
  return out;
}

function randomBoard(size: number, random: () => number): { board: string; pieces: string } | null {
  const n = random() < 0.5 ? 5 : 6;
  const moves = SUBGROUPS[size]!.map((m) => MOVES[m]!);
  const target = n * n - 2 - Math.floor(random() * 6);
  const open = new Set<number>(Array.from({ length: n * n }, (_, i) => i));
  const orbitOf = (i: number) => new Set(moves.map((m) => m(i % n, Math.floor(i / n), n)).map(([x, y]) => y * n + x));
  while (open.size > target) {
    const cells = [...open];
    for (const c of orbitOf(cells[Math.floor(random() * cells.length)]!)) open.delete(c);
  }
  const pool = [...PIECE_POOL].sort(() => random() - 0.5);
  const pieces: string[] = [];
  let left = open.size;
  for (const p of pool) {
    if (areaOf(p) <= left) {
      pieces.push(p);
      left -= areaOf(p);
    }
  }
  if (left !== 0) return null;
  const rows = Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => (open.has(y * n + x) ? '.' : '#')).join(''));
  return { board: rows.join('/'), pieces: pieces.join(',') };
}

/** Up to 4001 exact covers, synchronously: enough to tell whether a board is small enough to test on. */
function countSync(instance: PackingInstance, onSolution: (vars: number[]) => void): void {
  const problem = instance.exactCover!;
  solveExactCover(problem, { limit: 4001, onSolution: (rows) => onSolution(rows.map((r) => problem.rowVars[r]!).sort(byNumber)) });
}

// ---- Genius Square blockers --------------------------------------------------------------

/** Seeded blocker sets symmetric about the main diagonal: one cell on it, three mirrored pairs. */
function mirrorBlockers(count: number): string[] {
  const random = seededRandom(7);
  const out: string[] = [];
  while (out.length < count) {
    const d = Math.floor(random() * 6);
    const set = new Set([labelOf([d, d, 0])]);
    while (set.size < 7) {
      const [x, y] = [Math.floor(random() * 6), Math.floor(random() * 6)];
      if (x === y || set.has(labelOf([x, y, 0]))) continue;
      set.add(labelOf([x, y, 0]));
      set.add(labelOf([y, x, 0]));
    }
    const roll = [...set].sort().join(',');
    if (countGenius(roll) > 0) out.push(roll);
  }
  return out;
}

function countGenius(roll: string): number {
  const instance = geniusSquare({ roll, anyBlockers: true });
  let n = 0;
  countSync(instance, () => n++);
  return n;
}

describe('the plan hears a stop', () => {
  // Its chains were made without one: a second on a 25x25 board, past a --timeout (enumerate, --solver dlx).
  const fresh = () => polyomino({ preset: '6x10' }) as Instance;

  it('made while a formula is built, the run deadline', () => {
    const instance = fresh();
    setRunDeadline(Date.now() - 1);
    try {
      expect(() => breakingPlan(instance)).toThrow(DeadlineReached);
    } finally {
      setRunDeadline(Infinity);
    }
  });

  it('made by dancing links for classes, the run stop: incomplete, the plan left unmade', async () => {
    const instance = fresh();
    const summary = await enumerateExactCover(instance, { unique: true, onFound: () => {}, shouldStop: () => true });
    expect(summary.complete).toBe(false);
    expect(summary.count).toBe(0);
    let polled = 0;
    breakingPlan(instance, () => void polled++);
    expect(polled).toBeGreaterThan(0);
  });
});

describe('the copy of a formula that takes the family (classes by clauses)', () => {
  it("keeps the literal limit the formula was built under: a build under a raised limit is counted by classes, not refused at its copy (regression: the copy took the thread's limit, 'the cover clauses: would grow to 101 literals, more than the limit of 100')", async () => {
    const build = () => puzzles.byName('polyomino', { board: '4x4', pieces: 'L4*4', maxLiterals: 100_000 });
    const classes = (await count(build(), { unique: true })).count;
    expect(classes).toBeGreaterThan(0n);
    setSizeLimits({ literals: 100 });
    try {
      const instance = build();
      expect(Math.max(...instance.cnf.families.map((f) => f.literalCount))).toBeGreaterThan(100);
      expect((await count(instance)).count).toBe(10n);
      expect((await count(instance, { unique: true })).count).toBe(classes);
    } finally {
      setSizeLimits({});
    }
  });
});
