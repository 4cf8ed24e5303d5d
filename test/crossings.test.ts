import { describe, expect, it } from 'vitest';
import { claimedDirections } from '../src/geometry/crossings.js';
import { crossingProblem } from '../src/geometry/plane-check.js';
import { GRIDS } from '../src/geometry/grids.js';
import type { Cell } from '../src/geometry/cells.js';
import { polyform } from '../encoders/polyform.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { logicSolver } from '../solvers/logic-solver.js';
import { boardJson, onePiece } from './helpers/polyform-fixtures.js';

/** Do two direction sets around a point alternate (a, b, a, b going round)? The definition of crossing. */
function alternate(a: readonly number[], b: readonly number[], n: number): boolean {
  const owner = Array.from({ length: n }, (_, d) => (a.includes(d) ? 'a' : b.includes(d) ? 'b' : ''));
  const seen = owner.filter(Boolean);
  return seen.filter((o, i) => o !== seen[(i + 1) % seen.length]).length >= 4;
}

const subsets = (n: number) => Array.from({ length: 2 ** n }, (_, m) => Array.from({ length: n }, (_, d) => d).filter((d) => m & (1 << d)));

describe('the claims of stick pieces around a lattice point', () => {
  it.each([4, 6])('with %i directions, two disjoint direction sets claim a common direction exactly when they cross', (n) => {
    let crossings = 0;
    for (const a of subsets(n))
      for (const b of subsets(n)) {
        if (a.some((d) => b.includes(d))) continue;
        const [ca, cb] = [claimedDirections(new Set(a), n), claimedDirections(new Set(b), n)];
        const meet = [...ca].some((d) => cb.has(d));
        expect(meet, `${a} and ${b}`).toBe(alternate(a, b, n));
        if (meet) crossings++;
      }
    expect(crossings).toBeGreaterThan(0);
  });

  it('on the square grid only a straight run claims, and it claims all four directions', () => {
    expect([...claimedDirections(new Set([0, 2]), 4)].sort()).toEqual([0, 1, 2, 3]);
    expect(claimedDirections(new Set([0, 1]), 4).size).toBe(0);
    expect(claimedDirections(new Set([0, 1, 2]), 4).has(1)).toBe(false);
  });
});

/** Solutions of a small board (copies of one piece: SAT, as exact cover has no copies), each checked independently. */
async function solutions(grid: 'square-edges' | 'triangle-edges' | 'hexagon-edges', board: Cell[], pieces: string): Promise<number> {
  const instance = polyform({ board: boardJson(grid, board), grid, pieces });
  const onFound = (f: { trueVars: readonly number[] }) => expect(instance.check(instance.decode(f.trueVars))).toBeNull();
  const summary = await enumerate(instance, { createSolver: () => logicSolver.create(), unique: false, onFound });
  return summary.count;
}

describe('the no-crossing family on hand-made boards', () => {
  // A plus of four sticks around (1,1): two straight disticks could only cross there; two bent ones meet there.
  const plus: Cell[] = [
    [0, 1, 0],
    [1, 1, 0],
    [1, 0, 1],
    [1, 1, 1],
  ];
  const straight = onePiece(
    'square-edges',
    'I',
    [
      [0, 0, 0],
      [1, 0, 0],
    ],
    2,
  );
  const bent = onePiece(
    'square-edges',
    'V',
    [
      [0, 0, 0],
      [0, 0, 1],
    ],
    2,
  );

  it('square grid: two straight sticks through one point are refused, two bent ones touching there are two solutions', async () => {
    expect(await solutions('square-edges', plus, straight)).toBe(0);
    expect(await solutions('square-edges', plus, bent)).toBe(2);
    expect(polyform({ board: boardJson('square-edges', plus), pieces: straight }).cnf.families.map((f) => f.name)).toContain('no-crossing');
  });

  // Four trigs around the origin in directions 0, 1, 2, 3 (0°, 60°, 120°, 180°).
  const fan: Cell[] = [
    [0, 0, 0],
    [0, 0, 1],
    [0, 0, 2],
    [-1, 0, 0],
  ];
  const ditrig = (name: string, cells: number[][]) => onePiece('triangle-edges', name, cells, 2);

  it('triangular grid: two 120° turns that interleave cross; two 60° turns side by side touch', async () => {
    // 120°: directions {0, 2} and {1, 3}, the only pairing, cross at the origin.
    expect(
      await solutions(
        'triangle-edges',
        fan,
        ditrig('L', [
          [0, 0, 0],
          [0, 0, 2],
        ]),
      ),
    ).toBe(0);
    // 60°: {0, 1} and {2, 3} touch.
    expect(
      await solutions(
        'triangle-edges',
        fan,
        ditrig('V', [
          [0, 0, 0],
          [0, 0, 1],
        ]),
      ),
    ).toBe(1);
  });

  it('triangular grid: a straight run blocks a turn through it, not one beside it', async () => {
    // Directions 0, 1, 3, 4 around the origin: straight {0, 3} with straight {1, 4} must cross.
    const star: Cell[] = [
      [0, 0, 0],
      [0, 0, 1],
      [-1, 0, 0],
      [0, -1, 1],
    ];
    expect(
      await solutions(
        'triangle-edges',
        star,
        ditrig('I', [
          [0, 0, 0],
          [1, 0, 0],
        ]),
      ),
    ).toBe(0);
    // Two 60° turns {0, 1} and {3, 4} touch at the origin.
    expect(
      await solutions(
        'triangle-edges',
        star,
        ditrig('V', [
          [0, 0, 0],
          [0, 0, 1],
        ]),
      ),
    ).toBe(1);
  });

  it('hexagonal grid: three twigs meet at a point and nothing can cross, so there is no family', () => {
    const claw: Cell[] = [
      [0, 0, 0],
      [0, 0, 1],
      [0, 0, 2],
    ];
    const instance = polyform({
      board: boardJson('hexagon-edges', claw),
      pieces: onePiece('hexagon-edges', 'I', [[0, 0, 0]], 3),
    });
    expect(instance.cnf.families.map((f) => f.name)).not.toContain('no-crossing');
  });

  it('the independent checker finds a crossing and lets touching pass', () => {
    const grid = GRIDS['square-edges'];
    const crossing = [
      {
        piece: 'A',
        cells: [
          [0, 1, 0],
          [1, 1, 0],
        ] as Cell[],
      },
      {
        piece: 'B',
        cells: [
          [1, 0, 1],
          [1, 1, 1],
        ] as Cell[],
      },
    ];
    expect(crossingProblem(grid, crossing)).toMatch(/pieces A and B cross at \(1, 1\)/);
    const touching = [
      {
        piece: 'A',
        cells: [
          [0, 1, 0],
          [1, 0, 1],
        ] as Cell[],
      },
      {
        piece: 'B',
        cells: [
          [1, 1, 0],
          [1, 1, 1],
        ] as Cell[],
      },
    ];
    expect(crossingProblem(grid, touching)).toBeNull();
  });
});
