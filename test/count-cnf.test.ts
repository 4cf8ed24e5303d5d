import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMO_ENCODINGS, CARD_ENCODINGS, atMostK, atMostOne } from '../src/card/index.js';
import { Cnf } from '../src/core/cnf.js';
import { seededRandom } from '../src/core/random.js';
import { MemoryBoundExceeded } from '../src/count/engine.js';
import { cacheKey, countCnf } from '../src/count/cnf.js';
import { polyomino } from '../encoders/polyomino.js';
import { geniusSquare } from '../encoders/genius-square.js';
import { countInstance } from '../src/count/solutions.js';
import { type DimacsFormula, parseDimacs } from '../src/core/dimacs.js';
import { Formula, count, exactlyOne } from '../src/index.js';

const clausesOf = (f: DimacsFormula): number[][] => Array.from(f.ends, (end, k) => Array.from(f.lits.subarray(k ? f.ends[k - 1]! : 0, end)));

/** Assignments of the projection (every variable when it is absent; none, one empty assignment, when empty) that extend to a model, by trying them all. */
function bruteForce(varCount: number, clauses: readonly number[][], projection: readonly number[] | undefined): bigint {
  const shown = projection ?? Array.from({ length: varCount }, (_, i) => i + 1);
  const hidden = Array.from({ length: varCount }, (_, i) => i + 1).filter((v) => !shown.includes(v));
  const satisfies = (value: boolean[]) => clauses.every((c) => c.some((lit) => value[Math.abs(lit)] === lit > 0));
  let count = 0n;
  for (let a = 0; a < 2 ** shown.length; a++) {
    const value = new Array<boolean>(varCount + 1).fill(false);
    shown.forEach((v, k) => (value[v] = (a & (1 << k)) !== 0));
    let extends_ = false;
    for (let b = 0; b < 2 ** hidden.length && !extends_; b++) {
      hidden.forEach((v, k) => (value[v] = (b & (1 << k)) !== 0));
      extends_ = satisfies(value);
    }
    if (extends_) count++;
  }
  return count;
}

function randomFormula(random: () => number): { varCount: number; clauses: number[][]; projection?: number[] } {
  const varCount = 1 + Math.floor(random() * 11);
  const clauses = Array.from({ length: Math.floor(random() * 3 * varCount) }, () =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => (1 + Math.floor(random() * varCount)) * (random() < 0.5 ? -1 : 1)),
  );
  const projection = random() < 0.5 ? undefined : Array.from({ length: varCount }, (_, i) => i + 1).filter(() => random() < 0.6);
  return { varCount, clauses, projection };
}

