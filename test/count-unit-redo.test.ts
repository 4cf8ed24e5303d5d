import { afterEach, describe, expect, it, vi } from 'vitest';
import { pentomino } from '../encoders/polyomino.js';
import { CountCache } from '../src/count/cache.js';
import { OverBudget, UnitRunner } from '../src/count/engine.js';
import { setSetUpRunner } from '../src/core/limits.js';
import { type InstanceCount, countInstance } from '../src/count/solutions.js';
import { countCnf } from '../src/count/cnf.js';
import { seededRandom } from '../src/core/random.js';

/**
 * The exact-cover counter runs a unit plainly for a while and, still running
 * then, undoes it and counts it again through the front end's runner, which
 * Ctrl-C can cut short (UnitRunner in src/count/engine.ts). A budget of 0 ms
 * undoes the first unit that reaches a poll of the search.
 */
describe('a unit of the exact-cover counter undone and counted again', { timeout: 120_000 }, () => {
  const figures = (r: InstanceCount) => ({
    count: r.count,
    complete: r.complete,
    nodes: r.nodes,
    cache: r.cache,
    terms: r.terms.map((t) => ({ key: t.key, fixed: t.fixed, complete: t.complete, nodes: t.nodes, cache: t.cache })),
    redone: r.redone,
  });

  it('counts the same as straight through, with the same nodes and memo figures: sweep and MRV, solutions and Burnside terms, a memo that evicts', async () => {
    const instance = pentomino({ preset: '4x15' });
    // 2 MiB beside the engine: the memo evicts (the undoing puts back what a store overwrote).
    for (const maxBytes of [undefined, 3 * 2 ** 20])
      for (const strategy of ['sweep', 'mrv'] as const)
        for (const unique of [false, true]) {
          const options = { strategy, unique, maxBytes };
          const straight = figures(await countInstance(instance, { ...options, plainUnitMs: Infinity }));
          expect(straight).toMatchObject({ count: unique ? 368n : 1472n, complete: true, redone: undefined });
          const redone = figures(await countInstance(instance, { ...options, plainUnitMs: 0 }));
          expect(redone, JSON.stringify(options)).toEqual({ ...straight, redone: 1 });
        }
  });
});

describe('the share done of a count whose units are undone and counted again', { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  /** The shares a count reported, with a clock that moves 1 ms at each reading: a plain run of 4 ms ends at about its 4th poll. */
  const shares = async (count: (onTick: (f: number) => void) => Promise<{ redone?: number }>) => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock++);
    const reported: number[] = [];
    const { redone } = await count((f) => reported.push(f));
    return { redone, reported };
  };
  /** The steps where the share went back: [before, after]. */
  const backwards = (reported: readonly number[]) => reported.flatMap((f, k) => (k > 0 && f < reported[k - 1]! ? [[reported[k - 1], f]] : []));

  it('never goes back: the exact-cover counter and the CNF counter (regression: the share fell to where the undone unit began, 4.8% to 4.0%, and the bar and its ETA with it)', async () => {
    const random = seededRandom(75);
    const lit = () => (1 + Math.floor(random() * 75)) * (random() < 0.5 ? -1 : 1);
    const formula = { varCount: 75, clauses: Array.from({ length: 225 }, () => [lit(), lit(), lit()]) };
    for (const count of [
      (onTick: (f: number) => void) => countInstance(pentomino({ preset: '4x15' }), { strategy: 'mrv', plainUnitMs: 4, onTick }),
      (onTick: (f: number) => void) => countCnf(formula, { plainUnitMs: 4, onTick }),
    ]) {
      const { redone, reported } = await shares(count);
      expect(redone).toBeGreaterThan(0);
      expect(backwards(reported)).toEqual([]);
      expect(reported.at(-1)).toBe(1);
    }
  });
});

