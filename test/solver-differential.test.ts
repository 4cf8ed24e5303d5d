/**
 * Every available solver, in-process and external, against the same
 * formulas: the same verdicts (checked against an independent DPLL), models
 * that satisfy the clauses, and the same solutions when enumerating (checked
 * against dancing links), by the blocking-clause loop and natively.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Clauses, pigeonhole, randomThreeSat } from '../bench/minisat-builds.js';
import { polyomino } from '../encoders/polyomino.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import type { Instance } from '../src/core/puzzle.js';
import { MAX_INPUT_BYTES, claspWasm } from '../solvers/clasp-wasm.js';
import { EXTERNAL_SOLVERS } from '../solvers/external/adapter.js';
import { ClauseStore } from '../solvers/external/clause-store.js';
import { enumeratesNatively } from '../solvers/types.js';
import { logicSolver } from '../solvers/logic-solver.js';
import { loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import type { Solver, SolverFactory } from '../solvers/types.js';
import { type Listing, byPlan, listing as listed } from './helpers/listing.js';
import { solveDpll } from './helpers/dpll.js';

const candidates: SolverFactory[] = [logicSolver, minisatWasm, claspWasm, ...EXTERNAL_SOLVERS];
const engines = candidates.filter((f) => f.available().ok);
const missing = candidates.filter((f) => !f.available().ok).map((f) => f.name);
const title = `solvers agree: ${engines.map((f) => f.name).join(', ')}${missing.length ? ` (skipped, unavailable: ${missing.join(', ')})` : ''}`;

// Loaded before the tests are collected: some of them are chosen by asking a solver what it can do.
if (engines.includes(minisatWasm)) await loadMinisatWasm();

const satisfies = (clauses: Clauses, solver: Solver) => clauses.every((c) => c.some((lit) => solver.value(Math.abs(lit)) === lit > 0));

async function verdict(factory: SolverFactory, clauses: Clauses, varCount: number): Promise<string> {
  const solver = factory.create();
  try {
    solver.ensureVars(varCount);
    for (const clause of clauses) solver.addClause(clause);
    const status = await solver.solve();
    if (status === 'SAT' && !satisfies(clauses, solver)) return 'SAT with a wrong model';
    return status;
  } finally {
    solver.dispose();
  }
}

const clausesOf = (instance: Instance): Clauses => Array.from(instance.cnf.clauses(), (c) => Array.from(c));

/** clasp-wasm refuses inputs over MAX_INPUT_BYTES of DIMACS (test/clasp-wasm.test.ts checks how). */
function acceptedBy(factory: SolverFactory, instance: Instance): boolean {
  if (factory !== claspWasm) return true;
  const store = new ClauseStore();
  for (const clause of instance.cnf.clauses()) store.add(clause);
  return Array.from(store.dimacs([]), (chunk) => chunk.length).reduce((a, b) => a + b, 0) <= MAX_INPUT_BYTES;
}

/** Six pentominoes on 6x5: 36 tilings in 9 classes. Small enough to enumerate with every solver. */
const SIX_BY_FIVE = { board: '6x5', pieces: 'F,L,P,T,Y,U' };
const sixByFive = polyomino(SIX_BY_FIVE);
/** Without auxiliary variables, so that picosat --all (which cannot project) enumerates it natively. */
const sixByFiveNoAux = polyomino({ ...SIX_BY_FIVE, amo: 'pairwise', nonOverlap: 'pairwise' });
/** Four pentominoes on 5x4: 4 tilings, one class. */
const fiveByFour = polyomino({ board: '5x4', pieces: 'L,P,U,Y' });

/** The listing, checked on the way: each reported solution stands for its orbit, and together they are every raw solution. */
async function listing(instance: Instance, unique: boolean, run: Parameters<typeof listed>[2]): Promise<Listing> {
  let orbitTotal = 0;
  const result = await listed(instance, unique, run, (f) => (orbitTotal += f.orbitSize));
  expect(orbitTotal).toBe(result.raw);
  return result;
}

const byDancingLinks = (instance: Instance, unique: boolean) =>
  listing(instance, unique, (onFound) => enumerateExactCover(instance, { unique, onFound }));

