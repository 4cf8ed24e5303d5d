import { afterEach, describe, expect, it, vi } from 'vitest';
import { polyomino } from '../encoders/polyomino.js';
import type { Instance } from '../src/core/puzzle.js';
import type { EnumeratePlan } from '../src/core/plan.js';
import { enumerate, resolvePlan, runPlan, searchedInstance } from '../src/index.js';
import { FAMILY, breakingPlan, classSearchInstance } from '../src/symmetry/breaking.js';

/**
 * An enumeration of classes works out the symmetry-breaking plan, and for a
 * search that reads clauses the formula with its family (a copy of the whole
 * formula: seconds of a 20x20 board), while its plan is resolved: before its
 * run. A fresh instance each: the plan and the copy are kept per instance.
 */
const fresh = () => polyomino({ preset: '6x10' }) as Instance;

/** Whether the instance's symmetry-breaking plan is still to be worked out: working it out then polls. */
function planUnmade(instance: Instance): boolean {
  const poll = vi.fn();
  breakingPlan(instance, poll);
  return poll.mock.calls.length > 0;
}

describe("a library enumeration's set-up hears the caller", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('its signal, aborted while the plan is resolved: nothing found, the plan left unmade (regression: worked out to the end first)', async () => {
    const instance = fresh();
    const abort = new AbortController();
    const classes = enumerate(instance, { unique: true, signal: abort.signal });
    // The call runs to its first wait (the solvers' loading), where the caller aborts.
    const first = classes.next();
    abort.abort();
    expect(await first).toEqual({ done: true, value: undefined });
    expect(planUnmade(instance)).toBe(true);
  });

  it('its timeout, spent while the plan is resolved: nothing found, the plan left unmade (regression: worked out to the end first)', async () => {
    const instance = fresh();
    // A clock a second on at every look: the timeout passes before the set-up's first poll.
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    const found = [];
    for await (const s of enumerate(instance, { unique: true, timeout: 1 })) found.push(s);
    expect(found).toEqual([]);
    expect(planUnmade(instance)).toBe(true);
  });

  it('neither asked: every class, as before', async () => {
    const found = [];
    for await (const s of enumerate(polyomino({ preset: '3x20' }), { unique: true })) found.push(s);
    expect(found).toHaveLength(2);
  });
});

describe('dancing links counts classes by the plan alone', () => {
  it('builds no formula with the family: it reads no clause (regression: the copy of the whole formula was made for nothing)', async () => {
    const instance = fresh();
    const plan = (await resolvePlan(instance, { verb: 'enumerate', unique: true, solver: 'dlx', limit: 3 })) as EnumeratePlan;
    expect(searchedInstance(plan)).toBe(instance);
    expect((await runPlan(plan)).count).toBe(3);
    expect(instance.cnf.families.some((f) => f.name === FAMILY)).toBe(false);
    // The copy with the family was never made: making it now copies every clause, polling at each.
    const poll = vi.fn();
    classSearchInstance(instance, 'clauses', poll);
    expect(poll.mock.calls.length).toBeGreaterThanOrEqual(instance.cnf.clauseCount);
  });

  it('a SAT solver still searches the formula with the family', async () => {
    const instance = fresh();
    const plan = (await resolvePlan(instance, { verb: 'enumerate', unique: true, limit: 1 })) as EnumeratePlan;
    expect(searchedInstance(plan).cnf.families.some((f) => f.name === FAMILY)).toBe(true);
  });
});
