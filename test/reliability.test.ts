import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { polyomino } from '../encoders/polyomino.js';
import { polycube } from '../encoders/polycube.js';
import { polyform } from '../encoders/polyform.js';
import { dimacsString, instanceFromDimacs, parseDimacs, readDimacsFile } from '../src/core/dimacs.js';
import { parsePiecesFile } from '../src/geometry/shapes.js';
import { checkNumericOptions } from '../src/cli/options.js';
import { userMessage } from '../src/cli/common.js';
import { solveDpll } from './helpers/dpll.js';
import { dimacsClauses } from '../src/core/dimacs.js';
import { LineSplitter } from '../solvers/external/process.js';
import { LiteralReader } from '../solvers/external/output.js';
import { modelFromLiterals } from '../solvers/external/clause-store.js';
import { SOLVERS } from '../solvers/index.js';
import type { Solver } from '../solvers/types.js';
import { ExternalSolver } from '../solvers/external/adapter.js';
import { EXTERNAL_SPECS } from '../solvers/external/specs.js';
import { Cnf } from '../src/core/cnf.js';
import { setRunDeadline } from '../src/core/limits.js';
import { SatSolver } from '../src/session/solver.js';
import { enumerate as enumerateByLoop } from '../src/enumerate/blocking-loop.js';
import { nextSliceConflicts, solveInSlices } from '../solvers/wasm-support.js';
import { writeReplacing } from '../src/core/output.js';
import { Formula, solve } from '../src/index.js';
import { missing } from './helpers/requires.js';
import { expectOneLineError, userErrorOf } from './helpers/expect-errors.js';

