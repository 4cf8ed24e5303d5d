import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../encoders/catalogue/index.js';

const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 600_000 });

describe('the catalogue on the command line', () => {
  it('list puzzles names every catalogue puzzle after the puzzle kinds', () => {
    const r = run('list', 'puzzles', '--json');
    expect(r.status).toBe(0);
    const names = (JSON.parse(r.stdout) as { name: string }[]).map((x) => x.name);
    expect(names).toContain('polyomino');
    for (const p of CATALOGUE) expect(names).toContain(p.name);
  }, 120_000);

  it.each(['count', 'enumerate'])(
    'verify --method %s reproduces published counts on every family',
    (method) => {
      // Cited: Knuth, Dancing Links (2000) for the 3x20 pentominoes (2 classes); Polyform Puzzler's pages
      // for the rest: SomaClip 20 classes under rotation, HexiamondsHexicator 1, Tetrahexes4x7 9,
      // OneSidedWeldedTetrasticks5x5 3 classes, the tritrigs 3x1 hexagon ring 1, OneSidedTetratwigsTriangle_1 2.
      const expected: Record<string, number> = {
        'pentominoes-3x20': 2,
        'soma-clip': 20,
        'hexiamonds-hexicator': 1,
        'tetrahexes-4x7': 9,
        'one-sided-welded-tetrasticks-5x5': 3,
        'tritrigs-hex-3x1-ring': 1,
        'one-sided-tetratwigs-triangle-1': 2,
      };
      const r = run('verify', ...Object.keys(expected), '--method', method, '--json');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const lines = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      // The summary names what answered (regression: solver null where the counter answered, --solver not given).
      expect(lines.at(-1)).toMatchObject({
        status: 'OK',
        agrees: 7,
        complete: true,
        solver: method === 'count' ? 'exact-cover counter' : expect.any(String),
      });
      const puzzles = lines.slice(0, -1) as { name: string; outcome: string; count?: number; solver?: string }[];
      expect(puzzles.map((p) => p.name)).toEqual(Object.keys(expected));
      for (const p of puzzles) {
        expect(p).toMatchObject({ outcome: 'agrees', count: expected[p.name], method });
        // The counter names itself; enumeration names the SAT solver that visited the solutions.
        expect(p.solver).toMatch(method === 'count' ? /exact-cover counter/ : /^(?!exact-cover)/);
      }
    },
    600_000,
  );

  it('verify counts a puzzle named twice once (regression: verify soma-cube soma-cube counted it twice)', () => {
    const r = run('verify', 'pentominoes-3x20', 'pentominoes-3x20', '--json');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ agrees: 1, params: { puzzles: 1 } });
  });

  it('--puzzle gives the named board and pieces to solve, enumerate, encode and explain', () => {
    const r = run('enumerate', 'polycube', '--puzzle', 'soma-clip', '--unique', '--symmetry', 'rotations', '--show', '0', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ count: 20, complete: true });
    expect(run('solve', 'polyomino', '--puzzle=pentominoes-3x20').status).toBe(0);
    expect(run('explain', 'pentomino', '--puzzle', 'pentominoes-3x20').stdout).toMatch(/clauses/);
    // The polyform puzzle takes every grid, with the source's restriction (Puzzler: TritrigsParallelogram5x2, 9 with P3 in rotations 0-2).
    const trigs = run('enumerate', 'polyform', '--puzzle', 'tritrigs-parallelogram-5x2', '--show', '0', '--json');
    expect(JSON.parse(trigs.stdout)).toMatchObject({ count: 9, complete: true });
  }, 600_000);

  it("--puzzle is one option, shown and spelled as typed, beside the verb's positional kind", () => {
    const help = run('enumerate', 'polyform', '--help').stdout;
    expect(help).toMatch(/--puzzle +a named puzzle from the catalogue/);
    expect(help).not.toMatch(/named-puzzle/);
    expect(help).toMatch(/enumerate <kind>/);
  }, 120_000);

  it.each([
    [['verify', 'no-such-puzzle'], 2, /^puzzlesat: verify: unknown catalogue puzzle "no-such-puzzle"/],
    [['verify', '--max-seconds', '0'], 2, /--max-seconds/],
    // Regression: each puzzle's child failed on the name, reported as "puzzlesat enumerate failed (exit 2)", exit 1.
    [['verify', 'soma-clip', '--method', 'enumerate', '--solver', 'nosuch'], 2, /^puzzlesat: --solver: unknown solver "nosuch"/],
    // Regression: the named puzzle was filtered out and nothing verified was reported OK.
    [
      ['verify', 'soma-clip', '--family', 'polyominoes'],
      2,
      /^puzzlesat: --family polyominoes: soma-clip is one of the polycubes; name puzzles of one family/,
    ],
    [
      ['verify', 'soma-clip', '--solver', 'minisat-wasm'],
      2,
      /^puzzlesat: --solver minisat-wasm: the exact-cover counter of --method count uses no solver; add --method enumerate$/m,
    ],
    [
      ['enumerate', 'polyform', '--puzzle', 'hexiamonds-6x7'],
      2,
      /--puzzle: unknown catalogue puzzle "hexiamonds-6x7" \(did you mean hexiamonds-6x6\?\)/,
    ],
    [['enumerate', 'polyomino', '--puzzle', 'soma-clip'], 2, /--puzzle soma-clip: on the cube grid, which polyomino does not read/],
    [['enumerate', 'polyomino', '--puzzle', 'hexiamonds-6x6'], 2, /try puzzlesat enumerate polyform --puzzle hexiamonds-6x6/],
    [
      ['enumerate', 'polyform', '--puzzle', 'hexiamonds-6x6', '--board', '3x3'],
      2,
      /^puzzlesat: --puzzle names the board and pieces: give it without --board/,
    ],
    [['enumerate', 'polyomino', '--puzzle', 'pentominoes-3x20', '--board', '3x3'], 2, /give it without --board/],
    [['enumerate', 'polycube', '--puzzle', 'soma-cube', '--pieces-file', 'x.txt'], 2, /give it without --pieces-file/],
  ] as const)(
    'bad input %j: one line, exit %i',
    (args, code, message) => {
      const r = run(...args);
      expect(r.status).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    },
    120_000,
  );
});
