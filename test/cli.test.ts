import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { polyomino } from '../encoders/polyomino.js';
import { parseDimacs, dimacsClauses } from '../src/core/dimacs.js';
import { missing } from './helpers/requires.js';
import { expectOneLineError } from './helpers/expect-errors.js';

// The tests drive the compiled CLI, as users do (`npm test` compiles first).
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-cli-');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 240_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A user error: exit 1, one line on stderr, no stack trace. */
describe('puzzlesat CLI', { timeout: 240_000 }, () => {
  it('solve draws one tiling of the 8x8 board as letters', () => {
    const r = run('solve', 'pentomino', '--preset', '8x8-square');
    expect(r.code).toBe(0);
    const rows = r.out.split('\n').slice(0, 8);
    expect(rows.every((row) => row.length === 8)).toBe(true);
    const counts = new Map<string, number>();
    for (const ch of rows.join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect([...counts.values()].sort((a, b) => a - b)).toEqual([4, ...Array(12).fill(5)]);
    expect(r.out).toMatch(/^SAT in .* s with /m);
  });

  it('solve --json carries the summary contract', () => {
    const r = run('solve', 'pentomino', '--preset', '6x10', '--json', '--solver', 'logic-solver');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ status: 'SAT', count: 1, complete: true, solver: 'logic-solver' });
    expect(j.vars).toBeGreaterThan(2056);
    expect(typeof j.seconds).toBe('number');
    expect(j.solution.placements).toHaveLength(12);
  });

  it('encodes DIMACS that solve reads back, with SAT exit codes only on request', () => {
    expect(run('encode', 'pentomino', '--preset', '6x10', '-o', '6x10.cnf').code).toBe(0);
    const f = parseDimacs(readFileSync(join(dir, '6x10.cnf'), 'latin1'));
    expect(f.projection).toHaveLength(polyomino({ preset: '6x10' }).cnf.projection.length);
    const plain = run('solve', '6x10.cnf');
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^s SATISFIABLE$/m);
    expect(run('solve', '6x10.cnf', '--sat-exit-codes').code).toBe(10);
    const j = JSON.parse(run('solve', '6x10.cnf', '--json').out);
    expect(j.status).toBe('SAT');
    const model = new Set<number>(j.model);
    for (const clause of dimacsClauses(f)) expect(Array.from(clause).some((l) => model.has(l))).toBe(true);
  });

  it('names a plain DIMACS file by its path as given, in every verb\'s --json puzzle (regression: explain and decode said "cnf")', () => {
    writeFileSync(join(dir, 'plain.cnf'), 'p cnf 2 1\n1 2 0\n');
    writeFileSync(join(dir, 'plain.out'), 's SATISFIABLE\nv 1 -2 0\n');
    for (const args of [['solve'], ['count'], ['enumerate'], ['explain'], ['decode', '--model', 'plain.out']]) {
      const r = run(args[0]!, './plain.cnf', ...args.slice(1), '--json');
      expect(r.code, `${args[0]}: ${r.err}`).toBe(0);
      expect(JSON.parse(r.out), args[0]).toMatchObject({ puzzle: './plain.cnf', params: { file: './plain.cnf' } });
    }
  });

  it('names a plain DIMACS file by its path in text, messages and encode\'s --json too (regression: "1 model of cnf", "--svg: cnf has no SVG drawing")', () => {
    writeFileSync(join(dir, 'named.cnf'), 'p cnf 2 1\n1 2 0\n');
    writeFileSync(join(dir, 'named.out'), 's SATISFIABLE\nv 1 -2 0\n');
    expect(run('decode', './named.cnf', '--model', 'named.out').out).toMatch(
      /^SAT: 1 model of \.\/named\.cnf, each checked against \.\/named\.cnf$/m,
    );
    const refusals: [string[], string][] = [
      [['decode', './named.cnf', '--model', 'named.out', '--svg', 'named.svg'], '--svg: ./named.cnf has no SVG drawing'],
      [['enumerate', './named.cnf', '--branching', 'cover'], '--branching cover: ./named.cnf names no clause family to branch on'],
      [['enumerate', './named.cnf', '--propagation', 'native'], '--propagation native: ./named.cnf declares no exactly-one groups'],
    ];
    for (const [args, message] of refusals) {
      const r = run(...args);
      expect([r.code, r.err], args.join(' ')).toEqual([2, `puzzlesat: ${message}\n`]);
    }
    const encoded = run('encode', './named.cnf', '-o', 'encoded.cnf', '--json');
    expect(encoded.code, encoded.err).toBe(0);
    expect(JSON.parse(encoded.out)).toMatchObject({ puzzle: './named.cnf', params: { file: './named.cnf' } });
  });

  it('reports UNSAT as an answer (exit 0; 20 with --sat-exit-codes)', () => {
    writeFileSync(join(dir, 'unsat.cnf'), 'p cnf 1 2\n1 0\n-1 0\n');
    const j = JSON.parse(run('solve', 'unsat.cnf', '--json').out);
    expect(j).toMatchObject({ status: 'UNSAT', count: 0, complete: true });
    expect(run('solve', 'unsat.cnf', '--sat-exit-codes').code).toBe(20);
  });

  it('enumerates classes with --unique, streams JSONL, and resumes', () => {
    const r = run('enumerate', 'pentomino', '--preset', '3x20', '--unique', '--json', '--out', 'tilings.jsonl');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ count: 2, raw: 8, complete: true, unique: true });
    // A header line, the solutions, and a record per finished cube.
    const solutionLines = () =>
      readFileSync(join(dir, 'tilings.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .filter((l) => l.includes('"vars"'));
    const lines = solutionLines();
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!).solution.placements).toHaveLength(12);
    const again = run('enumerate', 'pentomino', '--preset', '3x20', '--unique', '--json', '--out', 'tilings.jsonl', '--resume');
    expect(JSON.parse(again.out)).toMatchObject({ count: 2, raw: 8, complete: true });
    expect(solutionLines()).toHaveLength(2);
  });

  it('stops at --limit and says the count is incomplete', () => {
    const j = JSON.parse(run('enumerate', 'pentomino', '--preset', '6x10', '--limit', '3', '--json', '--workers', '1').out);
    expect(j).toMatchObject({ count: 3, complete: false });
  });

  it('counts with the dancing-links backend', () => {
    const j = JSON.parse(run('enumerate', 'pentomino', '--preset', '8x8-centre-hole', '--unique', '--solver', 'dlx', '--json').out);
    expect(j).toMatchObject({ count: 65, raw: 520, complete: true, solver: 'dlx' });
  });

  it('enumerates any DIMACS file, projected on its c project line', () => {
    writeFileSync(join(dir, 'proj.cnf'), 'p cnf 3 1\nc project 1 2 0\n1 2 3 0\n');
    const j = JSON.parse(run('enumerate', 'proj.cnf', '--json', '--workers', '1').out);
    expect(j).toMatchObject({ count: 4, complete: true });
  });

  it.skipIf(missing('minisat'))('writes 8x8 DIMACS that native minisat solves and that decodes to a valid tiling', () => {
    expect(run('encode', 'pentomino', '--preset', '8x8-square', '-o', 'sq.cnf').code).toBe(0);
    spawnSync('minisat', [join(dir, 'sq.cnf'), join(dir, 'sq.out')], { encoding: 'utf8' });
    const [status, values] = readFileSync(join(dir, 'sq.out'), 'utf8').split('\n');
    expect(status).toBe('SAT');
    const inst = polyomino({ preset: '8x8-square' });
    const trueSet = new Set(
      values!
        .split(' ')
        .map(Number)
        .filter((l) => l > 0),
    );
    const solution = inst.decode(inst.cnf.projection.filter((v) => trueSet.has(v)));
    expect(solution.placements).toHaveLength(13);
    expect(inst.check(solution)).toBeNull();
  });

  it.skipIf(missing('clasp'))('enumerates natively with clasp, or by the blocking loop, and says which ran', () => {
    const base = ['enumerate', 'polyomino', '--board', '6x5', '--pieces', 'F,L,P,T,Y,U', '--unique', '--solver', 'clasp', '--json'];
    expect(JSON.parse(run(...base).out)).toMatchObject({ count: 9, raw: 36, complete: true, mode: 'native' });
    expect(JSON.parse(run(...base, '--no-native').out)).toMatchObject({ count: 9, raw: 36, complete: true, mode: 'blocking-loop' });
  });

  it('lists solvers', () => {
    const list = JSON.parse(run('solvers', '--json').out) as { name: string; available: boolean }[];
    expect(list.find((s) => s.name === 'logic-solver')?.available).toBe(true);
    expect(list.find((s) => s.name === 'dlx')?.available).toBe(true);
  });

  describe('bad input: one line, exit 1, no stack trace', () => {
    it('malformed DIMACS names the file and line', () => {
      writeFileSync(join(dir, 'bad.cnf'), 'p cnf 2 1\n1 5 0\n');
      expectOneLineError(run('solve', 'bad.cnf'), /bad\.cnf:2: literal 5 exceeds the declared 2 variables/);
    });
    it('a missing DIMACS file', () => {
      expectOneLineError(run('solve', 'missing.cnf'), /cannot read "missing\.cnf"/);
    });
    it('an unknown piece', () => {
      expectOneLineError(run('solve', 'pentomino', '--board', '6x10', '--pieces', 'F,I,Q'), /--pieces: unknown piece "Q"/, 2);
    });
    it('a bad board file names its line', () => {
      writeFileSync(join(dir, 'board.txt'), '....\n..x.\n');
      expectOneLineError(run('solve', 'polyomino', '--board', 'board.txt', '--pieces', 'L4,L4'), /board\.txt:2: unexpected character "x"/);
    });
    it('an unknown encoding', () => {
      expectOneLineError(run('solve', 'pentomino', '--amo', 'magic'), /unknown at-most-one encoding "magic"/, 2);
    });
    it('an option that does not apply to the puzzle', () => {
      expectOneLineError(run('solve', 'pentomino', '--roll', 'A1'), /--roll does not apply to pentomino/, 2);
    });
    it('an unknown puzzle', () => {
      expectOneLineError(run('solve', 'sudoku'), /unknown puzzle "sudoku"/, 2);
    });
    it('--resume without --out', () => {
      expectOneLineError(run('enumerate', 'pentomino', '--resume'), /--resume needs --out/, 2);
    });
  });

  it('a formula of one variable or one clause is said in the singular (regression: "[1 vars, 1 clauses]")', () => {
    // A domino on two cells: 1 variable, 3 clauses.
    const domino = ['polyomino', '--board', '2x1', '--pieces', 'D2'];
    expect(run('solve', ...domino).out).toMatch(/^SAT in [\d.]+ s with \S+ \[1 var, 3 clauses\]$/m);
    expect(run('enumerate', ...domino).out).toMatch(/^1 solution in [\d.]+ s with \S+ \[1 var, 3 clauses\]$/m);
    expect(run('count', ...domino).out).toMatch(/ \[1 var, 3 clauses\]; /);
    expect(run('encode', ...domino, '-o', 'domino.cnf').err).toMatch(/^wrote domino\.cnf: 1 var, 3 clauses$/m);
    writeFileSync(join(dir, 'one.cnf'), 'p cnf 1 1\n1 0\n');
    expect(run('enumerate', 'one.cnf').out).toMatch(/ \[1 var, 1 clause\]$/m);
    expect(run('optimize', 'knapsack', '--items', 'a:1:1', '--capacity', '1').out).toMatch(/ \[1 var, 0 clauses, 2 solves\]$/m);
  });

  it('left no temporary files in the working directory beyond its outputs', () => {
    expect(existsSync(join(dir, 'tilings.jsonl'))).toBe(true);
  });
});
