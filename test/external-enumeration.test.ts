/**
 * Enumeration through the solver programs, the way `enumerate --solver X`
 * runs it (src/enumerate/by-name.ts picks the mode): every class the same as
 * dancing links finds, and native modes that really project.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { polyomino } from '../encoders/polyomino.js';
import type { Instance } from '../src/core/puzzle.js';
import { enumerateNative } from '../src/enumerate/native.js';
import { EXTERNAL_SOLVERS, NativeEnumeratingSolver } from '../solvers/external/adapter.js';
import { EXTERNAL_SPECS } from '../solvers/external/specs.js';
import { type Listing, byDancingLinks, byPlan, listing } from './helpers/listing.js';
import { missing } from './helpers/requires.js';

const PROGRAMS = ['minisat', 'cadical', 'cryptominisat5', 'picosat', 'clasp'];
const installed = EXTERNAL_SOLVERS.filter((f) => PROGRAMS.includes(f.name) && f.available().ok);

/** What the dispatcher does with a solver: its mode and its listing. */
async function bySolver(instance: Instance, solver: string, unique: boolean): Promise<Listing & { mode: string }> {
  let mode = '';
  const result = await listing(instance, unique, async (onFound) => {
    const summary = await byPlan(instance, solver, unique, onFound);
    mode = summary.mode;
    return summary;
  });
  return { ...result, mode };
}

/** Solvers that project natively enumerate by themselves; the others run the blocking loop (cadical in cube batches). */
const EXPECTED_MODE: Record<string, string> = {
  clasp: 'native',
  cryptominisat5: 'native',
  cadical: 'blocking-loop',
  minisat: 'blocking-loop',
  picosat: 'blocking-loop',
};

/**
 * The 5x5 square with I, L, P, W and Y: the full group of the square (8
 * symmetries) on a formula small enough that each program's run is a few
 * seconds. (It was the 8x8 board with the centre hole, 65 classes: 30-40 s
 * a program, a sixth of the suite's time, for the same checks.)
 */
describe('external solvers enumerate the classes of a square board like dancing links', { timeout: 600_000 }, () => {
  const square = polyomino({ board: '5x5', pieces: 'I,L,P,W,Y' });
  let reference: Listing;
  beforeAll(async () => {
    reference = await byDancingLinks(square, true);
  });

  it('dancing links: 10 classes, 80 solutions, under the 8 symmetries of the square', () => {
    expect(square.symmetries).toHaveLength(8);
    expect([reference.count, reference.raw, reference.complete]).toEqual([10, 80, true]);
  });

  for (const factory of installed) {
    it(`${factory.name}: the same 10 classes, class for class`, async () => {
      const result = await bySolver(square, factory.name, true);
      expect(result.mode).toBe(EXPECTED_MODE[factory.name]);
      expect(result).toEqual({ ...reference, mode: result.mode });
    });
  }
});

// 4x15, not 6x10: the same native mode on a board of hundreds of classes, at a quarter of the suite's time for 6x10.
describe.skipIf(missing('clasp'))('4x15 through clasp (the fastest program here)', { timeout: 600_000 }, () => {
  it('368 classes (Golomb, "Polyominoes", ch. 2), class for class as dancing links', async () => {
    const board = polyomino({ preset: '4x15' });
    const reference = await byDancingLinks(board, true);
    expect(reference.count).toBe(368);
    const result = await bySolver(board, 'clasp', true);
    expect(result).toEqual({ ...reference, mode: 'native' });
  });
});

/**
 * 6x5 with six pentominoes (36 tilings) plus one auxiliary variable that no
 * clause constrains: every tiling is two total models, so an engine that
 * enumerated raw models and called it projected would count 72.
 */
function sixByFiveWithFreeAuxiliary(): Instance {
  const instance = polyomino({ board: '6x5', pieces: 'F,L,P,T,Y,U' });
  const free = instance.cnf.vars.aux('free');
  instance.cnf.family('free auxiliary', 'a variable outside the projection that nothing constrains').add([free, -free]);
  return instance;
}

describe('projected counts on a formula whose raw model count is twice the solutions', { timeout: 120_000 }, () => {
  let reference: Listing;
  beforeAll(async () => {
    reference = await byDancingLinks(sixByFiveWithFreeAuxiliary(), false);
  });

  it('dancing links counts 36 tilings', () => {
    expect(reference.count).toBe(36);
  });

  for (const factory of installed) {
    it(`${factory.name}: 36, solution for solution`, async () => {
      const result = await bySolver(sixByFiveWithFreeAuxiliary(), factory.name, false);
      expect(result.mode).toBe(EXPECTED_MODE[factory.name]);
      expect(result).toEqual({ ...reference, mode: result.mode });
    });
  }

  it.skipIf(missing('picosat'))('an engine that does not project but is taken to (picosat --all) is caught, not believed', async () => {
    const spec = EXTERNAL_SPECS.find((s) => s.name === 'picosat')!;
    const pretending = new NativeEnumeratingSolver({ ...spec, native: { ...spec.native!, projects: true } });
    const run = enumerateNative(sixByFiveWithFreeAuxiliary(), pretending, { unique: false, onFound: () => {}, cubeDepth: 0 });
    await expect(run).rejects.toThrow(/picosat printed the same solution twice/);
  });
});
