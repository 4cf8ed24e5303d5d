import {
  doublyInterruptedOnOpen,
  interruptedInCnfSearch,
  interruptedInCnfSetUp,
  interruptedInExactCoverSearch,
  interruptedOnFirstHash,
  interruptedOnMessage,
  interruptedOnOpen as interruptedOnOpenIn,
  interruptedOnWrite,
} from './helpers/interrupt.js';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { clock, progressText } from '../src/cli/progress.js';
import { puzzleByName } from '../encoders/index.js';
import { CubeTree } from '../src/enumerate/cube-tree.js';
import { missing } from './helpers/requires.js';
import { expectOneLineError, userErrorOf } from './helpers/expect-errors.js';
import { chained, writeOrExplain } from '../src/index.js';
import { exitCodeOf } from '../src/cli/common.js';

// The CLI as users run it (`npm test` compiles first).
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-ux-');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 240_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), as a person at a terminal would; returns everything drawn. */
function onTerminal(args: string): string {
  const r = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} ${args}`, '/dev/null'], {
    encoding: 'utf8',
    cwd: dir,
    timeout: 240_000,
  });
  expect(r.status).toBe(0);
  return r.stdout;
}

describe('progress', { timeout: 240_000 }, () => {
  it('formats a bar with done/total, percentage, rate, ETA and who works, and a spinner without a total', () => {
    const bar = progressText({ unit: 'cubes', who: 'minisat-wasm', done: 50, total: 200, extra: { classes: 7 }, elapsed: 10, eta: 30 });
    expect(bar).toBe('minisat-wasm [######..................] 25.0% 50/200 cubes | 7 classes | 5.0 cubes/s | ETA 0:30 | 0:10');
    // The share of the work, not of the units, fills the bar; no ETA while the estimate cannot be trusted.
    const early = progressText({ unit: 'cubes', done: 50, total: 200, extra: {}, elapsed: 1, fraction: 0.5 });
    expect(early).toBe('[############............] 50.0% 50/200 cubes | 50 cubes/s | ETA estimating… | 0:01');
    const spin = progressText({ unit: 'conflicts', who: 'cadical', done: 1200, extra: {}, elapsed: 3 });
    expect(spin).toMatch(/^. cadical 1200 conflicts \| 400 conflicts\/s \| 0:03$/);
    expect(clock(3725)).toBe('1:02:05');
    expect(clock(Infinity)).toBe('?');
  });

  it("counts the cube tree's subtrees exactly: every leaf's unit is below the count, and two parts share them out", () => {
    const instance = puzzleByName('pentomino').build({ preset: '6x10' });
    for (const depth of [3, 6]) {
      const total = new CubeTree(instance, true).countUnits(depth);
      const seen = new Set<number>();
      for (const leaf of new CubeTree(instance, true).leaves(depth)) seen.add(leaf.unit!);
      expect(Math.max(...seen)).toBeLessThan(total);
      const parts = [0, 1].map((index) => [...new CubeTree(instance, true).leaves(depth, { index, of: 2 })].map((l) => l.unit!));
      for (const [index, units] of parts.entries()) expect(units.every((u) => u % 2 === index)).toBe(true);
      expect(new Set(parts.flat())).toEqual(seen);
    }
  });

  it.skipIf(missing('script'))('draws a bar on a terminal: enumerate counts subtrees, sweep counts rolls', () => {
    const enumerate = onTerminal('enumerate pentomino --preset 3x20 --unique --show 0 --workers 1');
    expect(enumerate).toMatch(/minisat-wasm|logic-solver/);
    expect(enumerate).toMatch(/\[[#.]{24}\] \d+\.\d% \d+\/\d+ subtrees/);
    expect(enumerate).toMatch(/2 classes \(8 solutions\)/);
    const sweep = onTerminal('sweep genius-square --sample 300 --workers 1');
    expect(sweep).toMatch(/\d+\/300 rolls .*ETA/);
  });

  it.skipIf(missing('script'))('is silent with --quiet, and when stderr is not a terminal', () => {
    expect(onTerminal('sweep genius-square --sample 300 --workers 1 --quiet')).not.toMatch(/rolls\/s/);
    // Regression: verify drew its "1/1 NAME: agrees" line on the terminal with --quiet too.
    const verify = onTerminal('verify pentominoes-3x20 --quiet');
    expect(verify).toMatch(/pentominoes-3x20\tpolyominoes\t/);
    expect(verify).not.toMatch(/1\/1 pentominoes-3x20: agrees/);
    const piped = run('enumerate', 'pentomino', '--preset', '3x20', '--unique', '--show', '0', '--workers', '1');
    expect(piped.code).toBe(0);
    expect(piped.err).toBe('');
    expect(piped.out).toMatch(/^2 classes \(8 solutions\) in [\d.]+ s with /);
  });

  it.skipIf(missing('script'))('draws pieces outlined and coloured on a terminal, letters in a pipe', () => {
    const drawn = onTerminal('solve pentomino --preset 6x10');
    expect(drawn).toMatch(/┌─+┬/);
    expect(drawn).toMatch(/\x1b\[48;5;\d+m/);
    const piped = run('solve', 'pentomino', '--preset', '6x10');
    expect(
      piped.out
        .split('\n')
        .slice(0, 6)
        .every((row) => /^[FILNPTUVWXYZ]{10}$/.test(row)),
    ).toBe(true);
  });
});

describe('help and flags', { timeout: 240_000 }, () => {
  it('enumerate says it takes a .cnf file, as it does (regression: its help and its missing-puzzle message named puzzles only)', () => {
    expect(run('enumerate', '--help').out).toMatch(/kind {2}the kind of puzzle \(puzzlesat list puzzles\), or a \.cnf file/);
    expect(run('enumerate').err).toMatch(/^puzzlesat: enumerate: name a puzzle: .*, or a \.cnf file \(puzzlesat list puzzles\)\n$/);
  });

  it('a missing argument names it and the usage (regression: yargs\' "Not enough non-option arguments: got 1, need at least 2")', () => {
    expect(run('check-proof', 'x.cnf').err).toBe(
      'puzzlesat: check-proof: missing <proof>; usage: puzzlesat check-proof <cnf> <proof> [options] (puzzlesat check-proof --help)\n',
    );
    expect(run('dobble', 'check').err).toMatch(/^puzzlesat: dobble check: missing <deck>; usage: puzzlesat dobble check <deck> \[options\]/);
    expect(run('sweep').code).toBe(2);
  });

  it('a count of one is said in the singular, in count and enumerate (regression: "1 solutions", "1 models", "1 classes (1 solutions)")', () => {
    writeFileSync(join(dir, 'one.cnf'), 'p cnf 2 2\n1 0\n-2 0\n');
    const domino = ['polyomino', '--board', '2x1', '--pieces', 'D2'];
    expect(run('count', 'one.cnf').out).toMatch(/^1 model in /);
    // A DIMACS file by any name (a path to an existing file is read as one): its models, as the .cnf name says (regression: "1 solution").
    writeFileSync(join(dir, 'one.txt'), 'p cnf 2 2\n1 0\n-2 0\n');
    expect(run('count', './one.txt').out).toMatch(/^1 model in /);
    expect(run('count', ...domino).out).toMatch(/^1 solution in /);
    expect(run('count', ...domino, '--unique').out).toMatch(/^1 class in /);
    expect(run('enumerate', ...domino, '--show', '0').out).toMatch(/^1 solution in /);
    expect(run('enumerate', ...domino, '--unique', '--show', '0').out).toMatch(/^1 class \(1 solution\) in /);
    // Two or none stay plural.
    expect(run('count', 'polyomino', '--board', '2x2', '--pieces', 'D2*2').out).toMatch(/^2 solutions in /);
    expect(run('enumerate', 'polyomino', '--board', '3x2', '--pieces', 'L3,I3', '--show', '0').out).toMatch(/^0 solutions in /);
  });

  it('groups options by the puzzles that read them and gives two examples per verb', () => {
    const help = run('enumerate', '--help').out;
    for (const group of ['Encoding:', 'Solving:', 'Output:', 'Enumeration:', 'pentomino, polyomino:', 'soma, polycube:', 'genius-square:', 'dobble:'])
      expect(help).toContain(`\n${group}\n`);
    for (const verb of ['solve', 'enumerate', 'encode', 'explain', 'list', 'solvers', 'sweep', 'dobble', 'bench', 'check-proof', 'worker']) {
      const text = run(verb, '--help').out;
      const examples = text
        .slice(text.indexOf('Examples:'))
        .split('\n')
        .filter((l) => /^ {2}puzzlesat /.test(l));
      expect(examples.length, verb).toBeGreaterThanOrEqual(2);
    }
    const top = run('--help').out;
    expect(top).toMatch(/Puzzles: pentomino, polyomino, soma, polycube, polyform, genius-square, dobble/);
    expect(top).toMatch(/Exit codes: 0 success, 1 error, 2 usage error, 130 interrupted/);
  });

  it("an option the puzzles describe differently shows each puzzle's description (regression: polyform's --symmetry read as soma's, default rotations, where polyform's is isometries)", () => {
    // Flattened: yargs wraps the descriptions over lines.
    const help = run('count', '--help').out.replace(/\s+/g, ' ');
    expect(help).toContain("polyform: what --unique identifies: the board's isometries (default; mirror twins swapped)");
    expect(help).toContain('soma, polycube: what --unique identifies: rotations of the figure (default)');
    expect(help).toContain('polycube: allow reflected pieces (off by default: mirror-image pieces stay distinct)');
    expect(help).toContain('polyform: JSON {"grid","cells","optional"}, WxH, hexagon:N');
  });

  it('--resume, --force and the summary --json are declared once for the verbs that take them, and read the same in each help (regression: count and enumerate wrote them out again)', () => {
    const verbs = join(import.meta.dirname, '..', 'src', 'cli');
    const declaring = (option: string, describe = '') =>
      readdirSync(verbs).filter((name) =>
        readFileSync(join(verbs, name), 'utf8').includes(`.option('${option}', { type: 'boolean', describe: ${describe}`),
      );
    expect(declaring('resume')).toEqual(['common.ts']);
    expect(declaring('force')).toEqual(['common.ts']);
    expect(declaring('json', "'machine-readable summary on stdout (docs/summary.schema.json)'")).toEqual(['common.ts']);
    const force = /\n {6}--force +overwrite an existing --output file instead of refusing\s+\[boolean\]\n/;
    for (const verb of ['count', 'enumerate', 'sweep']) expect(run(verb, '--help').out, verb).toMatch(force);
    expect(run('count', '--help').out).toMatch(/--json +machine-readable summary on stdout \(docs\/summary\.schema\.json\)/);
  });

  it('names the puzzles when none is given, as a usage error (exit 2)', () => {
    const r = run('enumerate');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'puzzlesat: enumerate: name a puzzle: pentomino, polyomino, soma, polycube, polyform, genius-square, dobble, knapsack, or a .cnf file (puzzlesat list puzzles)\n',
    );
  });

  it('takes -o, --output and --out alike for the output file', () => {
    for (const flag of ['-o', '--output', '--out']) {
      const file = `tilings${flag}.jsonl`;
      expect(run('enumerate', 'pentomino', '--preset', '3x20', '--unique', '--solver', 'dlx', '--show', '0', flag, file).code).toBe(0);
      expect(
        readFileSync(join(dir, file), 'utf8')
          .trim()
          .split('\n')
          .filter((l) => l.includes('"vars"')),
      ).toHaveLength(2);
    }
    expect(run('encode', 'pentomino', '--preset', '3x20', '--out', 'x.cnf').code).toBe(0);
    expect(readFileSync(join(dir, 'x.cnf'), 'latin1')).toMatch(/^p cnf /m);
  });

  it('names the output file option one way, as -o/--output, in every message (regression: "--out:" from the lock, a write error and the file checks)', () => {
    const named = /--output \(-o\)/;
    writeFileSync(join(dir, 'held.jsonl.lock'), `${process.pid}\n`);
    const held = run('enumerate', 'pentomino', '--preset', '3x20', '--solver', 'dlx', '--show', '0', '-o', 'held.jsonl');
    expectOneLineError(held, new RegExp(`^puzzlesat: ${named.source}: held\\.jsonl is being written by process ${process.pid} `));
    expectOneLineError(
      run('sweep', 'genius-square', '--sample', '2', '-o', '/dev/full', '--force'),
      /^puzzlesat: --output \(-o\): cannot write "\/dev\/full": no space left on device \(ENOSPC\)$/m,
    );
    expectOneLineError(run('enumerate', 'pentomino', '--preset', '3x20', '--resume'), /^puzzlesat: --resume needs --output \(-o\) FILE/, 2);
    // A library caller named the sweep's file as its field: out.
    const fd = openSync('/dev/full', 'w');
    try {
      expect(userErrorOf(() => writeOrExplain(fd, 'x\n', '/dev/full'))).toBe('out: cannot write "/dev/full": no space left on device (ENOSPC)');
    } finally {
      closeSync(fd);
    }
  });

  it('--unique is a switch; the symmetry group is --symmetry', () => {
    const count = (...extra: string[]) =>
      JSON.parse(run('enumerate', 'soma', '--unique', '--solver', 'dlx', '--show', '0', '--json', ...extra).out).count;
    expect(count()).toBe(480);
    expect(count('--symmetry', 'isometries')).toBe(240);
    expect(run('enumerate', 'soma', '--unique', 'isometries', '--solver', 'dlx').code).toBe(2);
  });

  it('rejects what encode would ignore', () => {
    expect(run('encode', 'pentomino', '--solver', 'cadical').code).toBe(2);
    const r = run('encode', 'pentomino', '--json');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--json needs --output \(-o\) FILE/);
  });

  it('prints a shell completion script', () => {
    const r = run('completion');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/puzzlesat/);
    expect(r.out).toMatch(/complete/);
  });

  it('refuses an argument after completion before printing anything (regression: `completion extra >> ~/.bashrc` appended the script, then exited 2)', () => {
    const r = run('completion', 'extra');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe('puzzlesat: completion takes no argument, got "extra"\n');
  });
});

describe('exit codes: 0 success, 1 error, 2 usage, 130 interrupted', { timeout: 240_000 }, () => {
  it('0, 1 and 2', () => {
    expect(run('list', 'puzzles').code).toBe(0);
    expect(run('solve', 'no-such-file.cnf').code).toBe(1);
    expect(run('solve', 'pentomino', '--no-such-option').code).toBe(2);
    expect(run('list', 'nothing').code).toBe(2);
    expect(run('dobble', 'check', 'deck.txt', '--cards', '3').code).toBe(2);
  });

  it('a usage error stays one when --timeout runs out while the formula is built: 2 and one line (regression: solve --solver nosuch --timeout 0.01 answered UNKNOWN, exit 0)', () => {
    // A hundredth of a second from the process's start is spent before the build begins: the build meets the deadline at once.
    const cases: [string[], RegExp][] = [
      [['solve', 'pentomino', '--preset', '6x10', '--solver', 'nosuch'], /--solver: unknown solver "nosuch"/],
      [['solve', 'pentomino', '--preset', '6x10', '--solver', 'dlx', '--certify'], /--certify does not go with --solver dlx/],
      [['solve', 'pentomino', '--preset', '6x10', '--solver', 'minisat-wasm', '--proof', 'never.drat'], /--proof: minisat-wasm does not write DRAT/],
      [['optimize', 'pentomino', '--preset', '6x10'], /optimize: pentomino has no objective/],
      [['optimize', 'knapsack', '--random-items', '60', '--solver', 'nosuch'], /--solver: unknown solver "nosuch"/],
      [['count', 'pentomino', '--preset', '6x10', '--method', 'cnf', '--strategy', 'mrv'], /--strategy is the exact-cover counter's branching/],
      [['count', 'pentomino', '--preset', '6x10', '--method', 'cnf', '--workers', '2'], /--workers: the cnf counter runs in one thread/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args, '--timeout', '0.01', '--json');
      expect({ args, out: r.out }).toEqual({ args, out: '' });
      expectOneLineError(r, message, 2);
    }
  });

  it('an output path the rule refuses before any work is a usage error (2), whichever part it breaks (regression: a missing folder exited 2, an existing file without --force 1)', () => {
    const domino = ['solve', 'polyomino', '--board', '2x1', '--pieces', 'D2'];
    writeFileSync(join(dir, 'taken.txt'), 'keep me');
    writeFileSync(join(dir, 'taken-2.svg'), 'keep me');
    writeFileSync(join(dir, 'in.cnf'), 'p cnf 1 1\n1 0\n');
    const cases: [string[], RegExp][] = [
      [[...domino, '-o', join(dir, 'no-such-folder', 'out.txt')], /--output \(-o\): cannot write ".*out\.txt": no such file or directory/],
      [[...domino, '-o', 'taken.txt'], /--output \(-o\): taken\.txt exists; add --force to replace it/],
      [['solve', 'in.cnf', '-o', 'in.cnf', '--force'], /--output \(-o\): in\.cnf is the input of this run; write elsewhere/],
      [[...domino, '-o', 'same.svg', '--svg', 'same.svg'], /--svg: same\.svg is also written by --output \(-o\); give each output its own file/],
      // A deck's pages are checked by the same rule once their number is known, still before the deck is made.
      [['dobble', '--symbols-per-card', '8', '--svg', 'taken.svg'], /--svg: taken-2\.svg exists; add --force to replace it/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expectOneLineError(r, new RegExp(`^puzzlesat: ${message.source}`, 'm'), 2);
      expect(r.out).toBe('');
    }
    expect(readFileSync(join(dir, 'taken.txt'), 'utf8')).toBe('keep me');
  });

  it('every bad option value, unknown puzzle, solver or encoding is a usage error (2), with a suggestion where one is close', () => {
    const cases: [string[], RegExp][] = [
      [['enumerate', 'pentomino', '--amo', 'bimandr'], /unknown at-most-one encoding "bimandr" \(did you mean bimander\?\)/],
      [['solve', 'pentomino', '--card', 'totalizr'], /\(did you mean totalizer\?\)/],
      [['solve', 'pentomino', '--solver', 'minisatt'], /unknown solver "minisatt" \(did you mean minisat\?\)/],
      [['solve', 'pentominoe'], /unknown puzzle "pentominoe" \(did you mean pentomino\?\)/],
      [['solve', 'sudoku'], /unknown puzzle "sudoku"; choose one of/],
      [['solve', 'pentomino', '--presett', '6x10'], /Unknown argument: --presett \(did you mean --preset\?\)/],
      // Named once, as typed (regression: "Unknown arguments: max-cellz (...), maxCellz (...)", yargs' camelCase twin too).
      [['solve', 'pentomino', '--max-cellz', '3'], /^puzzlesat: Unknown argument: --max-cellz \(did you mean --max-cells\?\)$/],
      [['solve', 'pentomino', '--maxCellz', '3'], /^puzzlesat: Unknown argument: --maxCellz \(did you mean --max-cells\?\)$/],
      // With its dashes, as typed, a stray word without (regression: "Unknown argument: o" for list -o, "symbols-per-card, foo").
      [['count', 'dobble', '--symbols-per-card', '3', '--foo'], /^puzzlesat: Unknown arguments: --symbols-per-card, --foo$/],
      [['list', '-o', 'x'], /^puzzlesat: Unknown argument: -o$/],
      [['solvers', '-Z'], /^puzzlesat: Unknown argument: -Z$/],
      [['solve', 'pentomino', '--preset', '6x10', '--out=x.txt', 'extra'], /^puzzlesat: Unknown argument: extra$/],
      [
        ['solve', 'pentomino', '--preset', '6x10', '--no-quiet=yes'],
        /^puzzlesat: --no-quiet: takes no value, got "yes" \(--no-quiet or --quiet=false turns --quiet off\)$/,
      ],
      [['solve', 'pentomino', '--preset', '6x1'], /--preset: expected one of .*, got "6x1" \(did you mean 6x10\?\)/],
      [['solve', 'pentomino', '--pieces', 'F,I,L,N,P,T,U,V,W,X,Y,Zz'], /unknown piece "Zz" \(did you mean Z\?\)/],
      [['enumerate', 'pentomino', '--enum-mode', 'chrno'], /got "chrno" \(did you mean chrono\?\)/],
      [['dobble', '--symbols-per-card'], /--symbols-per-card: expected a value after it/],
      [['list', 'presetz'], /^puzzlesat: list: the topic: expected one of .*, got "presetz" \(did you mean presets\?\)$/],
      [['solve', 'pentomino', '--png', 'x.png', '--scale', '0'], /--scale: expected a positive number/],
      // A start of a choice, too far from it for a typo: the shortest choice it starts (regression: --grid hex suggested nothing).
      [['count', 'polyform', '--grid', 'hex', '--board', '3x3', '--pieces', 'I'], /--grid: expected one of .*, got "hex" \(did you mean hexagon\?\)/],
      [['count', 'polyform', '--grid', 'tri', '--board', '3x3', '--pieces', 'I'], /got "tri" \(did you mean triangle\?\)/],
      [['count', 'pentomino', '--preset', '6x10', '--strategy', 'sw'], /--strategy: expected one of .*, got "sw" \(did you mean sweep\?\)/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect({ args, code: r.code, err: r.err.trim() }).toEqual({ args, code: 2, err: expect.stringMatching(message) });
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });

  it('numeric options take plain decimal text only (regression: Number() read --limit 0x3, 0b11, 0o3 and " 3 " as 3, 1e2 as 100)', () => {
    const enumerate = ['enumerate', 'pentomino', '--preset', '3x20', '--show', '0'];
    const cases: [string[], string][] = [
      ...['0x3', '0b11', '0o3', '1e2', ' 3 ', '+3', '3.0', 'Infinity'].map((value): [string[], string] => [
        [...enumerate, '--limit', value],
        `--limit: expected a whole number ≥ 1, got "${value}"`,
      ]),
      [[...enumerate, '--limit=0x3'], '--limit: expected a whole number ≥ 1, got "0x3"'],
      // yargs takes the camelCase spelling too: it is the same option, checked by the same rule.
      [[...enumerate, '--maxCells', '0x100'], '--max-cells: expected a whole number ≥ 1, got "0x100"'],
      [[...enumerate, '--workers', '0b1'], '--workers: expected a whole number ≥ 1, got "0b1"'],
      [[...enumerate, '--timeout', '0x10'], '--timeout: expected a positive number of seconds, got "0x10"'],
      [[...enumerate, '--timeout', '1e1'], '--timeout: expected a positive number of seconds, got "1e1"'],
      [['solve', 'pentomino', '--png', 'x.png', '--scale', '0x2'], '--scale: expected a positive number, got "0x2"'],
      [
        ['count', 'pentomino', '--max-memory', '0x10M'],
        '--max-memory: expected an amount of memory of at least 1M (a number of MiB, or with K, M, G or T), got "0x10M"',
      ],
      // "B" is no unit of its own: 512B was read as 512 MiB.
      [
        ['count', 'pentomino', '--max-memory', '512B'],
        '--max-memory: expected an amount of memory of at least 1M (a number of MiB, or with K, M, G or T), got "512B"',
      ],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect({ args, code: r.code, out: r.out, err: r.err }).toEqual({ args, code: 2, out: '', err: `puzzlesat: ${message}\n` });
    }
    // Decimals where a number of seconds or a factor is meant, and units where an amount of memory is.
    for (const args of [
      [...enumerate, '--limit', '2', '--timeout', '100.5'],
      [...enumerate, '--limit', '02', '--timeout', '.5'],
      ['count', 'pentomino', '--preset', '3x20', '--max-memory', '1.5GiB'],
    ])
      expect({ args, code: run(...args).code }).toEqual({ args, code: 0 });
  });

  it('refuses any word after "--", which no verb takes, --help or not (regression: solve ... -- --bogus ran, exit 0; solve -- a.cnf said "name a puzzle"; solve --help -- x printed the help, exit 0)', () => {
    writeFileSync(join(dir, 'one.cnf'), 'p cnf 1 1\n1 0\n');
    const cases: [string[], string][] = [
      [['solve', 'pentomino', '--preset', '6x10', '--', '--bogus'], 'unexpected argument after "--": --bogus'],
      [['solve', 'one.cnf', '--', 'x', 'y'], 'unexpected arguments after "--": x, y'],
      [['solve', '--', 'one.cnf'], 'unexpected argument after "--": one.cnf'],
      [['decode', 'one.cnf', '--model', 'one.cnf', '--', '-'], 'unexpected argument after "--": -'],
      [['list', '--', 'x'], 'unexpected argument after "--": x'],
      // With --help too, and completion: the help or the script was printed (solve --help -- x exit 0, --help -- x the help and then the error).
      [['solve', '--help', '--', 'x'], 'unexpected argument after "--": x'],
      [['count', 'pentomino', '--help', '--', 'x'], 'unexpected argument after "--": x'],
      [['--help', '--', 'x'], 'unexpected argument after "--": x'],
      [['completion', '--', 'x'], 'unexpected argument after "--": x'],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect({ args, code: r.code, out: r.out, err: r.err }).toEqual({ args, code: 2, out: '', err: `puzzlesat: ${message}\n` });
    }
    // "-" is standard input, and a "--" with nothing after it says nothing.
    const piped = spawnSync(process.execPath, [cli, 'solve', '-', '--'], { encoding: 'utf8', cwd: dir, input: 'p cnf 1 1\n1 0\n' });
    expect([piped.status, piped.stderr, piped.stdout]).toEqual([0, '', expect.stringMatching(/^s SATISFIABLE$/m)]);
  });

  it('options that do not go together, or one without the option it needs, are usage errors (2) naming the option (regression: these exited 1, as a failed run)', () => {
    const enumerate = ['enumerate', 'pentomino', '--preset', '3x20', '--show', '0'];
    writeFileSync(join(dir, 'queued.cnf'), 'p cnf 1 1\n1 0\n');
    const cases: [string[], RegExp][] = [
      [['sweep', 'genius-square', '--histogram', 'h.svg'], /^--histogram needs --count/],
      [['sweep', 'genius-square', '--sample', '100000'], /^--sample: there are only 62208 rolls/],
      [['sweep', 'pentomino'], /^sweep: only genius-square has rolls to sweep/],
      [[...enumerate, '--enum-mode', 'chrono', '--solver', 'cadical-wasm'], /^--enum-mode chrono: solver cadical-wasm cannot/],
      [[...enumerate, '--enum-mode', 'chrono', '--certify'], /^--enum-mode chrono: --certify needs/],
      [[...enumerate, '--branching', 'cover', '--solver', 'cadical-wasm'], /^--branching cover: solver cadical-wasm cannot/],
      [['enumerate', 'knapsack', '--items', 'a:1:1', '--branching', 'cover'], /^--branching cover: knapsack names no clause family/],
      [[...enumerate, '--propagation', 'native', '--solver', 'cadical-wasm'], /^--propagation native: solver cadical-wasm cannot/],
      [[...enumerate, '--queue', 'redis://127.0.0.1:1', '--limit', '1'], /^--queue runs to the end: drop --limit/],
      [['enumerate', 'queued.cnf', '--queue', 'redis://127.0.0.1:1'], /^--queue: workers rebuild the instance/],
      [['dobble', '--symbols-per-card', '3', '--seed', '2'], /^--seed sets the --svg layout/],
      [['dobble', '--symbols-per-card', '3', '--variables', 'mols'], /^--variables is for the SAT method/],
      [['bench', '--quick', '--solvers', 'minisatt'], /^bench: unknown solver "minisatt"/],
      [['bench', '--quick', '--puzzles', '6x11'], /^bench: unknown puzzle "6x11"/],
      [['bench', '--quick', '--baseline', 'pairwize'], /^--baseline: "pairwize" is not one of the suite's encodings/],
      [['optimize', 'knapsack', '--items', 'a:1:1', '--solver', 'dlx'], /^--solver dlx: this needs a SAT solver/],
      // A DIMACS file is a formula: the puzzles' wording (pieces, placements) does not apply to it; a puzzle's is unchanged.
      [
        ['solve', 'queued.cnf', '--solver', 'dlx'],
        /^--solver dlx: dlx solves only puzzles posed as exact cover, and queued\.cnf is a formula; leave --solver out for the default, or name a SAT solver \(puzzlesat solvers lists them\)$/,
      ],
      [['enumerate', 'queued.cnf', '--solver', 'dlx'], /^--solver dlx: dlx solves only puzzles posed as exact cover, and queued\.cnf is a formula;/],
      [
        ['solve', 'polyform', '--board', '2x2', '--pieces', 'D2*0..2,M1*0..4', '--use', '3', '--solver', 'dlx'],
        /^--solver dlx: polyform is not posed as exact cover here \(a count of pieces used \(--use\) that the areas do not imply, copies on optional cells alone or past --max-placements, or not a packing\)$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect({ args, code: r.code, out: r.out, err: r.err.replace(/^puzzlesat: /, '').trim() }).toEqual({
        args,
        code: 2,
        out: '',
        err: expect.stringMatching(message),
      });
    }
  });

  it('--svg and --png of a puzzle with no drawing are refused before the search (regression: found after it, the answer thrown away with exit 1; on UNSAT silently ignored)', () => {
    writeFileSync(join(dir, 'no-drawing.cnf'), 'p cnf 1 2\n1 0\n-1 0\n');
    for (const args of [
      ['solve', 'no-drawing.cnf', '--svg', 'no.svg'],
      ['solve', 'knapsack', '--items', 'a:1:1', '--png', 'no.png'],
    ]) {
      const r = run(...args);
      expect({ args, code: r.code, out: r.out, err: r.err }).toEqual({
        args,
        code: 2,
        out: '',
        err: expect.stringMatching(/^puzzlesat: --(svg|png): (no-drawing\.cnf|knapsack) has no drawing\n$/),
      });
    }
    expect(existsSync(join(dir, 'no.svg')) || existsSync(join(dir, 'no.png'))).toBe(false);
    // decode's --svg is the same usage error (it exited 1).
    expect(run('encode', 'knapsack', '--items', 'a:1:1', '-o', 'no-drawing-k.cnf', '--force').code).toBe(0);
    writeFileSync(join(dir, 'no-drawing-k.out'), 's SATISFIABLE\nv -1 0\n');
    const decoded = run('decode', 'no-drawing-k.cnf', '--model', 'no-drawing-k.out', '--svg', 'no.svg');
    expect(decoded).toMatchObject({ code: 2, out: '', err: 'puzzlesat: --svg: knapsack has no SVG drawing\n' });
  });

  /**
   * Starts a long run, presses Ctrl-C once it is under way — afterMs after
   * `started` is on disk when given (its first result: set-up takes seconds
   * on a loaded machine), else afterMs after the start — and returns the exit
   * code a shell would show.
   */
  function interrupted(args: string[], afterMs: number, started?: string): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: dir });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const press = () => setTimeout(() => child.kill('SIGINT'), afterMs);
      if (started === undefined) press();
      else {
        const poll = setInterval(() => {
          if (!existsSync(join(dir, started))) return;
          clearInterval(poll);
          press();
        }, 100);
        child.on('exit', () => clearInterval(poll));
      }
      child.on('exit', (code, signal) => resolve({ code: code ?? 128 + (signal === 'SIGINT' ? 2 : 0), out }));
    });
  }

  /**
   * Starts a run and presses Ctrl-C once a process below it whose command
   * line holds `word` has used `ticks` hundredths of a CPU second (Linux
   * /proc): a point in the child's work that does not move with the load.
   */
  function interruptedWhenChildBusy(args: string[], word: string, ticks: number): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: dir });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const poll = setInterval(() => {
        if (busyDescendant(child.pid!, word) < ticks) return;
        clearInterval(poll);
        child.kill('SIGINT');
      }, 100);
      child.on('exit', (code, signal) => {
        clearInterval(poll);
        resolve({ code: code ?? 128 + (signal === 'SIGINT' ? 2 : 0), out });
      });
    });
  }

  const interruptedOnOpen = (openedFile: string, args: string[]) => interruptedOnOpenIn(cli, dir, openedFile, args);
  /** Why a run that Ctrl-C stopped before its formula was built has no answer. */
  const SET_UP_INTERRUPTED = 'Ctrl-C while building the formula, before any solving';

  it('Ctrl-C before the search (the puzzle being read, a solver loading) is 130 with the summary, marked incomplete (regression: the process died of the signal, nothing printed)', () => {
    // Read at length (400,000 clauses), so that the press, as the file opens, comes well before the formula is built.
    writeFileSync(join(dir, 'long.cnf'), `p cnf 14 400000\n${'1 2 3 4 5 6 7 8 9 10 11 12 13 14 0\n'.repeat(400_000)}`);
    // Pressed before the formula was built (its file read, a solver loading): the build stops, and nothing of it is reported.
    const unbuilt = { status: 'UNKNOWN', count: 0, complete: false, vars: 0, clauses: 0, solver: null, reason: SET_UP_INTERRUPTED };
    const cases: [string, string[], Record<string, unknown>][] = [
      ['long.cnf', ['enumerate', 'long.cnf', '--json'], unbuilt],
      ['long.cnf', ['count', 'long.cnf', '--json'], unbuilt],
      ['long.cnf', ['solve', 'long.cnf', '--json'], unbuilt],
      ['minisat.wasm', ['solve', 'pentomino', '--preset', '6x10', '--json'], unbuilt],
    ];
    for (const [file, args, summary] of cases) {
      const r = interruptedOnOpen(file, args);
      expect({ args, code: r.code, signal: r.signal, err: r.err }).toEqual({
        args,
        code: 130,
        signal: null,
        err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
      });
      expect(JSON.parse(r.out)).toMatchObject(summary);
    }
    // Without --json, the answer line says so.
    const text = interruptedOnOpen('long.cnf', ['enumerate', 'long.cnf']);
    expect({ code: text.code, out: text.out }).toEqual({ code: 130, out: `UNKNOWN: ${SET_UP_INTERRUPTED}\n` });
  });

  it('--timeout is heard while the input is a FIFO or a pipe no one writes to: UNKNOWN, unanswered, exit 0 (regression: the read waited past the limit for as long as the writer did)', () => {
    expect(spawnSync('mkfifo', [join(dir, 'quiet.cnf')]).status).toBe(0);
    const reason = (where: string) => `--timeout ran out while reading ${where}, before any solving`;
    const unanswered = { status: 'UNKNOWN', count: 0, complete: false, vars: 0, clauses: 0, solver: null };
    // No writer ever opens the FIFO: the test's own 60-s limit would kill the run before.
    const fifo = spawnSync(process.execPath, [cli, 'count', 'quiet.cnf', '--timeout', '1', '--json'], {
      encoding: 'utf8',
      cwd: dir,
      timeout: 60_000,
    });
    expect({ code: fifo.status, err: fifo.stderr }).toEqual({ code: 0, err: '' });
    expect(JSON.parse(fifo.stdout)).toMatchObject({ ...unanswered, puzzle: 'quiet.cnf', reason: reason('quiet.cnf') });
    // Standard input a pipe whose writer (this test) never writes nor closes it.
    const child = spawn(process.execPath, [cli, 'solve', '-', '--timeout', '1', '--json'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    return new Promise<void>((done) => {
      child.on('exit', (code) => {
        clearTimeout(killer);
        child.stdin.destroy();
        expect(code).toBe(0);
        expect(JSON.parse(out)).toMatchObject({ ...unanswered, puzzle: '-', reason: reason('<stdin>') });
        done();
      });
    });
  });

  it.skipIf(missing('non-root'))('a FIFO this user may not read is one line saying why, exit 1 (not an internal error)', () => {
    expect(spawnSync('mkfifo', ['-m', '000', join(dir, 'closed.cnf')]).status).toBe(0);
    for (const timeout of [[], ['--timeout', '60']]) {
      const r = spawnSync(process.execPath, [cli, 'count', 'closed.cnf', ...timeout], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
      expect({ code: r.status, out: r.stdout }).toEqual({ code: 1, out: '' });
      expect(r.stderr).toMatch(/^puzzlesat: .*closed\.cnf.*permission denied.*\n$/i);
    }
  });

  it('under a --timeout, a formula from a FIFO or a pipe is still read whole and counted', async () => {
    expect(spawnSync('mkfifo', [join(dir, 'formula.cnf')]).status).toBe(0);
    const child = spawn(process.execPath, [cli, 'count', 'formula.cnf', '--timeout', '120', '--json'], { cwd: dir });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    // Opened for writing once the run has opened it for reading; written in two parts.
    const writer = createWriteStream(join(dir, 'formula.cnf'));
    writer.write('p cnf 3 1\n');
    writer.end('1 2 0\n');
    expect(await exited).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ count: 6, complete: true, vars: 3, clauses: 1 });
    const piped = spawnSync(process.execPath, [cli, 'solve', '-', '--timeout', '120', '--json'], {
      encoding: 'utf8',
      cwd: dir,
      input: 'p cnf 2 2\n1 0\n-2 0\n',
    });
    expect(piped.status).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ status: 'SAT', puzzle: '-', model: [1, -2] });
  });

  it("Ctrl-C while a run waits for a FIFO's writer: 130 and the summary, unanswered", () => {
    expect(spawnSync('mkfifo', [join(dir, 'waiting.cnf')]).status).toBe(0);
    const r = interruptedOnOpen('waiting.cnf', ['count', 'waiting.cnf', '--timeout', '200', '--json']);
    expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
      code: 130,
      signal: null,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
    });
    expect(JSON.parse(r.out)).toMatchObject({ status: 'UNKNOWN', complete: false, reason: 'Ctrl-C while reading waiting.cnf, before any solving' });
    // Without a --timeout too (regression: the run waited in open(2) for a writer, and only SIGTERM ended it).
    const untimed = interruptedOnOpen('waiting.cnf', ['enumerate', 'waiting.cnf', '--json']);
    expect({ code: untimed.code, signal: untimed.signal }).toEqual({ code: 130, signal: null });
    expect(JSON.parse(untimed.out)).toMatchObject({
      status: 'UNKNOWN',
      complete: false,
      reason: 'Ctrl-C while reading waiting.cnf, before any solving',
    });
  });

  it('one Ctrl-C delivered twice at once (as `timeout -s INT` sends it, to the process and its group) stops the run as one press does: 130 with the summary (regression: taken for a second press, the process quit with nothing printed)', () => {
    const args = ['solve', 'pentomino', '--preset', '6x10', '--json'];
    const r = doublyInterruptedOnOpen(cli, dir, 'minisat.wasm', args);
    expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
      code: 130,
      signal: null,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
    });
    expect(JSON.parse(r.out)).toMatchObject({ status: 'UNKNOWN', count: 0, complete: false, reason: SET_UP_INTERRUPTED });
  });

  it('Ctrl-C while a large formula is built ends the run at once: 130, one line, unanswered, the file it would replace as it was (regression: heard only once the build ended)', () => {
    // 180 L pieces on a 30x30 board, pairwise: seconds and a GB to build. The press comes as the board file is read, at the build's start.
    writeFileSync(join(dir, 'wide.txt'), `${'.'.repeat(30)}\n`.repeat(30));
    writeFileSync(join(dir, 'kept.jsonl'), '{"kept":true}\n');
    const args = ['enumerate', 'polyomino', '--board', 'wide.txt', '--pieces', 'L*180', '--amo', 'pairwise', '-o', 'kept.jsonl', '--force', '--json'];
    const r = interruptedOnOpen('wide.txt', args);
    expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
      code: 130,
      signal: null,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
    });
    // Built to the end, the run would report the formula's size: it reports none, so it stopped before the end.
    expect(JSON.parse(r.out)).toMatchObject({ status: 'UNKNOWN', complete: false, vars: 0, clauses: 0, reason: SET_UP_INTERRUPTED });
    expect(readFileSync(join(dir, 'kept.jsonl'), 'utf8')).toBe('{"kept":true}\n');
    // optimize builds its formula itself: 1500 weighted items take seconds to encode. The press comes as their file is read.
    writeFileSync(join(dir, 'items.txt'), Array.from({ length: 1500 }, (_, i) => `i${i} ${1 + ((i * 37) % 100)} ${1 + ((i * 53) % 100)}\n`).join(''));
    const optimize = interruptedOnOpen('items.txt', ['optimize', 'knapsack', '--items', 'items.txt', '--json']);
    expect({ code: optimize.code, err: optimize.err }).toEqual({ code: 130, err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n' });
    expect(JSON.parse(optimize.out)).toMatchObject({ status: 'UNKNOWN', complete: false, vars: 0, reason: SET_UP_INTERRUPTED });
  });

  it('Ctrl-C while the CNF counter sets itself up ends the count at once: 130, incomplete, nothing counted (regression: heard only once its arrays were built and its first units counted; minutes of a formula of 1.5 million clauses)', () => {
    // 300,000 binary clauses over 20 variables: quick to count (3 x 2^18 models), but each of the counter's arrays is 300,000 clauses long.
    writeFileSync(join(dir, 'pairs.cnf'), `p cnf 20 300000\n${'1 2 0\n'.repeat(300_000)}`);
    const r = interruptedInCnfSetUp(cli, dir, ['count', 'pairs.cnf', '--json']);
    expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
      code: 130,
      signal: null,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
    });
    expect(JSON.parse(r.out)).toMatchObject({ count: 0, complete: false, nodes: 0, stopped: 'stopped', clauses: 300_000 });
  });

  it('Ctrl-C in the middle of one long unit of the CNF counter ends the count: 130, incomplete (regression: the unit ran on, minutes at least, and a second press did nothing either)', () => {
    // Random 3-CNF, 220 variables and 800 clauses: the counter's first unit alone runs past 40 s. The press lands in its search.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const lit = () => (1 + Math.floor(random() * 220)) * (random() < 0.5 ? -1 : 1);
    const clauses = Array.from({ length: 800 }, () => `${lit()} ${lit()} ${lit()} 0\n`);
    writeFileSync(join(dir, 'hard.cnf'), `p cnf 220 800\n${clauses.join('')}`);
    const r = interruptedInCnfSearch(cli, dir, ['count', 'hard.cnf', '--json']);
    expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
      code: 130,
      signal: null,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
    });
    expect(JSON.parse(r.out)).toMatchObject({ counter: 'cnf', count: 0, complete: false, stopped: 'stopped' });
  });

  it('Ctrl-C in the middle of one long unit of the exact-cover counter ends the count: 130, incomplete, the unit neither counted nor recorded (regression: the unit ran on to its end, 15 s and more, and was counted)', () => {
    // The 18 one-sided pentominoes on a 15x6 board: the sweep's first unit alone takes 27 million nodes. The press lands in it.
    const pieces = 'F,I,L,N,P,T,U,V,W,X,Y,Z,f=##./.##/.#.,l=.#/.#/.#/##,n=..##/###.,p=##/##/.#,y=#./##/#./#.,z=.##/.#./##.';
    const args = ['count', 'polyomino', '--board', '15x6', '--pieces', pieces, '--no-flip', '--max-memory', '256M'];
    const r = interruptedInExactCoverSearch(cli, dir, [...args, '--json', '-o', 'long-unit.jsonl', '--force']);
    expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
      code: 130,
      signal: null,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
    });
    expect(JSON.parse(r.out)).toMatchObject({ counter: 'exact-cover', method: 'exact cover (sweep)', count: 0, complete: false, stopped: 'stopped' });
    // The file holds its header alone: no unit finished.
    expect(readFileSync(join(dir, 'long-unit.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it("Ctrl-C while count's or enumerate's --output file hashes the problem ends the run at once: 130, the file left as it was (regression: heard once the hash was done, and the file written)", () => {
    // 180 I pentominoes on a 30x30 board: the hash of the problem for the file's header takes 0.4 s. The press lands as it begins.
    const args = ['polyomino', '--board', '30x30', '--pieces', 'I*180', '--json', '-o', 'hashed.jsonl', '--force'];
    for (const verb of ['count', 'enumerate']) {
      writeFileSync(join(dir, 'hashed.jsonl'), '{"kept":true}\n');
      const r = interruptedOnFirstHash(cli, dir, [verb, ...args]);
      expect({ verb, code: r.code, signal: r.signal, err: r.err }).toEqual({
        verb,
        code: 130,
        signal: null,
        err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\npuzzlesat: stopped before hashed.jsonl was read or written; it is left as it was\n',
      });
      expect(JSON.parse(r.out)).toMatchObject({ complete: false });
      expect(readFileSync(join(dir, 'hashed.jsonl'), 'utf8')).toBe('{"kept":true}\n');
    }
  });

  it('a resumed count stopped before its --output file is read back says it counted nothing, not "at least 0 classes", and leaves the file whole (regression: "at least 0 classes (incomplete, 0.0% ...)" beside a file of 1010)', () => {
    const path = join(dir, 'unread.jsonl');
    const args = ['count', 'pentomino', '--preset', '5x12', '--unique', '-o', 'unread.jsonl'];
    expect(run(...args, '--force', '--quiet').code).toBe(0);
    // The closing line dropped: the file holds every unit of the count, unfinished.
    const text = `${readFileSync(path, 'utf8').trim().split('\n').slice(0, -1).join('\n')}\n`;
    writeFileSync(path, text);
    // Pressed as the header hashes the problem, before the file is read.
    const r = interruptedOnFirstHash(cli, dir, [...args, '--resume']);
    expect({ code: r.code, err: r.err }).toEqual({
      code: 130,
      err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\npuzzlesat: stopped before unread.jsonl was read or written; it is left as it was\n',
    });
    expect(r.out).toMatch(
      /^stopped before counting any class \(the count is unknown\) in \d+\.\d\d s by Burnside \(not begun\) \[\d+ vars, \d+ clauses\]\n$/,
    );
    const json = interruptedOnFirstHash(cli, dir, [...args, '--resume', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ count: 0, complete: false, status: 'UNKNOWN', stopped: 'stopped' });
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a resumed count stopped before it counts anything still reports every part its file records (regression: count FILE.cnf --resume --timeout 1 said 0)', () => {
    // 4 free variables beside a chain: the counter's units are its first decisions, each recorded with its models.
    writeFileSync(join(dir, 'parts.cnf'), 'p cnf 12 4\n5 6 0\n6 7 0\n7 8 0\n9 -10 11 0\n');
    const cases: [string, string[], number][] = [
      ['parts.jsonl', ['count', 'parts.cnf', '-o', 'parts.jsonl'], 0],
      ['square.jsonl', ['count', 'pentomino', '--preset', '5x12', '--unique', '-o', 'square.jsonl'], 1010],
      ['threads.jsonl', ['count', 'pentomino', '--preset', '5x12', '--unique', '--workers', '2', '-o', 'threads.jsonl'], 1010],
    ];
    for (const [file, args, known] of cases) {
      const whole = JSON.parse(run(...args, '--json', '--force').out) as { count: number; complete: boolean };
      expect(whole.complete).toBe(true);
      if (known) expect(whole.count).toBe(known);
      // Every part on file but the closing line that marks the count finished: a resume has nothing left to count.
      const path = join(dir, file);
      const lines = readFileSync(path, 'utf8').trim().split('\n');
      writeFileSync(path, lines.slice(0, -1).join('\n') + '\n');
      // Pressed once the file is read back (a press while it is read stops the read: see below), before the count begins.
      const r = interruptedOnMessage(cli, dir, `from ${file}\n`, [...args, '--resume', '--json']);
      expect({ args, code: r.code }).toEqual({ args, code: 130 });
      expect(JSON.parse(r.out)).toMatchObject({ count: whole.count, complete: false });
    }
  });

  it('a resumed count stopped before it cut its terms into units does not claim 0% of the search tree behind the parts its file records (regression: "at least 1,010 classes (incomplete, 0.0% of the search tree behind it ...)", every part on file)', () => {
    const args = ['count', 'pentomino', '--preset', '5x12', '--unique', '-o', 'share.jsonl'];
    expect(run(...args, '--force', '--quiet').code).toBe(0);
    const path = join(dir, 'share.jsonl');
    writeFileSync(path, `${readFileSync(path, 'utf8').trim().split('\n').slice(0, -1).join('\n')}\n`);
    // Pressed once the file is read back, before the count cuts its terms into units (whose shares the parts' are).
    const text = interruptedOnMessage(cli, dir, 'from share.jsonl\n', [...args, '--resume']);
    expect(text.code).toBe(130);
    expect(text.out).toMatch(/^at least 1,010 classes \(incomplete, the share of the search tree behind it not known\) in /);
    const json = JSON.parse(interruptedOnMessage(cli, dir, 'from share.jsonl\n', [...args, '--resume', '--json']).out) as Record<string, unknown>;
    expect(json).toMatchObject({ count: 1010, complete: false, stopped: 'stopped' });
    expect(json).not.toHaveProperty('done');
  });

  // A resumed file with 200,000 records chained after its own: read back and checked, they take seconds. The press lands as the file opens.
  it.each([
    {
      verb: 'count',
      args: ['count', 'pentomino', '--preset', '3x20'],
      // The closing line dropped: the count is unfinished, its units then forged ones of no solution.
      kept: (lines: string[]) => lines.slice(0, -1),
      record: (k: number) => ({ term: 's0', strategy: 'sweep', unit: `x ${k}`, count: '0', nodes: 1 }),
      // The method the count would have used, not begun, as any count stopped before its first term says (regression: "Burnside (stopped
      // before its terms were worked out)", for a count of solutions).
      out: { count: 0, complete: false, method: 'exact cover (not begun)' },
    },
    {
      verb: 'enumerate',
      args: ['enumerate', 'pentomino', '--preset', '3x20', '--solver', 'dlx', '--show', '0'],
      kept: (lines: string[]) => lines,
      record: (k: number) => ({ cube: `${k + 1} -${k + 2}` }),
      out: { complete: false },
    },
  ])(
    'Ctrl-C while a resumed $verb reads its file back ends the run at once: 130, the file as it was and unlocked (regression: heard once every record was read and checked, seconds of a large file)',
    ({ verb, args, kept, record, out }) => {
      const name = `long-${verb}.jsonl`;
      const path = join(dir, name);
      expect(run(...args, '-o', name, '--force', '--quiet').code).toBe(0);
      const lines = kept(readFileSync(path, 'utf8').trim().split('\n'));
      let sum = (JSON.parse(lines.at(-1)!) as { sum: string }).sum;
      for (let k = 0; k < 200_000; k++) {
        const body = JSON.stringify(record(k)).slice(0, -1);
        sum = chained(sum, body);
        lines.push(`${body},"sum":"${sum}"}`);
      }
      const text = `${lines.join('\n')}\n`;
      writeFileSync(path, text);
      const r = interruptedOnOpen(name, [...args, '-o', name, '--resume', '--json']);
      expect({ code: r.code, signal: r.signal, err: r.err }).toEqual({
        code: 130,
        signal: null,
        err: `\npuzzlesat: stopping (Ctrl-C again to quit at once)\npuzzlesat: stopped before ${name} was read or written; it is left as it was\n`,
      });
      expect(JSON.parse(r.out)).toMatchObject(out);
      expect(readFileSync(path, 'utf8')).toBe(text);
      expect(existsSync(`${path}.lock`)).toBe(false);
    },
  );

  it('sweep takes --timeout, one limit for the whole run as every verb does: it stops as at Ctrl-C, its rolls kept (regression: "Unknown argument: timeout")', () => {
    // Counting every roll's solutions takes minutes: one second stops it early, however fast the machine.
    const r = run('sweep', 'genius-square', '--count', '--workers', '1', '--timeout', '1', '--json', '-o', 'timed.tsv', '--force');
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out) as { status: string; complete: boolean; count: number; seconds: number };
    expect(summary).toMatchObject({ status: 'STOPPED', complete: false });
    expect(summary.count).toBeLessThan(62208);
    // The sweep's parameters and the TSV header, then a row per roll.
    expect(readFileSync(join(dir, 'timed.tsv'), 'utf8').trim().split('\n')).toHaveLength(summary.count + 2);
  });

  it("sweep's seconds count from the run's start, as every verb's summary does (regression: they were the sweep's own, without start-up and the plan)", () => {
    // The clock is set 1000 s ahead before the program loads, so that the run's start reads 1000 s and the sweep's own
    // time (a difference of two readings) stays what it is: the summary's seconds are at least 1000 however fast the machine.
    const ahead = 'data:text/javascript,const now = performance.now.bind(performance); performance.now = () => now() + 1e6;';
    const sweep = ['sweep', 'genius-square', '--sample', '3', '--workers', '1'];
    const shifted = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', ahead, cli, ...sweep, ...args], { encoding: 'utf8', cwd: dir, timeout: 240_000 });
    const json = shifted('--json');
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'DONE', count: 3, seconds: expect.any(Number) });
    expect((JSON.parse(json.stdout) as { seconds: number }).seconds).toBeGreaterThanOrEqual(1000);
    const text = shifted();
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^3 of 3 rolls visited in \d{4,}\.\d s with /);
  });

  it('a sweep of one roll says "1 of 1 roll visited", "1 board solved" (regression: "1 of 1 rolls visited", "1 boards solved")', () => {
    const r = spawnSync(process.execPath, [cli, 'sweep', 'genius-square', '--sample', '1', '--workers', '1'], {
      encoding: 'utf8',
      cwd: dir,
      timeout: 240_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^1 of 1 roll visited in .* \(1 board solved, one per symmetry class\)$/m);
  });

  it('Ctrl-C heard once the work is done cut nothing: the exit is 0, as complete: true says (regression: a sweep pressed as its last roll was written said DONE, complete: true, and exited 130)', () => {
    const args = ['sweep', 'genius-square', '--sample', '1', '--seed', '7', '--workers', '1', '--json', '--force'];
    expect(run(...args, '-o', 'whole.tsv').code).toBe(0);
    const rows = readFileSync(join(dir, 'whole.tsv'), 'utf8');
    // The one roll's row, checksum and all, is the same in a second run of the same sweep: the press lands as it is written.
    const r = interruptedOnWrite(cli, dir, rows.split('\n').at(-2)! + '\n', [...args, '-o', 'pressed.tsv']);
    expect(r.err).toBe('\npuzzlesat: stopping (Ctrl-C again to quit at once)\n');
    expect(JSON.parse(r.out)).toMatchObject({ status: 'DONE', complete: true, count: 1 });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'pressed.tsv'), 'utf8')).toBe(rows);
  });

  it("the exit code follows the answer: 130 when Ctrl-C cut it short, the run's own code when it is complete or no press came", () => {
    expect(exitCodeOf({ code: 0, complete: false }, true)).toBe(130);
    expect(exitCodeOf({ code: 0, complete: true }, true)).toBe(0);
    expect(exitCodeOf({ code: 20, complete: true }, true)).toBe(20);
    expect(exitCodeOf({ code: 1, complete: false }, false)).toBe(1);
    // A verb that returns a code alone says nothing of its answer: a press is taken to have cut it short.
    expect(exitCodeOf(1, true)).toBe(130);
    expect(exitCodeOf(undefined, true)).toBe(130);
    expect(exitCodeOf(undefined, false)).toBeUndefined();
  });

  it('130 after Ctrl-C, with what the verb had found: enumerate, sweep, solve and optimize stop cleanly', async () => {
    const enumerate = await interrupted(
      ['enumerate', 'pentomino', '--preset', '8x8-square', '--unique', '--show', '0', '--workers', '1', '-o', 'interrupted.jsonl', '--force'],
      500,
      'interrupted.jsonl',
    );
    expect(enumerate.code).toBe(130);
    expect(enumerate.out).toMatch(/so far \(incomplete\)/);
    const sweep = await interrupted(['sweep', 'genius-square', '--count', '--workers', '1'], 2500);
    expect(sweep.code).toBe(130);
    expect(sweep.out).toMatch(/stopped early/);
    // Regression: solve died of the signal with nothing printed; now its search stops and it answers UNKNOWN.
    const solve = await interrupted(['solve', 'pentomino', '--preset', '8x8-square', '--solver', 'logic-solver', '--json'], 1500);
    expect(solve.code).toBe(130);
    expect(JSON.parse(solve.out)).toMatchObject({ status: 'UNKNOWN', complete: false, solver: 'logic-solver' });
    // Regression: optimize died with nothing printed, its best load so far lost; now it answers as at a --timeout.
    const optimize = await interrupted(['optimize', 'knapsack', '--random-items', '100', '--json'], 3000);
    expect(optimize.code).toBe(130);
    expect(JSON.parse(optimize.out)).toMatchObject({ status: expect.stringMatching(/^(FEASIBLE|UNKNOWN)$/), complete: false });
    // Regression: dobble's SAT search died with nothing printed; now it reports the deck UNKNOWN.
    const dobble = await interrupted(['dobble', '--symbols-per-card', '11', '--method', 'sat', '--json'], 3000);
    expect(dobble.code).toBe(130);
    expect(JSON.parse(dobble.out)).toMatchObject({ status: 'UNKNOWN', complete: false });
    // Regression: verify died with nothing printed, the puzzles verified lost; now each row is out as it is
    // verified, the one being counted stops, and the table says where it stopped.
    const verify = await interrupted(['verify', '--family', 'polycubes'], 3000);
    expect(verify.code).toBe(130);
    expect(verify.out).toMatch(/^puzzle\tfamily\t/);
    expect(verify.out).toMatch(/\nstopped by Ctrl-C after \d+ of \d+ puzzles\n$/);
    expect(verify.out).not.toMatch(/NaN/);
  });

  it("verify stopped by Ctrl-C keeps what the puzzle being counted had: its row carries that count's summary, incomplete (regression: the row had no count)", async () => {
    // Pressed once verify's child has spent a CPU second and a half (its search, past loading and building: enumerating
    // 6x10's classes takes several), however loaded the machine: the count stops, as at its own Ctrl-C, and says what it has.
    const r = await interruptedWhenChildBusy(['verify', 'pentominoes-6x10', '--method', 'enumerate', '--json'], 'enumerate', 150);
    expect(r.code).toBe(130);
    const [row, summary] = r.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(row).toMatchObject({ name: 'pentominoes-6x10', outcome: 'did not finish', complete: false, count: expect.any(Number) });
    expect(summary).toMatchObject({ complete: false });
  });
});

/** The CPU ticks (user and system) of the busiest process below `root` whose command line holds `word`; 0 when there is none. */
function busyDescendant(root: number, word: string): number {
  const parents = new Map<number, number>();
  const stats = new Map<number, string[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // After the name in parentheses: state, ppid, ... utime (14th field), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
      stats.set(Number(name), fields);
    } catch {
      // Ended since the listing.
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let most = 0;
  for (const [pid, fields] of stats) {
    if (!below(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    if (cmdline.split('\0').includes(word)) most = Math.max(most, Number(fields[11]) + Number(fields[12]));
  }
  return most;
}
