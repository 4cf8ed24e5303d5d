import { describe, expect, it, vi } from 'vitest';
import { PENTOMINOES, pentomino, polyomino } from '../encoders/polyomino.js';
import { Family } from '../src/core/cnf.js';
import { countInThreads } from '../src/count-threads.js';
import { classTerms } from '../src/count/burnside.js';
import { countCnf } from '../src/count/cnf.js';
import { countPuzzle } from '../src/count/count.js';
import { DEFAULT_MAX_BYTES, POLL_NODES, Stopped, UnitRunner, repeatedSetUp } from '../src/count/engine.js';
import { runCount } from '../src/count/exact-cover.js';
import * as problem from '../src/count/problem.js';
import { countInstance, itemOrderOf } from '../src/count/solutions.js';
import { count } from '../src/index.js';
import { breakingPlan } from '../src/symmetry/breaking.js';
import { DeadlineReached, type SetUpRunner, setSetUpRunner } from '../src/core/limits.js';

vi.mock('../src/count/problem.js', async (importOriginal) => {
  const original = await importOriginal<typeof problem>();
  return { ...original, compileProblem: vi.fn(original.compileProblem) };
});

vi.mock('../src/count/burnside.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/count/burnside.js')>();
  return { ...original, classTerms: vi.fn(original.classTerms) };
});

/** The sweep's engines built, counted: building one is 0.36 s of a board of 24 pieces. */
const sweepEngines = vi.hoisted(() => ({ built: 0 }));
vi.mock('../src/count/sweep.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/count/sweep.js')>();
  class SweepCounter extends original.SweepCounter {
    constructor(...args: ConstructorParameters<typeof original.SweepCounter>) {
      super(...args);
      sweepEngines.built++;
    }
  }
  return { ...original, SweepCounter };
});

/**
 * A press at the nth poll: inside a set-up the CLI's runner (interruptibleSetUp) has V8 end the work, outside it the handler
 * has its turn; the stop is heard from then on. `cut` tells whether the runner ended a set-up. With `handlerWaits`, a press
 * outside a set-up is heard as the CLI's handler hears it: once the event loop has had a turn, which synchronous work gives
 * it none of, or as the runner of the next set-up starts (it lets the loop turn first). `after` is the polls made after the press.
 */
function pressAt(n: number, { handlerWaits = false } = {}) {
  const press = new Error('Ctrl-C');
  let polls = 0;
  let pressed = false;
  let inSetUp = false;
  let cut = false;
  const runner: SetUpRunner = async (work) => {
    if (handlerWaits) {
      await new Promise((resolve) => setImmediate(resolve));
      if (pressed) throw new DeadlineReached('Ctrl-C before the set-up');
    }
    inSetUp = true;
    try {
      return work();
    } catch (e) {
      if (e !== press) throw e;
      cut = true;
      throw new DeadlineReached('Ctrl-C while building the formula');
    } finally {
      inSetUp = false;
    }
  };
  const shouldStop = () => {
    if (++polls === n) {
      if (inSetUp || !handlerWaits) pressed = true;
      else setImmediate(() => (pressed = true));
      if (inSetUp) throw press;
    }
    return pressed;
  };
  return { runner, shouldStop, cut: () => cut, after: () => Math.max(0, polls - n) };
}

/**
 * A count hears its stop (--timeout, Ctrl-C, the library's signal) while it
 * is set up, before its search: Burnside's terms (the group's closure and
 * each symmetry's restricted rows: 2.4 s of a 20x20 board past a --timeout
 * of 1), the CNF counter's arrays (4 to 7 s of a formula of 2.8 million
 * clauses) and the formula with the symmetry-breaking family that classes by
 * clauses count (a copy of the whole formula). Stopped there, the count is
 * incomplete, with the units a resumed file holds as its lower bound.
 */
