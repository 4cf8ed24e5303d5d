import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { missing } from './helpers/requires.js';
import { checkDeck } from '../encoders/dobble.js';
import { chained } from '../src/core/checksum.js';
import { type CliRun as Run, expectOneLineError, userErrorOf } from './helpers/expect-errors.js';
import { buildInstance } from '../encoders/index.js';
import { writeDimacsFile } from '../src/core/dimacs.js';
import { interruptedInRead } from './helpers/interrupt.js';

/**
 * Hostile input files and outputs on the compiled CLI: each input here
 * crashed, hung or was read wrong before its fix. Every one must end in one
 * line naming the file (and line or JSON path), exit 1, no internal error.
 */
const cli = process.env.PUZZLESAT_CLI ?? join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-hostile-');

function run(args: string[]): Run {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 120_000, maxBuffer: 1 << 26 });
  return { code: r.status, out: String(r.stdout), err: String(r.stderr) };
}

const file = (name: string, text: string | Buffer): string => {
  writeFileSync(join(dir, name), text);
  return name;
};

describe('long tokens in messages', { timeout: 120_000 }, () => {
  it('a 20-million-character token quoted in an error is cut, not a stack overflow (was "Maximum call stack size exceeded", exit 2)', () => {
    const long = 'x'.repeat(20_000_000);
    expectOneLineError(
      run(['solve', file('long-token.cnf', `p cnf 2 1\n1 ${long} 0\n`)]),
      /long-token\.cnf:2: stray token "x+…\(20000002 chars\)…x+"$/m,
    );
    expectOneLineError(
      run(['solve', 'knapsack', '--items', file('long-item.txt', `a 3 4 ${long}\n`)]),
      /long-item\.txt:1: "a 3 4 x+…\(20000001 chars\)…x+" is not name weight value/,
    );
  });
});

describe('large drawings', { timeout: 120_000 }, () => {
  it('a hexagon board and piece drawn with 180,000 cells, under --max-cells, are read (was "internal error: Maximum call stack size exceeded")', () => {
    const rows = (ch: string) => Array.from({ length: 300 }, (_, r) => (r % 2 ? ' ' : '') + Array(600).fill(ch).join(' ')).join('\n');
    const board = file('hexagons.txt', `${rows('.')}\n`);
    expectOneLineError(
      run(['solve', 'polyform', '--grid', 'hexagon', '--board', board, '--pieces', 'A=#']),
      /area mismatch: the board has 180000 cells/,
    );
    const pieces = file('hexagon-piece.txt', `A:\n${rows('#')}\n`);
    expectOneLineError(
      run(['solve', 'polyform', '--grid', 'hexagon', '--board', 'hexagon:2', '--pieces-file', pieces]),
      /area mismatch: the board has 7 cells but the pieces cover 180000/,
    );
  });
});

describe('a pieces file that cannot be read', { timeout: 120_000 }, () => {
  it('says why, as --items does (regression: "--pieces-file: cannot read" alone, for a directory and a missing file alike)', () => {
    expectOneLineError(
      run(['solve', 'polyomino', '--board', '2x2', '--pieces-file', '.']),
      /^puzzlesat: --pieces-file: cannot read "\.": illegal operation on a directory \(EISDIR\)$/m,
    );
    expectOneLineError(
      run(['solve', 'polyomino', '--board', '2x2', '--pieces-file', 'no-such-pieces.txt']),
      /^puzzlesat: --pieces-file: cannot read "no-such-pieces\.txt": no such file or directory \(ENOENT\)$/m,
    );
  });

  it('says why on polyform\'s --pieces-file and --board too (regression: "is not a pieces file, nor a readable file", for a directory and a missing file alike)', () => {
    const polyform = (...args: string[]) => run(['solve', 'polyform', '--grid', 'hexagon', ...args]);
    expectOneLineError(
      polyform('--board', 'hexagon:1', '--pieces-file', '.'),
      /^puzzlesat: --pieces-file: .*"\.".*: illegal operation on a directory \(EISDIR\)$/m,
    );
    expectOneLineError(
      polyform('--board', 'hexagon:1', '--pieces-file', 'no-such-pieces.json'),
      /^puzzlesat: --pieces-file: .*"no-such-pieces\.json".*: no such file or directory \(ENOENT\)$/m,
    );
    expectOneLineError(
      polyform('--board', 'no-such-board.json', '--pieces', 'A=#'),
      /^puzzlesat: --board: .*"no-such-board\.json".*: no such file or directory \(ENOENT\)$/m,
    );
  });
});

describe('--max-cells holds while a board or pieces file is read', { timeout: 120_000 }, () => {
  // Cells were counted once all were made: a 50 MB line of art took 4.5 GB and 46 s, a JSON list of 3 million cells 2.7 GB
  // and 41 s, before the refusal; a piece had no bound at all (a 4-million-cell piece ran 62 s to "area mismatch").
  const limit = ['--max-cells', '100'];
  const json = (cells: number) => JSON.stringify(Array.from({ length: cells }, (_, x) => [x, 0]));

  it('drawings stop at the first cell past the limit', () => {
    const art = file('wide.txt', `${'.'.repeat(400)}\n`);
    expectOneLineError(
      run(['solve', 'polyomino', '--board', art, '--pieces', 'I', ...limit]),
      /wide\.txt: the board has at least 101 cells, more than the limit of 100 \(raise it with --max-cells\)/,
    );
    const piece = file('long-piece.txt', `A:\n${'#'.repeat(400)}\n`);
    expectOneLineError(
      run(['solve', 'polyform', '--board', '2x2', '--pieces-file', piece, ...limit]),
      /long-piece\.txt: the piece has at least 101 cells/,
    );
    const hexagons = file('hexagon-row.txt', `${Array(400).fill('.').join(' ')}\n`);
    expectOneLineError(
      run(['solve', 'polyform', '--grid', 'hexagon', '--board', hexagons, '--pieces', 'A=#', ...limit]),
      /hexagon-row\.txt: the board has at least 101 cells/,
    );
  });

  it('a JSON list of cells is measured before any cell is read', () => {
    const board = file('wide.json', `{"grid": "square", "cells": ${json(400)}}`);
    expectOneLineError(
      run(['solve', 'polyform', '--board', board, '--pieces', 'A=#', ...limit]),
      /wide\.json: \$\.cells: the list has 400 cells, more than the limit of 100/,
    );
    const pieces = file('long-piece.json', `{"grid": "square", "pieces": [{"name": "A", "cells": ${json(400)}}]}`);
    expectOneLineError(
      run(['solve', 'polyform', '--board', '2x2', '--pieces-file', pieces, ...limit]),
      /long-piece\.json: \$\.pieces\[0\]\.cells: the list has 400 cells/,
    );
  });
});