/**
 * One regression test per defect of issue 15 ("no wrong answer, no lost
 * file"), each written before its fix. In-process where the defect lives in a
 * library function; the compiled CLI where it lives in a verb.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-reliability-');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const file = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('1. duplicate piece names are refused, not merged', () => {
  it('--pieces: a name defined twice with art', () => {
    expect(userErrorOf(() => polyomino({ board: '4x2', pieces: 'Q=###/#..,Q=##/##' }))).toMatch(/^pieces: piece Q is given twice/);
    expect(userErrorOf(() => polyomino({ board: '2x1', pieces: 'Q=#,Q=##' }))).toMatch(/piece Q is given twice/);
    // Redefining a catalog name that is also used plainly is just as ambiguous.
    expect(userErrorOf(() => polyomino({ board: '4x4', pieces: 'L4,L4=##' }))).toMatch(/piece L4 is given twice/);
  });
  it('--pieces: a catalog name repeated still means copies', () => {
    expect(polyomino({ board: '4x2', pieces: 'L4,L4' }).spec.pieces).toEqual([expect.objectContaining({ name: 'L4', count: 2 })]);
  });
  it('a pieces file with two headers of one name names both lines', () => {
    expect(userErrorOf(() => parsePiecesFile('A:\n##\n\nB:\n#\nA:\n#\n', 'p.txt'))).toBe(
      'p.txt:6: piece A is declared twice (first at line 1); write "A*2:" for copies',
    );
  });
  it('polycube pieces too', () => {
    expect(userErrorOf(() => polycube({ figure: '2x2x1', pieces: 'Q=##,Q=#' }))).toMatch(/piece Q is given twice/);
  });
  it('polyform reads a list as polyomino and polycube do: a name repeated with its shape means copies, with another shape it is refused (regression: every repeat refused, and "free:2,free:2" an internal error)', () => {
    const counts = (pieces: string) => polyform({ board: '4x2', pieces }).spec.pieces.map((p) => [p.name, p.least, p.count]);
    expect(counts('L4,L4')).toEqual([['L4', 2, 2]]);
    expect(counts('Q=##,Q=##,Q*0..1=##,R=####')).toEqual([
      ['Q', 2, 3],
      ['R', 1, 1],
    ]);
    expect(counts('free:2,free:2,free:4*0..1')).toEqual(expect.arrayContaining([[expect.any(String), 2, 2]]));
    expect(polyomino({ board: '4x2', pieces: 'Q=##,Q=##,Q*0..1=##,R=####' }).spec.pieces.map((p) => [p.name, p.least, p.count])).toEqual([
      ['Q', 2, 3],
      ['R', 1, 1],
    ]);
    // Another shape under the name: the same refusal in the three.
    const twoShapes = 'pieces: piece Q is given twice with two shapes; use Q*2 for copies or another name for another shape';
    expect(userErrorOf(() => polyform({ board: '3x1', pieces: 'Q=#,Q=##' }))).toBe(twoShapes);
    expect(userErrorOf(() => polyomino({ board: '3x1', pieces: 'Q=#,Q=##' }))).toBe(twoShapes);
    expect(userErrorOf(() => polycube({ figure: '3x1x1', pieces: 'Q=#,Q=##' }))).toBe(twoShapes);
    expect(userErrorOf(() => polyform({ board: '2x2', pieces: 'free:2,A2=#' }))).toMatch(/piece A2 is given twice with two shapes/);
  });
});

describe('5. strict DIMACS', () => {
  const err = (text: string) => userErrorOf(() => parseDimacs(text, 'f.cnf'));
  it('literals beyond 2^31-1 are refused, never wrapped', () => {
    for (const big of ['4294967297', '2147483648', '9007199254740993']) {
      expect(err(`p cnf 3 1\n${big} 0\n`)).toMatch(/^f\.cnf:2: literal .* (exceeds|out of range)/);
    }
  });
  it('headers out of range are refused before allocating', () => {
    expect(err(`p cnf ${'9'.repeat(400)} 1\n1 0\n`)).toMatch(/^f\.cnf:1: .*variables.*2147483647/);
    expect(err('p cnf 2147483648 1\n1 0\n')).toMatch(/^f\.cnf:1:/);
    expect(err('p cnf 3 4294967296\n1 0\n')).toMatch(/^f\.cnf:1:/);
  });
  it('c project beyond the header, and hex or float tokens, are refused', () => {
    expect(err('p cnf 3 1\nc project 99 0\n1 0\n')).toMatch(/f\.cnf:2: .*99.*3 variables/);
    expect(err('p cnf 3 1\nc project 0x2 1e1 0\n1 0\n')).toMatch(/f\.cnf:2: bad variable "0x2"/);
    expect(err('p cnf 3 1\n0x2 0\n')).toMatch(/f\.cnf:2: stray token "0x2"/);
  });
  it('the SATLIB % trailer and lone-CR line endings are read', () => {
    const satlib = parseDimacs('c uf\np cnf 3 2\n 1 -2 0\n2 3 0\n%\n0\n\n', 'f.cnf');
    expect(satlib.ends.length).toBe(2);
    const cr = parseDimacs('p cnf 3 2\r1 -2 0\r2 3 0\r', 'f.cnf');
    expect(Array.from(cr.lits)).toEqual([1, -2, 2, 3]);
    expect(err('p cnf 3 1\r1 0\rx 0\r')).toMatch(/^f\.cnf:3:/);
  });
  it('gzip input is read; xz input is read or explained', () => {
    const text = 'p cnf 2 2\n1 2 0\n-1 0\n';
    expect(readDimacsFile(file('g.cnf.gz', gzipSync(text))).ends.length).toBe(2);
    const xz = spawnSync('xz', ['-c'], { input: text });
    if (xz.status === 0) expect(readDimacsFile(file('x.cnf.xz', xz.stdout)).ends.length).toBe(2);
  });
  it('DIMACS output carries c ind and c p show beside c project, and reads back', () => {
    const inst = polyomino({ board: '3x1', pieces: 'I3' });
    const text = dimacsString(inst.cnf, { puzzle: 'polyomino', params: {} });
    const project = text
      .split('\n')
      .filter((l) => l.startsWith('c project '))
      .map((l) => l.slice('c project '.length));
    const ind = text
      .split('\n')
      .filter((l) => l.startsWith('c ind '))
      .map((l) => l.slice('c ind '.length));
    expect(ind).toEqual(project);
    const show = text.split('\n').filter((l) => l.startsWith('c p show '));
    expect(show).toEqual([`c p show ${inst.cnf.projection.join(' ')} 0`]);
    expect(parseDimacs(text).projection).toEqual(inst.cnf.projection);
  });
  it('c var names that collide with the fallback names are a user error or renamed, never an internal error', () => {
    const f = parseDimacs('p cnf 2 1\nc var 1 x2#2\n1 2 0\n', 'f.cnf');
    const inst = instanceFromDimacs(f, 'f.cnf');
    expect(inst.cnf.varCount).toBe(2);
  });
});

describe('4/5. numeric options: one validator', () => {
  it('refuses non-integers, negatives, NaN, empty, overflowing timeouts', () => {
    const bad: [string, unknown][] = [
      ['cube-depth', -1],
      ['cube-depth', Number.NaN],
      ['cube-depth', 'abc'],
      ['cube-depth', 1.5],
      ['workers', 0],
      ['timeout', -1],
      ['timeout', 0],
      ['timeout', Number.NaN],
      ['timeout', ''],
      ['timeout', 3e6],
      ['timeout', Infinity],
      ['limit', 0],
      // Whole, but past what a double holds exactly (regression: --capacity 1e20 reached the PB encoder, an internal error).
      ['capacity', 1e20],
      ['min-value', '99999999999999999999'],
      ['seed', 2 ** 53],
    ];
    for (const [name, value] of bad) expect(userErrorOf(() => checkNumericOptions({ [name]: value, _: [] }))).toMatch(new RegExp(`^--${name}: `));
    expectOneLineError(
      run('solve', 'knapsack', '--items', 'x:1:2,y:2:3', '--capacity', '99999999999999999999'),
      /^puzzlesat: --capacity: at most 9007199254740991/,
      2,
    );
  });
  it('accepts sane values', () => {
    expect(() => checkNumericOptions({ 'cube-depth': 0, timeout: 0.5, workers: 2, limit: 3, _: [] })).not.toThrow();
  });
});

describe('7. error messages stay one short, clean line', () => {
  it('long tokens are cut and control bytes escaped', () => {
    const msg = userMessage(`stray token "${'a'.repeat(1_000_000)}\x1b[31m"\nsecond line`);
    expect(msg.length).toBeLessThan(300);
    expect(msg).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(msg).toContain('\\x1b');
  });
});

describe('every accepted small DIMACS agrees with the independent DPLL', () => {
  it('a SATLIB-style file', () => {
    const f = parseDimacs('p cnf 3 3\n1 2 0\n-1 0\n-2 3 0\n%\n0\n');
    const clauses = [...dimacsClauses(f)];
    expect(solveDpll(clauses, f.vars)).not.toBeNull();
  });
});

describe('CLI: one-line user errors instead of internal errors and aborts', { timeout: 120_000 }, () => {
  it('--cube-depth abc, --timeout -1, --timeout 3e6 exit 1 with one line', () => {
    // A bad option value is a usage error (exit 2).
    expectOneLineError(run('enumerate', 'pentomino', '--preset', '3x20', '--cube-depth', 'abc'), /--cube-depth: /, 2);
    expectOneLineError(run('solve', 'pentomino', '--preset', '3x20', '--timeout', '-1'), /--timeout: /, 2);
    expectOneLineError(run('solve', 'pentomino', '--preset', '3x20', '--timeout', '3e6'), /--timeout: /, 2);
  });
  it('enumerate soma --unique bogus names the choices', () => {
    expectOneLineError(run('enumerate', 'soma', '--unique', '--symmetry', 'bogus'), /symmetry.*rotations.*bogus/, 2);
  });
  it('encode -o into a missing directory fails before the work', () => {
    expectOneLineError(run('encode', 'pentomino', '--preset', '3x20', '-o', join(dir, 'missing', 'x.cnf')), /-o|--output/, 2);
  });
  it('an output path that is a directory is a usage error naming the option, with --resume and --force too (regression: --resume read it, an internal error)', () => {
    for (const [verb, ...rest] of [
      ['enumerate', 'pentomino', '--preset', '3x20', '-o', dir, '--resume'],
      ['count', 'pentomino', '--preset', '3x20', '-o', dir, '--resume'],
      ['count', 'pentomino', '--preset', '3x20', '-o', dir, '--force'],
      ['sweep', 'genius-square', '--count', '--sample', '5', '-o', dir, '--resume'],
      ['encode', 'pentomino', '--preset', '3x20', '-o', dir],
    ])
      expectOneLineError(run(verb!, ...rest), /^puzzlesat: --output \(-o\): .* is a directory/, 2);
    expect(statSync(dir).isDirectory()).toBe(true);
  });
  it('a huge board or figure is refused before allocation, with the option to raise the limit', () => {
    // A size typed in the option is a bad option value: a usage error, exit 2.
    expectOneLineError(run('solve', 'polyomino', '--board', '100000x100000', '--pieces', 'I'), /--board: .*cells.*--max-cells/, 2);
    expectOneLineError(run('solve', 'soma', '--figure', '1000x1000x1000'), /--figure: .*cells.*--max-cells/, 2);
  });
  it('placement counts and encoding sizes are guarded too, each with its option', () => {
    expectOneLineError(
      run('encode', 'polyomino', '--board', '20x20', '--pieces', 'I*80', '--max-placements', '100'),
      // Regression: "give at least 101 placements, more than the limit of 100": the count where the guard stopped, as a demand.
      /^puzzlesat: --board and --pieces: the pieces have more placements on the board than the limit of 100 \(raise it with --max-placements\)\n$/,
    );
    expectOneLineError(
      run('encode', 'polyomino', '--board', '20x20', '--pieces', 'I*80', '--max-literals', '1000'),
      /clauses: would grow to \d+ literals.*--max-literals/,
    );
    expect(run('encode', 'polyomino', '--board', '20x20', '--pieces', 'I*80', '-o', join(dir, 'i80.cnf')).code).toBe(0);
  });
  it('dobble --symbols-per-card 1000000 is refused', () => {
    expectOneLineError(run('dobble', '--symbols-per-card', '1000000'), /--symbols-per-card: /, 2);
  });
  it('an unsolvable board answers UNSAT, exit 0', () => {
    const r = run('solve', 'polyomino', '--board', '3x1', '--pieces', 'L3', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).status).toBe('UNSAT');
  });
  it('worker threads enumerate the board this thread rolled (--random without --seed)', () => {
    const r = run('enumerate', 'genius-square', '--random', '--workers', '2', '--limit', '30', '--show', '0', '--json');
    expect(r.err).toBe('');
    expect(JSON.parse(r.out)).toMatchObject({ count: 30 });
  });
  it('--out /dev/full is a user error', () => {
    if (!existsSync('/dev/full')) return;
    expectOneLineError(
      run('enumerate', 'pentomino', '--preset', '3x20', '--solver', 'dlx', '--out', '/dev/full', '--force'),
      /--out.*ENOSPC|no space/i,
    );
  });
});

describe('2/3. --out and --resume', { timeout: 120_000 }, () => {
  const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const solutions = (path: string) => lines(path).filter((l) => l.includes('"vars"'));

  it("a write removes the temporary files that killed runs left beside its path, not a live run's (regression: Ctrl-C in encode -o left a 49 MB .big.cnf.<pid>.tmp for good)", () => {
    const out = file('killed.cnf', 'before\n');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = file(`.killed.cnf.${dead}.tmp`, 'half a formula');
    const live = file(`.killed.cnf.${process.ppid}.tmp`, 'another run, still writing');
    writeReplacing(out, ['after\n']);
    expect(readFileSync(out, 'utf8')).toBe('after\n');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('an option error leaves an existing --out file untouched', () => {
    const out = file('keep.jsonl', 'precious\n');
    expectOneLineError(run('enumerate', 'pentomino', '--preset', '3x20', '--out', out, '--workers', '0', '--force'), /--workers/, 2);
    // A count of pieces of two sizes used is no exact cover for dancing links (copies are: D2*2 on 4x1 is one).
    expectOneLineError(
      run('enumerate', 'polyform', '--board', '2x2', '--pieces', 'D2*0..2,M1*0..4', '--use', '3', '--solver', 'dlx', '--out', out, '--force'),
      /dlx/,
      2,
    );
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
  });
  it('an existing --out file is not overwritten without --force or --resume', () => {
    const out = file('exists.jsonl', 'precious\n');
    expectOneLineError(run('enumerate', 'pentomino', '--preset', '3x20', '--out', out), /exists.*--force.*--resume|--resume.*--force/, 2);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    expect(run('enumerate', 'pentomino', '--preset', '3x20', '--unique', '--solver', 'dlx', '--out', out, '--force').code).toBe(0);
    expect(solutions(out)).toHaveLength(2);
  });
  it('the file starts with a fingerprint header; --resume refuses another run', () => {
    const out = join(dir, 'hole.jsonl');
    expect(run('enumerate', 'pentomino', '--preset', '8x8-centre-hole', '--unique', '--solver', 'dlx', '--out', out, '--show', '0').code).toBe(0);
    expect(JSON.parse(lines(out)[0]!)).toMatchObject({ puzzlesat: expect.any(String), fingerprint: expect.any(String) });
    expect(solutions(out)).toHaveLength(65);
    expectOneLineError(
      run('enumerate', 'pentomino', '--preset', '6x10', '--unique', '--out', out, '--resume'),
      /--resume: .* was written for other puzzle parameters \(preset: "8x8-centre-hole" in the file, "6x10" now\)/,
    );
    expectOneLineError(run('enumerate', 'pentomino', '--preset', '8x8-centre-hole', '--out', out, '--resume'), /--resume: .*unique/);
  });
  it('--resume rejects a duplicated line and repairs a torn or NUL-padded last line', () => {
    const out = join(dir, 'torn.jsonl');
    expect(
      run('enumerate', 'pentomino', '--preset', '8x8-centre-hole', '--unique', '--solver', 'dlx', '--out', out, '--limit', '10', '--show', '0').code,
    ).toBe(0);
    const text = readFileSync(out, 'utf8');
    const all = text.split('\n').filter(Boolean);
    writeFileSync(out, text + all[3] + '\n');
    expectOneLineError(
      run('enumerate', 'pentomino', '--preset', '8x8-centre-hole', '--unique', '--solver', 'dlx', '--out', out, '--resume'),
      /torn\.jsonl:\d+: .*duplicate/,
    );
    writeFileSync(out, text + all[5]!.slice(0, 20) + '\0'.repeat(100));
    const r = run('enumerate', 'pentomino', '--preset', '8x8-centre-hole', '--unique', '--solver', 'dlx', '--out', out, '--resume', '--json');
    expect(r.err).toMatch(/resuming: \d+ solutions from /);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).count).toBe(65);
    const vars = solutions(out).map((l) => JSON.stringify(JSON.parse(l).vars));
    expect(new Set(vars).size).toBe(65);
    expect(vars).toHaveLength(65);
  });
  it('resume skips the cubes the file records as finished', () => {
    const out = join(dir, 'cubes.jsonl');
    const args = ['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--workers', '1', '--out', out, '--show', '0', '--json'];
    const fresh = JSON.parse(run(...args).out);
    expect(fresh).toMatchObject({ count: 2, complete: true });
    expect(fresh.cubes).toBeGreaterThan(0);
    const again = run(...args, '--resume');
    // Every leaf cube, and every unit (subtree) of the tree above them.
    const finished = Number(/resuming: 2 solutions from .* \((\d+) cubes? finished\)/.exec(again.err)?.[1]);
    expect(finished).toBeGreaterThanOrEqual(fresh.cubes);
    expect(JSON.parse(again.out)).toMatchObject({ count: 2, complete: true, cubes: 0 });
  });
  it('sweep --out keeps an existing file without --force or --resume, and takes the lock', () => {
    const out = file('sweep.tsv', 'precious\n');
    expectOneLineError(run('sweep', 'genius-square', '--sample', '2', '--out', out), /--output \(-o\): .*exists.*--resume.*--force/, 2);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    writeFileSync(`${out}.lock`, `${process.pid}\n`);
    expectOneLineError(run('sweep', 'genius-square', '--sample', '2', '--out', out, '--force'), /being written by process/);
  });
  it('sweep --resume refuses a file of other parameters, naming the one that differs, and leaves it as it was; the same ones resume (regression: it mixed two samples)', () => {
    const out = join(dir, 'sw.tsv');
    const sweep = (...args: string[]) => run('sweep', 'genius-square', '--workers', '1', '-o', out, ...args);
    expect(sweep('--sample', '3', '--json').code).toBe(0);
    const written = readFileSync(out, 'utf8');
    for (const [args, differs] of [
      [['--sample', '5', '--seed', '2'], /--sample: 3 in the file, 5 now/],
      [['--sample', '3', '--seed', '2'], /--seed: 1 in the file, 2 now/],
      [[], /--sample: 3 in the file, none now/],
      [['--sample', '3', '--count'], /was written without --count; resume it the same way or start another file/],
    ] as const) {
      expectOneLineError(sweep(...args, '--resume'), new RegExp(`^puzzlesat: --resume: .*sw\\.tsv:1 .*${differs.source}`));
      expect(readFileSync(out, 'utf8')).toBe(written);
    }
    expect(existsSync(`${out}.lock`)).toBe(false);
    const again = sweep('--sample', '3', '--seed', '1', '--resume', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ resumed: 3, solved: 0, complete: true, visited: 3 });
    expect(readFileSync(out, 'utf8')).toBe(written);
  });
  it('a second writer is stopped by the lock; a stale lock is taken over', () => {
    const out = join(dir, 'locked.jsonl');
    writeFileSync(`${out}.lock`, `${process.pid}\n`);
    expectOneLineError(run('enumerate', 'pentomino', '--preset', '3x20', '--solver', 'dlx', '--out', out), /locked|being written/);
    writeFileSync(`${out}.lock`, '999999999\n');
    expect(run('enumerate', 'pentomino', '--preset', '3x20', '--solver', 'dlx', '--out', out).code).toBe(0);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });
});

/** An engine that only counts what it is handed: a clause handed over after the deadline is time spent past --timeout. */
function countingEngine(handed: { clauses: number; solves: number; disposed: number }): Solver {
  return {
    name: 'counting',
    ensureVars: () => {},
    addClause: () => void handed.clauses++,
    solve: async () => (handed.solves++, 'UNKNOWN'),
    value: () => false,
    stats: () => ({ solves: handed.solves }),
    dispose: () => void handed.disposed++,
  };
}

