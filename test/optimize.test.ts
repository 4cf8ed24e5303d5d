import { describe, expect, it } from 'vitest';
import { loadWasmSolvers, SOLVERS } from '../solvers/index.js';
import { seededRandom } from '../src/core/random.js';
import { unaryCountSize } from '../src/card/totalizer.js';
import { setSizeLimits, withSizeLimits } from '../src/core/limits.js';
import { UserError } from '../src/core/errors.js';
import { Formula, maximize, minimize, type OptimizeStrategy } from '../src/index.js';

/**
 * Optimisation against brute force: random formulas over six variables with
 * random weights of both signs; every assignment is tried, the costs of the
 * satisfying ones sorted, and each strategy on each in-process engine must
 * find the least, prove it, and list the k best in order.
 */
await loadWasmSolvers();
const ENGINES = ['minisat-wasm', 'cadical-wasm', 'logic-solver'].filter((n) => SOLVERS.find((f) => f.name === n)?.available().ok);
const STRATEGIES: OptimizeStrategy[] = ['linear', 'core-guided'];
const N = 6;
const NAMES = Array.from({ length: N }, (_, i) => `x${i + 1}`);

interface Case {
  clauses: number[][];
  weights: number[];
}

function randomCase(seed: number): Case {
  const random = seededRandom(seed);
  const clauses = Array.from({ length: 4 + Math.floor(random() * 8) }, () =>
    Array.from({ length: 2 + Math.floor(random() * 2) }, () => (1 + Math.floor(random() * N)) * (random() < 0.5 ? -1 : 1)),
  );
  const weights = Array.from({ length: N }, () => Math.floor(random() * 21) - 7);
  return { clauses, weights };
}

function formulaOf(c: Case): Formula {
  const f = new Formula();
  for (const n of NAMES) f.vars.id(n);
  for (const clause of c.clauses) f.add(clause);
  return f;
}

/** The costs of every satisfying assignment, ascending. */
function bruteCosts(c: Case): number[] {
  const costs: number[] = [];
  for (let mask = 0; mask < 1 << N; mask++) {
    const value = (v: number) => ((mask >> (v - 1)) & 1) === 1;
    if (!c.clauses.every((cl) => cl.some((l) => value(Math.abs(l)) === l > 0))) continue;
    costs.push(c.weights.reduce((s, w, i) => s + (value(i + 1) ? w : 0), 0));
  }
  return costs.sort((a, b) => a - b);
}

const CASES = Array.from({ length: 25 }, (_, i) => randomCase(100 + i));

describe.each(ENGINES)('%s', (solver) => {
  it.each(STRATEGIES)('%s: the least cost of 25 random formulas, proved, as brute force finds it', async (strategy) => {
    for (const [i, c] of CASES.entries()) {
      const costs = bruteCosts(c);
      const f = formulaOf(c);
      const r = await minimize(f, NAMES, c.weights, { solver, strategy });
      if (costs.length === 0) {
        expect(r.status, `case ${i}`).toBe('UNSAT');
        continue;
      }
      expect([r.status, r.solutions[0]!.value], `case ${i}`).toEqual(['OPTIMUM', costs[0]]);
      const model = r.solutions[0]!.model;
      expect(c.weights.reduce((s, w, j) => s + (model.value(j + 1) ? w : 0), 0)).toBe(costs[0]);
      expect(c.clauses.every((cl) => cl.some((l) => model.value(Math.abs(l)) === l > 0))).toBe(true);
    }
  });
});

describe('k best and maximisation', () => {
  it.each(STRATEGIES)('%s: the 6 best solutions in order of cost, each a different assignment', async (strategy) => {
    for (const c of CASES.slice(0, 10)) {
      const costs = bruteCosts(c);
      const r = await minimize(formulaOf(c), NAMES, c.weights, { solver: ENGINES[0], strategy, best: 6 });
      expect(r.solutions.map((x) => x.value)).toEqual(costs.slice(0, 6));
      const assignments = r.solutions.map((x) => x.model.trueNames.join(' '));
      expect(new Set(assignments).size).toBe(assignments.length);
      expect(r.status).toBe(costs.length === 0 ? 'UNSAT' : 'OPTIMUM');
    }
  });

  it('maximise: the greatest value, and the k best from the top', async () => {
    for (const c of CASES.slice(0, 10)) {
      const costs = bruteCosts(c).reverse();
      const r = await maximize(formulaOf(c), NAMES, c.weights, { solver: ENGINES[0], best: 3 });
      expect(r.solutions.map((x) => x.value)).toEqual(costs.slice(0, 3));
    }
  });
});

