/**
 * cadical-wasm against independent answers: the DPLL of test/helpers, the
 * WebAssembly MiniSat, dancing links for enumeration. Skipped (not failed)
 * when `npm run build:cadical-wasm` has not been run; the 'not built' path
 * itself is tested either way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Clauses, pigeonhole, randomThreeSat } from '../bench/minisat-builds.js';
import { polyomino } from '../encoders/polyomino.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { UserError } from '../src/core/errors.js';
import { cadicalWasm, cadicalWasmAvailability, loadCadicalWasm, type CadicalWasmSolver } from '../solvers/cadical-wasm.js';
import { loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import { solverByName } from '../solvers/index.js';
import { solveDpll } from './helpers/dpll.js';
import { missing } from './helpers/requires.js';
import { SMALL_FORMULAS, loaded, satisfies } from './helpers/solver-fixtures.js';

const availability = cadicalWasm.available();

const solverWith = (clauses: Clauses): CadicalWasmSolver => loaded(cadicalWasm.create(), clauses);

/** The DRAT text proof as lines, without the trailing newline's empty line. */
const proofLines = (bytes: Uint8Array) =>
  new TextDecoder()
    .decode(bytes)
    .split('\n')
    .filter((line) => line !== '');

describe('cadical-wasm when not built', () => {
  it('says so in one line, and naming it is a UserError with that line', () => {
    const empty = mkdtempSync(join(tmpdir(), 'cadical-wasm-'));
    try {
      const answer = cadicalWasmAvailability(empty);
      expect(answer).toEqual({ ok: false, reason: 'not built: run npm run build:cadical-wasm' });
    } finally {
      rmSync(empty, { recursive: true });
    }
    if (!availability.ok) {
      expect(() => solverByName('cadical-wasm')).toThrow(UserError);
      expect(() => solverByName('cadical-wasm')).toThrow(/^solver cadical-wasm: not built: run npm run build:cadical-wasm$/);
    }
  });
});

