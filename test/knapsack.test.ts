import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { instanceOfDimacs } from '../encoders/index.js';
import { type Item, dominancePairs, knapsack } from '../encoders/knapsack.js';
import { dimacsString, parseDimacs } from '../src/core/dimacs.js';
import { VarPool } from '../src/core/vars.js';
import { enumerate, explain, maximize, puzzles, solve } from '../src/index.js';
import type { PbEncoding } from '../src/pb/index.js';
import { expectOneLineError, userErrorOf } from './helpers/expect-errors.js';

/**
 * The knapsack puzzle against dynamic programming, the textbook independent
 * solver for the 0-1 knapsack (best value for each capacity, item by item),
 * and against brute force over every subset for the smaller instances.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const ENCODINGS: PbEncoding[] = ['bdd', 'swc', 'adder'];

function bestValueByDp(items: readonly Item[], capacity: number): number {
  const best = new Array<number>(capacity + 1).fill(0);
  for (const it of items) for (let c = capacity; c >= it.weight; c--) best[c] = Math.max(best[c]!, best[c - it.weight]! + it.value);
  return best[capacity]!;
}

/** The values of every subset that fits, best first. */
function feasibleValues(items: readonly Item[], capacity: number): number[] {
  const values: number[] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) {
    const taken = items.filter((_, i) => (mask >> i) & 1);
    if (taken.reduce((s, it) => s + it.weight, 0) <= capacity) values.push(taken.reduce((s, it) => s + it.value, 0));
  }
  return values.sort((a, b) => b - a);
}