describe('4. --timeout is one limit for the run', { timeout: 120_000 }, () => {
  // Pigeonhole 11 into 10: UNSAT, and minutes of search for every engine here (resolution proofs of it are exponential, Haken 1985).
  const php = (n = 11) => {
    const v = (p: number, h: number) => p * (n - 1) + h + 1;
    const clauses: number[][] = [];
    for (let p = 0; p < n; p++) clauses.push(Array.from({ length: n - 1 }, (_, h) => v(p, h)));
    for (let h = 0; h < n - 1; h++) for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) clauses.push([-v(a, h), -v(b, h)]);
    return file(`php${n}.cnf`, `p cnf ${n * (n - 1)} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0`).join('\n')}\n`);
  };
  for (const solver of SOLVERS.map((f) => f.name)) {
    it.skipIf(missing(solver))(`--timeout 3 stops ${solver} inside a hard solve (pigeonhole 11 into 10), which answers UNKNOWN`, () => {
      const t0 = process.hrtime.bigint();
      const r = run('solve', php(), '--solver', solver, '--timeout', '3', '--json');
      const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ status: 'UNKNOWN', complete: false, solver });
      // Not a timing assertion on speed: the run to the end takes minutes; a loaded machine adds seconds, not minutes.
      expect(wallSeconds).toBeLessThan(60);
    });
  }
  it('the library stops logic-solver, which cannot stop itself, at solve({ timeout })', async () => {
    const f = new Formula();
    const formula = readDimacsFile(php());
    // Variables 1..n, allocated in order, named as DIMACS numbers them.
    for (let v = 1; v <= formula.vars; v++) expect(f.vars.id(`x${v}`)).toBe(v);
    for (const clause of dimacsClauses(formula)) f.add(clause);
    const t0 = process.hrtime.bigint();
    const { status } = await solve(f, { solver: 'logic-solver', timeout: 3 });
    expect(status).toBe('UNKNOWN');
    expect(Number(process.hrtime.bigint() - t0) / 1e9).toBeLessThan(60);
  });
  it('a WebAssembly search whose deadline passed while its clauses were loaded starts no slice (regression: solve dobble --order 7 --timeout 3 searched a first slice after the deadline and answered SAT at 6-8 s)', async () => {
    let slices = 0;
    const driver = { runSlice: () => (slices++, 0), conflicts: () => 0, propagations: () => 0, resumed: () => {} };
    expect(await solveInSlices(driver, Date.now() - 1, Infinity)).toBe(0);
    expect(slices).toBe(0);
  });
  it('slices end at the same conflicts however long each takes (regression: sized by time, cadical-wasm drew another 8x8 tiling from run to run)', async () => {
    // An engine whose slices take `ms` each, 37 propagations a conflict, answering after 20 slices.
    const budgetsWhen = async (ms: number): Promise<number[]> => {
      const budgets: number[] = [];
      let conflicts = 0;
      const driver = {
        runSlice: (budget: number) => {
          const until = Date.now() + ms;
          while (Date.now() < until);
          budgets.push(budget);
          conflicts += budget;
          return budgets.length === 20 ? 10 : 0;
        },
        conflicts: () => conflicts,
        propagations: () => 37 * conflicts,
        resumed: () => {},
      };
      expect(await solveInSlices(driver, Infinity, Infinity, new AbortController().signal)).toBe(10);
      return budgets;
    };
    expect(await budgetsWhen(15)).toEqual(await budgetsWhen(1));
  });
  // An engine on a fake clock: `msPerConflict` a conflict (the other of `slower` every second slice, as on a loaded machine),
  // 37 propagations a conflict, never answering.
  const slicesUntil = async (deadline: number, msPerConflict: number, slower = msPerConflict) => {
    let clock = 0;
    let conflicts = 0;
    const slices: { budget: number; start: number; end: number }[] = [];
    const driver = {
      runSlice: (budget: number) => {
        const start = clock;
        clock += budget * (slices.length % 2 ? slower : msPerConflict);
        conflicts += budget;
        slices.push({ budget, start, end: clock });
        return 0;
      },
      conflicts: () => conflicts,
      propagations: () => 37 * conflicts,
      resumed: () => {},
    };
    // Without a deadline, the conflict limit ends the search.
    expect(await solveInSlices(driver, deadline, 10_000_000, undefined, () => clock)).toBe(0);
    return slices;
  };
  it('near its deadline a slice is cut to the conflicts expected to fit before it, and slices far from it are unchanged (regression: solve php.cnf --solver cadical-wasm --timeout 2 started a 1.2-s slice 0.9 s before the deadline and ended at 2.4-3.4 s)', async () => {
    const unlimited = (await slicesUntil(Infinity, 0.05)).map((s) => s.budget);
    // Far from a deadline, the same slices as with none (CaDiCaL's answers depend on them).
    expect((await slicesUntil(1e9, 0.05)).map((s) => s.budget)).toEqual(unlimited);
    for (const [deadline, msPerConflict, slower] of [
      [3000, 0.05, 0.05],
      [2000, 0.05, 0.05],
      [1500, 0.05, 0.05],
      [1500, 0.5, 0.5],
      [10_000, 1, 1],
      [3000, 0.03, 0.054],
      [8000, 0.03, 0.054],
    ] as const) {
      const slices = await slicesUntil(deadline, msPerConflict, slower);
      const last = slices.at(-1)!;
      // No slice ends past the deadline by more than a few conflicts' time ...
      expect(last.end).toBeGreaterThanOrEqual(deadline);
      expect(last.end - deadline).toBeLessThanOrEqual(Math.max(1, 20 * slower));
      // ... and those that end well before it are sized as without one. Within a quarter of it: a slice is cut once its time
      // at the dearer rate passes half the time left, and at the cheaper one it may end before half the time (3000 ms at
      // 0.03/0.054 ms: one from 672 ms, cut to 21,560 conflicts, ends at 1319 ms).
      const early = slices.filter((s) => s.end <= deadline / 4).map((s) => s.budget);
      expect(early).toEqual(unlimited.slice(0, early.length));
    }
  });
  it('a search of dear conflicts ends within a conflict or two of a 1-s deadline (regression: its first slice, 2000 conflicts of 1.1-1.7 ms in a random 3-SAT formula of 40,000 variables, solve --solver minisat-wasm --timeout 3, ended 1.2-2 s past it)', async () => {
    for (const msPerConflict of [0.5, 1, 2, 10]) {
      const last = (await slicesUntil(1000, msPerConflict)).at(-1)!;
      expect(last.end).toBeGreaterThanOrEqual(1000);
      expect(last.end - 1000).toBeLessThanOrEqual(2 * msPerConflict);
    }
  });
  it('slices start small and grow at most fourfold to the propagations of one (the time of a conflict is not known before the first)', async () => {
    const budgets = (await slicesUntil(Infinity, 0.05)).map((s) => s.budget);
    expect(budgets[0]).toBeLessThanOrEqual(10);
    for (let i = 1; i < budgets.length; i++) expect(budgets[i]).toBeLessThanOrEqual(4 * budgets[i - 1]!);
    // 37 propagations a conflict: slices of a million propagations once grown.
    expect(Math.max(...budgets)).toBe(Math.round(1_000_000 / 37));
    // A slice past 4 s is followed by one of about 0.2 s, whatever it grew from.
    expect(nextSliceConflicts(50_000, 100_000, 8000)).toBe(1250);
  });
  it("the clauses reach an engine within the run's deadline, the rest at the next solve (regression: dobble --symbols-per-card 11 --method sat --timeout 6 handed 5.3 million clauses to cadical-wasm after its deadline, and ended at 10 s)", async () => {
    const handed = { clauses: 0, solves: 0, disposed: 0 };
    const engine = countingEngine(handed);
    const cnf = new Cnf();
    cnf.family('many');
    const vars = Array.from({ length: 20_001 }, () => cnf.vars.aux('x'));
    for (let i = 0; i < 20_000; i++) cnf.add([vars[i]!, -vars[i + 1]!]);
    const s = new SatSolver(cnf, engine);
    // The deadline has passed when the solve starts: the formula is built, but nothing of it may reach the engine.
    setRunDeadline(Date.now() - 1);
    try {
      expect(await s.solve()).toBe('UNKNOWN');
    } finally {
      setRunDeadline(Infinity);
    }
    expect(handed).toEqual({ clauses: 0, solves: 0, disposed: 0 });
    // No clause is lost or handed over twice: a solve without a deadline hands over all of them.
    await s.solve();
    expect(handed).toEqual({ clauses: 20_000, solves: 1, disposed: 0 });
  });
  it('an enumeration hands its formula to the engine within its deadline (regression: the blocking loop loaded every clause before it looked at the clock)', async () => {
    const handed = { clauses: 0, solves: 0, disposed: 0 };
    const engine = () => countingEngine(handed);
    const instance = polyomino({ board: '5x4', pieces: 'L,P,T,U' });
    const summary = await enumerateByLoop(instance, { createSolver: engine, unique: false, onFound: () => {}, timeoutSeconds: 0, cubeDepth: 0 });
    expect(summary.complete).toBe(false);
    expect(handed).toEqual({ clauses: 0, solves: 0, disposed: 1 });
  });
  it("a summary's seconds count from the run's start, building included (regression: a run stopped while building said seconds 0)", () => {
    // A millisecond from the process's start has always passed by the time the options are read, however
    // fast the machine: the build meets a passed deadline, and the summary is the one written then.
    const r = run('solve', 'pentomino', '--preset', '6x10', '--timeout', '0.001', '--json');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out);
    expect(summary).toMatchObject({ status: 'UNKNOWN', complete: false });
    // Not a bound on speed: the run's start lies before the summary, so its seconds are not the 0 written before.
    expect(summary.seconds).not.toBe(0);
  });
  it('enumerate across cubes stops at the limit and says complete:false', () => {
    const t0 = process.hrtime.bigint();
    const r = run('enumerate', 'pentomino', '--preset', '8x8-square', '--unique', '--timeout', '1', '--workers', '1', '--json', '--show', '0');
    const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).complete).toBe(false);
    // Not a timing assertion on speed: the full run takes minutes, a per-cube limit never fires.
    expect(wallSeconds).toBeLessThan(60);
  });
});

describe('7. external solvers', { timeout: 120_000 }, () => {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  /** A stand-in `kissat` on PATH running `body` (sh), answering --version. */
  const fakeKissat = (body: string) => {
    writeFileSync(join(bin, 'kissat'), `#!/bin/sh\nif [ "$1" = --version ]; then echo 9.9; exit 0; fi\n${body}\n`);
    chmodSync(join(bin, 'kissat'), 0o755);
  };
  const runWithFake = (...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, ...args], {
      encoding: 'utf8',
      cwd: dir,
      timeout: 120_000,
      killSignal: 'SIGKILL',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal };
  };
  const cnf = () => file('tiny.cnf', 'p cnf 2 1\n1 2 0\n');

  it('a child that keeps stdout open does not hang the wrapper', () => {
    // The backgrounded sleep inherits stdout and would hold it for 30 s.
    fakeKissat('(sleep 30 &)\necho "s UNSATISFIABLE"\nexit 20');
    const r = runWithFake('solve', cnf(), '--solver', 'kissat', '--json');
    expect(r.signal).toBeNull();
    expect(JSON.parse(r.out).status).toBe('UNSAT');
  });
  it('--timeout kills the whole process group and answers UNKNOWN', () => {
    fakeKissat('sleep 30 & wait');
    const r = runWithFake('solve', cnf(), '--solver', 'kissat', '--timeout', '1', '--json');
    expect(r.signal).toBeNull();
    expect(JSON.parse(r.out)).toMatchObject({ status: 'UNKNOWN', complete: false });
  });
  it('a solver program is not run once the deadline passes while its formula file is made, and the next solve has all of it (regression: dobble --symbols-per-card 11 --method sat --solver cadical spent 5 s past its --timeout making the text of 5.3 million clauses)', async () => {
    const mark = join(dir, 'answers-ran');
    const program = join(bin, 'answers');
    // A stand-in that answers SAT at once (variable 1 true, which every clause holds) and leaves a mark that it ran.
    writeFileSync(program, `#!/bin/sh\ntouch "${mark}"\necho "s SATISFIABLE"\necho "v 1 0"\nexit 10\n`);
    chmodSync(program, 0o755);
    const solver = new ExternalSolver({ ...EXTERNAL_SPECS.find((spec) => spec.name === 'kissat')!, binary: program });
    for (let v = 2; v <= 20_001; v++) solver.addClause([1, v]);
    // A clock that moves on a minute each time it is read: the solve's 5 s are over at its first look after the start.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 60_000));
    try {
      expect(await solver.solve({ timeoutSeconds: 5 })).toBe('UNKNOWN');
    } finally {
      clock.mockRestore();
    }
    expect(existsSync(mark)).toBe(false);
    // The text made before the deadline is kept, none of it twice: the program reads the whole formula next time.
    expect(await solver.solve()).toBe('SAT');
    expect(existsSync(mark)).toBe(true);
    solver.dispose();
  });
  it('a model literal of 99999999999 is a one-line user error', () => {
    fakeKissat('echo "s SATISFIABLE"\necho "v 1 99999999999 0"\nexit 10');
    const r = runWithFake('solve', cnf(), '--solver', 'kissat');
    expectOneLineError(r, /kissat: cannot read its output/);
    expect(() => modelFromLiterals([1, 5], 2, 'kissat')).toThrow(/kissat: its model names variable 5, beyond the formula's 2 variables/);
    // Regression: read as "1 true", and reported as whichever clause that broke.
    expect(() => modelFromLiterals([1, -1], 2, 'kissat')).toThrow(/^kissat: the model sets variable 1 both true and false$/);
    expect(new LiteralReader(() => {}).read('1 4294967297 0')).toBe(false);
  });
  it('lines are split the same however the stream is chunked', () => {
    const got: string[] = [];
    const split = new LineSplitter();
    for (const chunk of ['ab', 'c\nd', '', 'e\n\nf', 'g']) split.push(chunk, (l) => got.push(l));
    split.end((l) => got.push(l));
    expect(got).toEqual(['abc', 'de', '', 'fg']);
  });
  it('run directories of dead processes are removed at start-up', () => {
    // Named as the adapter names them (user, pid, start time) and private, as mkdtemp makes them.
    const name = `puzzlesat-${process.getuid?.() ?? 'u'}-999999999-1-test`;
    mkdirSync(join(tmpdir(), name), { mode: 0o700 });
    writeFileSync(join(tmpdir(), name, 'copy.cnf'), 'p cnf 1 0\n');
    run('solvers');
    expect(readdirSync(tmpdir())).not.toContain(name);
  });
});