describe('proofs of optimality', () => {
  it.runIf(ENGINES.includes('cadical-wasm'))(
    'certify: each optimum UNSAT is checked by our DRAT checker, both strategies',
    { timeout: 120_000 },
    async () => {
      for (const strategy of STRATEGIES) {
        for (const c of CASES.slice(0, 6)) {
          const costs = bruteCosts(c);
          if (costs.length === 0 || costs[0] === c.weights.reduce((s, w) => s + Math.min(0, w), 0)) continue;
          const r = await minimize(formulaOf(c), NAMES, c.weights, { solver: 'minisat-wasm', strategy, certify: true, best: 2 });
          for (const x of r.solutions.filter((y) => y.certificate)) expect(x.certificate!.check.status).toBe('VERIFIED');
          expect(r.solutions[0]!.certificate?.check.status, strategy).toBe('VERIFIED');
          expect(r.solutions[0]!.proof).toMatch(/UNSAT/);
        }
      }
    },
  );

  it('the least possible value needs no UNSAT: all weights positive and the formula satisfied by all false', async () => {
    const f = new Formula();
    f.add([-f.vars.id('a'), f.vars.id('b')]);
    const r = await minimize(f, ['a', 'b'], [3, 2], { solver: 'logic-solver', certify: true });
    expect(r.solutions[0]).toMatchObject({ value: 0, proof: 'no value can be lower' });
    expect(r.solutions[0]!.certificate).toBeUndefined();
  });
});

describe('the caller keeps its formula', () => {
  it('minimize adds its bounds and blocking clauses to a copy: the same call twice gives the same answer (regression)', async () => {
    const c = CASES[1]!;
    const f = formulaOf(c);
    const clauses = f.clauseCount;
    const first = await minimize(f, NAMES, c.weights, { solver: 'logic-solver', best: 2 });
    expect(f.clauseCount).toBe(clauses);
    const again = await minimize(f, NAMES, c.weights, { solver: 'logic-solver', strategy: 'core-guided', best: 2 });
    expect(again.solutions.map((s) => s.value)).toEqual(first.solutions.map((s) => s.value));
  });
});

describe('the core-guided search meets the size limits', () => {
  it("a core's totalizer past maxLiterals is refused by its count before any of it is made (regression: the totalizer was built with nothing counting it ahead)", async () => {
    // One clause over 300 literals, each costing 1: the first core is all of them, a totalizer of about 140,000 literals.
    const names = Array.from({ length: 300 }, (_, i) => `x${i + 1}`);
    const f = new Formula();
    f.add(names.map((n) => f.vars.id(n)));
    const { literals } = unaryCountSize(300, 300);
    expect(literals).toBeGreaterThan(100_000);
    setSizeLimits({ literals: 100_000 });
    try {
      const refused = minimize(f, names, Array<number>(300).fill(1), { solver: 'logic-solver', strategy: 'core-guided' });
      await expect(refused).rejects.toThrow(UserError);
      await expect(refused).rejects.toThrow(
        "the totalizer over a core of 300 literals: its clauses would hold more literals than the limit of 100000 (raise it with puzzles.byName's maxLiterals or setSizeLimits({ literals: … }))",
      );
    } finally {
      setSizeLimits({});
    }
    // At its count it is built, and the search ends as before.
    setSizeLimits({ literals });
    try {
      const r = await minimize(f, names, Array<number>(300).fill(1), { solver: 'logic-solver', strategy: 'core-guided' });
      expect(r.solutions[0]?.value).toBe(1);
    } finally {
      setSizeLimits({});
    }
  });

  it("a core's totalizer past maxVars is refused by its count before any of its auxiliaries is made, naming it (regression: 'the formula: it would have more variables', met as they were made)", async () => {
    const names = Array.from({ length: 300 }, (_, i) => `x${i + 1}`);
    const { auxVars } = unaryCountSize(300, 300);
    // The formula's pool holds the limit it was made under: 300 variables and less than the totalizer's room.
    const f = withSizeLimits({ vars: 300 + auxVars - 1 }, () => new Formula());
    f.add(names.map((n) => f.vars.id(n)));
    await expect(minimize(f, names, Array<number>(300).fill(1), { solver: 'logic-solver', strategy: 'core-guided' })).rejects.toThrow(
      `the totalizer over a core of 300 literals: its auxiliaries would give the formula more variables than the limit of ${300 + auxVars - 1} (raise it with puzzles.byName's maxVars or setSizeLimits({ vars: … }))`,
    );
  });
});