describe('knapsack', () => {
  it.each(ENCODINGS)(
    '%s: the most valuable load of 16 random items, both strategies, equals dynamic programming (4 seeds)',
    { timeout: 600_000 },
    async (pb) => {
      for (let seed = 1; seed <= 4; seed++) {
        const k = knapsack({ randomItems: 16, seed, pb });
        const best = bestValueByDp(k.items, k.capacity);
        for (const strategy of ['linear', 'core-guided'] as const) {
          const r = await maximize(k, k.objective!.terms, k.objective!.weights, { solver: 'minisat-wasm', strategy, encoding: pb });
          expect([r.status, r.solutions[0]!.value], `seed ${seed} ${strategy}`).toEqual(['OPTIMUM', best]);
          expect(k.check(r.solutions[0]!.solution!)).toBeNull();
        }
      }
    },
  );

  it.each([
    ['bdd', 305_415, 543_455, '007b4ff3b86dd624171114a694b793b9b7130099469da0adb9478aa396242b7a'],
    ['swc', 302_480, 540_520, '0b5a156ceb2ab649585222ae507d87cd66cf9772fd3e01e8b92a26f9c3e5773a'],
    ['adder', 41_296, 268_002, '0b1d41ce121e6f00a0546274965e9f7702c779b1612b6a6655dc194d6a2d454a'],
  ] as const)(
    '%s: 3000 random items encode to the same DIMACS, variables and their names included, as before the build was made leaner',
    { timeout: 120_000 },
    (pb, vars, clauses, sha256) => {
      // Recorded before the adder's buckets stopped shifting, the BDD's stack its objects and the pool its auxiliaries' name strings.
      const k = knapsack({ randomItems: 3000, seed: 3, capacity: 120, minValue: 90, pb });
      expect([k.cnf.varCount, k.cnf.clauseCount]).toEqual([vars, clauses]);
      const text = dimacsString(k.cnf, { puzzle: 'knapsack', params: k.params });
      expect(createHash('sha256').update(text).digest('hex')).toBe(sha256);
    },
  );

  it(
    'a signal ends the search as the time running out would: the best load found is kept (regression: Ctrl-C lost it)',
    { timeout: 120_000 },
    async () => {
      // 100 items: a load at once, its proof of optimality minutes away.
      const k = knapsack({ randomItems: 100, seed: 7 });
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(), 3000);
      const start = Date.now();
      // The timeout only bounds a failure of this test: the signal ends the search long before it.
      const r = await maximize(k, k.objective!.terms, k.objective!.weights, { solver: 'cadical-wasm', signal: stop.signal, timeout: 90 });
      expect(Date.now() - start).toBeLessThan(45_000);
      clearTimeout(timer);
      // On a machine slow enough to find nothing by then, nothing is claimed.
      expect(['FEASIBLE', 'UNKNOWN']).toContain(r.status);
      for (const s of r.solutions) expect(k.check(s.solution!)).toBeNull();
      expect(r.solutions.length).toBe(r.status === 'FEASIBLE' ? 1 : 0);
    },
  );

  it('the 5 best loads of 11 items are the 5 best subsets that fit (brute force)', { timeout: 120_000 }, async () => {
    const k = knapsack({ randomItems: 11, seed: 4 });
    const r = await maximize(k, k.objective!.terms, k.objective!.weights, { solver: 'cadical-wasm', best: 5 });
    expect(r.solutions.map((s) => s.value)).toEqual(feasibleValues(k.items, k.capacity).slice(0, 5));
  });

  it('dominance pairs: every optimal load keeps them, their closure is the whole relation, and loads that fit but are not best may break them', () => {
    let broken = 0;
    let pairs = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { items, capacity } = knapsack({ randomItems: 10, seed });
      const found = dominancePairs(items);
      pairs += found.length;
      // The whole relation, by definition, against the closure of the pairs under transitivity.
      const n = items.length;
      const closure = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => found.some(([b, w]) => b === i && w === j)));
      for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) closure[i]![j] ||= closure[i]![k]! && closure[k]![j]!;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const better = items[i]!.weight <= items[j]!.weight && items[i]!.value > items[j]!.value;
          expect(closure[i]![j], `seed ${seed}: ${i} over ${j}`).toBe(better);
        }
      // Every subset: the best ones keep every pair; count the others that break one.
      const best = bestValueByDp(items, capacity);
      for (let mask = 0; mask < 1 << n; mask++) {
        const taken = (i: number) => ((mask >> i) & 1) === 1;
        const weight = items.reduce((sum, it, i) => sum + (taken(i) ? it.weight : 0), 0);
        if (weight > capacity) continue;
        const value = items.reduce((sum, it, i) => sum + (taken(i) ? it.value : 0), 0);
        const breaks = found.some(([b, w]) => taken(w) && !taken(b));
        if (value === best) expect(breaks, `seed ${seed}: an optimum breaks a pair`).toBe(false);
        else if (breaks) broken++;
      }
    }
    expect(pairs).toBeGreaterThan(40);
    // Why only the search for the one best may add them: other loads that fit break them.
    expect(broken).toBeGreaterThan(100);
  });

  it(
    'maximize with the dominance clauses: the one best load equals dynamic programming; for the k best and with a certificate none are added',
    { timeout: 600_000 },
    async () => {
      for (let seed = 1; seed <= 4; seed++) {
        const k = knapsack({ randomItems: 16, seed });
        const { terms, weights, dominance } = k.objective!;
        for (const strategy of ['linear', 'core-guided'] as const) {
          const r = await maximize(k, terms, weights, { solver: 'minisat-wasm', strategy, dominance });
          expect([r.status, r.solutions[0]!.value], `seed ${seed} ${strategy}`).toEqual(['OPTIMUM', bestValueByDp(k.items, k.capacity)]);
          expect(r.dominance?.clauses, `seed ${seed}`).toBe(dominancePairs(k.items).length);
          expect(k.check(r.solutions[0]!.solution!)).toBeNull();
        }
      }
      const k = knapsack({ randomItems: 11, seed: 4 });
      const { terms, weights, dominance } = k.objective!;
      expect(dominancePairs(k.items).length).toBeGreaterThan(0);
      const three = await maximize(k, terms, weights, { solver: 'cadical-wasm', best: 3, dominance });
      expect(three.solutions.map((s) => s.value)).toEqual(feasibleValues(k.items, k.capacity).slice(0, 3));
      expect(three.dominance).toBeUndefined();
      const certified = await maximize(k, terms, weights, { solver: 'cadical-wasm', certify: true, dominance });
      expect([certified.status, certified.dominance, certified.solutions[0]!.certificate?.check.status]).toEqual(['OPTIMUM', undefined, 'VERIFIED']);
    },
  );

  it.each(ENCODINGS)('%s: every subset that fits is a solution, once (enumerated against brute force)', async (pb) => {
    const k = knapsack({ randomItems: 9, seed: 2, pb });
    let count = 0;
    for await (const { solution } of enumerate(k, { solver: 'minisat-wasm' })) {
      expect(k.check(solution)).toBeNull();
      count++;
    }
    expect(count).toBe(feasibleValues(k.items, k.capacity).length);
  });

  it('the decision version: worth at least the optimum is SAT, one more is UNSAT', { timeout: 120_000 }, async () => {
    const items = 'tent:5:8,stove:3:6,rope:2:3,lamp:4:7,map:1:2';
    const best = bestValueByDp(knapsack({ items, capacity: 9 }).items, 9);
    expect(best).toBe(16);
    for (const pb of ENCODINGS) {
      expect((await solve(knapsack({ items, capacity: 9, minValue: best, pb }), { solver: 'logic-solver' })).status, pb).toBe('SAT');
      expect((await solve(knapsack({ items, capacity: 9, minValue: best + 1, pb }), { solver: 'logic-solver' })).status, pb).toBe('UNSAT');
    }
  });

  it('explain: each family is a weighted sum whose size is recomputed from the weights', () => {
    for (const pb of ENCODINGS) {
      const e = explain(knapsack({ randomItems: 15, seed: 3, minValue: 300, pb }));
      expect(e.families.map((f) => f.name)).toEqual(['capacity', 'value']);
      for (const f of e.families) expect(f.formula, `${pb} ${f.name}`).toMatchObject({ clauses: f.clauses, auxVars: f.auxVars });
    }
  });

  it('its DIMACS header rebuilds it, encoding included', () => {
    const k = knapsack({ randomItems: 6, seed: 9, capacity: 100, minValue: 120, pb: 'adder' });
    const back = instanceOfDimacs(parseDimacs(dimacsString(k.cnf, { puzzle: 'knapsack', params: k.params })), 'k.cnf');
    expect(back.params).toEqual(k.params);
    expect(back.cnf.clauseCount).toBe(k.cnf.clauseCount);
  });
});