describe('CNF model counter', () => {
  it('counts what brute force counts on random formulas, projected or not', async () => {
    const random = seededRandom(1923);
    for (let round = 0; round < 400; round++) {
      const f = randomFormula(random);
      // No projection means every variable; a projection that picked none counts 1 or 0, by brute force too.
      const expected = bruteForce(f.varCount, f.clauses, f.projection);
      const result = await countCnf(f);
      expect(result.count, `round ${round}: ${JSON.stringify(f)}`).toBe(expected);
      expect(result.complete).toBe(true);
    }
  });

  it('counts what brute force counts on every formula fast-check draws (shrunk to the smallest failing one)', async () => {
    const formula = fc.integer({ min: 1, max: 9 }).chain((varCount) => {
      const literal = fc.integer({ min: 1, max: varCount }).chain((v) => fc.constantFrom(v, -v));
      return fc.record({
        varCount: fc.constant(varCount),
        clauses: fc.array(fc.array(literal, { minLength: 0, maxLength: 4 }), { maxLength: 3 * varCount }),
        projection: fc.subarray(Array.from({ length: varCount }, (_, i) => i + 1)),
      });
    });
    await fc.assert(
      fc.asyncProperty(formula, async (f) => {
        const result = await countCnf(f);
        expect(result.complete).toBe(true);
        expect(result.count).toBe(bruteForce(f.varCount, f.clauses, f.projection));
      }),
      { numRuns: 300, seed: 23 },
    );
  });

  it('a unit undone at its time limit and counted again (as the CLI does to hear Ctrl-C) gives the same count, nodes and memo figures as one counted straight through', async () => {
    // Random 3-CNF, 75 variables and 225 clauses: a unit polls the stop, and a limit of 0 ms undoes the first that does (the
    // units after it, slow, go to the runner at once). Without the undoing, 20 more nodes and lookups. (The watches stay as the
    // undone run moved them; on other formulas that may reorder a few steps.)
    const random = seededRandom(75);
    const lit = () => (1 + Math.floor(random() * 75)) * (random() < 0.5 ? -1 : 1);
    const formula = { varCount: 75, clauses: Array.from({ length: 225 }, () => [lit(), lit(), lit()]) };
    const figures = ({ count, complete, nodes, units, cache, redone }: Awaited<ReturnType<typeof countCnf>>) => ({
      count,
      complete,
      nodes,
      units,
      cache,
      redone,
    });
    const straight = figures(await countCnf(formula, { plainUnitMs: Infinity }));
    expect(straight).toMatchObject({ count: 358_719_430n, complete: true, redone: undefined });
    expect(figures(await countCnf(formula, { plainUnitMs: 0 }))).toEqual({ ...straight, redone: 1 });
  });

  it('counts 2^n for the empty formula, 0 for an empty clause and for x ∧ ¬x', async () => {
    expect((await countCnf({ varCount: 70, clauses: [] })).count).toBe(2n ** 70n);
    expect((await countCnf({ varCount: 3, clauses: [[]] })).count).toBe(0n);
    expect((await countCnf({ varCount: 3, clauses: [[1], [-1]] })).count).toBe(0n);
    expect((await countCnf({ varCount: 3, clauses: [[1, -1]] })).count).toBe(8n);
  });

  it('multiplies components that a decision splits apart and that meet again under the other value', async () => {
    // x = 1 frees two chains a1..a4 and b1..b4 (5 models each: ¬a_i ∨ a_{i+1}); x = 0 ties them by a_i ∨ b_i.
    const a = [2, 3, 4, 5];
    const b = [6, 7, 8, 9];
    const clauses: number[][] = [];
    for (const chain of [a, b]) for (let i = 0; i + 1 < chain.length; i++) clauses.push([-chain[i]!, chain[i + 1]!]);
    for (let i = 0; i < 4; i++) clauses.push([1, a[i]!, b[i]!]);
    const expected = bruteForce(9, clauses, undefined);
    const result = await countCnf({ varCount: 9, clauses });
    expect(result.count).toBe(expected);
    expect(result.count).toBe(25n + bruteForce(9, [...clauses, [-1]], undefined));
  });

  it('projects away auxiliary variables: at most one of n is n + 1 models and at most k is the binomial sum, in every encoding', async () => {
    for (const encoding of AMO_ENCODINGS.map((e) => e.name)) {
      for (const n of [1, 2, 5, 9]) {
        const f = new Cnf();
        const lits = Array.from({ length: n }, (_, i) => f.vars.named(`x${i}`));
        f.family('amo', 'test');
        atMostOne(f, lits, encoding as never, 'x');
        f.projection = lits;
        expect((await countCnf({ varCount: f.varCount, clauses: f.clauses(), projection: f.projection })).count, `${encoding} n=${n}`).toBe(
          BigInt(n + 1),
        );
      }
    }
    const binomial = (n: number, k: number): number => (k === 0 ? 1 : (binomial(n, k - 1) * (n - k + 1)) / k);
    for (const encoding of CARD_ENCODINGS.map((e) => e.name)) {
      const f = new Cnf();
      const lits = Array.from({ length: 8 }, (_, i) => f.vars.named(`x${i}`));
      f.family('card', 'test');
      atMostK(f, lits, 3, encoding as never, 'x');
      f.projection = lits;
      const expected = [0, 1, 2, 3].reduce((s, k) => s + binomial(8, k), 0);
      expect((await countCnf({ varCount: f.varCount, clauses: f.clauses(), projection: lits })).count, encoding).toBe(BigInt(expected));
    }
  });

  it('counts the domino tilings of 2n x 2n boards, a puzzle with copies (OEIS A004003: 2, 36, 6728), through the library', async () => {
    for (const [n, tilings] of [
      [2, 2n],
      [4, 36n],
      [6, 6728n],
    ] as const) {
      // The exact-cover counter takes copies too (count-copies.test.ts); the formula is counted when asked.
      const result = await count(polyomino({ board: `${n}x${n}`, pieces: `D2*${(n * n) / 2}` }), { method: 'cnf' });
      expect(result, `${n}x${n}`).toMatchObject({ count: tilings, complete: true, counter: 'cnf' });
    }
  }, 600_000);

  it('counts a hand-written formula through the library on its named variables, auxiliary ones projected away', async () => {
    const f = new Formula();
    const names = ['a', 'b', 'c', 'd', 'e'].map((x) => f.vars.id(x));
    exactlyOne(f, names, { encoding: 'sequential' });
    expect(f.varCount).toBeGreaterThan(names.length);
    expect(await count(f)).toMatchObject({ count: 5n, complete: true, counter: 'cnf' });
  });

  it('says how far a stopped count got: done is the last share reported, below 1; a complete count is done 1', async () => {
    for (const method of ['exact-cover', 'cnf'] as const) {
      const puzzle = polyomino({ board: '10x6', pieces: 'F,I,L,N,P,T,U,V,W,X,Y,Z' });
      const controller = new AbortController();
      let last = 0;
      const stopped = await count(puzzle, {
        method,
        strategy: method === 'exact-cover' ? 'mrv' : undefined,
        signal: controller.signal,
        onProgress: (fraction) => {
          last = fraction;
          if (fraction >= 0.05) controller.abort();
        },
      });
      expect(stopped.complete, method).toBe(false);
      expect(stopped.done, method).toBe(last);
      expect(stopped.done, method).toBeGreaterThanOrEqual(0.05);
      expect(stopped.done, method).toBeLessThan(1);
    }
    expect(await count(polyomino({ board: '4x4', pieces: 'D2*8' }), { method: 'cnf' })).toMatchObject({ count: 36n, complete: true, done: 1 });
  }, 600_000);

  it('reports a share done that never goes back when a node falls into independent components (regression: each component was searched as if it were the whole node, the share going back to its start at the next one)', async () => {
    /** `m` random 3-clauses over variables base+1 .. base+n. */
    const block = (base: number, n: number, m: number, seed: number): number[][] => {
      let s = seed;
      const random = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
      return Array.from({ length: m }, () => Array.from({ length: 3 }, () => (base + 1 + Math.floor(random() * n)) * (random() < 0.5 ? -1 : 1)));
    };
    // A small block whose decisions cut the count into units, beside two large ones each unit meets as two components.
    const clauses = [...block(0, 10, 20, 3), ...block(10, 50, 150, 1), ...block(60, 50, 150, 2)];
    const fractions: number[] = [];
    // No unit is undone at a time limit and counted again (which starts its share over): the sequence is the search's alone.
    const result = await countCnf({ varCount: 110, clauses }, { plainUnitMs: Infinity, onTick: (f) => fractions.push(f) });
    expect(result.complete).toBe(true);
    expect(fractions.length).toBeGreaterThan(20);
    expect(fractions.filter((f, k) => k > 0 && f < fractions[k - 1]!)).toEqual([]);
  });

  it("counts a puzzle's formula as the exact-cover counter counts the puzzle", async () => {
    const puzzles = [
      polyomino({ board: '10x3', pieces: 'P,U,V,L,Y,N' }),
      polyomino({ board: '5x4', pieces: 'I4,L4,T4,S4,O4' }),
      geniusSquare({ roll: 'A3,A5,C3,C6,D1,D5,F1' }),
    ];
    for (const instance of puzzles) {
      const cnf = instance.cnf;
      const models = await countCnf({ varCount: cnf.varCount, clauses: cnf.clauses(), projection: cnf.projection });
      expect(models.count).toBe(BigInt((await countInstance(instance)).count));
    }
  }, 600_000);

  it('counts classes by clauses in fewer nodes than all solutions: the symmetry-breaking chain does not lead its branching (regression: more nodes than all solutions here; pentomino 3x20 ran past 10 minutes)', async () => {
    // The lex-leader chain's clauses hold auxiliaries, and had they counted, each of its 564 positions on 3x20 would have
    // outweighed the cells a placement covers: the search went by the chain's order instead of the most constrained cell.
    const puzzle = () => polyomino({ board: '6x5', pieces: 'F,L,N,P,U,Y' });
    const all = await count(puzzle(), { method: 'cnf' });
    const classes = await count(puzzle(), { method: 'cnf', unique: true });
    expect(all).toMatchObject({ count: 40n, complete: true });
    expect(classes).toMatchObject({ count: BigInt((await countInstance(puzzle(), { unique: true })).count), complete: true });
    expect(classes.nodes).toBeLessThan(all.nodes);
  }, 600_000);

  it('stops with a lower bound marked incomplete and resumes from the finished cubes', async () => {
    const random = seededRandom(5);
    const clauses = Array.from({ length: 40 }, () => Array.from({ length: 3 }, () => (1 + Math.floor(random() * 22)) * (random() < 0.5 ? -1 : 1)));
    const formula = { varCount: 22, clauses };
    const whole = await countCnf(formula);
    const finished = new Map<string, bigint>();
    let cubes = 0;
    const first = await countCnf(formula, { shouldStop: () => cubes >= 10, onUnit: (u) => (cubes++, finished.set(u.unit, u.count)) });
    expect(first.complete).toBe(false);
    expect(first.count).toBeLessThanOrEqual(whole.count);
    const rest = await countCnf(formula, { finished });
    expect(rest).toMatchObject({ count: whole.count, complete: true, resumed: 10 });
    // Regression: a resume stopped at once (count FILE.cnf --resume --timeout 1) reported 0, its file's finished units left out.
    const later = new Map([...finished].slice(3));
    const recorded = [...later.values()].reduce((a, b) => a + b, 0n);
    expect(await countCnf(formula, { finished: later, shouldStop: () => true })).toMatchObject({ count: recorded, complete: false });
  });

  it('reads the projection from c p show (Model Counting Competition), c ind and c project lines alike', async () => {
    // x1 ∨ x2 ∨ x3 with x3 hidden: every assignment of x1, x2 extends (x3 = 1), so 4; over all three variables, 7.
    for (const directive of ['c p show 1 2 0', 'c ind 1 2 0', 'c project 1 2 0', 'c p  show 1 0\nc p show 2 0']) {
      const f = parseDimacs(`p cnf 3 1\n${directive}\n1 2 3 0\n`);
      expect(f.projection, directive).toEqual([1, 2]);
      expect((await countCnf({ varCount: f.vars, clauses: clausesOf(f), projection: f.projection })).count, directive).toBe(4n);
    }
    const all = parseDimacs('p cnf 3 1\n1 2 3 0\n');
    expect((await countCnf({ varCount: all.vars, clauses: clausesOf(all), projection: all.projection })).count).toBe(7n);
  });

  it('counts a chain deeper than the call stack: x1 ∨ x2, x2 ∨ x3, ... has Fibonacci many models (regression: 5,000 clauses overflowed the stack)', async () => {
    const n = 4000;
    const clauses = Array.from({ length: n - 1 }, (_, i) => [i + 1, i + 2]);
    // Assignments of n variables with no two adjacent false: F(n + 2), F(1) = F(2) = 1.
    let [a, b] = [1n, 2n];
    for (let i = 1; i < n; i++) [a, b] = [b, a + b];
    expect((await countCnf({ varCount: n, clauses })).count).toBe(b);
  });

  it('counts a projection line that names no variable as a projection onto none: 1 model or 0 (regression: "c p show 0" counted every variable: 8 models of p cnf 3 0, not 1; then it was refused)', async () => {
    for (const directive of ['c p show 0', 'c ind 0', 'c project 0']) {
      const f = parseDimacs(`p cnf 3 0\n${directive}\n`, 'f.cnf');
      expect(f.projection, directive).toEqual([]);
      expect((await countCnf({ varCount: f.vars, clauses: clausesOf(f), projection: f.projection })).count, directive).toBe(1n);
      const unsat = parseDimacs(`p cnf 3 2\n${directive}\n1 0\n-1 0\n`, 'f.cnf');
      expect((await countCnf({ varCount: unsat.vars, clauses: clausesOf(unsat), projection: unsat.projection })).count, directive).toBe(0n);
    }
    // One empty line beside one that names variables is only a split list.
    expect(parseDimacs('p cnf 3 0\nc p show 0\nc p show 2 0\n', 'f.cnf').projection).toEqual([2]);
  });

  it('reads projection lines strictly (regressions: each gave a count nobody asked for, without a word)', () => {
    const read = (lines: string) => () => parseDimacs(`p cnf 3 1\n1 2 0\n${lines}`, 'f.cnf');
    // A bare line names no variable, as "c ind 0" does (it was taken for a plain comment, and every variable counted).
    for (const bare of ['c ind', 'c p show', 'c project', 'c ind '])
      expect(read(`${bare}\n`), bare).toThrow(new RegExp(`^f\\.cnf:3: "${bare.trim()}" names no variable and has no closing 0`));
    // Variables after the closing 0 (they were added to the set).
    expect(read('c ind 1 0 3\n')).toThrow(/^f\.cnf:3: "c ind" goes on after its closing 0: "3"/);
    // A line without its closing 0 (it was read as if it had one): GANAK's, ApproxMC's and the Model Counting Competition's
    // projection lines end in 0, a long set on several lines each ending in 0; one without it may be cut short.
    for (const kind of ['c ind', 'c p show', 'c project'])
      expect(read(`${kind} 1 2\n`), kind).toThrow(
        new RegExp(`^f\\.cnf:3: "${kind}" has no closing 0: a projection line ends in 0 \\("${kind} 1 2 0"\\)`),
      );
    expect(read('c ind 1 0\nc ind 2\n')).toThrow(/^f\.cnf:4: "c ind" has no closing 0/);
    // Our own `c aux` lines end in 0 alike (regression: one without it was read as if whole; a line cut short loses
    // variables, and with no projection line they count: 3 models of 1 v 2 over 1 and 2 would become 6 over 1, 2, 3).
    expect(read('c aux 3 0\n')().aux).toEqual(new Set([3]));
    expect(read('c aux 3\n')).toThrow(/^f\.cnf:3: "c aux" has no closing 0: a line of auxiliary variables ends in 0 \("c aux 3 0"\)$/);
    // Two kinds of line that name different sets (they were merged): which one a counter reads decides the count.
    expect(read('c ind 1 0\nc p show 3 0\n')).toThrow(/^f\.cnf:4: "c p show" names 3, but "c ind" \(line 3\) names 1: the projection lines disagree/);
    // The same set in each kind, split over lines, as encode writes it, is one projection.
    expect(read('c p show 2 1 0\nc ind 1 0\nc ind 2 0\nc project 1 2 0\n')().projection).toEqual([2, 1]);
    // "cind" is a comment like any other line that begins with c (it was read as a projection).
    expect(read('cind 3 0\n')().projection).toBeUndefined();
  });

  it('polls its caller by the work done, not only by nodes: every large split is followed by a poll (regression: --timeout 5 took 11 s)', async () => {
    // 8,600 random 3-clauses over 2,000 variables (the hard ratio, a search far longer than one poll's worth of nodes): one
    // split scans about 26,000 occurrences, more than the 16,384 nodes between two polls. The second poll says stop.
    const random = seededRandom(7);
    const v = () => (1 + Math.floor(random() * 2000)) * (random() < 0.5 ? 1 : -1);
    const clauses = Array.from({ length: 8600 }, () => [v(), v(), v()]);
    let polls = 0;
    const result = await countCnf({ varCount: 2000, clauses }, { shouldStop: () => ++polls > 1 });
    expect(result).toMatchObject({ complete: false, count: 0n });
    expect(polls).toBe(2);
    expect(result.nodes).toBeLessThanOrEqual(2);
  });

  it("stops at the memory bound when the search's path needs more, with the count so far (regression: the path went uncounted, 36 MB under a bound of 2 MiB)", async () => {
    // A chain x1 ∨ x2, x2 ∨ x3, ...: each decision leaves the rest of the chain, one component a level deeper, so that the
    // path holds the variables and keys of components of n, n - 1, ... variables: about 4 MB for 1,000 of them.
    const n = 1000;
    const clauses = Array.from({ length: n - 1 }, (_, i) => [i + 1, i + 2]);
    // No two neighbours false: Fibonacci's F(n + 2) models.
    let [a, b] = [1n, 2n];
    for (let i = 1; i < n; i++) [a, b] = [b, a + b];
    const bound = 2 * 2 ** 20;
    const bounded = await countCnf({ varCount: n, clauses }, { maxBytes: bound });
    expect(bounded.complete).toBe(false);
    expect(bounded.memory).toBeInstanceOf(MemoryBoundExceeded);
    expect(bounded.memory?.message).toMatch(
      /^the problem needs over \d+ MiB for its formula and the search's open components, beyond the bound of 2 MiB$/,
    );
    // The finished units' sum: a lower bound, never a wrong number.
    expect(bounded.count).toBeLessThan(b);
    expect(bounded.cache.bytes).toBeLessThanOrEqual(bound);
    // Given the memory, the same count finishes.
    expect(await countCnf({ varCount: n, clauses }, { maxBytes: 64 * 2 ** 20 })).toMatchObject({ complete: true, count: b });
    // The library's count says why it stopped.
    const f = new Formula();
    const x = Array.from({ length: n }, (_, i) => f.vars.id(`x${i + 1}`));
    for (let i = 0; i + 1 < n; i++) f.add([x[i]!, x[i + 1]!]);
    expect(await count(f, { maxMemory: bound })).toMatchObject({ complete: false, stopped: 'memory' });
  });

  it('refuses a formula beyond the memory bound', async () => {
    const clauses = Array.from({ length: 100_000 }, (_, i) => [1 + (i % 50), -(2 + (i % 49)), 3 + (i % 40)]);
    await expect(countCnf({ varCount: 60, clauses }, { maxBytes: 2_000_000 })).rejects.toThrow(MemoryBoundExceeded);
  });
});