describe('dobble check of a few long cards', { timeout: 120_000 }, () => {
  it('two cards of 300,000 symbols are checked pair by pair (the per-symbol pass took K·m² steps: minutes for one long line)', () => {
    const card = (from: number) => Array.from({ length: 300_000 }, (_, i) => String(from + i));
    const [a, b] = [card(0), card(299_999)];
    expect(checkDeck([a, b])).toEqual({ ok: true, symbolsPerCard: 300_000, symbols: 599_999, cards: 2 });
    expect(checkDeck([a, card(299_998)])).toMatchObject({ ok: false, problem: 'cards 1 and 2 share 2 symbols: 299998, 299999' });
    const deck = file('one-card.txt', `${card(0).join(' ')}\n`);
    expect(run(['dobble', 'check', deck]).out).toBe('OK: 1 card, 300000 symbols per card, 300000 symbols; every two cards share exactly one\n');
  });
});

describe('a write error mid-stream', { timeout: 120_000 }, () => {
  it('sweep -o /dev/full is one line naming the file, exit 1 (was "internal error: ENOSPC")', () => {
    expectOneLineError(
      run(['sweep', 'genius-square', '--sample', '3', '-o', '/dev/full', '--force']),
      /^puzzlesat: --output \(-o\): cannot write "\/dev\/full": no space left on device \(ENOSPC\)$/m,
    );
  });

  it('encode -o /dev/full names the option and quotes the file, as the other verbs do (was "cannot write /dev/full: ...")', () => {
    expectOneLineError(
      run(['encode', 'polyomino', '--board', '2x2', '--pieces', 'O4', '-o', '/dev/full']),
      /^puzzlesat: --output \(-o\): cannot write "\/dev\/full": no space left on device \(ENOSPC\)$/m,
    );
  });
});

describe('decode: a v line that cannot be read', { timeout: 120_000 }, () => {
  const cnf = file('free.cnf', 'p cnf 3 0\n');
  it('is refused at its line, not skipped (a garbled model of three was read as part of the next: 2 models)', () => {
    const three = file('three.out', 'v 1 2 3 0\nv -1 nul -2 0\nv -1 2 -3 0\ns SOLUTIONS 3\n');
    expectOneLineError(run(['decode', cnf, '--model', three]), /^puzzlesat: --model three\.out:2: cannot read "nul" in a v line/);
    const wide = file('wide.out', 's SATISFIABLE\nv 1 -2 0x10\nv 3 0\n');
    expectOneLineError(run(['decode', cnf, '--model', wide]), /^puzzlesat: --model wide\.out:2: cannot read "0x10" in a v line/);
    const huge = file('huge.out', 's SATISFIABLE\nv 1 9007199254740993 -2\nv 3 0\n');
    expectOneLineError(run(['decode', cnf, '--model', huge]), /^puzzlesat: --model huge\.out:2: cannot read "9007199254740993" in a v line/);
  });

  it('-0 is no end of a model (it cut one model in two)', () => {
    const split = file('minus-zero.out', 's SATISFIABLE\nv 1 -0 2 3 0\n');
    expectOneLineError(run(['decode', cnf, '--model', split]), /^puzzlesat: --model minus-zero\.out:2: cannot read "-0" in a v line/);
  });
});

describe('standard input that cannot be read', { timeout: 120_000 }, () => {
  it('a directory as standard input is one line naming <stdin> (was "internal error: EISDIR")', () => {
    for (const args of [
      ['solve', '-'],
      ['check-proof', 'free.cnf', '-'],
      ['dobble', 'check', '-'],
    ]) {
      const fd = openSync(dir, 'r');
      try {
        const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, stdio: [fd, 'pipe', 'pipe'] });
        expectOneLineError(
          { code: r.status, out: r.stdout, err: r.stderr },
          /^puzzlesat: <stdin>: cannot read: illegal operation on a directory \(EISDIR\)$/m,
        );
      } finally {
        closeSync(fd);
      }
    }
  });
});

describe('DIMACS -0', { timeout: 120_000 }, () => {
  it('is a stray token at its line, not the end of a clause ("-0 1 0" was read as two clauses and blamed on the header)', () => {
    expectOneLineError(run(['solve', file('minus-zero.cnf', 'p cnf 2 1\n-0 1 0\n')]), /^puzzlesat: minus-zero\.cnf:2: stray token "-0"$/m);
    // Where the header agreed, "1 -0 2 0" was two clauses, (1) and (2), and solved as such.
    expectOneLineError(run(['solve', file('minus-zero-2.cnf', 'p cnf 2 2\n1 -0 2 0\n')]), /^puzzlesat: minus-zero-2\.cnf:2: stray token "-0"$/m);
  });
});

describe('text inputs that are not UTF-8', { timeout: 120_000 }, () => {
  it('are refused at the line of the first bad byte, not read as U+FFFD ("café" and "cafè" in Latin-1 were one name, "named twice")', () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    expectOneLineError(
      run(['dobble', '--symbols-per-card', '3', '--symbols', file('symbols-latin1.txt', latin1('apple\ncafé\ncafè\nb\nc\nd\ne\n'))]),
      /^puzzlesat: symbols-latin1\.txt:2: not UTF-8 text \(byte 0xe9 at column 4\); save the file as UTF-8$/m,
    );
    expectOneLineError(
      run(['solve', 'knapsack', '--items', file('items-latin1.txt', latin1('café 3 4\nb 5 6\n'))]),
      /^puzzlesat: items-latin1\.txt:1: not UTF-8 text \(byte 0xe9 at column 4\)/m,
    );
    expectOneLineError(
      run(['dobble', 'check', file('deck-latin1.txt', latin1('a b\na é\n'))]),
      /^puzzlesat: deck-latin1\.txt:2: not UTF-8 text \(byte 0xe9 at column 3\)/m,
    );
  });

  it('count the line of the bad byte by CR, CRLF and LF line ends alike (regression: a CR-only file said line 1)', () => {
    for (const [name, end] of [
      ['cr', '\r'],
      ['crlf', '\r\n'],
      ['lf', '\n'],
    ])
      expectOneLineError(
        run(['dobble', 'check', file(`deck-latin1-${name}.txt`, Buffer.from(['a b', '', 'a é', ''].join(end!), 'latin1'))]),
        new RegExp(`^puzzlesat: deck-latin1-${name}\\.txt:3: not UTF-8 text \\(byte 0xe9 at column 3\\)`, 'm'),
      );
  });
});

