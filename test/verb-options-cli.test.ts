import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { parseDimacs } from '../src/core/dimacs.js';
import { checkDrat } from '../src/proof/drat.js';
import { ProofReadStopped, parseProof } from '../src/proof/drat-format.js';
import { type CliRun, expectOneLineError } from './helpers/expect-errors.js';
import { interruptedOnOpen } from './helpers/interrupt.js';

/**
 * The one CLI contract across verbs (-o/--output FILE, --timeout S for the
 * whole run), where verbs lacked it: solve, decode and dobble had no -o for
 * their answer, check-proof and verify no --timeout.
 */
const CLI = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-verb-options-');
// Each test spawns the CLI a few times, which on a loaded machine takes seconds.
vi.setConfig({ testTimeout: 240_000 });

function run(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A file in the test's directory, by its name there. */
function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

const read = (name: string): string => readFileSync(join(dir, name), 'utf8');

/** Two squares tiled by one domino: solved, encoded and decoded in a moment. */
const DOMINO = ['polyomino', '--board', '2x1', '--pieces', 'D2'];
/** x and not x: UNSAT, refuted by one lemma. */
const UNSAT_CNF = 'p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n';
const UNSAT_PROOF = '1 0\n0\n';

describe('solve -o FILE: the answer written to a file (regression: "Unknown argument: o")', () => {
  it('writes what stdout would show, uncoloured; an existing file needs --force, an input is never written', () => {
    const r = run('solve', ...DOMINO, '-o', 'solution.txt');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('wrote solution.txt\n');
    expect(read('solution.txt')).toMatch(/^DD\nSAT in [\d.]+ s with \S+ \[1 var, \d+ clauses?\]\n$/);
    expect(read('solution.txt')).not.toMatch(/\x1b/);

    expectOneLineError(
      run('solve', ...DOMINO, '-o', 'solution.txt', '--json'),
      /--output \(-o\): solution\.txt exists; add --force to replace it/,
      2,
    );
    const json = run('solve', ...DOMINO, '--output', 'solution.txt', '--json', '--force');
    expect({ code: json.code, out: json.out, err: json.err }).toEqual({ code: 0, out: '', err: '' });
    expect(JSON.parse(read('solution.txt'))).toMatchObject({ status: 'SAT', count: 1, complete: true, puzzle: 'polyomino' });

    // A DIMACS file's answer is the SAT-competition lines; the formula itself is an input.
    file('unsat.cnf', UNSAT_CNF);
    expectOneLineError(run('solve', 'unsat.cnf', '-o', 'unsat.cnf', '--force'), /--output \(-o\): unsat\.cnf is the input of this run/, 2);
    expect(read('unsat.cnf')).toBe(UNSAT_CNF);
    expect(run('solve', 'unsat.cnf', '-o', 'answer.txt', '--sat-exit-codes').code).toBe(20);
    expect(read('answer.txt')).toBe('s UNSATISFIABLE\n');
    expectOneLineError(
      run('solve', ...DOMINO, '-o', 'same.svg', '--svg', 'same.svg'),
      /--svg: same\.svg is also written by --output \(-o\); give each output its own file/,
      2,
    );
  });

  it('a run out of time before its formula is built answers UNKNOWN into the file too, not on stdout', () => {
    // The limit runs out while the program loads, whatever the machine's speed.
    const r = run('solve', 'pentomino', '--preset', '6x10', '--timeout', '0.001', '-o', 'late.txt');
    expect({ code: r.code, out: r.out }).toEqual({ code: 0, out: '' });
    expect(read('late.txt')).toMatch(/^UNKNOWN/);
  });
});

describe('decode -o FILE (regression: "Unknown argument: o")', () => {
  it('writes the decoded solutions and the verdict to FILE; the DIMACS file and --model are inputs', () => {
    expect(run('encode', ...DOMINO, '-o', 'domino.cnf').code).toBe(0);
    file('domino.out', 's SATISFIABLE\nv 1 0\n');
    const r = run('decode', 'domino.cnf', '--model', 'domino.out', '-o', 'decoded.txt');
    expect({ code: r.code, out: r.out, err: r.err }).toEqual({ code: 0, out: '', err: 'wrote decoded.txt\n' });
    expect(read('decoded.txt')).toBe("DD\n\nSAT: 1 model of polyomino, each checked against domino.cnf and the puzzle's checker\n");
    expect(run('decode', 'domino.cnf', '--model', 'domino.out', '-o', 'decoded.json', '--json').code).toBe(0);
    expect(JSON.parse(read('decoded.json'))).toMatchObject({ status: 'SAT', count: 1 });
    expectOneLineError(run('decode', 'domino.cnf', '--model', 'domino.out', '-o', 'decoded.txt'), /decoded\.txt exists; add --force/, 2);
    expectOneLineError(
      run('decode', 'domino.cnf', '--model', 'domino.out', '-o', 'domino.out', '--force'),
      /--output \(-o\): domino\.out is the --model file of this run; write elsewhere/,
      2,
    );
    expectOneLineError(
      run('decode', 'domino.cnf', '--model', 'domino.out', '-o', 'domino.cnf', '--force'),
      /--output \(-o\): domino\.cnf is the input of this run; write elsewhere/,
      2,
    );
    expect(read('domino.out')).toBe('s SATISFIABLE\nv 1 0\n');
  });
});

describe('dobble -o FILE: the deck to a file (regression: "Unknown argument: o")', () => {
  it('writes a deck that dobble check reads as valid, and nothing on stdout', () => {
    const r = run('dobble', '--symbols-per-card', '8', '-o', 'deck.txt');
    expect({ code: r.code, out: r.out, err: r.err }).toEqual({ code: 0, out: '', err: 'wrote deck.txt\n' });
    const checked = run('dobble', 'check', 'deck.txt');
    expect({ code: checked.code, out: checked.out }).toEqual({
      code: 0,
      out: 'OK: 57 cards, 8 symbols per card, 57 symbols; every two cards share exactly one\n',
    });
    // dobble check writes nothing: -o is the deck-maker's alone.
    expect(run('dobble', 'check', 'deck.txt', '-o', 'other.txt').code).toBe(2);
  });

  it('writes no file when there is no deck, UNSAT or UNKNOWN: the answer goes to stderr, exit 0 (regression: the answer line was written as the deck, and dobble check passed it as a deck of one card)', () => {
    // Seven cards of three symbols need all seven symbols: six prove there is none.
    const unsat = run('dobble', '--symbols-per-card', '3', '--max-symbols', '6', '--method', 'sat', '-o', 'unsat-deck.txt');
    expect({ code: unsat.code, out: unsat.out }).toEqual({ code: 0, out: '' });
    expect(unsat.err).toMatch(
      /^unsat-deck\.txt not written: no deck of 7 cards with 3 symbols each exists using at most 6 symbols \(UNSAT, proved by SAT in [\d.]+ s\)\n$/,
    );
    expect(existsSync(join(dir, 'unsat-deck.txt'))).toBe(false);
    // The limit runs out while the program loads, whatever the machine's speed.
    const late = run('dobble', '--symbols-per-card', '7', '--method', 'sat', '--timeout', '0.001', '-o', 'late-deck.txt');
    expect({ code: late.code, out: late.out }).toEqual({ code: 0, out: '' });
    expect(late.err).toMatch(/^late-deck\.txt not written: no answer from \S+ within 0\.001 s \(UNKNOWN[^\n]*\n$/);
    expect(existsSync(join(dir, 'late-deck.txt'))).toBe(false);
    // With --json the file is the summary, not the deck: written, its status and null cards saying there is none.
    const json = run('dobble', '--symbols-per-card', '3', '--max-symbols', '6', '--method', 'sat', '-o', 'unsat-deck.json', '--json');
    expect({ code: json.code, out: json.out, err: json.err }).toEqual({ code: 0, out: '', err: '' });
    expect(JSON.parse(read('unsat-deck.json'))).toMatchObject({ status: 'UNSAT', cards: null, count: 0, complete: true });
  });

  it('with --force and no deck, an older FILE and older pages are removed, not left to pass as this run’s deck; without --force they are refused and kept (regression: the stale deck stayed)', () => {
    const stale = '0 1 2\n0 3 4\n0 5 6\n1 3 5\n1 4 6\n2 3 6\n2 4 5\n';
    // Seven cards of three symbols fill two pages: stale-1.svg and stale-2.svg are this run's --svg files.
    for (const name of ['stale-deck.txt', 'stale-1.svg', 'stale-2.svg']) file(name, stale);
    const unsatArgs = ['dobble', '--symbols-per-card', '3', '--max-symbols', '6', '--method', 'sat', '-o', 'stale-deck.txt', '--svg', 'stale.svg'];
    expectOneLineError(run(...unsatArgs), /--output \(-o\): stale-deck\.txt exists; add --force to replace it/, 2);
    expect(read('stale-deck.txt')).toBe(stale);

    const unsat = run(...unsatArgs, '--force');
    expect({ code: unsat.code, out: unsat.out }).toEqual({ code: 0, out: '' });
    expect(unsat.err).toMatch(
      /^removed stale-deck\.txt, stale-1\.svg, stale-2\.svg \(an earlier run's: this run has no deck\)\nstale-deck\.txt not written: no deck of 7 cards with 3 symbols each exists using at most 6 symbols \(UNSAT/,
    );
    for (const name of ['stale-deck.txt', 'stale-1.svg', 'stale-2.svg']) expect(existsSync(join(dir, name)), name).toBe(false);

    // The same when the search gives up (UNKNOWN): the limit runs out while the program loads, whatever the machine's speed.
    file('stale-deck.txt', stale);
    const late = run('dobble', '--symbols-per-card', '7', '--method', 'sat', '--timeout', '0.001', '-o', 'stale-deck.txt', '--force');
    expect({ code: late.code, out: late.out }).toEqual({ code: 0, out: '' });
    expect(late.err).toMatch(
      /^removed stale-deck\.txt \(an earlier run's: this run has no deck\)\nstale-deck\.txt not written: no answer from \S+ within 0\.001 s \(UNKNOWN/,
    );
    expect(existsSync(join(dir, 'stale-deck.txt'))).toBe(false);
  });

  it('refuses an -o that is the --symbols file or one of the --svg or --png pages, before any work', () => {
    const names = Array.from({ length: 57 }, (_, i) => `s${i}`).join('\n') + '\n';
    file('names.txt', names);
    expectOneLineError(
      run('dobble', '--symbols-per-card', '8', '--symbols', 'names.txt', '-o', 'names.txt', '--force'),
      /--output \(-o\): names\.txt is the --symbols file of this run; write elsewhere/,
      2,
    );
    expect(read('names.txt')).toBe(names);
    // 57 cards fill several pages: FILE-1.svg … are the files --svg writes.
    for (const [option, pages, page] of [
      ['--svg', 'pages.svg', 'pages-2.svg'],
      ['--png', 'pages.png', 'pages-1.png'],
    ]) {
      expectOneLineError(
        run('dobble', '--symbols-per-card', '8', option!, pages!, '-o', page!),
        new RegExp(`${option}: ${page!.replace('.', '\\.')} is also written by --output \\(-o\\); give each output its own file`),
        2,
      );
      expect(existsSync(join(dir, page!))).toBe(false);
    }
  });
});

describe('check-proof --timeout S (regression: "Unknown argument: timeout")', () => {
  it('a check stopped by the deadline reaches no verdict: one line on stderr, with --json status UNKNOWN and complete false, exit 1', () => {
    file('p.cnf', UNSAT_CNF);
    file('p.drat', UNSAT_PROOF);
    expect(run('check-proof', 'p.cnf', 'p.drat', '--timeout', '60').code).toBe(0);
    // The limit counts from the program's start: it has run out before the check begins, whatever the machine's speed.
    const text = run('check-proof', 'p.cnf', 'p.drat', '--timeout', '0.001');
    expectOneLineError(text, /^puzzlesat: --timeout ran out .*; no verdict$/m);
    expect(text.out).toBe('');
    const json = run('check-proof', 'p.cnf', 'p.drat', '--timeout', '0.001', '--json');
    expectOneLineError(json, /^puzzlesat: --timeout ran out .*; no verdict$/m);
    expect(JSON.parse(json.out)).toMatchObject({ status: 'UNKNOWN', complete: false, message: expect.stringMatching(/^UNKNOWN: --timeout ran out/) });
  });

  it('a proof still being read at the deadline is left unread, with the same no verdict (regression: it was read to its end first)', () => {
    file('r.cnf', UNSAT_CNF);
    // Three million lemmas, 27 MB as text (the limit passes long before they are read), 15 MB as binary DRAT.
    file('r.drat', '1 -2 3 0\n'.repeat(3_000_000));
    writeFileSync(join(dir, 'r.bin'), Buffer.from([0x61, 2, 5, 6, 0]).toString('latin1').repeat(3_000_000), 'latin1');
    for (const [proof, format, where] of [
      ['r.drat', 'text', 'line 1'],
      ['r.bin', 'binary', 'step 1'],
    ]) {
      const message = `--timeout ran out while the proof was read (${where}); no verdict`;
      expectOneLineError(
        run('check-proof', 'r.cnf', proof!, '--timeout', '0.001'),
        new RegExp(`^puzzlesat: ${message.replace(/[()]/g, '\\$&')}$`, 'm'),
      );
      const json = run('check-proof', 'r.cnf', proof!, '--timeout', '0.001', '--json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.out)).toMatchObject({ status: 'UNKNOWN', complete: false, format, message: `UNKNOWN: ${message}`, additions: 0 });
    }
  });

  it('a proof is read to the deadline given, and whole without one', () => {
    const bytes = new TextEncoder().encode('1 -2 3 0\n'.repeat(10_000));
    expect(() => parseProof(bytes, 'p.drat', { deadline: 0 })).toThrow(ProofReadStopped);
    expect(() => parseProof(bytes, 'p.drat', { deadline: 0 })).toThrow('timeout ran out while the proof was read (line 1); no verdict');
    expect(parseProof(bytes, 'p.drat', { deadline: Infinity }).count).toBe(10_000);
    expect(parseProof(bytes, 'p.drat').count).toBe(10_000);
  });

  it('the checker stops at its deadline with no verdict, and keeps its verdict without one', () => {
    const formula = parseDimacs(UNSAT_CNF, 'p.cnf');
    const proof = () => parseProof(new TextEncoder().encode(UNSAT_PROOF), 'p.drat');
    expect(checkDrat(formula, proof(), { deadline: 0 })).toMatchObject({ status: 'UNKNOWN', message: expect.stringMatching(/ran out/) });
    expect(checkDrat(formula, proof(), { deadline: Infinity }).status).toBe('VERIFIED');
  });

  it('Ctrl-C while the proof is read ends the check with no verdict printed, as a shell reports 130', () => {
    file('c.cnf', UNSAT_CNF);
    file('c.drat', UNSAT_PROOF);
    const r = interruptedOnOpen(CLI, dir, 'c.drat', ['check-proof', 'c.cnf', 'c.drat', '--timeout', '60']);
    expect(r.out).toBe('');
    expect(r.code === 130 || r.signal === 'SIGINT').toBe(true);
  });
});

describe('verify --timeout S, one limit for the whole run beside --max-seconds (regression: "Unknown argument: timeout")', () => {
  it('starts no puzzle after the deadline and says the run is incomplete', () => {
    const json = run('verify', 'soma-cube', 'pentominoes-3x20', '--max-seconds', '60', '--timeout', '0.001', '--json');
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out.trim().split('\n').at(-1)!)).toMatchObject({ status: 'OK', unfinished: 2, complete: false });
    const text = run('verify', 'soma-cube', '--timeout', '0.001');
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/\nstopped by --timeout after 0 of 1 puzzles\n$/);
  });

  it('the puzzle being counted at the deadline stops there, its count incomplete (not after its own CPU limit)', () => {
    // A count that took more than the catalogue's ten CPU minutes (bench/results/catalogue.md).
    // The deadline counts from the run's start: on a machine loaded enough that starting up takes longer, the puzzle is
    // never started and has no line (as --timeout documents), which is no failure of the stop (it failed so under load).
    // A count that ignored the deadline would run for its ten minutes, past the test's own timeout.
    const r = run('verify', 'one-sided-hexiamonds-obeirnes-hexagon', '--timeout', '5', '--json');
    expect(r.code, r.err).toBe(0);
    const lines = r.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(2);
    if (lines.length === 2)
      expect(lines[0]).toMatchObject({ name: 'one-sided-hexiamonds-obeirnes-hexagon', outcome: 'did not finish', complete: false });
    expect(lines.at(-1)).toMatchObject({ unfinished: 1, complete: false, agrees: 0 });
  });
});