describe(title, { timeout: 300_000 }, () => {
  describe('verdicts on random 3-SAT at the threshold (ratio 4.26), against DPLL', () => {
    const formulas = [40, 50, 60].flatMap((n) =>
      [1, 2, 3].map((seed) => ({ n, seed, clauses: randomThreeSat(n, Math.round(4.26 * n), 1000 * n + seed) })),
    );
    const expected = formulas.map((f) => (solveDpll(f.clauses, f.n) ? 'SAT' : 'UNSAT'));

    it('the formulas are not all alike', () => {
      expect(new Set(expected)).toEqual(new Set(['SAT', 'UNSAT']));
    });

    for (const factory of engines) {
      it(factory.name, async () => {
        const answers = [];
        for (const f of formulas) answers.push(await verdict(factory, f.clauses, f.n));
        expect(answers).toEqual(expected);
      });
    }
  });

  describe('verdicts on puzzle CNFs', () => {
    const cases = [
      { name: 'pentominoes F,L,P,T,Y,U on 6x5', instance: sixByFive, expected: 'SAT' },
      { name: 'the same without auxiliaries', instance: sixByFiveNoAux, expected: 'SAT' },
      { name: 'tetrominoes L,T,I,O,S on 5x4 (no tiling)', instance: polyomino({ board: '5x4', pieces: 'L4,T4,I4,O4,S4' }), expected: 'UNSAT' },
    ];
    const pigeons = pigeonhole(7, 6);

    for (const factory of engines) {
      it(factory.name, async () => {
        for (const c of cases.filter((c) => acceptedBy(factory, c.instance))) {
          expect([c.name, await verdict(factory, clausesOf(c.instance), c.instance.cnf.varCount)]).toEqual([c.name, c.expected]);
        }
        expect(await verdict(factory, pigeons, 42)).toBe('UNSAT');
      });
    }
  });

  describe('enumeration against dancing links', () => {
    let reference: { all: Listing; classes: Listing; small: Listing };
    beforeAll(async () => {
      reference = {
        all: await byDancingLinks(sixByFive, false),
        classes: await byDancingLinks(sixByFive, true),
        small: await byDancingLinks(fiveByFour, false),
      };
    });

    it('dancing links counts 36 tilings in 9 classes on 6x5, with or without auxiliaries, and 4 on 5x4', async () => {
      expect([reference.all.count, reference.classes.count, reference.classes.raw, reference.small.count]).toEqual([36, 9, 36, 4]);
      // Same placements, same variable numbers: the encoding changes only the auxiliaries.
      expect((await byDancingLinks(sixByFiveNoAux, false)).keys).toEqual(reference.all.keys);
    });

    for (const factory of engines) {
      // Few solves, one cube: each solve of an external solver is a process start.
      it(`${factory.name}, blocking-clause loop (5x4 all, 6x5 classes)`, async () => {
        const run = (instance: Instance, unique: boolean) =>
          listing(instance, unique, (onFound) => enumerate(instance, { createSolver: () => factory.create(), unique, onFound, cubeDepth: 0 }));
        expect(await run(fiveByFour, false)).toEqual(reference.small);
        expect(await run(sixByFive, true)).toEqual(reference.classes);
      });

      const probe = factory.create();
      const native = [sixByFive, sixByFiveNoAux].filter((instance) => nativeOn(probe, instance) && acceptedBy(factory, instance));
      probe.dispose();
      if (native.length === 0) continue;
      it(`${factory.name}, native enumeration of 6x5 (${native.map((i) => (i === sixByFive ? 'compact' : 'no auxiliaries')).join(', ')})`, async () => {
        for (const instance of native) {
          for (const unique of [false, true]) {
            let mode = '';
            const result = await listing(instance, unique, async (onFound) => {
              const summary = await byPlan(instance, factory.name, unique, onFound);
              mode = summary.mode;
              return summary;
            });
            expect(mode).toBe('native');
            expect(result).toEqual(unique ? reference.classes : reference.all);
          }
        }
      });
    }
  });

  it('the dispatcher falls back to the blocking-clause loop for solvers that cannot enumerate', async () => {
    const summary = await byPlan(fiveByFour, logicSolver.name, true, () => {});
    expect([summary.mode, summary.count, summary.raw, summary.complete]).toEqual(['blocking-loop', 1, 4, true]);
  });

  it('picosat enumerates natively only without auxiliaries (it cannot project)', () => {
    const picosat = EXTERNAL_SOLVERS.find((f) => f.name === 'picosat')!.create();
    expect([nativeOn(picosat, sixByFive), nativeOn(picosat, sixByFiveNoAux)]).toEqual([false, true]);
    picosat.dispose();
  });
});

function nativeOn(solver: Solver, instance: Instance): boolean {
  return enumeratesNatively(solver, instance.cnf.projection, instance.cnf.varCount);
}