describe('a count stopped while it is set up', () => {
  const compile = vi.mocked(problem.compileProblem);

  it("builds no class term's rows before they are read, and polls while it builds them", () => {
    const poll = vi.fn();
    const terms = classTerms(pentomino({ preset: '6x10' }), true, poll);
    const set = poll.mock.calls.length;
    expect(terms[0]!.problem.rows.length).toBeGreaterThan(0);
    expect(poll.mock.calls.length).toBeGreaterThan(set);
  });

  it("polls while it works out the terms: the symmetries' action on the rows and the symmetry-breaking plan (regression: neither polled, 1.5 s of a 25x25 board past a --timeout)", () => {
    const told = () => {
      throw new Stopped();
    };
    // A fresh instance each: the plan is kept per instance once worked out.
    expect(() => breakingPlan(pentomino({ preset: '6x10' }), told)).toThrow(Stopped);
    const instance = pentomino({ preset: '6x10' });
    const steps = vi.fn();
    breakingPlan(instance, steps);
    expect(steps).toHaveBeenCalled();
    // The plan is worked out already: what polls now is the symmetries' action on the rows.
    expect(() => classTerms(instance, true, told)).toThrow(Stopped);
    expect(() => classTerms(pentomino({ preset: '6x10' }), false, told)).toThrow(Stopped);
  });

  it('a count of classes stopped at once works out no term, unless a resumed file holds units, which it reports by their terms', async () => {
    compile.mockClear();
    const instance = pentomino({ preset: '5x12' });
    // Burnside's, how many terms not known (regression: "Burnside (stopped before its terms were worked out)", unlike every count not begun).
    expect(await countInstance(instance, { unique: true, shouldStop: () => true })).toMatchObject({
      count: 0n,
      complete: false,
      terms: [],
      method: 'Burnside (not begun)',
    });
    const finished = new Map<string, Map<string, bigint>>();
    const whole = await countInstance(instance, {
      unique: true,
      onUnit: (term, _strategy, u) => finished.set(term, (finished.get(term) ?? new Map()).set(u.unit, u.count)),
    });
    compile.mockClear();
    const resumed = await countInstance(pentomino({ preset: '5x12' }), { unique: true, finished, shouldStop: () => true });
    expect(compile).not.toHaveBeenCalled();
    expect(resumed).toMatchObject({ count: whole.count, complete: false });
    expect(resumed.terms.map((t) => t.key)).toEqual(whole.terms.map((t) => t.key));
  });

  it("a resumed count sets its terms up once, for the check of its file's records and for the count (regression: twice, 0.6 s more of a finished 6x10 resume)", async () => {
    const finished = new Map<string, Map<string, bigint>>();
    compile.mockClear();
    const whole = await countPuzzle(pentomino({ preset: '5x12' }), {
      unique: true,
      onUnit: (u) => finished.set(u.term, (finished.get(u.term) ?? new Map<string, bigint>()).set(u.unit, u.count)),
    });
    const compiles = compile.mock.calls.length;
    // The units of half the terms on file, the first of each due for its recount: the check compiles those terms, the count all.
    const kept = new Map([...finished].slice(0, Math.ceil(finished.size / 2)));
    const recheck = new Map([...kept].map(([term, units]) => [term, new Set([units.keys().next().value!])]));
    compile.mockClear();
    vi.mocked(classTerms).mockClear();
    const resumed = await countPuzzle(pentomino({ preset: '5x12' }), { unique: true, finished: kept, recheck });
    expect({
      count: resumed.count,
      complete: resumed.complete,
      classTerms: vi.mocked(classTerms).mock.calls.length,
      compiles: compile.mock.calls.length,
    }).toEqual({
      count: whole.count,
      complete: true,
      classTerms: 1,
      compiles,
    });
  });

  it('builds and compiles no term once the stop comes after the count began, while the group is checked', async () => {
    compile.mockClear();
    let polls = 0;
    // The set-up's first poll (the symmetries' action on the rows) says go; the next, as the terms are worked out or the group checked, says stop.
    const result = await countInstance(pentomino({ preset: '6x10' }), { unique: true, shouldStop: () => ++polls > 1 });
    expect(compile).not.toHaveBeenCalled();
    expect(result).toMatchObject({ count: 0n, complete: false });
    expect(result.terms.every((t) => !t.complete && t.rows === undefined)).toBe(true);
  });

  it('on threads, compiles no term and starts no thread when stopped at once, and reports the units its resumed file holds', async () => {
    compile.mockClear();
    const instance = pentomino({ preset: '5x12' });
    const finished = new Map<string, Map<string, bigint>>();
    const whole = await countInstance(instance, {
      unique: true,
      onUnit: (term, _strategy, u) => finished.set(term, (finished.get(term) ?? new Map()).set(u.unit, u.count)),
    });
    compile.mockClear();
    const plan = { puzzle: 'pentomino', args: { preset: '5x12' }, unique: true, uniqueBy: undefined, maxBytes: DEFAULT_MAX_BYTES };
    // A script that does not exist: a thread started would fail the count.
    const stopped = await countInThreads(
      plan,
      2,
      new URL('file:///nonexistent/count-thread.mjs'),
    )(instance, { unique: true, finished, shouldStop: () => true });
    expect(compile).not.toHaveBeenCalled();
    expect(stopped).toMatchObject({ count: whole.count, complete: false });
  });

  it("a press the front end hears by cutting the set-up short (the CLI's Ctrl-C, which no poll hears inside synchronous work) ends the count incomplete, as a stop its poll hears (regression: heard only once the terms were set up)", async () => {
    const plan = { puzzle: 'pentomino', args: { preset: '6x10' }, unique: true, uniqueBy: undefined, maxBytes: DEFAULT_MAX_BYTES };
    try {
      // A fresh instance each (what is worked out is kept per instance): polls 1 to 3 work out the terms, 5 and 6 check the group and build the first term's rows (on threads, every term's).
      for (const n of [1, 2, 3, 5, 6]) {
        compile.mockClear();
        const alone = pressAt(n);
        setSetUpRunner(alone.runner);
        expect(
          await countInstance(pentomino({ preset: '6x10' }), { unique: true, shouldStop: alone.shouldStop }),
          `press at poll ${n}`,
        ).toMatchObject({
          count: 0n,
          complete: false,
        });
        expect(alone.cut(), `press at poll ${n}: in the set-up`).toBe(true);
        const threaded = pressAt(n);
        setSetUpRunner(threaded.runner);
        // A script that does not exist: a thread started would fail the count.
        const onThreads = await countInThreads(
          plan,
          2,
          new URL('file:///nonexistent/count-thread.mjs'),
        )(pentomino({ preset: '6x10' }), {
          unique: true,
          shouldStop: threaded.shouldStop,
        });
        expect(onThreads, `press at poll ${n}, on threads`).toMatchObject({ count: 0n, complete: false });
        expect(threaded.cut(), `press at poll ${n} on threads: in the set-up`).toBe(true);
      }
    } finally {
      setSetUpRunner(async (work) => work());
    }
  });

  it('a press while the count is cut into units ends it there, the cut unfinished (regression: the cut ran plainly to its end, 2 s of MRV on a 20x20 board of 80 I pentominoes, and the press was heard after it)', async () => {
    const instance = pentomino({ preset: '6x10' });
    const p = problem.compileProblem(instance.exactCover!, itemOrderOf(instance));
    // The cut is past its plain time (0 ms) at its first poll, and starts again in the runner: the press comes at its 50th poll, early in it.
    const pressed = pressAt(50, { handlerWaits: true });
    setSetUpRunner(pressed.runner);
    try {
      const run = await runCount(p, { strategy: 'mrv', shouldStop: pressed.shouldStop, units: new UnitRunner(0), setUp: new UnitRunner(0) });
      expect({ ...run, cut: pressed.cut(), pollsAfter: pressed.after() }).toMatchObject({
        count: 0n,
        complete: false,
        units: 0,
        nodes: 0,
        cut: true,
        pollsAfter: 0,
      });
    } finally {
      setSetUpRunner(async (work) => work());
    }
  });

  it("a press during auto's trial of counting by parts ends the count there, the trial deciding nothing (regression: the trial ran plainly to its end, 8 s on a board of 24 pentominoes, and the press was heard after it)", async () => {
    // Two 5x6 rectangles: the trial lists their fillings in about 160 thousand nodes, 10 polls. Past its plain time (0 ms) at its
    // first poll (the 2nd of the count), it starts again in the runner, where the press comes at the count's 6th poll.
    const instance = polyomino({ board: '.....#...../.....#...../.....#...../.....#...../.....#...../.....#.....', pieces: PENTOMINOES });
    const pressed = pressAt(6, { handlerWaits: true });
    setSetUpRunner(pressed.runner);
    sweepEngines.built = 0;
    try {
      const result = await countInstance(instance, { shouldStop: pressed.shouldStop, plainUnitMs: 0 });
      expect({
        count: result.count,
        complete: result.complete,
        strategy: result.terms[0]!.strategy,
        cut: pressed.cut(),
        pollsAfter: pressed.after(),
        // The stop is heard before the engine the trial chose is built (regression: built, then left unused).
        engines: sweepEngines.built,
      }).toEqual({
        count: 0n,
        complete: false,
        strategy: 'sweep',
        cut: true,
        // One poll after the press: the one that hears it, before the engine is built.
        pollsAfter: 1,
        engines: 0,
      });
    } finally {
      setSetUpRunner(async (work) => work());
    }
  });

  /** `size` clauses x_k ∨ x_(k+1), handed over one at a time, counting how many were taken. */
  const chain = (size: number) => {
    const taken = { clauses: 0 };
    function* clauses() {
      for (let k = 1; k <= size; k++) {
        taken.clauses++;
        yield [k, k + 1];
      }
    }
    return { input: { varCount: size + 1, clauses: clauses() }, taken };
  };

  it("CNF counter: reads no more of the formula than a poll's worth past the stop, and counts the resumed file's units", async () => {
    const atOnce = chain(100_000);
    const finished = new Map([['1', 5n]]);
    expect(await countCnf(atOnce.input, { shouldStop: () => true, finished })).toMatchObject({ count: 5n, complete: false, nodes: 0 });
    expect(atOnce.taken.clauses).toBeLessThanOrEqual(POLL_NODES);
    const midway = chain(100_000);
    expect(await countCnf(midway.input, { shouldStop: () => midway.taken.clauses >= 30_000 })).toMatchObject({ count: 0n, complete: false });
    expect(midway.taken.clauses).toBeLessThanOrEqual(30_000 + POLL_NODES);
  });

  /** `width` clauses y_1 ∨ … ∨ y_width ∨ z_j, then the units ¬y_i, handed over one at a time, counting how many were taken. */
  const wide = (width: number) => {
    const taken = { clauses: 0 };
    function* clauses() {
      for (let j = 1; j <= width; j++) {
        taken.clauses++;
        yield [...Array.from({ length: width }, (_, i) => i + 1), width + j];
      }
      for (let i = 1; i <= width; i++) {
        taken.clauses++;
        yield [-i];
      }
    }
    return { input: { varCount: 2 * width, clauses: clauses() }, taken };
  };

  it("CNF counter: reads a poll's worth of literals past the stop, however long the clauses (regression: a poll every 16,384 clauses, 5 s of 6,000 clauses of 3,000 literals)", async () => {
    const midway = wide(1000);
    expect(await countCnf(midway.input, { shouldStop: () => midway.taken.clauses >= 100 })).toMatchObject({ complete: false, nodes: 0 });
    expect(midway.taken.clauses).toBeLessThanOrEqual(100 + Math.ceil(POLL_NODES / 1000));
  });

  it("CNF counter: hears a stop within the first propagation of the formula's units (regression: it propagated them to the end, then counted)", async () => {
    // Propagating the units moves each long clause's watch along all its y's: two literals' watches, a million literals scanned each.
    const width = 1000;
    expect(await countCnf(wide(width).input)).toMatchObject({ count: 1n, complete: true });
    // The search's polls (its first is the propagation's) tick the progress, the set-up's do not: the first tick says stop.
    let ticked = false;
    const stopped = await countCnf(wide(width).input, { shouldStop: () => ticked, onTick: () => (ticked = true) });
    expect(stopped).toMatchObject({ count: 0n, complete: false, nodes: 0, units: 0 });
    // Within a literal's watches, not between two literals: a poll a POLL_NODES of literals scanned.
    let ticks = 0;
    await countCnf(wide(width).input, { onTick: () => ticks++ });
    expect(ticks).toBeGreaterThanOrEqual((width * width) / POLL_NODES);
  });

  it('classes by clauses: the copy of the formula that takes the symmetry-breaking family stops at the signal', async () => {
    const instance = pentomino({ preset: '6x10' });
    const clauses = instance.cnf.clauseCount;
    const controller = new AbortController();
    let added = 0;
    const add = Family.prototype.add;
    // The signal is aborted by the 1000th clause the count adds: the copy is under way.
    const spy = vi.spyOn(Family.prototype, 'add').mockImplementation(function (this: Family, ...args: Parameters<Family['add']>) {
      if (++added === 1000) controller.abort();
      return add.apply(this, args);
    });
    try {
      const result = await count(instance, { unique: true, uniqueBy: 'clauses', signal: controller.signal });
      expect(result).toMatchObject({ complete: false, stopped: 'stopped', count: 0n });
    } finally {
      spy.mockRestore();
    }
    expect(added).toBeLessThanOrEqual(1000 + POLL_NODES);
    expect(added).toBeLessThan(clauses);
  });

  /**
   * The polls of a count's set-up: all but the last (`searches` false: a formula that propagation settles, whose
   * propagation is the whole count but the look at the stop before its one unit), else those before the search's
   * first, which ticks the progress as the set-up's do not (and stops it there).
   */
  const setUpPolls = async (run: CountRun, searches: boolean): Promise<number> => {
    let polls = 0;
    let searching = false;
    await run(
      () => searching || (polls++, false),
      () => (searching = searches),
    );
    return searches ? polls : polls - 1;
  };
  type CountRun = (shouldStop: () => boolean, onTick?: () => void) => Promise<{ count: bigint; complete: boolean; nodes: number }>;

  it("CNF counter and classes by clauses: a press the front end hears by cutting the set-up short ends the count incomplete, nothing counted (regression: the counter's arrays, the propagation of the formula's units and the copy of the formula with the symmetry-breaking family ran plainly, and the CLI's Ctrl-C was heard only once they were done)", async () => {
    const runs: [string, CountRun, boolean][] = [
      ['a formula', (shouldStop, onTick) => countCnf(chain(100_000).input, { shouldStop, onTick }), true],
      ["a formula's units propagated", (shouldStop, onTick) => countCnf(wide(1000).input, { shouldStop, onTick }), false],
      // A fresh puzzle each: the family's plan and the copy are kept per instance once made.
      [
        'classes by clauses',
        (shouldStop, onTick) => countPuzzle(pentomino({ preset: '6x10' }), { unique: true, uniqueBy: 'clauses', shouldStop, onTick }),
        true,
      ],
    ];
    try {
      for (const [what, run, searches] of runs) {
        const polls = await setUpPolls(run, searches);
        expect(polls, `${what}: polls in its set-up`).toBeGreaterThan(1);
        // Its first poll (the family's plan, the counter's clauses read), one midway and its last.
        for (const n of [1, Math.ceil(polls / 2), polls]) {
          const pressed = pressAt(n);
          setSetUpRunner(pressed.runner);
          expect(await run(pressed.shouldStop), `${what}, press at poll ${n}`).toMatchObject({ count: 0n, complete: false, nodes: 0 });
          expect(pressed.cut(), `${what}, press at poll ${n}: in the set-up`).toBe(true);
        }
      }
    } finally {
      setSetUpRunner(async (work) => work());
    }
  });
});

