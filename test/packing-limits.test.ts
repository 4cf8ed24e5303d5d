import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import type { PackingInstance } from '../encoders/packing.js';
import { Cnf } from '../src/core/cnf.js';
import { VarPool } from '../src/core/vars.js';
import * as grids from '../src/geometry/grids.js';
import { puzzles } from '../src/index.js';
import { expectOneLineError, userErrorOf } from './helpers/expect-errors.js';

// Each motion of each piece is made by aspect: counted, to show what is made before a refusal.
vi.mock('../src/geometry/grids.js', async (importOriginal) => {
  const original = await importOriginal<typeof grids>();
  return { ...original, aspect: vi.fn(original.aspect) };
});

/**
 * --max-placements refuses a packing before its placements exist: it was
 * met only as they were made, so that 20,000 one-cell pieces on a board of
 * 20,000 hexagons made a million placements (their variables, names and
 * cells, about 700 MB) before the refusal.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-packing-limits-');

/** n one-cell pieces P0, P1, ... as an inline list. */
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const monominoes = (n: number) => Array.from({ length: n }, (_, i) => `P${i}=#`).join(',');

describe('the placement limit', () => {
  it('is met before any placement is made', () => {
    // 100 pieces on 100 cells: 10,000 placements; the last build made 1001 of them before it refused.
    const named = vi.spyOn(VarPool.prototype, 'named');
    try {
      const message = userErrorOf(() =>
        puzzles.byName('polyform', { grid: 'hexagon', board: '10x10', pieces: monominoes(100), maxPlacements: 1000 }),
      );
      expect(message).toMatch(
        /^board and pieces: the pieces have more placements on the board than the limit of 1000 \(raise it with puzzles\.byName's maxPlacements/,
      );
      expect(named).not.toHaveBeenCalled();
    } finally {
      named.mockRestore();
    }
  });

  it('on the command line: one line, exit 1, nothing written', () => {
    const pieces = join(dir, 'monominoes.txt');
    writeFileSync(pieces, Array.from({ length: 400 }, (_, i) => `P${i}:\n#\n`).join('\n'));
    const out = join(dir, 'x.cnf');
    const r = spawnSync(
      process.execPath,
      [cli, 'encode', 'polyform', '--grid', 'hexagon', '--board', '20x20', '--pieces-file', pieces, '--max-placements', '5000', '-o', out],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.stderr).toMatch(
      /^puzzlesat: --board and \S+monominoes\.txt: the pieces have more placements on the board than the limit of 5000 \(raise it with --max-placements\)\n$/,
    );
    expect(r.status).toBe(1);
    expect(spawnSync('test', ['-e', out]).status).toBe(1);
  });

  it('names where the board and pieces were given, as the area messages do', () => {
    // Regression: it said "board and pieces:" whatever option or file gave them.
    const cases: [string[], string][] = [
      [['polyomino', '--preset', '6x10'], '--preset 6x10'],
      [['polyomino', '--board', '6x10', '--pieces', 'F,I,L,N,P,T,U,V,W,X,Y,Z'], '--board and --pieces'],
      [
        ['polyform', '--grid', 'hexagon', '--board', '20x20', '--pieces-file', join(dir, 'monominoes.txt')],
        `--board and ${join(dir, 'monominoes.txt')}`,
      ],
    ];
    writeFileSync(join(dir, 'monominoes.txt'), Array.from({ length: 400 }, (_, i) => `P${i}:\n#\n`).join('\n'));
    for (const [args, where] of cases) {
      const r = spawnSync(process.execPath, [cli, 'count', ...args, '--max-placements', '100'], { encoding: 'utf8', timeout: 120_000 });
      expect(r.stderr).toBe(
        `puzzlesat: ${where}: the pieces have more placements on the board than the limit of 100 (raise it with --max-placements)\n`,
      );
      expect(r.status).toBe(1);
    }
    expect(userErrorOf(() => puzzles.byName('polyomino', { preset: '6x10', maxPlacements: 100 }))).toMatch(
      /^preset 6x10: the pieces have more placements on the board than the limit of 100 /,
    );
  });

  it('a packing within it keeps its placements: piece by piece, orientation by orientation, in board order', () => {
    const instance = puzzles.byName('polyform', { board: '4x1', pieces: 'A=#,B=#,C*2=#', maxPlacements: 12 }) as PackingInstance;
    const rows = instance.placements.map((pl) => [
      pl.piece,
      pl.orientation,
      pl.offset.join(','),
      pl.cells.join(' '),
      instance.cnf.vars.name(pl.variable),
    ]);
    expect(rows).toEqual(
      [0, 1, 2].flatMap((piece) => [0, 1, 2, 3].map((x) => [piece, 0, `${x},0,0`, String(x), `place ${'ABC'[piece]}#0 @(${x},0)`])),
    );
    expect(instance.placements.map((pl) => pl.variable)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Pieces of one shape have cells of their own.
    expect(instance.placements[0]!.cells).not.toBe(instance.placements[4]!.cells);
    expect(userErrorOf(() => puzzles.byName('polyform', { board: '4x1', pieces: 'A=#,B=#,C*2=#', maxPlacements: 11 }))).toMatch(
      /the pieces have more placements on the board than the limit of 11 /,
    );
  });
});

describe('the variable limit', () => {
  it('is met by a packing before any placement is made, and by every verb (regression: a built formula had any number of variables)', () => {
    const named = vi.spyOn(VarPool.prototype, 'named');
    try {
      expect(userErrorOf(() => puzzles.byName('polyform', { board: '10x10', pieces: monominoes(100), maxVars: 9999 }))).toMatch(
        /^board and pieces: the pieces have more placements on the board \(a variable each\) than the limit of 9999 \(raise it with puzzles\.byName's maxVars/,
      );
      expect(named).not.toHaveBeenCalled();
    } finally {
      named.mockRestore();
    }
    const out = join(dir, 'vars.cnf');
    for (const verb of ['encode', 'solve', 'count', 'enumerate', 'explain']) {
      const r = spawnSync(
        process.execPath,
        [cli, verb, 'pentomino', '--preset', '6x10', '--max-vars', '1000', ...(verb === 'encode' ? ['-o', out] : [])],
        {
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
      expectOneLineError(
        { code: r.status, out: r.stdout, err: r.stderr },
        /^puzzlesat: --preset 6x10: the pieces have more placements on the board \(a variable each\) than the limit of 1000 \(raise it with --max-vars\)\n$/,
      );
    }
    expect(spawnSync('test', ['-e', out]).status).toBe(1);
  });

  it('is met by an at-most-one before its auxiliaries are made, naming it (was "the formula: it would have more variables", met as they were made)', () => {
    // 6x10 makes 2056 placements, and the at-most-ones of its pieces 476 auxiliaries after them.
    expect(userErrorOf(() => puzzles.byName('pentomino', { preset: '6x10', maxVars: 2500 }))).toMatch(
      /^at most one of \d+ literals by bimander: its auxiliaries would give the formula more variables than the limit of 2500 \(raise it with puzzles\.byName's maxVars/,
    );
  });
});

describe('the areas of board and pieces', () => {
  /** n L-tetrominoes (each differs from its mirror image) as a pieces JSON. */
  const tetrominoes = (n: number) =>
    JSON.stringify({
      grid: 'square',
      pieces: Array.from({ length: n }, (_, i) => ({
        name: `P${i}`,
        cells: [
          [0, 0],
          [0, 1],
          [0, 2],
          [1, 0],
        ],
      })),
    });

  it("are refused before any piece's motions are made", () => {
    // Regression: 100,000 pieces from a file each had their motions and mirror twins made first (460 MB) before the refusal.
    const aspect = vi.mocked(grids.aspect);
    aspect.mockClear();
    for (const oneSided of [false, true])
      expect(userErrorOf(() => puzzles.byName('polyform', { board: '10x10', pieces: tetrominoes(1000), oneSided }))).toBe(
        `board and pieces: area mismatch: the board has 100 cells but the pieces cover ${oneSided ? 8000 : 4000}`,
      );
    expect(aspect).not.toHaveBeenCalled();
    // Areas that agree go on to the motions, as before: 8 for each of 25 pieces.
    expect(() => puzzles.byName('polyform', { board: '10x10', pieces: tetrominoes(25) })).not.toThrow();
    expect(aspect).toHaveBeenCalledTimes(8 * 25);
  });
});

describe("a piece's copies", () => {
  it('that cover more cells than the cells limit are refused naming the piece (regression: "internal error: Invalid array length")', () => {
    expectOneLineError(
      run('solve', 'polyomino', '--board', '2x5', '--pieces', 'I*0..5000000000', '--png', join(dir, 'x.png')),
      /^puzzlesat: --board and --pieces: piece I: its 5000000000 copies of 5 cells cover 25000000000 cells, more than the limit of 250000 \(raise it with --max-cells\)\n$/,
    );
    expect(spawnSync('test', ['-e', join(dir, 'x.png')]).status).toBe(1);
    expectOneLineError(
      run('count', 'polyomino', '--board', '2x5', '--pieces', 'I*0..3', '--max-cells', '10'),
      /^puzzlesat: --board and --pieces: piece I: its 3 copies of 5 cells cover 15 cells, more than the limit of 10 \(raise it with --max-cells\)\n$/,
    );
    expect(userErrorOf(() => puzzles.byName('polyform', { board: '2x5', pieces: 'A*0..300000=#' }))).toBe(
      "board and pieces: piece A: its 300000 copies of 1 cell cover 300000 cells, more than the limit of 250000 (raise it with puzzles.byName's maxCells or setSizeLimits({ cells: … }))",
    );
    // Within the limit, the same range is read as ever.
    expect(run('count', 'polyomino', '--board', '2x5', '--pieces', 'I*0..2').out).toMatch(/^1 solution/);
  });

  it('given again under the name, past the whole numbers a count holds, are refused naming the piece', () => {
    expectOneLineError(
      run('solve', 'polyomino', '--board', '2x5', '--pieces', 'I*0..9007199254740991,I*0..9007199254740991'),
      /^puzzlesat: --pieces: piece I: its copies add up to more than a count holds exactly \(at most 9007199254740991\)\n$/,
      2,
    );
  });
});

describe('the overlapping pairs of a pairwise non-overlap', () => {
  it('are held to the literal limit before they are listed or any of their clauses added', () => {
    // They were listed in a Set, whole, before their family refused them: past 2^24 pairs (80 pieces on a 20x20 board) it crashed.
    const family = vi.spyOn(Cnf.prototype, 'family');
    try {
      const message = userErrorOf(() => puzzles.byName('pentomino', { preset: '6x10', nonOverlap: 'pairwise', maxLiterals: 20_000 }));
      expect(message).toMatch(
        /^preset 6x10: the pairs of placements that share a cell \(a clause of 2 literals each\) have more literals than the limit of 20000 \(raise it with puzzles\.byName's maxLiterals/,
      );
      expect(family.mock.calls.map(([name]) => name)).not.toContain('non-overlap');
    } finally {
      family.mockRestore();
    }
  });

  it('on the command line: one line naming --max-literals, exit 1', () => {
    const r = spawnSync(
      process.execPath,
      [cli, 'enumerate', 'pentomino', '--preset', '6x10', '--unique', '--amo', 'pairwise', '--max-literals', '20000'],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(r.stderr).toMatch(/^puzzlesat: --preset 6x10: the pairs .* than the limit of 20000 \(raise it with --max-literals\)\n$/);
    expect(r.status).toBe(1);
  });
});

describe('a literal limit below 64', () => {
  it('is taken and held on the command line: a family past 10 literals is refused naming --max-literals, one within it built (regression: "--max-literals: expected a whole number ≥ 64", exit 2, and the library held 10 at 64)', () => {
    expectOneLineError(
      run('solve', 'polyomino', '--board', '2x3', '--pieces', 'D2*3', '--max-literals', '10'),
      /^puzzlesat: the cover clauses: would grow to 11 literals, more than the limit of 10 \(raise it with --max-literals\)\n$/,
    );
    expect(run('solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--max-literals', '10')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^OO\nOO\nSAT /),
    });
  });
});
