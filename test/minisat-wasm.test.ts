import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Clauses, negativelyPlantedThreeSat, pigeonhole, randomThreeSat } from '../bench/minisat-builds.js';
import { seededRandom } from '../src/core/random.js';
import { loadMinisatWasm, minisatWasm, minisatWasmHeapBytes, type MinisatWasmSolver } from '../solvers/minisat-wasm.js';
import { missing } from './helpers/requires.js';
import { SMALL_FORMULAS, loaded, satisfies } from './helpers/solver-fixtures.js';

const availability = minisatWasm.available();

const solverWith = (clauses: Clauses): MinisatWasmSolver => loaded(minisatWasm.create(), clauses);

/** Models of the clauses over variables 1..n (n <= 30), by trying all 2^n assignments as bit masks. */
function bruteForceModels(clauses: Clauses, n: number): number {
  const positive = clauses.map((c) => c.reduce((mask, lit) => (lit > 0 ? mask | (1 << (lit - 1)) : mask), 0));
  const negative = clauses.map((c) => c.reduce((mask, lit) => (lit < 0 ? mask | (1 << (-lit - 1)) : mask), 0));
  let models = 0;
  for (let a = 0; a < 2 ** n; a++) {
    let ok = true;
    for (let i = 0; ok && i < clauses.length; i++) ok = (a & positive[i]!) !== 0 || (~a & negative[i]!) !== 0;
    if (ok) models++;
  }
  return models;
}

