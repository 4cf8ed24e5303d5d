import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { type CliRun as Run, expectOneLineError } from './helpers/expect-errors.js';
import { parseQueueUrl } from '../src/distributed/connection.js';
import { SUITES } from '../src/bench/encodings.js';
import { decodeAnswer, puzzles } from '../src/index.js';

/**
 * Hostile values for the less common verbs (worker, decode, bench --merge,
 * count --resume) on the compiled CLI: each here was an internal error, a
 * message that named nothing or the wrong thing, or a silent success
 * before its fix.
 */
const cli = process.env.PUZZLESAT_CLI ?? join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-hostile-verbs-');

function run(args: string[]): Run {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 120_000 });
  return { code: r.status, out: String(r.stdout), err: String(r.stderr) };
}

const file = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return name;
};

describe('a queue URL whose user or password is not percent-encoding', { timeout: 120_000 }, () => {
  it('is a usage error naming --queue, the password still masked (was "internal error: URI malformed", exit 1)', () => {
    for (const verb of [['worker'], ['sweep', 'genius-square', '--sample', '2']]) {
      const r = run([...verb, '--queue', 'redis://user:p%ZZsecret@127.0.0.1:1']);
      expectOneLineError(
        r,
        /^puzzlesat: --queue: the user or password is not valid percent-encoding \(%XX\) in "redis:\/\/user:\*\*\*@127\.0\.0\.1:1"$/m,
        2,
      );
      expect(r.err).not.toContain('secret');
    }
    expect(() => parseQueueUrl('redis://us%E0er@host', {})).toThrow(/^queue: the user or password is not valid percent-encoding/);
  });
});