const scratch = tempDir('puzzlesat-knapsack-');

describe('the variable limit', () => {
  it.each(ENCODINGS)(
    '%s: a weighted sum whose auxiliaries would pass maxVars is refused before any is made (regression: only DIMACS headers were held to it)',
    (pb) => {
      const aux = vi.spyOn(VarPool.prototype, 'aux');
      try {
        // 300 items take 300 variables; the encoding's auxiliaries would take the formula past 1000.
        const message = userErrorOf(() => puzzles.byName('knapsack', { randomItems: 300, capacity: 1000, pb, maxVars: 1000 }));
        const what = { bdd: 'a BDD', swc: 'a sequential weight counter', adder: 'an adder network' }[pb];
        expect(message).toMatch(
          new RegExp(
            `^${what} of 300 weighted terms ≤ 1000: its auxiliaries would give the formula more variables than the limit of 1000 \\(raise it with puzzles\\.byName's maxVars`,
          ),
        );
        expect(aux).not.toHaveBeenCalled();
        // Within the limit it is built as before.
        expect(puzzles.byName('knapsack', { randomItems: 30, capacity: 100, pb, maxVars: 100_000 }).cnf.varCount).toBeGreaterThan(30);
      } finally {
        aux.mockRestore();
      }
    },
  );
});

