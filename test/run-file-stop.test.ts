import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pentomino } from '../encoders/polyomino.js';
import * as runFile from '../src/cli/run-file.js';

/**
 * enumerate --output hashes the formula into the file's header before the
 * run (and before a resume reads the file): on a large formula that took
 * longer than a --timeout, which it did not hear. It polls the stop now, and
 * stopped there it leaves the file as it was, neither read nor written.
 */
describe('enumerate --output hashing its formula hears the stop', () => {
  const instance = pentomino({ preset: '6x10' });
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-run-file-stop-'));
  // Looked up at run time, so that the test fails (not the file's import) where the function is missing.
  const openRunFile = (...args: Parameters<typeof runFile.openRunFile>) => {
    expect(runFile.openRunFile).toBeTypeOf('function');
    return runFile.openRunFile(...args);
  };

  it('the header hashes the formula through the poll it is given (regression: cnfHash was called without it)', () => {
    const poll = vi.fn(() => {
      throw new Error('told to stop');
    });
    expect(() => runFile.runHeader(instance, false, poll)).toThrow('told to stop');
    expect(poll).toHaveBeenCalledTimes(1);
  });

  for (const unique of [false, true]) {
    const name = unique ? 'unique' : 'all';

    it(`${name}: a stop already come opens nothing, and the file on disk stays as it was (regression: hashed to the end, then read it)`, () => {
      const path = join(dir, `${name}.jsonl`);
      writeFileSync(path, 'not an enumeration file\n');
      const stop = vi.fn(() => true);
      expect(openRunFile(path, instance, unique, { resume: true, force: false }, stop)).toBeUndefined();
      expect(stop).toHaveBeenCalled();
      expect(readFileSync(path, 'utf8')).toBe('not an enumeration file\n');
      // Neither a new file nor a lock left behind.
      const fresh = join(dir, `${name}-fresh.jsonl`);
      expect(openRunFile(fresh, instance, unique, { resume: false, force: false }, () => true)).toBeUndefined();
      expect(readdirSync(dir).filter((f) => f.startsWith(`${name}-fresh`))).toEqual([]);
    });

    it(`${name}: the stop is polled now and then, not at every clause, and the header is the one of before`, () => {
      const stop = vi.fn(() => false);
      const file = openRunFile(join(dir, `${name}-polled.jsonl`), instance, unique, { resume: false, force: true }, stop);
      expect(file).toBeDefined();
      file!.close();
      expect(stop).toHaveBeenCalled();
      expect(stop.mock.calls.length).toBeLessThan(instance.cnf.clauseCount / 1000);
      // The poll changes nothing in what the header says (files written before still resume).
      expect(runFile.runHeader(instance, unique, () => {})).toEqual(runFile.runHeader(instance, unique));
    });
  }
});