describe('a count tells a stop in its set-up from one in its search', () => {
  // count --timeout says which (timedOutUnitless): a set-up longer than the timeout counts nothing on any resume under it.
  const puzzle = () => polyomino({ board: '4x4', pieces: 'D2*8' });

  // On worker threads the flag is the threads' runs' (countInThreads); the threads run the built worker, which tests of the sources cannot start.
  it('the exact-cover counter', async () => {
    expect(await countPuzzle(puzzle(), { shouldStop: () => true })).toMatchObject({ complete: false, searched: false });
    let finished = 0;
    const stopped = await countPuzzle(puzzle(), { shouldStop: () => finished > 0, onUnit: () => finished++ });
    expect(stopped).toMatchObject({ complete: false, searched: true });
  });

  it('the CNF counter: in its arrays, before its units, and in its units', async () => {
    expect(await countPuzzle(puzzle(), { method: 'cnf', shouldStop: () => true })).toMatchObject({ complete: false, searched: false });
    // The arrays built (their poll asks once), the stop heard before the first unit.
    let asked = 0;
    const beforeUnits = await countPuzzle(puzzle(), { method: 'cnf', shouldStop: () => ++asked > 1 });
    expect(beforeUnits).toMatchObject({ complete: false, searched: false, nodes: 0 });
    let finished = 0;
    const stopped = await countPuzzle(puzzle(), { method: 'cnf', shouldStop: () => finished > 0, onUnit: () => finished++ });
    expect(stopped).toMatchObject({ complete: false, searched: true });
    expect(await countPuzzle(puzzle(), { method: 'cnf' })).toMatchObject({ count: 36n, complete: true, searched: true });
  });
});

describe("a count's repeated set-up steps (each term's rows)", () => {
  it("go through the front end's runner until one is quick, then run plainly (regression: the CLI runner's grace after each of Hexiamonds6x6's 79 quick terms made the count's wall time half as long again)", async () => {
    let runs = 0;
    setSetUpRunner(async (work) => {
      runs++;
      return work();
    });
    try {
      for (const [stepMs, throughRunner] of [
        [1, 1],
        [200, 5],
      ] as const) {
        runs = 0;
        let clock = 0;
        const setUp = repeatedSetUp(() => clock);
        for (let k = 0; k < 5; k++)
          expect(
            await setUp(() => {
              clock += stepMs;
              return k;
            }),
          ).toBe(k);
        expect(runs, `steps of ${stepMs} ms`).toBe(throughRunner);
        // A stop its poll hears ends a step the same way, run plainly or not.
        expect(
          await setUp(() => {
            throw new Stopped();
          }),
        ).toBeUndefined();
      }
    } finally {
      setSetUpRunner(async (work) => work());
    }
  });
});