describe.skipIf(missing('minisat-wasm'))('minisat-wasm', () => {
  beforeAll(async () => {
    expect(await loadMinisatWasm()).toBe(true);
  });

  it('describes itself as an in-process engine with the Debian version it was built from', () => {
    expect(minisatWasm.name).toBe('minisat-wasm');
    expect(minisatWasm.kind).toBe('in-process');
    expect(availability).toMatchObject({ ok: true, version: expect.stringMatching(/2\.2/) });
  });

  it('refuses to create a solver before the module is loaded', async () => {
    vi.resetModules();
    const fresh = await import('../solvers/minisat-wasm.js');
    expect(() => fresh.minisatWasm.create()).toThrow(/loadMinisatWasm/);
  });

  it('answers small formulas', async () => {
    const cases = SMALL_FORMULAS;
    for (const [clauses, expected] of cases) {
      const solver = solverWith(clauses);
      expect(await solver.solve()).toBe(expected);
      if (expected === 'SAT') expect(satisfies(clauses, solver)).toBe(true);
      solver.dispose();
    }
  });

  it('gives values to every declared variable, used or not', async () => {
    const solver = solverWith([[-2]]);
    solver.ensureVars(5);
    expect(await solver.solve()).toBe('SAT');
    expect(solver.value(2)).toBe(false);
    expect([1, 3, 4, 5].map((v) => typeof solver.value(v))).toEqual(['boolean', 'boolean', 'boolean', 'boolean']);
    solver.dispose();
  });

  it('agrees with brute force on random 3-SAT at the threshold (n=20)', async () => {
    const n = 20;
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const clauses = randomThreeSat(n, Math.round(4.26 * n), seed);
      const solver = solverWith(clauses);
      const status = await solver.solve();
      expect(status).toBe(bruteForceModels(clauses, n) > 0 ? 'SAT' : 'UNSAT');
      if (status === 'SAT') expect(satisfies(clauses, solver)).toBe(true);
      seen.add(status);
      solver.dispose();
    }
    expect(seen).toEqual(new Set(['SAT', 'UNSAT']));
  }, 60_000);

  it('solves under assumptions without keeping them, as brute force says', async () => {
    const n = 16;
    const clauses = randomThreeSat(n, 3 * n, 5);
    const solver = solverWith(clauses);
    const random = seededRandom(99);
    const outcomes = new Set<string>();
    for (let round = 0; round < 30; round++) {
      const assumptions = Array.from({ length: 4 }, () => (1 + Math.floor(random() * n)) * (random() < 0.5 ? -1 : 1));
      const constrained = [...clauses, ...assumptions.map((lit) => [lit])];
      const status = await solver.solve({ assumptions });
      expect(status).toBe(bruteForceModels(constrained, n) > 0 ? 'SAT' : 'UNSAT');
      if (status === 'SAT') expect(satisfies(constrained, solver)).toBe(true);
      outcomes.add(status);
    }
    expect(outcomes).toEqual(new Set(['SAT', 'UNSAT']));
    expect(await solver.solve()).toBe('SAT');
    expect(solver.stats().solves).toBe(31);
    solver.dispose();
  });

  it('counts models with blocking clauses added between solves, as brute force does', async () => {
    const n = 10;
    const clauses = randomThreeSat(n, 2 * n, 3);
    const solver = solverWith(clauses);
    solver.ensureVars(n);
    let models = 0;
    while ((await solver.solve()) === 'SAT') {
      expect(satisfies(clauses, solver)).toBe(true);
      models++;
      solver.addClause(Array.from({ length: n }, (_, i) => (solver.value(i + 1) ? -(i + 1) : i + 1)));
    }
    expect(models).toBe(bruteForceModels(clauses, n));
    expect(models).toBeGreaterThan(1);
    solver.dispose();
  });

  it('enumerates cube after cube, depth-first, with blocking clauses between solves, as brute force does', async () => {
    // The glue keeps the trail of the assumptions two solves share and adds
    // clauses below the level where they stop being unit; this walks cubes in
    // the order a cube tree does, so consecutive solves share prefixes.
    const n = 14;
    const clauses = randomThreeSat(n, 3 * n, 11);
    const solver = solverWith(clauses);
    solver.ensureVars(n);
    const cubeVars = [3, 7, 1, 12];
    const blocking: number[][] = [];
    let total = 0;
    for (let bits = 0; bits < 2 ** cubeVars.length; bits++) {
      const cube = cubeVars.map((v, i) => ((bits >> (cubeVars.length - 1 - i)) & 1 ? v : -v));
      let models = 0;
      while ((await solver.solve({ assumptions: cube })) === 'SAT') {
        const value = (v: number) => solver.value(v);
        expect(satisfies([...clauses, ...blocking, ...cube.map((lit) => [lit])], solver)).toBe(true);
        models++;
        const clause = Array.from({ length: n }, (_, i) => (value(i + 1) ? -(i + 1) : i + 1));
        blocking.push(clause);
        solver.addClause(clause);
      }
      expect(models).toBe(bruteForceModels([...clauses, ...cube.map((lit) => [lit])], n));
      total += models;
    }
    expect(total).toBe(bruteForceModels(clauses, n));
    expect(total).toBeGreaterThan(20);
    solver.dispose();
  });

  it('answers correctly when clauses that are unit or false under the last model arrive between solves', async () => {
    const n = 12;
    const random = seededRandom(7);
    const clauses = randomThreeSat(n, 2 * n, 17);
    const solver = solverWith(clauses);
    solver.ensureVars(n);
    const all = [...clauses];
    const outcomes = new Set<string>();
    for (let round = 0; round < 60; round++) {
      const assumptions = [1, 2, 3].map((v) => (random() < 0.5 ? v : -v));
      const status = await solver.solve({ assumptions });
      const constrained = [...all, ...assumptions.map((lit) => [lit])];
      expect(status).toBe(bruteForceModels(constrained, n) > 0 ? 'SAT' : 'UNSAT');
      outcomes.add(status);
      // A clause over the model's literals, mostly false under it: of one to three literals.
      const size = 1 + Math.floor(random() * 3);
      const clause = Array.from({ length: size }, () => {
        const v = 1 + Math.floor(random() * n);
        const falseUnderModel = status === 'SAT' ? (solver.value(v) ? -v : v) : -v;
        return random() < 0.8 ? falseUnderModel : -falseUnderModel;
      });
      all.push(clause);
      solver.addClause(clause);
      if (bruteForceModels(all, n) === 0) break;
    }
    expect(outcomes).toEqual(new Set(['SAT', 'UNSAT']));
    expect(await solver.solve()).toBe(bruteForceModels(all, n) > 0 ? 'SAT' : 'UNSAT');
    solver.dispose();
  });

  it('does not propagate again the assumptions a solve shares with the one before', async () => {
    const clauses = pigeonhole(9, 9);
    const [kept, fresh] = [solverWith(clauses), solverWith(clauses)];
    const prefix = [1, 11, 21, 31, 41, 51];
    expect(await kept.solve({ assumptions: [...prefix, 61] })).toBe('SAT');
    const before = kept.stats().propagations;
    expect(await kept.solve({ assumptions: [...prefix, 62] })).toBe('SAT');
    expect(await fresh.solve({ assumptions: [...prefix, 62] })).toBe('SAT');
    expect(kept.stats().propagations - before).toBeLessThan(fresh.stats().propagations / 2);
    kept.dispose();
    fresh.dispose();
  });

  it('knows 6 pigeons do not fit in 5 holes, and 5 do', async () => {
    const tooMany = solverWith(pigeonhole(6, 5));
    expect(await tooMany.solve()).toBe('UNSAT');
    expect(tooMany.stats().conflicts).toBeGreaterThan(0);
    tooMany.dispose();
    const clauses = pigeonhole(5, 5);
    const fits = solverWith(clauses);
    expect(await fits.solve()).toBe('SAT');
    expect(satisfies(clauses, fits)).toBe(true);
    fits.dispose();
  });

  it('tries the preferred value first', async () => {
    const solver = minisatWasm.create();
    solver.ensureVars(2);
    solver.preferValue(1, true);
    solver.preferValue(2, false);
    expect(await solver.solve()).toBe('SAT');
    expect([solver.value(1), solver.value(2)]).toEqual([true, false]);
    solver.preferValue(1, false);
    solver.preferValue(2, true);
    expect(await solver.solve()).toBe('SAT');
    expect([solver.value(1), solver.value(2)]).toEqual([false, true]);
    solver.dispose();
  });

  it('stops at a conflict limit with UNKNOWN and resumes to the answer', async () => {
    const solver = solverWith(pigeonhole(8, 7));
    expect(await solver.solve({ conflictLimit: 200 })).toBe('UNKNOWN');
    const afterLimit = solver.stats().conflicts;
    expect(afterLimit).toBeGreaterThanOrEqual(200);
    expect(afterLimit).toBeLessThan(400);
    expect(() => solver.value(1)).toThrow(/SAT/);
    expect(await solver.solve()).toBe('UNSAT');
    expect(solver.stats().conflicts).toBeGreaterThan(afterLimit);
    solver.dispose();
  });

  it('gives up with UNKNOWN on 11 pigeons in 10 holes when time runs out', async () => {
    const solver = solverWith(pigeonhole(11, 10));
    expect(await solver.solve({ timeoutSeconds: 0.5 })).toBe('UNKNOWN');
    expect(solver.stats().conflicts).toBeGreaterThan(0);
    solver.dispose();
  }, 30_000);

  it('rejects literal 0 and use after dispose', async () => {
    const solver = minisatWasm.create();
    expect(() => solver.addClause([1, 0, 2])).toThrow(/bad literal/);
    await expect(solver.solve({ assumptions: [0] })).rejects.toThrow(/bad literal/);
    solver.dispose();
    expect(() => solver.addClause([1])).toThrow(/dispose/);
  });

  it('grows its heap past 64 MiB for 3 million clauses and still answers correctly', async () => {
    const clauses = negativelyPlantedThreeSat(100_000, 3_000_000, 11);
    const solver = solverWith(clauses);
    expect(minisatWasmHeapBytes()).toBeGreaterThan(64 * 2 ** 20);
    expect(await solver.solve()).toBe('SAT');
    expect(satisfies(clauses, solver)).toBe(true);
    solver.dispose();
  }, 180_000);
});