describe("the CNF counter's memo key", () => {
  /** A component as the counter holds it: its variables (from 1) and its clause ids (from 0), each ascending and distinct. */
  const component = fc
    .record({
      vars: fc.uniqueArray(fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 2 ** 31 - 1 })), { maxLength: 12 }),
      clauses: fc.uniqueArray(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })), { maxLength: 12 }),
    })
    .map(({ vars, clauses }) => ({ vars: Int32Array.from(vars).sort(), clauses: Int32Array.from(clauses).sort() }));
  const same = (a: { vars: Int32Array; clauses: Int32Array }, b: { vars: Int32Array; clauses: Int32Array }) =>
    a.vars.join() === b.vars.join() && a.clauses.join() === b.clauses.join();

  it('names two components alike exactly when they are the same (a shared key would hand one the count of the other)', () => {
    fc.assert(fc.property(component, component, (a, b) => (cacheKey(a) === cacheKey(b)) === same(a, b)));
    // Where a variable list ends and the padding of an odd length: none of these may share a key.
    const edge = [
      { vars: [1], clauses: [] },
      { vars: [1], clauses: [0] },
      { vars: [1, 2], clauses: [] },
      { vars: [], clauses: [0] },
      { vars: [], clauses: [0, 1] },
      { vars: [128], clauses: [] },
      { vars: [1], clauses: [127] },
      { vars: [], clauses: [] },
    ].map(({ vars, clauses }) => cacheKey({ vars: Int32Array.from(vars), clauses: Int32Array.from(clauses) }));
    expect(new Set(edge).size).toBe(edge.length);
  });
});