describe('names with control characters', { timeout: 120_000 }, () => {
  it('an item or symbol name holding ESC or NUL is refused at its line (it was printed as it was: a terminal escape, a NUL in the output)', () => {
    const items = file('items-escape.txt', 'a\x1b[31mX 3 4\nb 5 6\n');
    expectOneLineError(
      run(['solve', 'knapsack', '--items', items]),
      /^puzzlesat: items-escape\.txt:1: item "a\\x1b\[31mX" holds a control character/m,
    );
    const symbols = file('symbols-nul.txt', 'a\nb\x00c\nd\ne\nf\ng\nh\n');
    expectOneLineError(
      run(['dobble', '--symbols-per-card', '3', '--symbols', symbols]),
      /^puzzlesat: symbols-nul\.txt:2: symbol "b\\x00c" holds a control character/m,
    );
  });

  it("dobble check's verdict on a deck whose symbols hold ESC shows it as \\x1b, as every message does (regression: the escape went to the terminal as it was)", () => {
    const deck = file('deck-escape.txt', 'a\x1b[31m b\nb a\x1b[31m\n');
    expectOneLineError(
      run(['dobble', 'check', deck]),
      /^puzzlesat: deck-escape\.txt:1: cards 1 and 2 share 2 symbols: a\\x1b\[31m, b \(card 2 is on line 2\)$/m,
    );
  });
});

describe('bench --merge of a report cut or edited', { timeout: 120_000 }, () => {
  it('names the first value the report cannot have, by its JSON path (10 of 67 values set to null were internal errors)', () => {
    const report = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'bench', 'results', 'report.json'), 'utf8')) as Record<string, unknown>;
    const edited = (name: string, change: (r: Record<string, unknown>) => void) => {
      const copy = structuredClone(report);
      change(copy);
      return file(name, JSON.stringify(copy));
    };
    for (const [name, change, path] of [
      ['null-cell.json', (r: Record<string, unknown>) => ((r.cells as unknown[])[0] = null), /\$\.cells\[0\]: expected an object/],
      ['no-machine.json', (r: Record<string, unknown>) => (r.machine = null), /\$\.machine: expected an object/],
      [
        'no-search.json',
        (r: Record<string, unknown>) => ((r.settings as Record<string, unknown>).search = null),
        /\$\.settings\.search: expected an object/,
      ],
    ] as const) {
      const r = run(['bench', '--merge', edited(name, change), '-o', `out-${name}`]);
      expectOneLineError(r, new RegExp(`--merge: "${name.replace('.', '\\.')}" is not a bench report\\.json \\(${path.source}\\)`));
    }
  });

  it('names a measure of the wrong type by its JSON path (a text or object where the tables print seconds was "internal error: ….toFixed")', () => {
    const report = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'bench', 'results', 'report.json'), 'utf8')) as {
      cells: Record<string, Record<string, unknown>>[];
    };
    const cell = report.cells.findIndex((c) => c.first && c.firstN && c.all && c.search);
    for (const [name, key, field, value, path] of [
      ['first-text.json', 'first', undefined, 'x', `$.cells[${cell}].first: expected an object`],
      ['first-n-empty.json', 'firstN', undefined, {}, `$.cells[${cell}].firstN.seconds: expected a number or null`],
      ['all-seconds-text.json', 'all', 'seconds', '1.5', `$.cells[${cell}].all.seconds: expected a number or null`],
      ['search-all-cpu.json', 'search', 'allCpu', {}, `$.cells[${cell}].search.allCpu: expected a number or null`],
    ] as const) {
      const copy = structuredClone(report);
      if (field === undefined) copy.cells[cell]![key] = value as unknown as Record<string, unknown>;
      else copy.cells[cell]![key]![field] = value;
      const r = run(['bench', '--merge', file(name, JSON.stringify(copy)), '-o', `out-${name}`]);
      const quoted = (text: string) => text.replace(/[.$[\]()]/g, '\\$&');
      expectOneLineError(r, new RegExp(`--merge: "${quoted(name)}" is not a bench report\\.json \\(${quoted(path)}\\)$`, 'm'));
    }
  });

  it('names a number too large for a double as written, by its JSON path (regression: JSON.parse made it Infinity, shown as null)', () => {
    const text = readFileSync(join(import.meta.dirname, '..', 'bench', 'results', 'report.json'), 'utf8').replace(
      '"machine":',
      '"machine": 1e309, "x":',
    );
    const r = run(['bench', '--merge', file('huge.json', text), '-o', 'out-huge']);
    expectOneLineError(r, /--merge: "huge\.json" is not a bench report\.json \(huge\.json:\d+: \$\.machine: 1e309 is too large a number/);
  });

  it('a disagreement of a merged report naming a solver that holds ESC shows it as \\x1b (regression: the escape went to the terminal as it was)', () => {
    const report = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'bench', 'results', 'report.json'), 'utf8')) as {
      cells: { solver: string; count?: number; all?: { seconds: number | null } }[];
    };
    const cell = report.cells.find((c) => c.count !== undefined && c.all?.seconds != null)!;
    cell.solver = 'x\x1b[31mred';
    cell.count! += 1;
    const r = run(['bench', '--merge', file('escape.json', JSON.stringify(report)), '-o', 'out-escape']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^puzzlesat: counts disagree: .* x\\x1b\[31mred: \d+ classes/m);
    expect(r.err).not.toMatch(/\x1b/);
  });
});

describe('"-" as the value of a file option', { timeout: 120_000 }, () => {
  it('an output refuses it, and a file named "-" is left as it was (regression: -o -, --proof=-, --svg=- and --png=- replaced it without --force)', () => {
    const kept = file('-', 'precious\n');
    const cnf = file('unsat-1.cnf', 'p cnf 1 2\n1 0\n-1 0\n');
    const board = ['polyomino', '--board', '2x2', '--pieces', 'O4'];
    for (const [args, option] of [
      [['encode', ...board, '-o', '-'], '--output \\(-o\\)'],
      [['encode', ...board, '--output=-'], '--output \\(-o\\)'],
      [['solve', cnf, '--proof=-'], '--proof'],
      [['solve', ...board, '--svg=-'], '--svg'],
      [['solve', ...board, '--png', '-', '--force'], '--png'],
      [['sweep', 'genius-square', '--sample', '1', '--count', '--histogram', '-'], '--histogram'],
    ] as const) {
      expectOneLineError(run([...args]), new RegExp(`^puzzlesat: ${option}: "-" is not standard output here; give a file name`, 'm'), 2);
      expect(readFileSync(join(dir, kept), 'utf8')).toBe('precious\n');
    }
  });

  it('an input that cannot read standard input says so, naming the option (regression: "Unknown argument: -", or a file named "-" read)', () => {
    file('-', 'precious\n');
    for (const [args, option] of [
      [['solve', 'polyomino', '--board', '-', '--pieces', 'O4'], '--board'],
      [['solve', 'knapsack', '--items', '-'], '--items'],
      [['solve', 'polyform', '--board', '2x2', '--pieces-file', '-'], '--pieces-file'],
      [['dobble', '--symbols-per-card', '3', '--symbols=-'], '--symbols'],
    ] as const)
      expectOneLineError(run([...args]), new RegExp(`^puzzlesat: ${option}: "-" \\(standard input\\) is not read here`, 'm'), 2);
    // --model and the puzzle read it as before.
    expectOneLineError(run(['decode', file('free-2.cnf', 'p cnf 1 0\n'), '--model', '-']), /^puzzlesat: --model -: no solver answer found$/m);
    expectOneLineError(run(['solve', '-']), /^puzzlesat: <stdin>:1: no "p cnf" header$/m);
  });
});