describe('count --resume from a header that lacks what it compares', { timeout: 120_000 }, () => {
  it('names the field, not a difference the run does not have (was "counts solutions (no --unique)" to a count of solutions)', () => {
    const resume = (header: string) =>
      run(['count', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--resume', '-o', file('header.jsonl', `${header}\n`)]);
    expectOneLineError(
      resume('{"puzzlesat":"count"}'),
      /^puzzlesat: --resume: header\.jsonl:1: the count header has no "unique" \(true or false\); it was edited, or not written by puzzlesat count --output: cannot resume$/m,
    );
    // Was "was written for a different way of counting classes (--unique-by burnside)": this count counts no classes.
    expectOneLineError(resume('{"puzzlesat":"count","unique":false}'), /header\.jsonl:1: the count header has no "uniqueBy" \(a name or null\)/);
    expectOneLineError(resume('{"puzzlesat":"count","unique":"no"}'), /header\.jsonl:1: the count header has no "unique" \(true or false\)/);
  });
});

describe('enumerate --resume from a header that lacks what it compares', { timeout: 120_000 }, () => {
  it('names the field (was "was written without --unique" to a run without --unique)', () => {
    const r = run(['enumerate', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--resume', '-o', file('run.jsonl', '{"puzzlesat":"enumerate"}\n')]);
    expectOneLineError(
      r,
      /^puzzlesat: --resume: run\.jsonl:1: the enumerate header has no "unique" \(true or false\); it was edited, or not written by puzzlesat enumerate --output: cannot resume$/m,
    );
  });
});

describe('bench --merge of reports cut or edited', { timeout: 120_000 }, () => {
  type Json = { [key: string]: Json } & Json[];
  /** A report of one puzzle and its dlx cell, as the bench writes it, with the value at each path ("cells.0.raw") of `edits` set (undefined: removed). */
  const report = (edits: Record<string, unknown> = {}): string => {
    const r = {
      date: '2026-01-01T00:00:00.000Z',
      machine: { os: 'Linux', cpu: 'cpu', cores: 2, memoryGiB: 8, node: 'v20.0.0' },
      loadAverage: { start: 0, end: 0 },
      settings: { ...SUITES.quick, puzzles: ['genius-square'] },
      puzzles: [{ name: 'genius-square', about: 'a roll', all: true, cubeDepth: null, expected: { classes: 316, raw: 316 } }],
      cells: [
        {
          puzzle: 'genius-square',
          encoding: 'exact cover',
          solver: 'dlx',
          vars: null,
          clauses: null,
          buildSeconds: 0.1,
          first: { seconds: 0.01, found: 1, runs: 1 },
          all: { seconds: 0.1, found: 316, runs: 1 },
          count: 316,
          raw: 316,
          search: {
            found: 316,
            raw: 316,
            complete: true,
            cpu: 0.1,
            firstCpu: 0.01,
            wall: 0.1,
            allCpu: 0.1,
            cubeDepth: null,
            branching: 'MRV',
            enumeration: 'dancing links',
          },
        },
      ],
    };
    for (const [path, value] of Object.entries(edits)) {
      const keys = path.split('.');
      const last = keys.pop()!;
      const parent = keys.reduce((o, key) => o[key]!, r as unknown as Json);
      if (value === undefined) delete parent[last];
      else parent[last] = value as Json;
    }
    return JSON.stringify(r);
  };
  const merge = (name: string, text: string) => run(['bench', '--merge', file(name, text), '-o', `out-${name}`]);

  it('refuses a value the report prints that is missing or of the wrong type, at its JSON path (was printed as "undefined", exit 0)', () => {
    expect(merge('whole.json', report()).code).toBe(0);
    const cases: [string, string, unknown, RegExp][] = [
      ['raw.json', 'cells.0.search.raw', undefined, /\$\.cells\[0\]\.search\.raw: expected a number\)$/m],
      ['count.json', 'cells.0.count', 'many', /\$\.cells\[0\]\.count: expected a number\)$/m],
      ['cores.json', 'machine', {}, /\$\.machine\.os: expected a string\)$/m],
      ['baseline.json', 'settings.baseline', undefined, /\$\.settings\.baseline: expected a string\)$/m],
      ['box.json', 'settings.search', {}, /\$\.settings\.search\.solver: expected a string\)$/m],
      ['timeout.json', 'settings.timeoutSeconds', null, /\$\.settings\.timeoutSeconds: expected a number\)$/m],
    ];
    for (const [name, path, value, message] of cases) {
      const r = merge(name, report({ [path]: value }));
      expectOneLineError(r, new RegExp(`^puzzlesat: --merge: "${name.replace('.', '\\.')}" is not a bench report\\.json \\(`, 'm'));
      expect(r.err, name).toMatch(message);
    }
  });

  it('refuses a cell given twice, or a name with "|" in it, at its JSON path (regression: both merged, exit 0: the cell printed twice, the table split)', () => {
    const twice = JSON.parse(report()) as { cells: unknown[] };
    twice.cells.push(twice.cells[0]);
    const cases: [string, string, RegExp][] = [
      [
        'twice.json',
        JSON.stringify(twice),
        /\(\$\.cells\[1\]: the cell of genius-square, exact cover and dlx is \$\.cells\[0\] too; a report gives each cell once\)$/m,
      ],
      [
        'bar.json',
        report({ 'cells.0.solver': 'd|x' }),
        /\(\$\.cells\[0\]\.solver: "d\|x" holds "\|", which splits a Markdown table's columns; no suite's name has one\)$/m,
      ],
      [
        'bar-setting.json',
        report({ 'settings.baseline': 'a|b' }),
        /\(\$\.settings\.baseline: "a\|b" holds "\|", which splits a Markdown table's columns; no suite's name has one\)$/m,
      ],
    ];
    for (const [name, text, message] of cases) {
      const r = merge(name, text);
      expectOneLineError(r, new RegExp(`^puzzlesat: --merge: "${name.replace('.', '\\.')}" is not a bench report\\.json \\(`, 'm'));
      expect(r.err, name).toMatch(message);
      expect(r.out).toBe('');
      expect(existsSync(join(dir, `out-${name}`)), name).toBe(false);
    }
  });

  it('names the setting two reports differ in (was both settings in full, cut to "…(467 chars)…" where they differ)', () => {
    const a = file('part-a.json', report());
    const b = file('part-b.json', report({ 'settings.repeat': 3, 'settings.puzzles': ['6x10'], 'puzzles.0.name': '6x10', 'cells.0.puzzle': '6x10' }));
    expectOneLineError(
      run(['bench', '--merge', `${a},${b}`, '-o', 'out-parts']),
      /^puzzlesat: --merge: report 2 was run with different settings from report 1: settings\.repeat is 3 there, 1 in report 1$/m,
    );
  });
});

