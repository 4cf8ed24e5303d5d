import { afterEach, describe, expect, it, vi } from 'vitest';
import { polyomino } from '../encoders/polyomino.js';
import { Family } from '../src/core/cnf.js';
import { DeadlineReached, setRunDeadline } from '../src/core/limits.js';
import * as cells from '../src/geometry/cells.js';

/** When set, the run's deadline passes as the packing asks for its board's symmetries (the last step of its build). */
const late = { deadline: false };

vi.mock('../src/geometry/cells.js', async (importOriginal) => {
  const original = await importOriginal<typeof cells>();
  return {
    ...original,
    regionSymmetries: (...args: Parameters<typeof original.regionSymmetries>) => {
      if (late.deadline) setRunDeadline(Date.now() - 1);
      return original.regionSymmetries(...args);
    },
  };
});

/**
 * A packing's build meets the run's deadline (--timeout) in its loops that
 * add no clause, as Cnf.add meets it in those that do: the placements'
 * symmetries (2.7 s of a 25x25 board of 125 pieces past the deadline) and
 * the overlapping pairs of the pairwise encodings (17 s of a 20x20 board).
 * Tiny boards: fewer clauses and variables than the 8192 between two looks
 * at the clock in Cnf.add and VarPool, so only these loops can stop them.
 */
describe("a packing's build past the run's deadline", () => {
  afterEach(() => {
    late.deadline = false;
    setRunDeadline(Infinity);
  });

  it('stops while the placements are mapped by each symmetry (regression: mapped every placement by every symmetry first)', () => {
    late.deadline = true;
    expect(() => polyomino({ board: '5x4', pieces: 'L,P,T,U' })).toThrow(DeadlineReached);
  });

  it('stops while the overlapping pairs are listed, before any clause (regression: listed them all, then stopped at the clauses)', () => {
    const add = vi.spyOn(Family.prototype, 'add');
    setRunDeadline(Date.now() - 1);
    try {
      expect(() => polyomino({ board: '5x4', pieces: 'L,P,T,U', amo: 'pairwise' })).toThrow(DeadlineReached);
      expect(add).not.toHaveBeenCalled();
    } finally {
      add.mockRestore();
    }
  });
});
