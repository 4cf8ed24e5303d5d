import { describe, expect, it } from 'vitest';
import { pigeonhole, randomThreeSat } from '../bench/minisat-builds.js';
import { UserError } from '../src/core/errors.js';
import { MAX_INPUT_BYTES, claspWasm, type ClaspWasmSolver } from '../solvers/clasp-wasm.js';
import { missing } from './helpers/requires.js';
import { EXACTLY_ONE_OF_FOUR, loaded, satisfies } from './helpers/solver-fixtures.js';

const availability = claspWasm.available();

const solverWith = (clauses: readonly (readonly number[])[]): ClaspWasmSolver => loaded(claspWasm.create(), clauses);

const dimacsBytes = (vars: number, clauses: readonly (readonly number[])[]) =>
  `p cnf ${vars} ${clauses.length}\n`.length + clauses.reduce((n, c) => n + c.join(' ').length + 3, 0);

/** Easy random 3-SAT (ratio 2) over `vars` variables whose DIMACS text is about `bytes` long. */
function easyFormulaOfSize(vars: number, bytes: number): number[][] {
  const perClause = dimacsBytes(vars, randomThreeSat(vars, 1000, 7)) / 1000;
  return randomThreeSat(vars, Math.floor(bytes / perClause), 7);
}

describe.skipIf(missing('clasp-wasm'))('clasp-wasm', () => {
  it('names the package version', () => {
    expect(availability.ok && availability.version).toMatch(/^clingo-wasm 0\.5\.\d+$/);
  });

  it('finds checked models, honours assumptions for one call, and proves UNSAT', async () => {
    const solver = solverWith(EXACTLY_ONE_OF_FOUR);
    expect(await solver.solve()).toBe('SAT');
    expect(satisfies(EXACTLY_ONE_OF_FOUR, solver)).toBe(true);
    expect(await solver.solve({ assumptions: [-1, -2, -3] })).toBe('SAT');
    expect([1, 2, 3, 4].map((v) => solver.value(v))).toEqual([false, false, false, true]);
    expect(await solver.solve({ assumptions: [5, 2] })).toBe('UNSAT');
    expect(await solver.solve()).toBe('SAT');
    expect(await solverWith(pigeonhole(6, 5)).solve()).toBe('UNSAT');
  });

  it('enumerates projected models natively, and stops at a limit', async () => {
    const run = async (projection: number[], limit?: number) => {
      const found: string[] = [];
      const { complete } = await solverWith(EXACTLY_ONE_OF_FOUR).enumerateProjected(projection, (vars) => found.push(vars.join(',')), { limit });
      return { complete, found: found.sort() };
    };
    expect(await run([1, 2, 3, 4, 5])).toEqual({ complete: true, found: ['1', '1,5', '2', '3', '4'] });
    expect(await run([1, 2, 3, 4])).toEqual({ complete: true, found: ['1', '2', '3', '4'] });
    const limited = await run([1, 2, 3, 4], 2);
    expect(limited.complete).toBe(false);
    expect(limited.found).toHaveLength(2);
  });

  it('a timeout answers UNKNOWN (pigeonhole 12 into 11), and the next run works on a fresh worker', async () => {
    expect(await solverWith(pigeonhole(12, 11)).solve({ timeoutSeconds: 0.5 })).toBe('UNKNOWN');
    expect(await solverWith([[1, 2], [-1]]).solve()).toBe('SAT');
  });

  it('dispose() stops a run in progress', async () => {
    const solver = solverWith(pigeonhole(12, 11));
    const answer = solver.solve();
    setTimeout(() => solver.dispose(), 300);
    expect(await answer).toBe('UNKNOWN');
  });

  it('solves an input just under its size limit', async () => {
    const clauses = easyFormulaOfSize(20_000, MAX_INPUT_BYTES - 20_000);
    expect(dimacsBytes(20_000, clauses)).toBeGreaterThan(0.95 * MAX_INPUT_BYTES);
    const solver = solverWith(clauses);
    expect(await solver.solve()).toBe('SAT');
    expect(satisfies(clauses, solver)).toBe(true);
  });

  it('refuses an input over 1 MB with a UserError that suggests what to do, and keeps working', async () => {
    const solver = solverWith(easyFormulaOfSize(20_000, 2 * MAX_INPUT_BYTES));
    const refusal = solver.solve().catch((e: unknown) => e);
    await expect(refusal).resolves.toBeInstanceOf(UserError);
    await expect(refusal).resolves.toMatchObject({
      // Called as a library here: the advice names the library's fields (the CLI's options on the command line).
      message: expect.stringMatching(/^clasp-wasm: the CNF is over 1 MB .*\(nonOverlap compact, amo sequential\).*\(solver clasp\)/),
    });
    expect(await solverWith([[1]]).solve()).toBe('SAT');
  });
});
