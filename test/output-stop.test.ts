import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { pentomino } from '../encoders/polyomino.js';
import { CountFile, countHeader, openCountFile } from '../src/cli/count-file.js';
import { RunFile, openRunFile, runHeader } from '../src/cli/run-file.js';
import { withSizeLimits } from '../src/core/limits.js';

/** A finished count file of the 3x20 pentomino board in `dir`, written by the CLI, with the header a resume of it expects. */
function countFileOf3x20(dir: string, name: string): { path: string; text: string; header: ReturnType<typeof countHeader> } {
  const path = join(dir, name);
  const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
  const made = spawnSync(process.execPath, [cli, 'count', 'pentomino', '--preset', '3x20', '-o', path, '--quiet'], { encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  return { path, text: readFileSync(path, 'utf8'), header: countHeader(pentomino({ preset: '3x20' }), 'exact-cover', false, undefined) };
}

const dir = tempDir('puzzlesat-output-stop-');

/**
 * count and enumerate --output hash what they run on (the formula, or the
 * exact-cover problem) into the file's header before the run, and before a
 * resume reads the file: on a large formula that took longer than a
 * --timeout, which they did not hear. They poll the stop now, and stopped
 * there they leave the file as it was, neither read nor written.
 */
describe('--output hashing its problem hears the stop', () => {
  const instance = pentomino({ preset: '6x10' });
  type Open = (path: string, options: { resume: boolean; force: boolean }, stop: () => boolean) => Promise<{ close(): void } | undefined>;
  const OPENERS: { name: string; open: Open }[] = [
    ...(
      [
        { counter: 'cnf', unique: false, uniqueBy: undefined },
        { counter: 'exact-cover', unique: false, uniqueBy: undefined },
        { counter: 'exact-cover', unique: true, uniqueBy: undefined },
      ] as const
    ).map((kind) => ({
      name: `count ${kind.counter}${kind.unique ? ' --unique' : ''}`,
      open: ((path, options, stop) => openCountFile(path, instance, kind, options, stop)) as Open,
    })),
    ...([false, 'clauses'] as const).map((classes) => ({
      name: `enumerate${classes ? ' --unique' : ''}`,
      open: ((path, options, stop) => openRunFile(path, instance, classes, options, stop)) as Open,
    })),
  ];

  it('the enumeration header hashes the formula through the poll it is given (regression: cnfHash was called without it)', () => {
    const poll = vi.fn(() => {
      throw new Error('told to stop');
    });
    expect(() => runHeader(instance, false, poll)).toThrow('told to stop');
    expect(poll).toHaveBeenCalledTimes(1);
    // The poll changes nothing in what the header says (files written before still resume).
    for (const classes of [false, 'clauses', 'orbits'] as const) expect(runHeader(instance, classes, () => {})).toEqual(runHeader(instance, classes));
  });

  for (const { name, open } of OPENERS) {
    const file = name.replace(/\W+/g, '-');

    it(`${name}: a stop already come opens nothing, and the file on disk stays as it was (regression: hashed to the end, then read it)`, async () => {
      const path = join(dir, `${file}.jsonl`);
      writeFileSync(path, 'not a run file\n');
      const stop = vi.fn(() => true);
      expect(await open(path, { resume: true, force: false }, stop)).toBeUndefined();
      expect(stop).toHaveBeenCalled();
      expect(readFileSync(path, 'utf8')).toBe('not a run file\n');
      // Neither a new file nor a lock left behind.
      expect(await open(join(dir, `${file}-fresh.jsonl`), { resume: false, force: false }, () => true)).toBeUndefined();
      expect(readdirSync(dir).filter((f) => f.startsWith(`${file}-fresh`))).toEqual([]);
    });

    it(`${name}: the stop is polled now and then, not at every clause or row`, async () => {
      const stop = vi.fn(() => false);
      const opened = await open(join(dir, `${file}-polled.jsonl`), { resume: false, force: true }, stop);
      expect(opened).toBeDefined();
      opened!.close();
      expect(stop).toHaveBeenCalled();
      expect(stop.mock.calls.length).toBeLessThan(instance.cnf.clauseCount / 1000);
    });
  }

  it('a resume polls the stop at each record it reads back, and a stop there leaves the file as it was (regression: each saved solution was decoded and checked without a poll)', () => {
    const path = join(dir, 'resumed.jsonl');
    const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
    const made = spawnSync(process.execPath, [cli, 'enumerate', 'pentomino', '--preset', '3x20', '--solver', 'dlx', '-o', path, '--quiet'], {
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    const text = readFileSync(path, 'utf8');
    const records = text.trimEnd().split('\n').length - 1;
    expect(records).toBeGreaterThanOrEqual(8);
    const small = pentomino({ preset: '3x20' });
    const header = runHeader(small, false);
    const poll = vi.fn();
    new RunFile(path, small, header, { resume: true, force: false }, poll).readBack().close();
    expect(poll).toHaveBeenCalledTimes(records);
    const stopping = vi.fn(() => {
      throw new Error('told to stop');
    });
    expect(() => new RunFile(path, small, header, { resume: true, force: false }, stopping).readBack()).toThrow('told to stop');
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a count resumed polls the stop at each unit it reads back, and a stop there leaves the file as it was (regression: every unit was checked and parsed without a poll)', () => {
    const { path, text, header } = countFileOf3x20(dir, 'resumed-count.jsonl');
    const records = text.trimEnd().split('\n').length - 1;
    expect(records).toBeGreaterThanOrEqual(100);
    const poll = vi.fn();
    new CountFile(path, header, { resume: true, force: false }, undefined, poll).readBack().close();
    expect(poll).toHaveBeenCalledTimes(records);
    const stopping = vi.fn(() => {
      throw new Error('told to stop');
    });
    expect(() => new CountFile(path, header, { resume: true, force: false }, undefined, stopping).readBack()).toThrow('told to stop');
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a count resumed reads its file a line at a time: a stop is heard before the end of the file is read, and a file past maxInputBytes resumes when each line is within it (regression: the file was read whole, about 1 s per 125 MB, before the first poll)', () => {
    const { path, text, header } = countFileOf3x20(dir, 'streamed-count.jsonl');
    const resumed = (poll?: () => void) => new CountFile(path, header, { resume: true, force: false }, undefined, poll).readBack();
    // Only the longest line is held at once: a file fifty times the input limit resumes, every unit read back and the file as it was.
    const lines = text.trimEnd().split('\n');
    const longest = Math.max(...lines.map((line) => Buffer.byteLength(line) + 1));
    expect(text.length).toBeGreaterThan(50 * longest);
    const file = withSizeLimits({ bytes: longest }, () => resumed());
    file.close();
    expect([file.resumedUnits, file.done]).toEqual([lines.length - 2, 8n]);
    expect(readFileSync(path, 'utf8')).toBe(text);
    // A line past the limit is refused where it is, naming the limit.
    expect(() => withSizeLimits({ bytes: longest - 1 }, () => resumed())).toThrow(
      new RegExp(`^--resume: ${path}:\\d+: the line holds at least ${longest} bytes, more than the limit of ${longest - 1} \\(raise it with`),
    );
    // The end of the file, here a tail no stopped run leaves, is read only after the lines before it: the stop comes first.
    writeFileSync(path, `${text}not a record`);
    const stopping = vi.fn(() => {
      throw new Error('told to stop');
    });
    expect(() => resumed(stopping)).toThrow('told to stop');
    expect(() => resumed()).toThrow(/the file ends in text without a line end that is not the start of a record/);
    expect(readFileSync(path, 'utf8')).toBe(`${text}not a record`);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
