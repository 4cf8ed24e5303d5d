import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { checkDeck, parseDeck } from '../encoders/dobble.js';
import { parseDimacs } from '../src/core/dimacs.js';
import { type CliRun, expectOneLineError } from './helpers/expect-errors.js';
import { interruptedOnOpen } from './helpers/interrupt.js';
import { missing } from './helpers/requires.js';

/** The compiled CLI (the test script's pretest runs tsc). */
const CLI = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const dir = tempDir('dobble-cli-');
// Each test spawns the CLI one to three times, which on a loaded machine takes seconds.
vi.setConfig({ testTimeout: 120_000 });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A run as the error helpers read it. */
function ran(...args: string[]): CliRun {
  const r = run(...args);
  return { code: r.code, out: r.stdout, err: r.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), as a person at a terminal would; returns everything drawn. */
function onTerminal(...args: string[]): string {
  const line = [process.execPath, CLI, ...args].map((a) => JSON.stringify(a)).join(' ');
  const r = spawnSync('script', ['-qec', line, '/dev/null'], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  expect(r.status).toBe(0);
  return r.stdout;
}

/** A --json summary, with the fields every summary carries. */
function summary(stdout: string) {
  const s = JSON.parse(stdout) as Record<string, unknown> & { cards: (string | number)[][] | null };
  for (const key of ['count', 'complete', 'vars', 'clauses', 'solver', 'seconds', 'status', 'method', 'order', 'symbols'])
    expect(s).toHaveProperty(key);
  return s;
}

describe('puzzlesat dobble, algebraic', () => {
  it('makes the 57-card deck of 8 symbols, one card a line, that reads back as a valid deck', () => {
    const r = run('dobble', '--symbols-per-card', '8');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /^\d/.test(l))).toHaveLength(57);
    expect(checkDeck(parseDeck(r.stdout, 'stdout'))).toEqual({ ok: true, cards: 57, symbolsPerCard: 8, symbols: 57 });
  });

  it('makes the deck of 2 symbols a card, the plane of order 1 (a triangle), by default and when asked by name (regression: 1 is no prime power, so the default fell back to SAT with a note and --method algebraic was refused, exit 2)', () => {
    for (const asked of [[], ['--method', 'algebraic']]) {
      const r = run('dobble', '--symbols-per-card', '2', ...asked, '--json');
      expect([r.code, r.stderr]).toEqual([0, '']);
      const s = summary(r.stdout);
      expect(s).toMatchObject({ status: 'SAT', method: 'algebraic', symbols: 3, order: 1 });
      const cards = s.cards!;
      expect(cards).toHaveLength(3);
      // The deck's property, counted here: every two cards share exactly one symbol.
      for (const [i, a] of cards.entries())
        for (const b of cards.slice(i + 1))
          expect(
            a.filter((symbol) => b.includes(symbol)),
            `${a} and ${b}`,
          ).toHaveLength(1);
    }
    expect(run('dobble', '--symbols-per-card', '2').stdout).toMatch(
      /^0 1\n0 2\n1 2\n# 3 cards, 2 symbols per card, 3 symbols \(algebraic: the projective plane of order 1, [\d.]+ s\)\n$/,
    );
  });

  it('keeps 55 cards on the 57 symbols, since every symbol is on 8 of the 57 cards', () => {
    const s = summary(run('dobble', '--symbols-per-card', '8', '--cards', '55', '--json').stdout);
    expect(s).toMatchObject({
      status: 'SAT',
      symbols: 57,
      order: 7,
      count: 1,
      complete: true,
      vars: 0,
      clauses: 0,
      solver: 'algebraic',
      method: 'algebraic',
    });
    expect(checkDeck(s.cards!)).toEqual({ ok: true, cards: 55, symbolsPerCard: 8, symbols: 57 });
  });

  it('names symbols from a file, prints commas when a name has a space, and the output checks OK', () => {
    const names = file('names.txt', '# seven names\napple\nred car\n🐱\nsun\nmoon\nstar\ntree\n');
    const r = run('dobble', '--symbols-per-card', '3', '--symbols', names);
    expect(r.code).toBe(0);
    const deck = parseDeck(r.stdout, 'stdout');
    expect(checkDeck(deck)).toEqual({ ok: true, cards: 7, symbolsPerCard: 3, symbols: 7 });
    expect(new Set(deck.flat())).toEqual(new Set(['apple', 'red car', '🐱', 'sun', 'moon', 'star', 'tree']));
    const saved = file('named-deck.txt', r.stdout);
    expect(run('dobble', 'check', saved)).toMatchObject({
      code: 0,
      stdout: 'OK: 7 cards, 3 symbols per card, 7 symbols; every two cards share exactly one\n',
    });
  });

  it('names symbols with a # in them (C#, F# major), and the deck it writes checks OK with them (regression: "C#" came back as "C")', () => {
    const names = file('notes.txt', '# seven notes\nC\nC#\nD # a comment\nD#\nE\nF# major\nG#\n');
    const r = run('dobble', '--symbols-per-card', '3', '--symbols', names);
    expect(r.code).toBe(0);
    const deck = parseDeck(r.stdout, 'stdout');
    expect(new Set(deck.flat())).toEqual(new Set(['C', 'C#', 'D', 'D#', 'E', 'F# major', 'G#']));
    const saved = file('notes-deck.txt', r.stdout);
    expect(run('dobble', 'check', saved, '--json').stdout).toMatch(/"status":"VALID".*"symbols":7/);
  });

  it('names 5 cards of 4 symbols with the 10 names it says they need (regression: the algebraic deck took 11 and failed "the deck needs 11")', () => {
    const names = file('ten.txt', 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n');
    const r = run('dobble', '--symbols-per-card', '4', '--cards', '5', '--symbols', names);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(checkDeck(parseDeck(r.stdout, 'stdout'))).toEqual({ ok: true, cards: 5, symbolsPerCard: 4, symbols: 10 });
    expect(r.stdout).toMatch(/\(algebraic: every two cards get a symbol of their own, [\d.]+ s\)\n$/);
  });

  it('writes FILE for one SVG page and FILE-1.svg, FILE-2.svg, ... for more', () => {
    // An A4 page holds 6 cards of 80 mm: 3 cards fit one page, 7 need two.
    expect(run('dobble', '--symbols-per-card', '2', '--svg', 'small.svg').code).toBe(0);
    expect(readFileSync(join(dir, 'small.svg'), 'utf8')).toMatch(/^<svg[^>]*>\n( {2}<circle [^\n]*\n( {2}<text [^\n]*\n){2}){3}<\/svg>\n$/);
    const s = summary(run('dobble', '--symbols-per-card', '3', '--svg', 'big.svg', '--seed', '7', '--json').stdout);
    expect(s.svg).toEqual(['big-1.svg', 'big-2.svg']);
    expect(existsSync(join(dir, 'big.svg'))).toBe(false);
    const circles = (name: string) => readFileSync(join(dir, name), 'utf8').match(/<circle /g)!.length;
    expect(circles('big-1.svg') + circles('big-2.svg')).toBe(7);
  });

  it('checks the page files a deck writes where they are written, through their links, before the search (regression: the --svg FILE it does not write was refused, a page linked into a missing folder failed after the first pages were written, two pages linked to one file kept the last)', () => {
    // 7 cards of 3 symbols fill two pages: FILE itself is not written, so neither its link nor its being there matters.
    symlinkSync(join('gone', 'deck.svg'), join(dir, 'linked.svg'));
    writeFileSync(join(dir, 'there.svg'), 'keep');
    for (const [option, name, pages, note] of [
      ['--svg', 'linked.svg', ['linked-1.svg', 'linked-2.svg'], ''],
      // A file there is named on stderr, as one an earlier deck may have left (and left as it is).
      ['--svg', 'there.svg', ['there-1.svg', 'there-2.svg'], expect.stringMatching(/^puzzlesat: note: there\.svg is not one of this deck's/)],
    ] as const) {
      const r = run('dobble', '--symbols-per-card', '3', option, name, '--json');
      expect(r).toMatchObject({ code: 0, stderr: note });
      expect(summary(r.stdout).svg).toEqual(pages);
    }
    expect(existsSync(join(dir, 'gone'))).toBe(false);
    expect(readFileSync(join(dir, 'there.svg'), 'utf8')).toBe('keep');
    // FILE still names a file, which the pages are named from.
    expectOneLineError(ran('dobble', '--symbols-per-card', '3', '--svg', ''), /^puzzlesat: --svg: give a file name/, 2);
    // A page whose link leads into a folder that is not there: refused before any page is written, as --svg FILE is.
    symlinkSync(join('gone', 'page.svg'), join(dir, 'lost-2.svg'));
    expectOneLineError(
      ran('dobble', '--symbols-per-card', '3', '--svg', 'lost.svg'),
      /^puzzlesat: --svg: cannot write "lost-2\.svg" \(a link to .*gone\/page\.svg\): no such file or directory/,
      2,
    );
    expect(existsSync(join(dir, 'lost-1.svg'))).toBe(false);
    // Two pages that are one file (links to one new file): the first would be lost under the second.
    for (const page of ['same-1.png', 'same-2.png']) symlinkSync('one.png', join(dir, page));
    expectOneLineError(
      ran('dobble', '--symbols-per-card', '3', '--png', 'same.png'),
      /^puzzlesat: --png: same-2\.png is also written by --png \(same-1\.png\); give each output its own file/,
      2,
    );
    expect(existsSync(join(dir, 'one.png'))).toBe(false);
    // One page is FILE itself, checked as before: through its link.
    expectOneLineError(
      ran('dobble', '--symbols-per-card', '2', '--svg', 'linked.svg'),
      /^puzzlesat: --svg: cannot write "linked\.svg" \(a link to .*gone\/deck\.svg\): no such file or directory/m,
      2,
    );
    expectOneLineError(
      ran('dobble', '--symbols-per-card', '2', '--svg', 'there.svg'),
      /^puzzlesat: --svg: there\.svg exists; add --force to replace it/m,
      2,
    );
  });

  it('a deck of fewer pages leaves no page of an earlier deck: refused without --force, removed with it (regression: --svg deck.svg --force after a larger deck kept its deck-3.svg …, two decks in one folder)', () => {
    // 13 cards of 4 symbols fill three pages, 7 of 3 two.
    expect(run('dobble', '--symbols-per-card', '4', '--svg', 'shrunk.svg').code).toBe(0);
    expect(existsSync(join(dir, 'shrunk-3.svg'))).toBe(true);
    writeFileSync(join(dir, 'shrunk-5.svg'), 'not a page of the earlier deck: after a gap');
    for (const page of ['shrunk-1.svg', 'shrunk-2.svg']) rmSync(join(dir, page));
    const refused = ran('dobble', '--symbols-per-card', '3', '--svg', 'shrunk.svg');
    expectOneLineError(refused, /^puzzlesat: --svg: shrunk-3\.svg exists; add --force to replace it/, 2);
    expect(existsSync(join(dir, 'shrunk-1.svg'))).toBe(false);
    expect(readFileSync(join(dir, 'shrunk-3.svg'), 'utf8')).toMatch(/^<svg /);
    const forced = run('dobble', '--symbols-per-card', '3', '--svg', 'shrunk.svg', '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toMatch(/^removed shrunk-3\.svg \(a page of an earlier deck\)$/m);
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith('shrunk'))
        .sort(),
    ).toEqual(['shrunk-1.svg', 'shrunk-2.svg', 'shrunk-5.svg']);
    // One page is FILE itself: the numbered pages of the earlier deck go too.
    expect(run('dobble', '--symbols-per-card', '2', '--svg', 'shrunk.svg', '--force').code).toBe(0);
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith('shrunk'))
        .sort(),
    ).toEqual(['shrunk-5.svg', 'shrunk.svg']);
  });

  it('a deck of several pages names FILE left beside them by an earlier one-page deck, and leaves it as it was (regression: deck.svg stayed among deck-1.svg … in silence, two decks in one folder)', () => {
    expect(run('dobble', '--symbols-per-card', '2', '--svg', 'mixed.svg', '--png', 'mixed.png').code).toBe(0);
    const earlier = readFileSync(join(dir, 'mixed.svg'), 'utf8');
    for (const force of [[], ['--force']]) {
      const r = run('dobble', '--symbols-per-card', '3', '--svg', 'mixed.svg', '--png', 'mixed.png', ...force);
      expect(r.code, r.stderr).toBe(0);
      // It is no file the run writes, and may be any file of the user's: named, not removed, even under --force.
      for (const format of ['svg', 'png'])
        expect(r.stderr).toMatch(
          new RegExp(
            `^puzzlesat: note: mixed\\.${format} is not one of this deck's 2 pages \\(mixed-1\\.${format} … mixed-2\\.${format}\\); left as it was: remove it if an earlier deck wrote it$`,
            'm',
          ),
        );
    }
    expect(readFileSync(join(dir, 'mixed.svg'), 'utf8')).toBe(earlier);
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith('mixed'))
        .sort(),
    ).toEqual(['mixed-1.png', 'mixed-1.svg', 'mixed-2.png', 'mixed-2.svg', 'mixed.png', 'mixed.svg']);
  });

  it.skipIf(missing('script'))(
    'writes the pages one by one as they are drawn, a bar counting them on a terminal (regression: a large deck was drawn whole first, in silence: cards of 200 symbols, most of an hour and 1.6 GB held)',
    () => {
      const drawn = onTerminal('dobble', '--symbols-per-card', '8', '--svg', 'counted.svg', '--png', 'counted.png');
      expect(drawn).toMatch(/\d+\/10 pages/);
      expect(drawn).toMatch(/wrote 10 pages, one file a page: counted-1\.svg … counted-10\.svg/);
      for (let page = 1; page <= 10; page++) {
        expect(readFileSync(join(dir, `counted-${page}.svg`), 'utf8')).toMatch(/^<svg [^]*<\/svg>\n$/);
        expect([...readFileSync(join(dir, `counted-${page}.png`)).subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      }
      expect(run('dobble', '--symbols-per-card', '8', '--svg', 'quiet.svg').stderr).toBe(
        'wrote 10 pages, one file a page: quiet-1.svg … quiet-10.svg\n',
      );
    },
  );

  it('refuses a page file not named .svg (.png), whatever the number of pages, before the search (regression: --svg deck.txt wrote deck.txt-1.svg, deck.txt-2.svg, and deck.txt for one page)', () => {
    for (const [option, name] of [
      ['--svg', 'deck.txt'],
      ['--svg', 'deck'],
      ['--png', 'deck.txt'],
    ] as const)
      for (const symbols of ['2', '3']) {
        const r = ran('dobble', '--symbols-per-card', symbols, option, name);
        const format = option.slice(2);
        expectOneLineError(
          r,
          new RegExp(`^puzzlesat: ${option}: "${name.replace('.', '\\.')}" does not end in \\.${format}: the pages are named from it \\(`),
          2,
        );
        expect(r.out).toBe('');
        expect(readdirSync(dir).filter((file) => file.startsWith('deck.txt') || file === 'deck' || /^deck-\d/.test(file))).toEqual([]);
      }
    // Any case of the ending names the format (DECK.SVG: DECK-1.svg …).
    expect(summary(run('dobble', '--symbols-per-card', '3', '--svg', 'CASE.SVG', '--json').stdout).svg).toEqual(['CASE-1.svg', 'CASE-2.svg']);
  });

  it('writes one page to a device or pipe as it is, and refuses a deck of several pages there, before the search (regression: --svg /dev/stdout made /dev/stdout-1.svg, /dev/stdout-2.svg)', () => {
    for (const option of ['--svg', '--png']) {
      expect(run('dobble', '--symbols-per-card', '2', option, '/dev/null').code).toBe(0);
      const pipe = `pipe.${option.slice(2)}`;
      expect(spawnSync('mkfifo', [join(dir, pipe)]).status).toBe(0);
      // SAT for 3 symbols on 7 cards: the refusal comes before any solver runs.
      const r = run('dobble', '--symbols-per-card', '3', '--method', 'sat', option, pipe, '--force');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^puzzlesat: ${option}: ${pipe} is a device or pipe, not a file: a deck of 2 pages needs a file name`));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
      expect(readdirSync(dir).filter((name) => name.startsWith('pipe-'))).toEqual([]);
    }
  });
});

describe('dobble --order n, as encode dobble --order n says it: cards of n + 1 symbols', () => {
  it('makes the deck of --symbols-per-card n + 1, alone or beside a --symbols-per-card that agrees (regression: "Unknown argument: --order", exit 2)', () => {
    const bySize = summary(run('dobble', '--symbols-per-card', '4', '--json').stdout);
    for (const given of [
      ['--order', '3'],
      ['--order=3', '--symbols-per-card', '4'],
      ['--order', '3', '--method', 'sat'],
    ]) {
      const r = run('dobble', ...given, '--json');
      expect([r.code, r.stderr]).toEqual([0, '']);
      const s = summary(r.stdout);
      expect(s).toMatchObject({ status: 'SAT', order: 3, symbolsPerCard: 4, params: { symbolsPerCard: 4, cards: 13 } });
      if (!given.includes('sat')) expect(s.cards).toEqual(bySize.cards);
    }
  });

  it('refuses an --order that disagrees with --symbols-per-card, naming both, and names --order in its own range errors (exit 2)', () => {
    const cases: [string[], RegExp][] = [
      [
        ['--order', '3', '--symbols-per-card', '5'],
        /^puzzlesat: --order 3 and --symbols-per-card 5 disagree \(--order n is --symbols-per-card n \+ 1\): give one$/m,
      ],
      [['--order', '0'], /^puzzlesat: --order: expected a whole number ≥ 1, got "0"$/m],
      [['--order', 'three'], /^puzzlesat: --order: expected a whole number ≥ 1, got "three"$/m],
      [['--order', '2.5'], /^puzzlesat: --order: expected a whole number ≥ 1, got "2.5"$/m],
      [['--order', '200'], /^puzzlesat: --order: at most 199 \(.*\), got "200"$/m],
      [['--symbols-per-card', '201'], /^puzzlesat: --symbols-per-card: at most 200 \(.*\), got "201"$/m],
    ];
    for (const [given, message] of cases) expectOneLineError(ran('dobble', ...given), message, 2);
    expectOneLineError(ran('dobble'), /^puzzlesat: dobble: give --symbols-per-card M or --order N/, 2);
  });

  it('is no option of dobble check, which reads the deck whole', () => {
    expectOneLineError(ran('dobble', 'check', file('order.txt', 'a b\na c\nb c\n'), '--order', '1'), /^puzzlesat: Unknown argument: --order$/m, 2);
  });

  it('--help names it beside --symbols-per-card', () => {
    expect(run('dobble', '--help').stdout).toMatch(/--order\s+order n: cards of n \+ 1 symbols/);
  });
});

describe('puzzlesat dobble, SAT', () => {
  it('finds the 13-card deck of 4 symbols (order 3), which passes checkDeck', () => {
    const s = summary(run('dobble', '--symbols-per-card', '4', '--method', 'sat', '--json').stdout);
    expect(s).toMatchObject({ status: 'SAT', order: 3, symbols: 13, count: 1, complete: true, method: 'sat' });
    expect(['cadical-wasm', 'minisat-wasm', 'logic-solver']).toContain(s.solver);
    expect(s.vars).toBeGreaterThan(0);
    expect(checkDeck(s.cards!)).toEqual({ ok: true, cards: 13, symbolsPerCard: 4, symbols: 13 });
  });

  it('answers UNSAT, with exit 0, when the deck cannot exist: 8 cards of 4 need 12 symbols', () => {
    const args = ['dobble', '--symbols-per-card', '4', '--method', 'sat', '--cards', '8', '--max-symbols', '11'];
    const text = run(...args);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^no deck of 8 cards with 4 symbols each exists using at most 11 symbols \(UNSAT, proved by SAT in [\d.]+ s\)\n$/);
    const s = summary(run(...args, '--json').stdout);
    expect(s).toMatchObject({ status: 'UNSAT', cards: null, symbols: null, count: 0, complete: true });
    expect(summary(run(...args.slice(0, -1), '12', '--json').stdout)).toMatchObject({ status: 'SAT', symbols: 12 });
  });

  it('--max-symbols past what the deck can name searches as with K·m (regression: 10^9 was refused by the literal limit, naming --max-literals)', () => {
    // 4 cards of 3 symbols name at most 12: more room changes no answer of the one-deck verb, only the formula's size.
    const r = run('dobble', '--symbols-per-card', '3', '--method', 'sat', '--cards', '4', '--max-symbols', '1000000000', '--json');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const s = summary(r.stdout);
    expect(s).toMatchObject({ status: 'SAT', params: { maxSymbols: 1000000000 } });
    expect(checkDeck(s.cards!)).toMatchObject({ ok: true, cards: 4, symbolsPerCard: 3 });
  });

  it('--method sat with --symbols uses no more symbols than the file names (regression: it searched all 13, then failed "has 10 symbol names but the deck needs 13")', () => {
    // 5 cards of 4 symbols need 10 symbols (every two cards get one of their own), so 10 names are enough.
    const names = file('ten-names.txt', 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n');
    const r = run('dobble', '--symbols-per-card', '4', '--cards', '5', '--method', 'sat', '--symbols', names);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const deck = parseDeck(r.stdout, 'stdout');
    expect(checkDeck(deck)).toEqual({ ok: true, cards: 5, symbolsPerCard: 4, symbols: 10 });
  });

  it('--variables mols and --symmetry-steps reach the SAT model: the order-4 deck from Latin squares, checked; a wrong step is one line', () => {
    const args = [
      'dobble',
      '--symbols-per-card',
      '5',
      '--method',
      'sat',
      '--variables',
      'mols',
      '--symmetry-steps',
      'first-rows,first-column,square-order,cycles,cycle-order',
    ];
    const s = summary(run(...args, '--json').stdout);
    expect(s).toMatchObject({ status: 'SAT', order: 4, symbols: 21, count: 1 });
    expect(checkDeck(s.cards!)).toEqual({ ok: true, cards: 21, symbolsPerCard: 5, symbols: 21 });
    // 3 squares × 16 cells × 4 values, the projection of the mols model.
    const encoded = JSON.parse(run('encode', 'dobble', '--order', '4', '--variables', 'mols', '-o', 'mols4.cnf', '--json').stdout) as {
      vars: number;
    };
    expect(parseDimacs(readFileSync(join(dir, 'mols4.cnf'), 'utf8'), 'mols4.cnf')).toMatchObject({ vars: encoded.vars });
    expect(parseDimacs(readFileSync(join(dir, 'mols4.cnf'), 'utf8'), 'mols4.cnf').projection).toHaveLength(192);
    const wrong = run(...args.slice(0, -1), 'first-line');
    // A step of another model: a usage error.
    expect(wrong).toMatchObject({ code: 2, stdout: '' });
    expect(wrong.stderr).toBe(
      'puzzlesat: --symmetry-steps: first-line is a step of --variables incidence, not of --variables mols (its steps: first-rows, first-column, square-order, cycles, cycle-order, point-pairs, cell-values)\n',
    );
  });

  it('--variables cyclic: the 91-card deck, checked; order 6 has no cyclic deck, and the UNSAT says it rules out cyclic decks only', () => {
    const r = run('dobble', '--symbols-per-card', '7', '--method', 'sat', '--variables', 'cyclic');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^no cyclic deck \(the translates of one card mod 43\) of 43 cards with 7 symbols each exists; other decks are not ruled out \(drop --variables cyclic\) \(UNSAT, proved by SAT in [\d.]+ s\)\n$/,
    );
    const s = JSON.parse(run('dobble', '--symbols-per-card', '10', '--method', 'sat', '--variables', 'cyclic', '--json').stdout) as {
      status: string;
      cards: number[][];
      params: { variables: string };
    };
    expect(s.status).toBe('SAT');
    expect(s.params.variables).toBe('cyclic');
    expect(checkDeck(s.cards)).toEqual({ ok: true, cards: 91, symbolsPerCard: 10, symbols: 91 });
  });

  it.skipIf(missing('minisat-wasm'))(
    'a timed-out search for a full deck says that --variables cyclic is fast; for a partial deck it does not',
    () => {
      const full = run('dobble', '--symbols-per-card', '9', '--method', 'sat', '--solver', 'minisat-wasm', '--timeout', '0.01');
      expect(full.code).toBe(0);
      // 0.01 s may run out while the formula is built or while it is searched (the machine's speed decides): the same answer and hint either way.
      expect(full.stdout).toMatch(
        /^no answer from minisat-wasm within 0\.01 s \(UNKNOWN(: --timeout ran out while building the formula, before any solving)?\); --variables cyclic looks for a cyclic deck \(the translates of one card\), fast for prime-power orders\n$/,
      );
      const partial = run('dobble', '--symbols-per-card', '9', '--cards', '60', '--method', 'sat', '--solver', 'minisat-wasm', '--timeout', '0.01');
      expect(partial.stdout).toMatch(
        /^no answer from minisat-wasm within 0\.01 s \(UNKNOWN(: --timeout ran out while building the formula, before any solving)?\)\n$/,
      );
    },
  );

  it('falls back to SAT for 7 symbols (order 6 is not a prime power), says why, and proves that no 43-card deck exists', () => {
    const r = run('dobble', '--symbols-per-card', '7');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^puzzlesat: note: .*Bruck–Ryser.*; trying the SAT method\n$/);
    expect(r.stdout).toMatch(/^no deck of 43 cards with 7 symbols each exists \(UNSAT, proved by SAT in [\d.]+ s\)\n$/);
  });
});

describe('--unique on a puzzle that declares no symmetries', () => {
  // Three cards of 3 symbols, every two meeting once, fall into 2 classes under renaming symbols and
  // reordering cards (by hand: the three share one symbol, or they meet in three different ones), yet
  // count said "39 classes" (5,670 with --no-symmetry-breaking): dobble declares no symmetry group, so each
  // deck its clauses keep was called a class. Knapsack declares none either.
  it.each([
    ['count', 'dobble', '--order', '2', '--cards', '3'],
    ['enumerate', 'dobble', '--order', '2', '--cards', '3', '--no-symmetry-breaking', '--show', '0'],
    ['count', 'knapsack', '--items', 'a:1:1,b:1:1', '--capacity', '1'],
    // encode and explain built the instance themselves, past the plan's check, and wrote the formula with no family added.
    ['encode', 'dobble', '--order', '2'],
    ['explain', 'dobble', '--order', '2'],
    ['encode', 'knapsack', '--items', 'a:1:1,b:1:1', '--capacity', '1'],
  ])('%s %s is refused with exit 2, one line naming --unique, before any search', (...args) => {
    const r = ran(...args, '--unique');
    expectOneLineError(r, new RegExp(`^puzzlesat: --unique: ${args[1]} declares no symmetries`), 2);
    expect(r.out).toBe('');
  });
});

describe('a SAT search that may not end (m - 1 not a prime power: no plane to build from; none of order 6 or 10 exists)', () => {
  const warning =
    /puzzlesat: note: 6 is not a prime power: this SAT search may not end \(a partial deck of few cards is quick\); --timeout S stops it with an incomplete answer \(UNKNOWN\)\r?\n/;

  it.skipIf(missing('script'))(
    'says so in one line on a terminal without --timeout, and still makes a partial deck of order 6 that can be made (regression: the search started in silence)',
    () => {
      const drawn = onTerminal('dobble', '--symbols-per-card', '7', '--cards', '8');
      expect(drawn).toMatch(warning);
      expect(drawn).toMatch(/# 8 cards, 7 symbols per card, \d+ symbols \(SAT: /);
      // With a limit the user has the answer to it; a model of one card's translates is a small formula.
      expect(onTerminal('dobble', '--symbols-per-card', '7', '--cards', '8', '--timeout', '120')).not.toMatch(/may not end/);
      expect(onTerminal('dobble', '--symbols-per-card', '7', '--method', 'sat', '--variables', 'cyclic')).not.toMatch(/may not end/);
    },
  );

  it('is silent about it off a terminal, where nobody waits on it', () => {
    const r = run('dobble', '--symbols-per-card', '7', '--cards', '8');
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/may not end/);
  });

  it('--timeout stops the search for order 10 with an incomplete answer, exit 0', () => {
    // A millisecond from the start has passed before any search: the answer is the same wherever it stops.
    const r = run('dobble', '--symbols-per-card', '11', '--timeout', '0.001', '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^puzzlesat: note: 111 cards with 11 symbols: impossible, .*order 10.*; trying the SAT method\n$/);
    expect(summary(r.stdout)).toMatchObject({ status: 'UNKNOWN', complete: false, count: 0, cards: null, method: 'sat' });
  });

  it('--help says the SAT method may not end without a prime power, and that --timeout stops it', () => {
    const help = run('dobble', '--help').stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/open-ended where m - 1 is not a prime power.*give --timeout S/);
  });
});

describe('puzzlesat dobble check', () => {
  it('accepts a valid deck with exit 0 and rejects a bad one with exit 1 and one line naming the pair', () => {
    const good = run('dobble', 'check', file('good.txt', '1 2\n1 3 # comment\n\n2 3\n'));
    expect(good).toMatchObject({ code: 0, stderr: '', stdout: 'OK: 3 cards, 2 symbols per card, 3 symbols; every two cards share exactly one\n' });
    const bad = run('dobble', 'check', file('bad.txt', 'a b\na c\nb c\nb d\n'));
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toMatch(/^puzzlesat: .*bad\.txt:2: cards 2 and 4 share no symbol \(card 4 is on line 4\)\n$/);
  });

  it('names symbols that look alike but differ, shown with their invisible characters (regression: "share no symbol" and nothing to see)', () => {
    const r = run('dobble', 'check', file('alike.txt', 'dog cat\ndog sun\ncat\u200b sun\n'));
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toMatch(
      /^puzzlesat: .*alike\.txt:1: cards 1 and 3 share no symbol \("cat" on card 1 and "cat\\u200b" on card 3 look alike but are different names\) \(card 3 is on line 3\)\n$/,
    );
  });

  it('reads the deck from standard input for "-" (it said: cannot read "": ENOENT)', () => {
    const r = spawnSync(process.execPath, [CLI, 'dobble', 'check', '-'], { cwd: dir, encoding: 'utf8', input: 'a b\na c\nb d\n' });
    expect(r).toMatchObject({ status: 1, stdout: '' });
    expect(r.stderr).toBe('puzzlesat: <stdin>:2: cards 2 and 3 share no symbol (card 3 is on line 3)\n');
  });

  it('names the bad pair of a large deck bad only in its last two cards (regression: 100,000 cards went pair by pair, K² steps, for hours)', () => {
    const star = Array.from({ length: 99_999 }, (_, i) => `0 ${i + 1}\n`).join('');
    const deck = file('late.txt', `${star}0 99999\n`);
    // Its own limit, well inside the test's: the check took minutes, and ran past the run's spawn timeout.
    const r = spawnSync(process.execPath, [CLI, 'dobble', 'check', deck], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect([r.status, r.stdout, r.stderr]).toEqual([
      1,
      '',
      'puzzlesat: ' + deck + ':99999: cards 99999 and 100000 share 2 symbols: 0, 99999 (card 100000 is on line 100000)\n',
    ]);
  });

  it('says a deck of one card of one symbol in the singular', () => {
    const one = run('dobble', 'check', file('one.txt', 'cat\n'));
    expect(one).toMatchObject({ code: 0, stderr: '', stdout: 'OK: 1 card, 1 symbol per card, 1 symbol; every two cards share exactly one\n' });
  });

  it('names the file lines of the cards, past blank lines and comments (regression: "card 6 has 3 symbols but card 1 has 4" for a card on line 8)', () => {
    const ragged = run('dobble', 'check', file('ragged.txt', '1 2 3\n\n# a comment\n1 4 5\n2 4\n'));
    expect(ragged).toMatchObject({ code: 1, stdout: '' });
    expect(ragged.stderr).toMatch(/^puzzlesat: .*ragged\.txt:5: card 3 has 2 symbols but card 1 has 3 \(card 1 is on line 1\)\n$/);
    const json = run('dobble', 'check', file('ragged.txt', '1 2 3\n\n# a comment\n1 4 5\n2 4\n'), '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'INVALID', lines: [5, 1] });
  });

  it('reads a deck with old-Mac (CR) or Windows (CRLF) line ends as one with LF, lines numbered alike (regression: a CR-only deck was one card)', () => {
    for (const [name, end] of [
      ['cr', '\r'],
      ['crlf', '\r\n'],
    ]) {
      const good = run('dobble', 'check', file(`${name}-good.txt`, ['1 2', '1 3 # comment', '', '2 3', ''].join(end!)));
      expect(good).toMatchObject({ code: 0, stdout: 'OK: 3 cards, 2 symbols per card, 3 symbols; every two cards share exactly one\n' });
      const ragged = run('dobble', 'check', file(`${name}-ragged.txt`, ['1 2 3', '', '# a comment', '1 4 5', '2 4', ''].join(end!)));
      expect(ragged).toMatchObject({ code: 1, stdout: '' });
      expect(ragged.stderr).toMatch(/^puzzlesat: .*-ragged\.txt:5: card 3 has 2 symbols but card 1 has 3 \(card 1 is on line 1\)\n$/);
    }
  });
});

describe('bad input: one line on stderr, exit 1, no stack', () => {
  const cases: [string, string[], RegExp][] = [
    ['fewer than 2 symbols per card', ['dobble', '--symbols-per-card', '1'], /--symbols-per-card: expected a whole number ≥ 2/],
    ['no symbols per card', ['dobble'], /--symbols-per-card/],
    ['algebraic without a prime power', ['dobble', '--symbols-per-card', '7', '--method', 'algebraic'], /--method: .*6 to be a prime power/],
    [
      // Regression: it said "impossible", though the star deck of 1 + 58·7 symbols passes `dobble check`.
      'more cards than a plane has',
      ['dobble', '--symbols-per-card', '8', '--cards', '58'],
      /--cards: 58 cards with 8 symbols: more than the 57 cards of a projective plane, so every such deck is a star \(one symbol on every card, 407 symbols in all\)/,
    ],
    ['a SAT option with the algebraic method', ['dobble', '--symbols-per-card', '8', '--solver', 'cadical'], /--solver is for the SAT method/],
    ['--seed without --svg', ['dobble', '--symbols-per-card', '3', '--seed', '2'], /--seed .* needs --svg/],
    [
      'too few symbol names',
      ['dobble', '--symbols-per-card', '3', '--symbols', 'three.txt'],
      /three\.txt has 3 symbol names but a deck of 7 cards with 3 symbols each needs at least 7/,
    ],
    [
      'too few symbol names for the SAT method, known before its search (regression: named only after the search)',
      ['dobble', '--symbols-per-card', '7', '--cards', '31', '--method', 'sat', '--symbols', 'three.txt'],
      /three\.txt has 3 symbol names but a deck of 31 cards with 7 symbols each needs at least \d+/,
    ],
    ['a deck file with an empty name', ['dobble', 'check', 'malformed.txt'], /malformed\.txt:2: empty symbol name/],
    ['a missing deck file', ['dobble', 'check', 'missing.txt'], /cannot read "missing\.txt"/],
    ['dobble through solve without --order', ['solve', 'dobble'], /dobble needs --order N/],
    // Regression: "symbols: 2 is too few for cards of 3 symbols", exit 1, the option unnamed.
    [
      'fewer symbols allowed than a card has',
      ['dobble', '--symbols-per-card', '3', '--method', 'sat', '--max-symbols', '2'],
      /^puzzlesat: --max-symbols: 2 is too few for cards of 3 symbols each$/m,
    ],
  ];
  for (const [what, args, message] of cases) {
    it(what, () => {
      file('three.txt', 'a\nb\nc\n');
      file('malformed.txt', 'a, b\na,,c\n');
      const r = run(...args);
      // An option value out of range or a missing option is a usage error (exit 2); the rest is bad input (1).
      const usage = [
        'fewer than 2 symbols per card',
        'no symbols per card',
        'dobble through solve without --order',
        'fewer symbols allowed than a card has',
        'a SAT option with the algebraic method',
        '--seed without --svg',
        // Regression: both exited 1, though `solve dobble --order 7 --cards 58` (the same deck) is a usage error: options this tool cannot build.
        'more cards than a plane has',
        'algebraic without a prime power',
      ];
      expect(r.code).toBe(usage.includes(what) ? 2 : 1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    });
  }
});

describe('the generic verbs through the registry', () => {
  it('a dobble option the SAT model cannot take is a usage error naming the option as typed (regression: "cards: 100 is not possible", "symbols: 2 is too few", "pairs: ...", exit 1)', () => {
    const order = ['dobble', '--order', '2'];
    const cases: [string[], RegExp][] = [
      [['solve', ...order, '--cards', '100'], /^--cards: 100 is not possible with 3 symbols per card: choose 1 to 7$/],
      [['solve', ...order, '--max-symbols', '2'], /^--max-symbols: 2 is too few for cards of 3 symbols$/],
      [['encode', ...order, '--pairs', 'at-most-one', '--cards', '3'], /^--pairs: at-most-one is only correct for the full deck/],
      [['count', ...order, '--variables', 'mols', '--cards', '3'], /^--variables mols: the squares make the full deck/],
      [['explain', ...order, '--variables', 'cyclic', '--max-symbols', '8'], /^--variables cyclic: the translates of one card/],
      [['solve', 'dobble', '--order', '1', '--variables', 'mols'], /^--variables mols: order 1 has no Latin squares/],
      [['enumerate', ...order, '--symmetry-steps', 'rotate'], /^--symmetry-steps: unknown step "rotate"/],
      [['solve', ...order, '--symmetry-steps', 'first-pencil'], /^--symmetry-steps: first-pencil needs first-line too$/],
      [['solve', ...order, '--symmetry-steps', 'first-rows'], /^--symmetry-steps: first-rows is a step of --variables mols/],
      [
        ['solve', ...order, '--cards', '5', '--symmetry-steps', 'first-line,first-pencil,lex-lines,second-pencil'],
        /^--symmetry-steps: second-pencil is for the full deck/,
      ],
      [['dobble', '--symbols-per-card', '3', '--method', 'sat', '--symmetry-steps', 'rotate'], /^--symmetry-steps: unknown step "rotate"/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr.replace(/^puzzlesat: /, '').trim() }).toEqual({
        args,
        code: 2,
        stdout: '',
        stderr: expect.stringMatching(message),
      });
    }
  });

  it('encode dobble --order 3 writes DIMACS that parses, with the sizes it reports', () => {
    const r = run('encode', 'dobble', '--order', '3', '-o', 'pp3.cnf', '--json');
    expect(r.code).toBe(0);
    const reported = JSON.parse(r.stdout) as { vars: number; clauses: number };
    const formula = parseDimacs(readFileSync(join(dir, 'pp3.cnf'), 'utf8'), 'pp3.cnf');
    expect(formula.puzzle).toBe('dobble');
    expect(formula.params.get('order')).toBe('3');
    expect(formula.vars).toBe(reported.vars);
    expect(formula.ends.length).toBe(reported.clauses);
    // The projection is the 13 × 13 incidence variables.
    expect(formula.projection).toHaveLength(169);
  });

  it('solve dobble --order 2 gives a checked Fano plane', () => {
    const s = JSON.parse(run('solve', 'dobble', '--order', '2', '--json').stdout) as {
      status: string;
      solution: { cards: number[][]; symbols: number; order: number };
    };
    expect(s.status).toBe('SAT');
    expect(s.solution).toMatchObject({ symbols: 7, order: 2 });
    expect(checkDeck(s.solution.cards)).toEqual({ ok: true, cards: 7, symbolsPerCard: 3, symbols: 7 });
  });

  it('rejects dobble options for other puzzles', () => {
    const r = run('solve', 'pentomino', '--order', '3');
    expect(r).toMatchObject({ code: 2, stderr: 'puzzlesat: --order does not apply to pentomino\n' });
  });
});

describe('dobble check and Ctrl-C', () => {
  it('a press while the deck is read ends the check, never an OK verdict (regression: it was heard only once the check had said OK, exit 0)', () => {
    // A valid deck (a star): the check would say OK if it ran to the end.
    writeFileSync(join(dir, 'star.txt'), Array.from({ length: 1000 }, (_, i) => `a b${i}`).join('\n') + '\n');
    const r = interruptedOnOpen(CLI, dir, 'star.txt', ['dobble', 'check', 'star.txt']);
    expect(r.out).toBe('');
    expect(r.code === 130 || r.signal === 'SIGINT').toBe(true);
  });
});
