import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pentomino } from '../encoders/polyomino.js';
import { openCountFile } from '../src/cli/count-file.js';

/**
 * count --output hashes what it counts (the formula, or the exact-cover
 * problem) before the count: on a large formula that took longer than a
 * --timeout, which it did not hear. It polls the stop now, and stopped
 * there it leaves the file as it was, neither read nor written.
 */
describe('count --output hashing its problem hears the stop', () => {
  const instance = pentomino({ preset: '6x10' });
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-count-file-stop-'));
  const KINDS = [
    { counter: 'cnf', unique: false, uniqueBy: undefined },
    { counter: 'exact-cover', unique: false, uniqueBy: undefined },
    { counter: 'exact-cover', unique: true, uniqueBy: undefined },
  ] as const;

  for (const kind of KINDS) {
    const name = `${kind.counter}${kind.unique ? '-unique' : ''}`;

    it(`${name}: a stop already come opens nothing, and the file on disk stays as it was (regression: hashed to the end, then read it)`, () => {
      const path = join(dir, `${name}.jsonl`);
      writeFileSync(path, 'not a count file\n');
      const stop = vi.fn(() => true);
      expect(openCountFile(path, instance, kind, { resume: true, force: false }, stop)).toBeUndefined();
      expect(stop).toHaveBeenCalled();
      expect(readFileSync(path, 'utf8')).toBe('not a count file\n');
      // Neither a new file nor a lock left behind.
      const fresh = join(dir, `${name}-fresh.jsonl`);
      expect(openCountFile(fresh, instance, kind, { resume: false, force: false }, () => true)).toBeUndefined();
      expect(readdirSync(dir).filter((f) => f.startsWith(`${name}-fresh`))).toEqual([]);
    });

    it(`${name}: the stop is polled now and then, not at every clause or row`, () => {
      const stop = vi.fn(() => false);
      const file = openCountFile(join(dir, `${name}-polled.jsonl`), instance, kind, { resume: false, force: true }, stop);
      expect(file).toBeDefined();
      file!.close();
      expect(stop).toHaveBeenCalled();
      expect(stop.mock.calls.length).toBeLessThan(instance.cnf.clauseCount / 1000);
    });
  }
});