describe('the memo taken back', () => {
  /** A key of two words from a number. */
  const key = (n: number) => Int32Array.of(n, n * 7 + 1);
  /** What the table holds for keys 0 .. n - 1, its figures aside (get counts lookups). */
  const held = (cache: CountCache, n: number) => Array.from({ length: n }, (_, k) => cache.get(key(k)));

  it('puts back every slot a journalled run wrote, over evictions and the table grown twice', () => {
    // Room for the first table, two doublings (to 2^17 buckets of 8 slots of 24 bytes: 262,144 slots grow at half full) and the
    // tables and notes a journal keeps beside them: what the bound holds beyond 1.5 times the largest table is left to a journal.
    const cache = new CountCache(2, 2.5 * 2 ** 20 * CountCache.slotBytes(2));
    for (let k = 0; k < 100_000; k++) cache.set(key(k), k, 1 + (k % 5));
    const before = { held: held(cache, 700_000), figures: cache.snapshot() };
    const end = cache.journal();
    // Past two doublings and then on, so that the largest table evicts.
    for (let k = 50_000; k < 700_000; k++) cache.set(key(k), 2 * k, 1 + (k % 3));
    expect(cache.snapshot().evictions).toBeGreaterThan(0);
    end(true);
    // The figures as they were (but the most bytes held, which the grown tables were).
    expect({ figures: cache.snapshot(), held: held(cache, 700_000) }).toEqual({
      held: before.held,
      figures: { ...before.figures, peakBytes: expect.any(Number) },
    });
  });

  it('counts what a journal keeps against the bound: a journalled run that would pass it ends (OverBudget), undone as any other (regression: its notes were not counted, and a count took more memory than --max-memory gave it)', () => {
    // The largest table is 1.5 MiB (8192 buckets of 8 slots of 24 bytes): 2.5 MiB of the 4 are left to a journal.
    const budget = 4 * 2 ** 20;
    const cache = new CountCache(2, budget);
    for (let k = 0; k < 100_000; k++) cache.set(key(k), k, 1 + (k % 5));
    const before = { held: held(cache, 100_000), figures: cache.snapshot() };
    const end = cache.journal();
    // Each store evicts, and notes the entry it overwrites (28 bytes): 400,000 of them would take 11 MiB.
    expect(() => {
      for (let k = 100_000; k < 500_000; k++) cache.set(key(k), 2 * k, 1 + (k % 3));
    }).toThrow(OverBudget);
    const { bytes, peakBytes } = cache.snapshot();
    // The notes are in what the memo says it held, and that stayed within the bound.
    expect(peakBytes).toBeGreaterThan(bytes + 2 * 2 ** 20);
    expect(peakBytes).toBeLessThanOrEqual(budget);
    end(true);
    expect({ figures: cache.snapshot(), held: held(cache, 100_000) }).toEqual({ held: before.held, figures: { ...before.figures, peakBytes } });
  });

  it('keeps what a journalled run wrote when told to', () => {
    const cache = new CountCache(2, 2 ** 22);
    const end = cache.journal();
    for (let k = 0; k < 1000; k++) cache.set(key(k), k, 3);
    end(false);
    expect(held(cache, 1000)).toEqual(Array.from({ length: 1000 }, (_, k) => k));
  });
});

describe('which units go through the runner', () => {
  afterEach(() => setSetUpRunner(async (work) => work()));

  it('after a slow unit, until the runner has added the plain time to quick ones since the last slow one (regression: every unit after one slow one, 10 ms of grace each in the CLI)', async () => {
    // A clock the units and the runner move: a plain run of 100 ms, a runner that adds 30 to each unit.
    let clock = 0;
    setSetUpRunner(async (work) => {
      const done = work();
      clock += 30;
      return done;
    });
    const runner = new UnitRunner(100, () => clock);
    const ran: string[] = [];
    /** A unit taking `ms`, its polls every 10 ms. */
    const unit = (ms: number) => () => {
      for (let t = 0; t < ms; t += 10) {
        clock += 10;
        runner.poll();
      }
      return ms;
    };
    const run = async (ms: number) => {
      let plain = false;
      await runner.run(unit(ms), () => {
        plain = true;
        return (undo) => {
          if (!undo) return;
          plain = false;
          ran.push('undone');
        };
      });
      ran.push(`${ms} ${plain ? 'plain' : 'runner'}`);
    };
    for (const ms of [20, 500, 20, 20, 20, 200, 20, 20, 20, 20, 20]) await run(ms);
    expect(ran).toEqual([
      '20 plain',
      'undone',
      '500 runner',
      // 30 added to each quick unit: 90 by these three.
      '20 runner',
      '20 runner',
      '20 runner',
      // Slow again: the tally starts again.
      '200 runner',
      // 120 by these four, past the plain time of 100: the next runs plainly.
      '20 runner',
      '20 runner',
      '20 runner',
      '20 runner',
      '20 plain',
    ]);
    expect(runner.redone).toBe(1);
  });
});