describe.skipIf(missing('cadical-wasm'))('cadical-wasm', () => {
  beforeAll(async () => {
    expect(await loadCadicalWasm()).toBe(true);
    await loadMinisatWasm();
  });

  it('describes itself as an in-process engine with the Debian version it was built from', () => {
    expect([cadicalWasm.name, cadicalWasm.kind]).toEqual(['cadical-wasm', 'in-process']);
    expect(availability).toMatchObject({ ok: true, version: expect.stringMatching(/^1\.5\.3/) });
  });

  it('answers small formulas, with values for every declared variable', async () => {
    const cases = SMALL_FORMULAS;
    for (const [clauses, expected] of cases) {
      const solver = solverWith(clauses);
      solver.ensureVars(5);
      expect(await solver.solve()).toBe(expected);
      if (expected === 'SAT') {
        expect(satisfies(clauses, solver)).toBe(true);
        expect([1, 2, 3, 4, 5].map((v) => typeof solver.value(v))).toEqual(Array(5).fill('boolean'));
      }
      solver.dispose();
    }
  });

  it('agrees with the DPLL and with minisat-wasm on random 3-SAT at the threshold', async () => {
    const formulas = [30, 40, 50, 60].flatMap((n) =>
      [1, 2, 3, 4].map((seed) => ({ n, clauses: randomThreeSat(n, Math.round(4.26 * n), 7000 * n + seed) })),
    );
    const byDpll = formulas.map((f) => (solveDpll(f.clauses, f.n) ? 'SAT' : 'UNSAT'));
    expect(new Set(byDpll)).toEqual(new Set(['SAT', 'UNSAT']));
    const answers: string[] = [];
    const byMinisat: string[] = [];
    for (const f of formulas) {
      const solver = solverWith(f.clauses);
      const status = await solver.solve();
      answers.push(status === 'SAT' && !satisfies(f.clauses, solver) ? 'SAT with a wrong model' : status);
      solver.dispose();
      if (minisatWasm.available().ok) {
        const peer = minisatWasm.create();
        f.clauses.forEach((c) => peer.addClause(c));
        byMinisat.push(await peer.solve());
        peer.dispose();
      }
    }
    expect(answers).toEqual(byDpll);
    if (minisatWasm.available().ok) expect(byMinisat).toEqual(byDpll);
  });

  it('solves under assumptions and names the failed ones: a subset that the DPLL confirms is refuted', async () => {
    const n = 40;
    const clauses = randomThreeSat(n, 150, 42);
    expect(solveDpll(clauses, n)).not.toBeNull();
    const solver = solverWith(clauses);
    let refuted = 0;
    for (let seed = 0; seed < 30; seed++) {
      // Ten distinct variables with signs picked by the seed.
      const assumptions = Array.from({ length: 10 }, (_, i) => ((seed * 7 + i * 13) % n) + 1).map((v, i) => (((seed >> (i % 5)) + i) & 1 ? v : -v));
      const expected = solveDpll(clauses, n, assumptions) ? 'SAT' : 'UNSAT';
      expect(await solver.solve({ assumptions })).toBe(expected);
      if (expected === 'SAT') {
        expect(satisfies(clauses, solver)).toBe(true);
        expect(assumptions.every((lit) => solver.value(Math.abs(lit)) === lit > 0)).toBe(true);
      } else {
        refuted++;
        const failed = solver.failedAssumptions();
        expect(failed.length).toBeGreaterThan(0);
        expect(failed.every((lit) => assumptions.includes(lit))).toBe(true);
        expect(solveDpll(clauses, n, failed)).toBeNull();
      }
    }
    // Assumptions hold for one call only: the clauses alone stay satisfiable.
    expect(await solver.solve()).toBe('SAT');
    expect(solver.failedAssumptions.bind(solver)).toThrow(/UNSAT/);
    solver.dispose();
    expect(refuted).toBeGreaterThan(0);
  });

  it('takes clauses between solves (incremental), each answer matching the DPLL on the clauses so far', async () => {
    const n = 30;
    const clauses = randomThreeSat(n, 200, 99);
    const solver = cadicalWasm.create();
    const answers: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < clauses.length; i += 20) {
      for (const clause of clauses.slice(i, i + 20)) solver.addClause(clause);
      const so = clauses.slice(0, i + 20);
      expected.push(solveDpll(so, n) ? 'SAT' : 'UNSAT');
      const status = await solver.solve();
      answers.push(status === 'SAT' && !satisfies(so, solver) ? 'wrong model' : status);
    }
    solver.dispose();
    expect(answers).toEqual(expected);
    expect(expected.at(0)).toBe('SAT');
    expect(expected.at(-1)).toBe('UNSAT');
  });

  it('answers UNKNOWN when a time or conflict limit runs out, and can go on afterwards', async () => {
    // Pigeonhole 11 -> 10 takes CaDiCaL far longer than these limits.
    const hard = pigeonhole(11, 10);
    const solver = solverWith(hard);
    expect(await solver.solve({ timeoutSeconds: 0.3 })).toBe('UNKNOWN');
    const before = solver.stats().conflicts;
    expect(await solver.solve({ conflictLimit: 1000 })).toBe('UNKNOWN');
    const spent = solver.stats().conflicts - before;
    expect(spent).toBeGreaterThanOrEqual(1000);
    expect(spent).toBeLessThan(1000 + 10);
    expect(await solver.solve({ decisionLimit: 50 })).toBe('UNKNOWN');
    solver.dispose();
    const easy = solverWith(pigeonhole(5, 4));
    expect(await easy.solve({ timeoutSeconds: 30 })).toBe('UNSAT');
    expect(easy.stats()).toMatchObject({ solves: 1, conflicts: expect.any(Number), decisions: expect.any(Number), propagations: expect.any(Number) });
    expect(easy.stats().conflicts).toBeGreaterThan(0);
    easy.dispose();
  });

  it('follows phase preferences on an unconstrained formula once its lucky phases are off', async () => {
    const solver = cadicalWasm.create();
    // CaDiCaL first tries "lucky" assignments (all true, ...), which ignore preferences.
    solver.setOption('lucky', 0);
    expect(() => solver.setOption('no-such-option', 1)).toThrow(UserError);
    solver.ensureVars(6);
    solver.addClause([1, 2, 3, 4, 5, 6]);
    for (let v = 1; v <= 6; v++) solver.preferValue(v, v % 2 === 0);
    expect(await solver.solve()).toBe('SAT');
    expect([1, 2, 3, 4, 5, 6].map((v) => solver.value(v))).toEqual([false, true, false, true, false, true]);
    solver.dispose();
  });

  it('enumerates the tilings of pentominoes on 6x5 and 5x4 solution for solution like dancing links', async () => {
    for (const [instance, unique, count] of [
      [polyomino({ board: '5x4', pieces: 'L,P,U,Y' }), false, 4],
      [polyomino({ board: '6x5', pieces: 'F,L,P,T,Y,U' }), false, 36],
      [polyomino({ board: '6x5', pieces: 'F,L,P,T,Y,U' }), true, 9],
    ] as const) {
      const byDlx: string[] = [];
      await enumerateExactCover(instance, { unique, onFound: (f) => byDlx.push(f.trueVars.join(',')) });
      const bySat: string[] = [];
      // The solver-created count shows the loop really ran on cadical-wasm.
      let created = 0;
      const summary = await enumerate(instance, {
        createSolver: () => {
          created++;
          return cadicalWasm.create();
        },
        unique,
        onFound: (f) => bySat.push(f.trueVars.join(',')),
      });
      expect(created).toBeGreaterThan(0);
      expect([summary.count, summary.complete]).toEqual([count, true]);
      if (!unique) expect(bySat.sort()).toEqual(byDlx.sort());
      else expect(bySat.length).toBe(byDlx.length);
    }
  });

  it('traces a text DRAT proof of pigeonhole 5 -> 4 that derives the empty clause as its last addition', async () => {
    const solver = cadicalWasm.create();
    solver.enableProof('drat-text');
    for (const clause of pigeonhole(5, 4)) solver.addClause(clause);
    expect(await solver.solve()).toBe('UNSAT');
    const { format, bytes } = solver.takeProof();
    solver.dispose();
    expect(format).toBe('drat-text');
    const lines = proofLines(bytes);
    expect(lines.length).toBeGreaterThan(1);
    // Every line is a clause or a deletion over the formula's 20 variables, ended by 0.
    for (const line of lines) expect(line).toMatch(/^(d )?(-?([1-9]|1\d|20) )*0$/);
    const additions = lines.filter((line) => !line.startsWith('d '));
    expect(additions.at(-1)).toBe('0');
  });

  it('traces binary DRAT too, and refuses a proof asked for after the first clause', async () => {
    const solver = cadicalWasm.create();
    solver.enableProof('drat-binary');
    for (const clause of pigeonhole(4, 3)) solver.addClause(clause);
    expect(await solver.solve()).toBe('UNSAT');
    const { format, bytes } = solver.takeProof();
    solver.dispose();
    expect(format).toBe('drat-binary');
    // Binary DRAT: 'a' or 'd', variable-byte literals, a 0 byte. The empty clause is 'a' 0.
    expect([bytes[0] === 0x61 || bytes[0] === 0x64, bytes.length > 2]).toEqual([true, true]);
    let lastAddition = '';
    for (let i = 0; i < bytes.length;) {
      const kind = bytes[i++]!;
      expect([0x61, 0x64]).toContain(kind);
      const start = i;
      while (bytes[i] !== 0) i++;
      if (kind === 0x61) lastAddition = Array.from(bytes.subarray(start, i)).join(',');
      i++;
    }
    expect(lastAddition).toBe('');

    const late = solverWith([[1, 2]]);
    expect(() => late.enableProof('drat-text')).toThrow(/before the first clause/);
    late.dispose();
  });

  it('rejects bad literals and use after dispose', async () => {
    const solver = cadicalWasm.create();
    expect(() => solver.addClause([1, 0, 2])).toThrow(/bad literal/);
    await expect(solver.solve({ assumptions: [0] })).rejects.toThrow(/bad literal/);
    solver.dispose();
    expect(() => solver.addClause([1])).toThrow(/after dispose/);
  });
});
