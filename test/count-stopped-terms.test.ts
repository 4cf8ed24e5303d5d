import { describe, expect, it, vi } from 'vitest';
import { pentomino } from '../encoders/polyomino.js';
import * as problem from '../src/count/problem.js';
import { countInstance } from '../src/count/solutions.js';

vi.mock('../src/count/problem.js', async (importOriginal) => {
  const original = await importOriginal<typeof problem>();
  return { ...original, compileProblem: vi.fn(original.compileProblem) };
});

/**
 * A count stopped (--timeout, Ctrl-C, the library's signal) compiles no
 * term it will not count: each compile of a term's problem polls nothing,
 * and the 80 pinned terms of a 20x20 board of 80 I-pentominoes took 13 s
 * past a --timeout of 1 being compiled only to be reported as not counted.
 * Stopped before its terms are worked out, it works out none (count-set-up),
 * unless a resumed file holds units, which are reported by their terms.
 */
describe('a stopped count of classes', () => {
  it('compiles none of the terms it does not count, and stopped at once works out none of them', async () => {
    const compile = vi.mocked(problem.compileProblem);
    compile.mockClear();
    const result = await countInstance(pentomino({ preset: '6x10' }), { unique: true, shouldStop: () => true });
    expect(compile).not.toHaveBeenCalled();
    expect(result.complete).toBe(false);
    expect(result.count).toBe(0n);
    expect(result.terms).toEqual([]);
  });

  it('still counts the units a resumed file holds for the terms it does not count', async () => {
    const all = await countInstance(pentomino({ preset: '6x10' }), { unique: true });
    const key = all.terms.find((t) => t.fixed > 0n)!.key;
    const finished = new Map([[key, new Map([['u', 5n]])]]);
    const result = await countInstance(pentomino({ preset: '6x10' }), { unique: true, shouldStop: () => true, finished });
    expect(result.terms.find((t) => t.key === key)!.fixed).toBe(5n);
    expect(result.terms).toHaveLength(8);
    expect(result.terms.every((t) => !t.complete && t.fixed === (t.key === key ? 5n : 0n))).toBe(true);
  });
});
