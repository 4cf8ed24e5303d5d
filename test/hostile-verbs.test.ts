import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { type CliRun as Run, expectOneLineError } from './helpers/expect-errors.js';
import { parseQueueUrl } from '../src/distributed/connection.js';

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