describe('--png sizes resvg cannot draw', { timeout: 120_000 }, () => {
  it('a picture under a pixel is a usage error naming --scale (was "internal error: Target size is zero")', () => {
    expectOneLineError(
      run(['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--png', 'tiny.png', '--scale', '0.001']),
      /^puzzlesat: --png: the picture would be less than a pixel wide \(92 by 92 pixels at 1x, zoomed 0\.001 times\); a higher --scale draws it$/m,
      2,
    );
    expectOneLineError(
      run(['dobble', '--symbols-per-card', '3', '--png', 'tiny-deck.png', '--scale', '0.0001']),
      /^puzzlesat: --png: the picture would be less than a pixel wide \(794 by 1123 pixels at 1x/m,
      2,
    );
  });

  it('a Dobble page\'s size in millimetres is measured against the pixel limit too (its "210mm" was no number, and went unchecked)', () => {
    expectOneLineError(
      run(['dobble', '--symbols-per-card', '3', '--png', 'huge-deck.png', '--scale', '16']),
      /^puzzlesat: --png: the picture would be 12700 by 17961 pixels, more than 100000000 \(a lower --scale, or --svg, draws it\)$/m,
      2,
    );
  });
});

describe('a value given to a boolean option', { timeout: 120_000 }, () => {
  it('--NAME=VALUE other than true or false is refused (regression: --flip=yes turned flipping off, --json=1 printed no JSON)', () => {
    const board = ['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4'];
    expectOneLineError(
      run([...board, '--flip=yes']),
      /^puzzlesat: --flip: expected true or false after "=", got "yes" \(--no-flip turns it off\)$/m,
      2,
    );
    expectOneLineError(run([...board, '--json=1']), /^puzzlesat: --json: expected true or false after "=", got "1"/m, 2);
    expect(JSON.parse(run([...board, '--json=true']).out)).toMatchObject({ status: 'SAT' });
  });

  it('a short form is read as its long one (regression: -q=x was quiet off, exit 0; -q= "Unknown argument: ="; -q --no-quiet accepted)', () => {
    const board = ['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4'];
    expectOneLineError(run([...board, '-q=x']), /^puzzlesat: -q: expected true or false after "=", got "x" \(--no-quiet turns it off\)$/m, 2);
    expectOneLineError(run([...board, '-q=']), /^puzzlesat: -q: expected true or false after "=", got ""/m, 2);
    expectOneLineError(run([...board, '-q', '--no-quiet']), /^puzzlesat: --quiet and --no-quiet contradict each other: give one$/m, 2);
    expectOneLineError(run([...board, '--quiet=false', '-q']), /^puzzlesat: --quiet and --no-quiet contradict each other: give one$/m, 2);
    expect(run([...board, '-q=false']).code).toBe(0);
  });

  it('--no-NAME=VALUE is refused as taking no value, for every boolean option (regression: "Unknown argument: --no-quiet")', () => {
    const board = ['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4'];
    for (const [args, typed, given] of [
      [[...board, '--no-quiet=yes'], 'quiet', 'yes'],
      [[...board, '--no-flip=false'], 'flip', 'false'],
      [[...board, '--no-json=true'], 'json', 'true'],
      [[...board, '--no-force='], 'force', ''],
      [['count', 'soma', '--no-unique=no'], 'unique', 'no'],
      [['list', '--no-quiet=1'], 'quiet', '1'],
    ] as const) {
      expectOneLineError(
        run([...args]),
        new RegExp(`^puzzlesat: --no-${typed}: takes no value, got "${given}" \\(--no-${typed} or --${typed}=false turns --${typed} off\\)$`, 'm'),
        2,
      );
    }
    // The short form as a long one (yargs reads --q and --no-q), named by its long name (regression: "--q --no-quiet" accepted).
    expectOneLineError(
      run([...board, '--no-q=yes']),
      /^puzzlesat: --no-q: takes no value, got "yes" \(--no-quiet or --quiet=false turns --quiet off\)$/m,
      2,
    );
    expectOneLineError(run([...board, '--q', '--no-quiet']), /^puzzlesat: --quiet and --no-quiet contradict each other: give one$/m, 2);
  });

  it('--NAME VALUE names the option the value was meant for (regression: "Unknown argument: maybe" alone)', () => {
    expectOneLineError(
      run(['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--flip', 'maybe']),
      /^puzzlesat: Unknown argument: maybe \(--flip takes no value: --no-flip or --flip=false turns it off\)$/m,
      2,
    );
  });
});

describe('a named board with a size that is no whole number', { timeout: 120_000 }, () => {
  it('is a usage error, exit 2, as "trapezoid:3" is (regression: "triangle:-2" and "hexagon:1.5" were looked for as files, exit 1)', () => {
    for (const board of ['triangle:-2', 'hexagon:1.5', 'triangle:'])
      expectOneLineError(
        run(['solve', 'polyform', '--grid', 'triangle', '--board', board, '--pieces', 'A=^']),
        new RegExp(
          `^puzzlesat: --board: "${board.replace('.', '\\.')}" is not a board size \\(WxH, hexagon:N, triangle:N, trapezoid:WxH, or WxHxD on the cube grid\\)$`,
          'm',
        ),
        2,
      );
  });
});

describe('DIMACS messages quote UTF-8 as written', { timeout: 120_000 }, () => {
  it('a token, a header or a line is quoted as its UTF-8 text, a second byte-order mark as \\ufeff (regression: "é" was quoted "Ã©", and "ï»¿p cnf 1 1")', () => {
    expectOneLineError(run(['solve', file('utf-token.cnf', 'p cnf 2 1\n1 é 0\n')]), /^puzzlesat: utf-token\.cnf:2: stray token "é"$/m);
    expectOneLineError(
      run(['solve', file('utf-header.cnf', 'p cnf 2 1 ü\n1 0\n')]),
      /^puzzlesat: utf-header\.cnf:1: bad header "p cnf 2 1 ü", expected "p cnf <vars> <clauses>"$/m,
    );
    expectOneLineError(
      run(['solve', file('two-marks.cnf', '\ufeff\ufeffp cnf 1 1\n1 0\n')]),
      /^puzzlesat: two-marks\.cnf:1: expected the "p cnf <vars> <clauses>" header or a comment, found "\\ufeffp cnf 1 1"$/m,
    );
  });
});

describe('--output to a device', { timeout: 120_000 }, () => {
  it('-o /dev/null needs no --force and takes no lock in /dev (regression: "/dev/null exists; add --force", then /dev/null.lock made)', () => {
    const enumerated = run(['enumerate', 'polyomino', '--board', '2x2', '--pieces', 'O4', '-o', '/dev/null']);
    expect(enumerated.code, enumerated.err).toBe(0);
    expect(enumerated.out).toMatch(/^1 solution in /m);
    const swept = run(['sweep', 'genius-square', '--sample', '2', '-o', '/dev/null']);
    expect(swept.code, swept.err).toBe(0);
  });

  it('-o /dev/stdout on a pipe or a socket is standard output in every verb (regression: on a pipe encode, solve and dobble failed "cannot write /dev/stdout: ENOENT", exit 1, after the work)', () => {
    for (const [args, printed] of [
      [['encode', 'polyomino', '--board', '2x2', '--pieces', 'O4'], /^p cnf /m],
      [['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4'], /^SAT /m],
      [['dobble', '--symbols-per-card', '2'], /^# 3 cards/m],
      [['enumerate', 'polyomino', '--board', '2x2', '--pieces', 'O4'], /^\{"puzzlesat":"enumerate"/m],
      [['count', 'polyomino', '--board', '2x2', '--pieces', 'O4'], /^\{"puzzlesat":"count"/m],
      [['sweep', 'genius-square', '--sample', '2'], /^# puzzlesat sweep /m],
    ] as const) {
      // Through a pipe, as a shell's `|` makes one.
      const piped = spawnSync('sh', ['-c', '{ "$@"; echo "exit $?" >&2; } | cat', 'sh', process.execPath, cli, ...args, '-o', '/dev/stdout'], {
        encoding: 'utf8',
        cwd: dir,
        timeout: 120_000,
      });
      expect(piped.stderr, args.join(' ')).not.toMatch(/cannot write/);
      expect(piped.stderr, args.join(' ')).toMatch(/^exit 0$/m);
      expect(piped.stdout, args.join(' ')).toMatch(printed);
      // On a socket, as Node's child_process makes one (spawnSync's stdout): no process can open it by /dev/stdout (ENXIO), so the
      // descriptor itself is written (regression: every verb failed "cannot write /dev/stdout: no such device or address", exit 1, after the work).
      const r = spawnSync(process.execPath, [cli, ...args, '-o', '/dev/stdout'], { encoding: 'utf8', cwd: dir, timeout: 120_000 });
      expect([r.status, r.stderr], args.join(' ')).toEqual([0, expect.not.stringMatching(/cannot write/)]);
      expect(r.stdout, args.join(' ')).toMatch(printed);
    }
  });

  it('-o /dev/stdout on a socket whose reader lags is written whole (regression: "cannot write /dev/stdout: resource temporarily unavailable (EAGAIN)", exit 1)', async () => {
    // Node's end of the pair leaves the child's socket non-blocking: a write past what the socket holds failed at once while
    // nothing read. Here nothing reads until the run has ended (as it did, failing) or for 3 s (as a blocking write waits).
    for (const args of [
      ['encode', 'pentomino', '--preset', '6x10'],
      ['enumerate', 'pentomino', '--preset', '6x10', '--unique', '--limit', '1500'],
    ]) {
      const child = spawn(process.execPath, [cli, ...args, '-o', '/dev/stdout'], { cwd: dir });
      child.stdout.pause();
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const ended = new Promise<number | null>((done) => child.on('exit', done));
      const closed = new Promise((done) => child.stdout.on('close', done));
      await Promise.race([ended, new Promise((wait) => setTimeout(wait, 3000))]);
      let bytes = 0;
      child.stdout.on('data', (d: Buffer) => (bytes += d.length));
      child.stdout.resume();
      const code = await ended;
      await closed;
      expect([code, err], args.join(' ')).toEqual([0, expect.not.stringMatching(/cannot write/)]);
      // More than a socket holds unread (about 200 KiB here): the 6x10 formula is 1.3 MB, 1500 classes 1 MB.
      expect(bytes, args.join(' ')).toBeGreaterThan(1_000_000);
    }
  });

  it.skipIf(missing('non-root'))(
    '-o /dev/null is written by a user who cannot write /dev (regression: "--output (-o): cannot write "/dev/null": permission denied", exit 2)',
    () => {
      for (const args of [
        ['encode', 'polyomino', '--board', '2x2', '--pieces', 'O4'],
        ['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4'],
        ['enumerate', 'polyomino', '--board', '2x2', '--pieces', 'O4'],
      ]) {
        const r = run([...args, '-o', '/dev/null']);
        expect([r.code, r.err], args.join(' ')).toEqual([0, expect.not.stringMatching(/cannot write/)]);
      }
    },
  );
});

describe('--histogram by its file name', { timeout: 120_000 }, () => {
  it('writes PNG to a .png file and refuses a name that is neither .svg nor .png (regression: SVG text was written into h.png)', () => {
    const sweep = (name: string) => run(['sweep', 'genius-square', '--count', '--sample', '2', '--seed', '1', '--histogram', name, '--json']);
    const png = sweep('h.png');
    expect(png.code, png.err).toBe(0);
    expect([...readFileSync(join(dir, 'h.png')).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = sweep('h.svg');
    expect(svg.code, svg.err).toBe(0);
    expect(readFileSync(join(dir, 'h.svg'), 'utf8')).toMatch(/^<svg /);
    expectOneLineError(sweep('h.jpg'), /^puzzlesat: --histogram: "h\.jpg" names neither an \.svg nor a \.png file$/m, 2);
  });
});

describe('an output file named for a format it does not hold', { timeout: 120_000 }, () => {
  it('--svg and --png refuse the name of another format, before any work (regression: solve --svg x.png wrote SVG text into x.png, --png x.svg a PNG into x.svg)', () => {
    for (const [option, name, format] of [
      ['--svg', 'x.png', 'SVG'],
      ['--png', 'x.svg', 'PNG'],
      ['--png', 'x.jpg', 'PNG'],
    ] as const) {
      for (const args of [
        ['solve', 'pentomino', '--preset', '3x20'],
        ['dobble', '--symbols-per-card', '3'],
        // decode draws SVG only.
        ...(option === '--svg' ? [['decode', 'unused.cnf', '--model', 'unused.txt']] : []),
      ]) {
        const r = run([...args, option, name]);
        const ending = name.slice(name.lastIndexOf('.'));
        expectOneLineError(
          r,
          new RegExp(`^puzzlesat: ${option}: "${name.replace(/\./g, '\\.')}" ends in \\${ending}, but ${option} writes ${format}`),
          2,
        );
        expect(r.out).toBe('');
        expect(existsSync(join(dir, name))).toBe(false);
      }
    }
  });

  it('refuses a compressed ending its writer does not compress to, in every verb that writes a file (regression: encode -o f.xz wrote plain DIMACS, and every other -o, and --proof, wrote plain text under .gz, .xz, .zst names)', () => {
    for (const [args, name, fix] of [
      [['encode', 'pentomino', '--preset', '3x20', '-o'], 'f.xz', 'compresses only to gzip'],
      [['encode', 'pentomino', '--preset', '3x20', '-o'], 'f.bz2', 'compresses only to gzip'],
      [['encode', 'pentomino', '--preset', '3x20', '--output'], 'f.zst', 'compresses only to gzip'],
      [['enumerate', 'pentomino', '--preset', '3x20', '-o'], 'e.jsonl.gz', 'writes it uncompressed'],
      [['count', 'pentomino', '--preset', '3x20', '-o'], 'c.jsonl.xz', 'writes it uncompressed'],
      [['sweep', 'genius-square', '--sample', '2', '-o'], 'r.tsv.gz', 'writes it uncompressed'],
      [['solve', 'pentomino', '--preset', '3x20', '-o'], 's.txt.zst', 'writes it uncompressed'],
      [['dobble', '--symbols-per-card', '3', '-o'], 'd.txt.xz', 'writes it uncompressed'],
      [['decode', 'unused.cnf', '--model', 'unused.txt', '-o'], 'm.txt.gz', 'writes it uncompressed'],
      [['solve', 'pentomino', '--preset', '3x20', '--svg'], 'x.svg.gz', 'writes it uncompressed'],
      [['dobble', '--symbols-per-card', '3', '--png'], 'x.png.xz', 'writes it uncompressed'],
    ] as const) {
      const option = ['--svg', '--png'].includes(args.at(-1)!) ? args.at(-1)! : '--output \\(-o\\)';
      const ending = name.slice(name.lastIndexOf('.'));
      const r = run([...args, name]);
      expectOneLineError(r, new RegExp(`^puzzlesat: ${option}: "${name.replace(/\./g, '\\.')}" ends in \\${ending}, but ${args[0]} ${fix}`), 2);
      expect(r.out).toBe('');
      expect(existsSync(join(dir, name))).toBe(false);
    }
    const proof = run(['solve', 'pentomino', '--preset', '3x20', '--proof', 'p.drat.gz']);
    expectOneLineError(proof, /^puzzlesat: --proof: "p\.drat\.gz" ends in \.gz, but solve writes it uncompressed/, 2);
    expect(existsSync(join(dir, 'p.drat.gz'))).toBe(false);
  });
});

describe('JSON where text art is read', { timeout: 120_000 }, () => {
  it('says that art is read there and where JSON boards go (regression: only "unexpected character "{"")', () => {
    const figure = file('figure.json', '{"grid":"cube","cells":[[0,0,0]]}\n');
    const board = file('board-array.json', '[[0,0],[1,0]]\n');
    for (const args of [
      ['solve', 'soma', '--figure', figure],
      ['solve', 'polyomino', '--board', board, '--pieces', 'D2'],
      ['solve', 'polyform', '--board', board, '--pieces', 'D2=##'],
    ]) {
      expectOneLineError(
        run(args),
        /:1: unexpected character "[{[]" at column 1: this is read as text art \(.*\); JSON boards, objects \{"grid": …, "cells": \[…\]\}, are read by the polyform puzzle$/m,
      );
    }
  });
});

/** The file's lines with `edit` made to its records, each checksum chained again as a run would have written it. */
const rechained = (lines: readonly string[], edit: (records: Record<string, unknown>[]) => Record<string, unknown>[]): string => {
  let sum = chained('', lines[0]!);
  const records = edit(lines.slice(1).map((line) => ({ ...(JSON.parse(line) as Record<string, unknown>), sum: undefined })));
  const written = records.map((record) => {
    const body = JSON.stringify({ ...record, sum: undefined }).slice(0, -1);
    sum = chained(sum, body);
    return `${body},"sum":"${sum}"}`;
  });
  return `${[lines[0]!, ...written].join('\n')}\n`;
};

describe('enumerate --resume: a record of valid JSON and a good checksum, of the wrong type', { timeout: 120_000 }, () => {
  it('is refused as neither a solution nor a cube (was "solution undefined where solution 1 should be")', () => {
    const enumerate = ['enumerate', 'polyomino', '--board', '3x2', '--pieces', 'L3,D2,M1', '--show', '0'];
    expect(run([...enumerate, '-o', 'typed.jsonl']).code).toBe(0);
    const lines = readFileSync(join(dir, 'typed.jsonl'), 'utf8').trim().split('\n');
    const cases: [string, (records: Record<string, unknown>[]) => Record<string, unknown>[], RegExp][] = [
      [
        'cube-number.jsonl',
        (r) => [{ cube: 5 }, ...r],
        /^puzzlesat: --resume: cube-number\.jsonl:2: neither a solution .* nor a finished cube .*; cannot resume$/m,
      ],
      ['index-text.jsonl', (r) => r.map((x) => (x.index === 1 ? { ...x, index: '1' } : x)), /index-text\.jsonl:2: neither a solution/m],
      ['other-record.jsonl', (r) => [...r.slice(0, 3), { note: 'by hand' }], /other-record\.jsonl:5: neither a solution/m],
    ];
    for (const [name, edit, message] of cases) {
      const text = rechained(lines, edit);
      file(name, text);
      expectOneLineError(run([...enumerate, '-o', name, '--resume']), message);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
    }
  });
});

describe('check-proof of a compressed proof', { timeout: 120_000 }, () => {
  it('says the proof is gzip or xz and to unpack it (was "u.drat.gz:1: unexpected byte 0x1f", as if a garbled text proof)', () => {
    const cnf = file('one-var-unsat.cnf', 'p cnf 1 2\n1 0\n-1 0\n');
    expect(run(['check-proof', cnf, file('plain.drat', '0\n')]).code).toBe(0);
    const gzip = file('packed.drat.gz', gzipSync('0\n'));
    expectOneLineError(
      run(['check-proof', cnf, gzip]),
      /^puzzlesat: packed\.drat\.gz: a gzip-compressed proof; proofs are read unpacked \(unpack it first\)$/m,
    );
    // xz's magic bytes alone: no xz program is needed to tell them.
    const xz = file('packed.drat.xz', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04]));
    expectOneLineError(run(['check-proof', cnf, xz]), /^puzzlesat: packed\.drat\.xz: an xz-compressed proof; proofs are read unpacked/m);
  });
});

describe('a file that holds no item', { timeout: 120_000 }, () => {
  it('is named in the refusal (was "--items: no items", which file unsaid)', () => {
    for (const [name, text] of [
      ['no-items.txt', ''],
      ['only-comments.txt', '# name weight value\n\n   # none yet\n'],
    ] as const) {
      expectOneLineError(
        run(['solve', 'knapsack', '--items', file(name, text)]),
        new RegExp(`^puzzlesat: ${name.replace('.', '\\.')}: no items`, 'm'),
      );
    }
  });
});

describe('JSON where a pieces file of art is read', { timeout: 120_000 }, () => {
  it('says that NAME: headers and art are read there, and where JSON piece sets go (was "expected a piece header such as "Q:" before the art")', () => {
    const pieces = file('pieces.json', '{"grid": "square", "pieces": [{"name": "A", "cells": [[0,0]]}]}\n');
    const list = file('pieces-array.json', '[{"name": "A", "cells": [[0,0]]}]\n');
    for (const args of [
      ['solve', 'polyomino', '--board', '2x1', '--pieces-file', pieces],
      ['solve', 'polycube', '--figure', '2x1x1', '--pieces-file', list],
    ]) {
      expectOneLineError(
        run(args),
        /:1: expected a piece header such as "Q:" before the art; JSON piece sets, objects \{"grid": …, "pieces": \[…\]\}, are read by the polyform puzzle$/m,
      );
    }
  });
});

describe('count --resume: a unit of more solutions than a double holds exactly', { timeout: 120_000 }, () => {
  it('is added exactly, as the units of 14x14 by dominoes are (400 digits were "internal error: burnside: … sum to Infinity"; 2^53 + 1 was added as 2^53 + 4; then both were refused)', () => {
    const count = ['count', 'pentomino', '--preset', '3x20'];
    expect(run([...count, '-o', 'units.jsonl']).code).toBe(0);
    const lines = readFileSync(join(dir, 'units.jsonl'), 'utf8').trim().split('\n');
    // The costliest unit: a resume recounts only the cheapest few.
    const units = lines.slice(1, -1).map((line) => JSON.parse(line) as { unit: string; nodes: number; count: string });
    const costliest = units.find((u) => u.nodes === Math.max(...units.map((v) => v.nodes)))!;
    for (const [name, claimed] of [
      ['huge-unit.jsonl', `1${'0'.repeat(400)}`],
      ['inexact-unit.jsonl', '9007199254740993'],
    ] as const) {
      // The file as a stopped run leaves it (no closing line), one unit's count edited and the checksums chained again.
      const text = rechained(lines, (records) => records.slice(0, -1).map((r) => (r.unit === costliest.unit ? { ...r, count: claimed } : r)));
      file(name, text);
      const resumed = run([...count, '-o', name, '--resume', '--json']);
      expect(resumed.code, resumed.err).toBe(0);
      // 8 solutions in all (Wikipedia, Pentomino): the edited unit's count in place of its own, to the last digit.
      expect(resumed.out).toMatch(new RegExp(`^\\{"count":${BigInt(claimed) + 8n - BigInt(costliest.count)},`));
    }
  });
});

describe('count --resume: a file of units past 2^53, as a count in lanes writes them', { timeout: 120_000 }, () => {
  it('resumes to the exact count (regression: refused, "more than the exact-cover counter holds exactly")', () => {
    // 4 x 80 by dominoes: 986,796,323,042,850,159,960,076,741,139,149,345 tilings (Kasteleyn's product formula), about 2^111 a unit.
    const count = ['count', 'polyomino', '--board', '80x4', '--pieces', 'D2*160'];
    expect(run([...count, '-o', 'wide.jsonl']).code).toBe(0);
    const lines = readFileSync(join(dir, 'wide.jsonl'), 'utf8').trim().split('\n');
    expect(lines.slice(1, -1).some((line) => BigInt((JSON.parse(line) as { count: string }).count) > 2n ** 53n)).toBe(true);
    // As a stopped run leaves it: half of the units, no closing line.
    file(
      'half.jsonl',
      rechained(lines, (records) => records.slice(0, Math.floor((records.length - 1) / 2))),
    );
    const resumed = run([...count, '-o', 'half.jsonl', '--resume', '--json']);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toMatch(/^\{"count":986796323042850159960076741139149345,"status":"SAT",/);
  });
});

describe('sweep --resume: a row of more solutions than a count holds exactly', { timeout: 120_000 }, () => {
  it('is refused at its line (400 digits were read as Infinity and listed as the roll of the most solutions)', () => {
    const sweep = ['sweep', 'genius-square', '--count', '--sample', '2', '--workers', '1'];
    expect(run([...sweep, '-o', 'counted.tsv']).code).toBe(0);
    const [params, header, ...rows] = readFileSync(join(dir, 'counted.tsv'), 'utf8').trim().split('\n');
    for (const [name, claimed] of [
      ['huge-row.tsv', `1${'0'.repeat(400)}`],
      ['inexact-row.tsv', '9007199254740993'],
    ] as const) {
      // The first row's solutions edited, and the checksums chained again as a run would have written them.
      let sum = chained('', params!);
      const edited = rows.map((row, i) => {
        const body = row.slice(0, row.lastIndexOf('\t'));
        const text = i === 0 ? body.replace(/\t\d+$/, `\t${claimed}`) : body;
        sum = chained(sum, text);
        return `${text}\t${sum}`;
      });
      const text = `${[params, header, ...edited].join('\n')}\n`;
      file(name, text);
      expectOneLineError(
        run([...sweep, '-o', name, '--resume']),
        new RegExp(
          `^puzzlesat: --resume: ${name.replace('.', '\\.')}:3: solutions must be empty or a whole number of at most 9007199254740991, got "`,
          'm',
        ),
      );
      expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
    }
  });
});

describe('"#" in the art of a grid whose cells are drawn otherwise', { timeout: 120_000 }, () => {
  it('says how that grid draws a cell (a triangle piece drawn "#", as on squares, was "piece A has no cells")', () => {
    for (const [args, message, code] of [
      [
        ['--grid', 'triangle', '--board', '2x2', '--pieces', 'A=#'],
        /^puzzlesat: --pieces piece A: nothing drawn: "#" and space are empty in triangle art \(use \^ for an upward and v for a downward triangle\)$/m,
        2,
      ],
      [
        ['--grid', 'square-edges', '--board', '2x2', '--pieces-file', file('stick-pieces.txt', 'A:\n##\n')],
        /^puzzlesat: stick-pieces\.txt: nothing drawn: "#" and space are empty in square-edges art \(use - for a horizontal and \| for a vertical stick, \+ for the points between\)$/m,
        1,
      ],
      [
        ['--grid', 'triangle', '--board', file('hash-board.txt', '##\n##\n'), '--pieces', 'A=^'],
        /^puzzlesat: hash-board\.txt: nothing drawn: "#" and space are empty in triangle art/m,
        1,
      ],
    ] as const) {
      expectOneLineError(run(['solve', 'polyform', ...args]), message, code);
    }
  });
});

describe('damaged compressed input', { timeout: 120_000 }, () => {
  // Clauses of varied numbers, which pack to some hundreds of bytes: cut at half, the data ends mid-stream.
  const text = `p cnf 200 100\n${Array.from({ length: 100 }, (_, i) => `${(i * 37) % 200 || 1} -${(i * 91) % 199 || 2} ${(i * 53) % 197 || 3} 0`).join('\n')}\n`;
  const flipped = (bytes: Buffer, at: number): Buffer => {
    const copy = Buffer.from(bytes);
    copy[at]! ^= 0xff;
    return copy;
  };
  /** Each file in both verbs that read a formula: one line saying what is wrong in words, no zlib or xz code, exit 1. */
  const expectSaid = (name: string, bytes: Buffer, message: RegExp) => {
    file(name, bytes);
    for (const verb of ['count', 'solve']) {
      const r = run([verb, name]);
      expectOneLineError(r, message);
      expect(r.err).not.toMatch(/Z_[A-Z]|\(stdin\)/);
    }
  };

  it('a truncated gzip file says it is truncated, a corrupt one that it is corrupt (regression: "damaged gzip data (Z_BUF_ERROR)", "(Z_DATA_ERROR)")', () => {
    const packed = gzipSync(text);
    expect(packed.length).toBeGreaterThan(300);
    const truncated = /^puzzlesat: cut\.cnf\.gz: the compressed data ends early: the file is truncated/m;
    expectSaid('cut.cnf.gz', packed.subarray(0, 150), truncated);
    // The CRC-32 of the unpacked text, 8 bytes from the end.
    expectSaid(
      'crc.cnf.gz',
      flipped(packed, packed.length - 6),
      /^puzzlesat: crc\.cnf\.gz: damaged gzip data: its checksum does not match the data/m,
    );
    expectSaid(
      'garbled.cnf.gz',
      Buffer.concat([packed.subarray(0, 10), Buffer.alloc(40, 0xff)]),
      /^puzzlesat: garbled\.cnf\.gz: damaged gzip data: /m,
    );
  });

  it.skipIf(missing('xz'))('a truncated or corrupt xz file likewise (regression: "damaged xz data (xz: (stdin): Unexpected end of input)")', () => {
    const packed = spawnSync('xz', ['-c'], { input: text }).stdout;
    expectSaid('cut.cnf.xz', packed.subarray(0, 150), /^puzzlesat: cut\.cnf\.xz: the compressed data ends early: the file is truncated/m);
    expectSaid('corrupt.cnf.xz', flipped(packed, 100), /^puzzlesat: corrupt\.cnf\.xz: damaged xz data: /m);
  });
});

describe('encode -o FILE.gz', { timeout: 120_000 }, () => {
  it('writes gzip, which zcat and every reader of FILE.gz unpack (plain DIMACS was written under the .gz name)', () => {
    // 6x10: 1.4 MB of DIMACS, two gzip members.
    const encode = ['encode', 'pentomino', '--preset', '6x10'];
    const plain = run(encode);
    expect(plain.code, plain.err).toBe(0);
    const written = run([...encode, '-o', 'packed.cnf.gz']);
    expect(written.code, written.err).toBe(0);
    const bytes = readFileSync(join(dir, 'packed.cnf.gz'));
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(bytes).toString('utf8')).toBe(plain.out);
    const solved = run(['solve', 'packed.cnf.gz']);
    expect([solved.code, solved.out.split('\n')[0]]).toEqual([0, 's SATISFIABLE']);
  });

  it("the library's writeDimacsFile refuses a compression it cannot write, writing nothing (regression: plain DIMACS under FILE.xz)", () => {
    const { cnf, puzzle, params } = buildInstance('polyomino', { board: '2x2', pieces: 'O4' });
    expect(userErrorOf(() => writeDimacsFile(join(dir, 'lib.cnf.xz'), cnf, { puzzle, params }))).toBe(
      `"${join(dir, 'lib.cnf.xz')}" names xz data, which is not written (only gzip)`,
    );
    expect(existsSync(join(dir, 'lib.cnf.xz'))).toBe(false);
  });
});

describe('Ctrl-C while an input is awaited', { timeout: 300_000 }, () => {
  it('ends the run as any Ctrl-C before the search does: 130 and UNKNOWN (regression: often "cannot read: interrupted system call (EINTR)", or for --board "neither WxH, inline art, nor a readable board file", exit 1)', () => {
    file('wait.cnf', 'p cnf 1 1\n1 0\n');
    file('wait.txt', '..\n..\n');
    const cases: [string, string[]][] = [
      ['-', ['solve', '-']],
      ['wait.cnf', ['count', 'wait.cnf']],
      ['wait.txt', ['solve', 'polyomino', '--board', 'wait.txt', '--pieces', 'O']],
    ];
    // The read and the signal race (interruptedInRead): a few runs each meet both orders.
    for (const [input, args] of cases)
      for (let run = 0; run < 4; run++) {
        const r = interruptedInRead(cli, dir, input, args, 'p cnf 1 1\n1 0\n');
        expect({ args, code: r.code, err: r.err, out: r.out }).toEqual({
          args,
          code: 130,
          err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n',
          out: 'UNKNOWN: Ctrl-C while building the formula, before any solving\n',
        });
      }
  });
});

describe('inline art at fault in its second row or later', { timeout: 120_000 }, () => {
  it('is named by that row, as a file is by its line (regression: every row of inline art was line 1: "A=##/#?" said "piece A:1")', () => {
    const cases: [string[], RegExp][] = [
      [['solve', 'polyomino', '--board', '2x2', '--pieces', 'A=##/#?'], /^puzzlesat: --pieces piece A:2: unexpected character "\?" at column 2 /m],
      [
        ['solve', 'polycube', '--figure', '2x2x1', '--pieces', 'A=##/#.|#?'],
        /^puzzlesat: --pieces piece A:3: unexpected character "\?" at column 2 /m,
      ],
      [
        ['solve', 'polyform', '--grid', 'triangle', '--board', 'hexagon:1', '--pieces', 'A=^/^'],
        /^puzzlesat: --pieces piece A:2: "\^" at column 1 points the wrong way/m,
      ],
      [
        ['solve', 'polyform', '--grid', 'square-edges', '--board', '1x1', '--pieces', 'A=|/-'],
        /^puzzlesat: --pieces piece A:2: "-" at column 1 is not where/m,
      ],
      [
        ['solve', 'polyform', '--grid', 'triangle', '--board', '^v/^^', '--pieces', 'A=^'],
        /^puzzlesat: --board:2: "\^" at column \d points the wrong way/m,
      ],
    ];
    for (const [args, message] of cases) expectOneLineError(run(args), message, 2);
  });
});

describe('an output path no file can have', { timeout: 120_000 }, () => {
  it('is a usage error before any work, as a missing directory is (regression: a name too long, or one ending in "/", failed at the write, exit 1, the answer lost)', () => {
    const long = 'x'.repeat(300);
    file('sat.cnf', 'p cnf 1 1\n1 0\n');
    file('unsat.cnf', 'p cnf 1 2\n1 0\n-1 0\n');
    const cases: [string[], RegExp][] = [
      [['solve', 'unsat.cnf', '--proof', long], /^puzzlesat: --proof: cannot write "x+…\(\d+ chars\)…x+": name too long \(ENAMETOOLONG\)$/m],
      [['solve', 'sat.cnf', '--svg', `${long}.svg`], /^puzzlesat: --svg: cannot write "x+…\(\d+ chars\)…x+\.svg": name too long \(ENAMETOOLONG\)$/m],
      [['count', 'sat.cnf', '-o', long], /^puzzlesat: --output \(-o\): cannot write "x+…\(\d+ chars\)…x+": name too long \(ENAMETOOLONG\)$/m],
      [['solve', 'sat.cnf', '-o', 'no-such-dir/'], /^puzzlesat: --output \(-o\): "no-such-dir\/" names a directory; give a file name$/m],
      [['enumerate', 'sat.cnf', '-o', 'sat.cnf.txt/'], /^puzzlesat: --output \(-o\): "sat\.cnf\.txt\/" names a directory; give a file name$/m],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expectOneLineError(r, message, 2);
      expect(r.out).toBe('');
    }
  });
});

describe('a streamed output whose name leaves no room for its lock', { timeout: 120_000 }, () => {
  it('is a usage error saying why, the name being a file\'s (regression: "cannot lock …: name too long (ENAMETOOLONG)", exit 1, of a name -o takes elsewhere)', () => {
    file('lock.cnf', 'p cnf 1 1\n1 0\n');
    // 253 bytes: a file's name (at most 255), but not with ".lock" after it.
    const name = 'y'.repeat(253);
    for (const verb of ['count', 'enumerate']) {
      const r = run([verb, 'lock.cnf', '-o', name]);
      expectOneLineError(
        r,
        /^puzzlesat: --output \(-o\): "y+…\(\d+ chars\)…y+" is too long a name to lock as FILE\.lock beside it; give a shorter one$/m,
        2,
      );
      expect(existsSync(join(dir, name))).toBe(false);
    }
  });
});