describe('decode of a file with the empty clause', { timeout: 120_000 }, () => {
  it('says the model breaks the empty clause (was "breaks a clauses clause of the file: ", the clause left blank)', () => {
    const cnf = file('empty-clause.cnf', 'p cnf 2 2\n1 2 0\n0\n');
    const model = file('empty-clause.out', 's SATISFIABLE\nv 1 -2 0\n');
    expectOneLineError(
      run(['decode', cnf, '--model', model]),
      /^puzzlesat: --model empty-clause\.out: model 1 breaks a clauses clause of the file: the empty clause$/m,
    );
  });
});

describe('decodeAnswer given an object that is no parsed DIMACS formula', () => {
  it('is a TypeError naming what it takes (was "Cannot read properties of undefined (reading \'length\')" from inside)', () => {
    for (const dimacs of [[], {}, { vars: 1 }])
      expect(() => decodeAnswer(dimacs as never, 's SATISFIABLE\nv 1 0\n')).toThrow(
        /^decodeAnswer: expected DIMACS text or a parsed DIMACS formula \(readDimacsFile\), got an object that is not one$/,
      );
  });
});

describe('sweep --resume onto a device', { timeout: 120_000 }, () => {
  it('-o /dev/null --resume sweeps afresh, as count does (was "internal error: EINVAL: invalid argument, ftruncate", exit 1)', () => {
    const r = run(['sweep', 'genius-square', '--sample', '2', '--workers', '1', '-o', '/dev/null', '--resume']);
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/solvable: 2 of 2/);
  });
});

describe('knapsack --seed without --random-items', { timeout: 120_000 }, () => {
  it('is refused as genius-square refuses --seed without --random (was ignored: the items given were solved, exit 0)', () => {
    expectOneLineError(run(['solve', 'knapsack', '--items', 'a:3:4,b:2:3', '--seed', '3']), /^puzzlesat: --seed needs --random-items$/m, 2);
    expect(() => puzzles.byName('knapsack', { items: 'a:3:4', seed: 3 })).toThrow(/^seed needs randomItems$/);
  });
});

describe('--no-NAME of an option that takes a value', { timeout: 120_000 }, () => {
  it('is a usage error naming it (was --no-output: "wrote false", a file named false; --no-timeout: got "0"; --no-solver: unknown solver "false")', () => {
    const cases: [string[], string][] = [
      [['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--no-output'], 'output'],
      [['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--no-timeout'], 'timeout'],
      [['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--no-solver'], 'solver'],
      [['sweep', 'genius-square', '--sample', '2', '--no-histogram'], 'histogram'],
    ];
    for (const [args, name] of cases) {
      const r = run(args);
      expectOneLineError(
        r,
        new RegExp(`^puzzlesat: --no-${name}: --${name} takes a value and has no --no- form; leave it out for its default$`, 'm'),
        2,
      );
      expect(existsSync(join(dir, 'false')), args.join(' ')).toBe(false);
    }
    // A flag's --no- form is still its own.
    expect(run(['solve', 'polyomino', '--board', '2x2', '--pieces', 'O4', '--no-flip', '--no-quiet']).code).toBe(0);
  });
});
