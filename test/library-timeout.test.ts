import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pentomino } from '../encoders/polyomino.js';
import { count, enumerate, solve } from '../src/index.js';
import type * as planModule from '../src/plan.js';

/** Milliseconds the set-up "takes": the clock is moved on by this much while the plan is resolved. */
const SET_UP_MS = 2000;

// The clock (Date, the one deadlines read) stands still but for the set-up, which is made to take SET_UP_MS.
vi.mock('../src/plan.js', async (importOriginal) => {
  const original = await importOriginal<typeof planModule>();
  return {
    ...original,
    resolvePlan: vi.fn(async (...args: Parameters<typeof original.resolvePlan>) => {
      const plan = await original.resolvePlan(...args);
      vi.setSystemTime(Date.now() + SET_UP_MS);
      return plan;
    }),
  };
});

/**
 * The library's `timeout` counts from the call, as the CLI's --timeout
 * counts from the process's start: the set-up (resolving the plan) spends it
 * too, for every verb. It once began after the set-up, so a call could run
 * its whole limit past a set-up that had spent it.
 */
describe('a library call whose set-up spent its timeout', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const timeout = SET_UP_MS / 1000 / 2;

  it('count stops at once, incomplete (regression: counted to the end)', async () => {
    const r = await count(pentomino({ preset: '3x20' }), { timeout });
    expect(r).toMatchObject({ count: 0n, complete: false, stopped: 'stopped' });
  });

  it('solve answers UNKNOWN, by a SAT solver and by dancing links (regression: SAT)', async () => {
    expect((await solve(pentomino({ preset: '3x20' }), { timeout })).status).toBe('UNKNOWN');
    expect((await solve(pentomino({ preset: '3x20' }), { timeout, solver: 'dlx' })).status).toBe('UNKNOWN');
  });

  it('enumerate finds nothing (regression: all 8 solutions)', async () => {
    const found = [];
    for await (const s of enumerate(pentomino({ preset: '3x20' }), { timeout })) found.push(s);
    expect(found).toEqual([]);
  });

  it('a timeout the set-up left room for still runs to the end', async () => {
    expect((await count(pentomino({ preset: '3x20' }), { timeout: 1000 })).count).toBe(8n);
    expect((await solve(pentomino({ preset: '3x20' }), { timeout: 1000 })).status).toBe('SAT');
  });
});
