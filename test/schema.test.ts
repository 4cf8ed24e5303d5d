import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';

/** Every verb's --json summary against docs/summary.schema.json. */
const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-schema-');
const schema = JSON.parse(readFileSync(join(root, 'docs', 'summary.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

function summary(...args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, [cli, ...args, '--json'], { encoding: 'utf8', cwd: dir, timeout: 240_000 });
  const lines = r.stdout.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe('one JSON summary for every verb', { timeout: 240_000 }, () => {
  writeFileSync(join(dir, 'unsat.cnf'), 'p cnf 1 2\n1 0\n-1 0\n');
  writeFileSync(join(dir, 'deck.txt'), '0 1\n0 2\n1 2\n');
  writeFileSync(join(dir, 'bad-deck.txt'), '0 1\n0 1\n2 3\n');
  const cases: [string, string[], Record<string, unknown>][] = [
    ['solve a puzzle', ['solve', 'pentomino', '--preset', '3x20'], { status: 'SAT', puzzle: 'pentomino', count: 1, complete: true }],
    ['solve a DIMACS file', ['solve', 'unsat.cnf'], { status: 'UNSAT', puzzle: 'unsat.cnf', count: 0, complete: true }],
    [
      'enumerate',
      ['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--solver', 'dlx'],
      { status: 'SAT', count: 2, complete: true, solver: 'dlx' },
    ],
    ['enumerate, stopped', ['enumerate', 'soma', '--limit', '3', '--solver', 'dlx'], { status: 'SAT', count: 3, complete: false }],
    ['encode', ['encode', 'soma', '-o', 'soma.cnf'], { status: 'ENCODED', puzzle: 'soma', count: 0, solver: null, vars: 892 }],
    ['explain', ['explain', 'pentomino', '--preset', '3x20'], { status: 'ENCODED', puzzle: 'pentomino', solver: null }],
    [
      'sweep',
      ['sweep', 'genius-square', '--sample', '20', '--workers', '1'],
      // What solved the rolls is named, as every verb names its solver (regression: null).
      { status: 'DONE', puzzle: 'genius-square', count: 20, complete: true, vars: null, solver: 'bitboard' },
    ],
    ['count', ['count', 'pentomino', '--preset', '3x20', '--unique'], { status: 'SAT', count: 2, complete: true, solver: 'exact-cover counter' }],
    ['count a DIMACS file', ['count', 'unsat.cnf'], { status: 'UNSAT', count: 0, complete: true, solver: 'cnf counter' }],
    [
      'count, past the memory bound',
      ['count', 'pentomino', '--preset', '6x10', '--max-memory', '1M'],
      { status: 'UNKNOWN', count: 0, complete: false },
    ],
    ['dobble', ['dobble', '--symbols-per-card', '3'], { status: 'SAT', puzzle: 'dobble', count: 1, solver: 'algebraic' }],
    [
      'dobble by SAT',
      ['dobble', '--symbols-per-card', '3', '--method', 'sat', '--solver', 'logic-solver'],
      { status: 'SAT', count: 1, solver: 'logic-solver' },
    ],
    [
      'optimize',
      ['optimize', 'knapsack', '--items', 'a:3:4,b:2:3,c:2:2', '--capacity', '4', '--best', '2', '--solver', 'logic-solver'],
      { status: 'OPTIMUM', puzzle: 'knapsack', count: 2, complete: true, solutions: [{ value: 5 }, { value: 4 }] },
    ],
    ['dobble check, valid', ['dobble', 'check', 'deck.txt'], { status: 'VALID', count: 1, complete: true }],
    ['dobble check, invalid', ['dobble', 'check', 'bad-deck.txt'], { status: 'INVALID', count: 0 }],
  ];
  for (const [what, args, expected] of cases) {
    it(what, () => {
      const s = summary(...args);
      expect(validate(s), JSON.stringify(validate.errors)).toBe(true);
      expect(s).toMatchObject(expected);
    });
  }

  it('decode (regression: its summary lacked complete, vars, clauses, solver and seconds)', () => {
    const cli_ = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
    expect(cli_('encode', 'pentomino', '--preset', '3x20', '-o', 'p.cnf').status).toBe(0);
    writeFileSync(join(dir, 'p.out'), cli_('solve', 'p.cnf').stdout);
    const s = summary('decode', 'p.cnf', '--model', 'p.out');
    expect(validate(s), JSON.stringify(validate.errors)).toBe(true);
    // One model of the two tilings of 3x20: not every solution (test/decode.test.ts has the complete answers).
    expect(s).toMatchObject({ status: 'SAT', puzzle: 'pentomino', count: 1, complete: false, solver: null });
    expect(s.vars).toBeGreaterThan(1000);
  });

  it('check-proof and verify (regression: their summaries lacked the shared fields)', () => {
    const cli_ = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
    // x and ¬x: the empty clause follows by unit propagation, so an empty proof proves it.
    writeFileSync(join(dir, 'empty.drat'), '');
    const checked = summary('check-proof', 'unsat.cnf', 'empty.drat');
    expect(validate(checked), JSON.stringify(validate.errors)).toBe(true);
    expect(checked).toMatchObject({ status: 'VERIFIED', puzzle: 'unsat.cnf', count: 0, complete: true, vars: 1, clauses: 2, solver: null });
    const verified = cli_('verify', 'pentominoes-3x20', '--json');
    const last = JSON.parse(verified.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(validate(last), JSON.stringify(validate.errors)).toBe(true);
    expect(last).toMatchObject({ status: 'OK', puzzle: 'catalogue', count: 1, complete: true, agrees: 1, vars: null });
  });

  it('the schema rejects a summary that lacks a shared field or misspells a status', () => {
    const good = summary('solve', 'unsat.cnf');
    const { params: _, ...withoutParams } = good;
    expect(validate(withoutParams)).toBe(false);
    expect(validate({ ...good, status: 'UNSATISFIABLE' })).toBe(false);
  });

  it('list encodings names each encoding by the value its option takes', () => {
    const r = spawnSync(process.execPath, [cli, 'list', 'encodings', '--json'], { encoding: 'utf8' });
    const rows = JSON.parse(r.stdout) as { name: string; option: string }[];
    expect(rows.find((e) => e.name === 'bimander')).toMatchObject({ option: 'amo' });
    expect(rows.find((e) => e.name === 'totalizer')).toMatchObject({ option: 'card' });
    expect(rows.every((e) => !e.name.startsWith('--'))).toBe(true);
  });
});