describe('on the command line', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });

  it(
    'a BDD past --max-literals is refused by the literals its nodes owe, naming the option, exit 1 (regression: 1.6 GB before the refusal)',
    { timeout: 120_000 },
    () => {
      const r = run('solve', 'knapsack', '--random-items', '300', '--capacity', '1000', '--max-literals', '5000');
      expectOneLineError(
        { code: r.status, out: r.stdout, err: r.stderr },
        /^puzzlesat: a BDD of 300 weighted terms ≤ 1000: its clauses would hold more literals than the limit of 5000 \(raise it with --max-literals\)\n$/,
      );
    },
  );

  it(
    'a sequential weight counter past --max-literals is refused by the literals its registers owe, naming the option, exit 1 (regression: 1.3 GB before the refusal)',
    { timeout: 120_000 },
    () => {
      const r = run('solve', 'knapsack', '--random-items', '300', '--capacity', '1000', '--pb', 'swc', '--max-literals', '5000');
      expectOneLineError(
        { code: r.status, out: r.stdout, err: r.stderr },
        /^puzzlesat: a sequential weight counter of 300 weighted terms ≤ 1000: its clauses would hold more literals than the limit of 5000 \(raise it with --max-literals\)\n$/,
      );
    },
  );

  it(
    "an adder network past --max-literals is refused by the literals its adders owe, before it is built, naming the option, exit 1 (regression: it was built until the family's literal array grew past the limit)",
    { timeout: 120_000 },
    () => {
      const r = run('solve', 'knapsack', '--random-items', '300', '--capacity', '1000', '--pb', 'adder', '--max-literals', '5000');
      expectOneLineError(
        { code: r.status, out: r.stdout, err: r.stderr },
        /^puzzlesat: an adder network of 300 weighted terms ≤ 1000: its clauses would hold more literals than the limit of 5000 \(raise it with --max-literals\)\n$/,
      );
    },
  );

  it(
    '--items names a file with ":" in its path, a file when one is there (regression: "a:b.txt" and "C:\\items.txt" were read as items and refused)',
    { timeout: 120_000 },
    () => {
      for (const name of ['a:b.txt', 'C:\\items.txt']) {
        const path = join(scratch, name);
        writeFileSync(path, 'a 3 4\nb 2 5\n');
        const r = run('optimize', 'knapsack', '--items', path, '--capacity', '4');
        expect([r.status, r.stderr], name).toEqual([0, '']);
        expect(r.stdout).toMatch(/^take b \(2, 5\)\nweight 2 of 4, value 5$/m);
      }
      // A file is read where one has the name, as --pieces reads one, though the name reads as an item too
      // (regression: the file "a:3:4" was taken for the item a, weight 3, value 4, and "./a:3:4" for the item "./a").
      writeFileSync(join(scratch, 'a:3:4'), 'b 2 5\n');
      for (const name of ['a:3:4', './a:3:4']) {
        const r = spawnSync(process.execPath, [cli, 'optimize', 'knapsack', '--items', name, '--capacity', '4'], { cwd: scratch, encoding: 'utf8' });
        expect([r.status, r.stderr], name).toEqual([0, '']);
        expect(r.stdout, name).toMatch(/^take b \(2, 5\)$/m);
      }
      // Where no file has the name, the items are typed in the option.
      expect(run('optimize', 'knapsack', '--items', 'a:3:4', '--capacity', '4').stdout).toMatch(/^take a \(3, 4\)$/m);
      const missing = run('optimize', 'knapsack', '--items', join(scratch, 'none:b.txt'), '--capacity', '4');
      expectOneLineError(
        { code: missing.status, out: missing.stdout, err: missing.stderr },
        /^puzzlesat: --items, item 1: ".*none:b\.txt" is not name:weight:value \(whole numbers\), and no file has that name$/m,
        2,
      );
    },
  );

  it('optimize says one solve in the singular', { timeout: 120_000 }, () => {
    // Every value is 0: the first solution is the optimum, no second solve.
    const r = run('optimize', 'knapsack', '--items', 'a:3:0', '--capacity', '10');
    expect(r.stdout).toMatch(/, 1 solve\]\n$/);
  });

  it('optimize prints each optimum with its proof and the summary line', { timeout: 120_000 }, () => {
    const r = run('optimize', 'knapsack', '--items', 'tent:5:8,stove:3:6,rope:2:3,lamp:4:7,map:1:2', '--capacity', '9', '--solver', 'logic-solver');
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('#1: value 16 (best: no solution left has a higher value (UNSAT))');
    expect(lines.at(-1)).toMatch(/^OPTIMUM value 16 in [\d.]+ s with logic-solver \[\d+ vars, \d+ clauses, \d+ solves\]$/);
  });

  it(
    'optimize proves the best of 50 random items, with the dominance clauses (regression: still FEASIBLE after 2 minutes)',
    { timeout: 300_000 },
    () => {
      const r = run('optimize', 'knapsack', '--random-items', '50', '--seed', '1', '--timeout', '200', '--json');
      expect(r.stderr).toBe('');
      const summary = JSON.parse(r.stdout) as { status: string; solutions: { value: number }[]; dominance?: { clauses: number; why: string } };
      const k = knapsack({ randomItems: 50, seed: 1 });
      expect([summary.status, summary.solutions[0]!.value]).toEqual(['OPTIMUM', bestValueByDp(k.items, k.capacity)]);
      expect(summary.dominance).toEqual({ clauses: dominancePairs(k.items).length, why: expect.stringMatching(/^an item that weighs no more/) });
    },
  );

  it("quotes a bad line of an items file as written, in the file's format", () => {
    const path = join(mkdtempSync(join(scratch, 'items-')), 'items.txt');
    writeFileSync(path, 'a 3 4\nb 4 5 6 # four fields\n');
    expect(() => knapsack({ items: path })).toThrow(`${path}:2: "b 4 5 6" is not name weight value (whole numbers)`);
  });

  it('reads an items file with CR-only line ends and a # inside a name, as deck files are read (regression: one line; "C#" cut to "C")', () => {
    const path = join(mkdtempSync(join(scratch, 'items-')), 'items.txt');
    writeFileSync(path, '# name weight value\rC# 3 4\rF 2 2 # a comment\r\rG 9 9 #\r');
    expect(knapsack({ items: path }).items.map((i) => i.name)).toEqual(['C#', 'F', 'G']);
    writeFileSync(path, 'C# 3 4\rb 4 5 6\r');
    expect(() => knapsack({ items: path })).toThrow(`${path}:2: "b 4 5 6" is not name weight value (whole numbers)`);
  });

  it('says what is wrong in one line, exit 2 for a bad option value, items typed in --items too', { timeout: 300_000 }, () => {
    const cases: [string[], RegExp, number][] = [
      [['solve', 'pentomino', '--pb', 'bdd'], /--pb does not apply to pentomino \(it has no weighted sums\)/, 2],
      [['solve', 'knapsack', '--items', 'a:1:1', '--amo', 'pairwise'], /--amo does not apply to knapsack \(it has no at-most-one constraints\)/, 2],
      [['solve', 'knapsack', '--items', 'tent:5'], /--items, item 1: "tent:5" is not name:weight:value/, 2],
      [['solve', 'knapsack', '--items', 'a:1:1,a:2:2'], /--items, item 2: item "a" is named twice/, 2],
      [['solve', 'knapsack', '--items', 'a:1:1', '--pb', 'ader'], /unknown pseudo-Boolean encoding "ader" \(did you mean adder\?\) \(--pb\)/, 2],
      [['optimize', 'pentomino'], /optimize: pentomino has no objective; puzzles with one: knapsack/, 2],
      [['solve', 'knapsack', '--random-items', '0'], /--random-items: expected a whole number ≥ 1, got "0"/, 2],
    ];
    for (const [args, message, code] of cases) {
      const r = run(...args);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.status, args.join(' ')).toBe(code);
    }
  });
});
