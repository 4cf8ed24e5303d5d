import { describe, it, expect, vi } from 'vitest';
import { isExactCover, solveExactCover, type ExactCoverOptions, type ExactCoverProblem } from '../solvers/dlx/exact-cover.js';
import { orientations, PENTOMINO_SHAPES, queensProblem, tilingProblem } from '../bench/exact-cover-problems.js';
import { seededRandom } from '../src/core/random.js';

function randomProblem(random: () => number): ExactCoverProblem {
  const primary = 3 + Math.floor(random() * 4);
  const secondary = Math.floor(random() * 3);
  const columns = primary + secondary;
  const rows = Array.from({ length: 12 }, () => {
    const cells = Array.from({ length: columns }, (_, c) => c).filter(() => random() < 0.3);
    return cells.some((c) => c < primary) ? cells : [Math.floor(random() * primary), ...cells].sort((a, b) => a - b);
  });
  return { primary, secondary, rows };
}

/** Every subset of rows that is an exact cover, as ascending row lists, in a canonical order. */
function bruteForceCovers(problem: ExactCoverProblem): number[][] {
  const covers: number[][] = [];
  for (let mask = 0; mask < 1 << problem.rows.length; mask++) {
    const rows = problem.rows.map((_, row) => row).filter((row) => mask & (1 << row));
    if (isExactCover(problem, rows)) covers.push(rows);
  }
  return canonical(covers);
}

function canonical(covers: number[][]): number[][] {
  return covers
    .map((rows) => rows.join(','))
    .sort()
    .map((key) => (key === '' ? [] : key.split(',').map(Number)));
}

function allCovers(problem: ExactCoverProblem, options: ExactCoverOptions = {}): number[][] {
  const covers: number[][] = [];
  const result = solveExactCover(problem, { ...options, onSolution: (rows) => void covers.push(rows) });
  expect(result.count).toBe(covers.length);
  expect(result.complete).toBe(true);
  return covers;
}

// The example of Knuth's "Dancing Links" paper: columns A..G.
const KNUTH_EXAMPLE: ExactCoverProblem = {
  primary: 7,
  secondary: 0,
  rows: [
    [2, 4, 5], // C E F
    [0, 3, 6], // A D G
    [1, 2, 5], // B C F
    [0, 3], // A D
    [1, 6], // B G
    [3, 4, 6], // D E G
  ],
};

describe('isExactCover', () => {
  it('accepts exactly the covers of the textbook example', () => {
    expect(isExactCover(KNUTH_EXAMPLE, [0, 3, 4])).toBe(true);
    expect(isExactCover(KNUTH_EXAMPLE, [0, 3])).toBe(false); // B and G uncovered
    expect(isExactCover(KNUTH_EXAMPLE, [0, 1, 4])).toBe(false); // G twice
    expect(isExactCover(KNUTH_EXAMPLE, [0, 3, 4, 6])).toBe(false); // no row 6
  });

  it('lets secondary columns be covered at most once', () => {
    const problem = { primary: 1, secondary: 1, rows: [[0, 1], [0], [1]] };
    expect(isExactCover(problem, [0])).toBe(true);
    expect(isExactCover(problem, [1])).toBe(true);
    expect(isExactCover(problem, [1, 2])).toBe(true);
    expect(isExactCover(problem, [0, 2])).toBe(false);
    expect(isExactCover(problem, [2])).toBe(false);
  });
});

describe('solveExactCover', () => {
  it('finds the single cover of the textbook example', () => {
    expect(allCovers(KNUTH_EXAMPLE)).toEqual([[0, 3, 4]]);
  });

  it('finds the same covers as brute force on random small problems', () => {
    const random = seededRandom(2024);
    let total = 0;
    for (let trial = 0; trial < 300; trial++) {
      const problem = randomProblem(random);
      const covers = allCovers(problem);
      for (const rows of covers) expect(rows).toEqual([...rows].sort((a, b) => a - b));
      expect(canonical(covers)).toEqual(bruteForceCovers(problem));
      total += covers.length;
    }
    expect(total).toBeGreaterThan(100); // the comparison is not vacuous
  });

  it('honours forced and excluded rows like brute force does', () => {
    const random = seededRandom(7);
    let total = 0;
    for (let trial = 0; trial < 200; trial++) {
      const problem = randomProblem(random);
      const pick = (n: number) => Array.from({ length: n }, () => Math.floor(random() * problem.rows.length));
      const forced = pick(Math.floor(random() * 3));
      const excluded = pick(Math.floor(random() * 3));
      const expected = bruteForceCovers(problem).filter(
        (rows) => forced.every((row) => rows.includes(row)) && !excluded.some((row) => rows.includes(row)),
      );
      expect(canonical(allCovers(problem, { forced, excluded }))).toEqual(expected);
      total += expected.length;
    }
    expect(total).toBeGreaterThan(30);
  });

  it('counts n queens for n = 1..8', () => {
    const counts = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => solveExactCover(queensProblem(n)).count);
    expect(counts).toEqual([1, 0, 0, 2, 10, 4, 40, 92]);
  });

  it('returns only valid and distinct queen placements', () => {
    const problem = queensProblem(8);
    const covers = allCovers(problem);
    expect(covers.every((rows) => isExactCover(problem, rows))).toBe(true);
    expect(new Set(covers.map(String)).size).toBe(92);
  });

  it('stops at the limit', () => {
    const problem = queensProblem(8);
    expect(solveExactCover(problem, { limit: 10 })).toMatchObject({ count: 10, complete: false });
    expect(solveExactCover(problem, { limit: 92 })).toMatchObject({ count: 92, complete: false });
    expect(solveExactCover(problem, { limit: 93 })).toMatchObject({ count: 92, complete: true });
  });

  it('stops when onSolution returns false', () => {
    const problem = queensProblem(8);
    const seen: number[][] = [];
    const result = solveExactCover(problem, { onSolution: (rows) => seen.push(rows) < 3 });
    expect(result).toMatchObject({ count: 3, complete: false });
    expect(seen.length).toBe(3);
    expect(seen.every((rows) => isExactCover(problem, rows))).toBe(true);
  });

  it('restricts to the queens through a forced square, or avoiding excluded ones', () => {
    const problem = queensProblem(8);
    const covers = allCovers(problem);
    const corner = 0; // queen on rank 0, file 0
    const withCorner = covers.filter((rows) => rows.includes(corner));
    expect(canonical(allCovers(problem, { forced: [corner] }))).toEqual(canonical(withCorner));
    expect(allCovers(problem, { excluded: [corner] }).length).toBe(92 - withCorner.length);
    expect(allCovers(problem, { forced: [corner, corner] }).length).toBe(withCorner.length);
  });

  it('finds nothing when forced rows clash or are excluded', () => {
    const problem = queensProblem(8);
    const onDiagonal = 9; // rank 1, file 1: same diagonal (a secondary column) as rank 0, file 0
    expect(solveExactCover(problem, { forced: [0, onDiagonal] })).toEqual({ count: 0, complete: true, nodes: 0 });
    expect(solveExactCover(problem, { forced: [0, 1] })).toMatchObject({ count: 0, complete: true }); // same rank
    expect(solveExactCover(problem, { forced: [5], excluded: [5] })).toMatchObject({ count: 0, complete: true });
  });

  it('gives up at once on a primary column that no row covers', () => {
    const problem = { primary: 3, secondary: 0, rows: [[0], [0, 2]] };
    expect(solveExactCover(problem)).toEqual({ count: 0, complete: true, nodes: 1 });
  });

  it('accepts the empty cover when there is nothing to cover', () => {
    expect(allCovers({ primary: 0, secondary: 2, rows: [] })).toEqual([[]]);
  });

  it('polls shouldStop during long searches and stops when it says so', () => {
    const problem = tilingProblem(12, 5, PENTOMINO_SHAPES);
    let polls = 0;
    const result = solveExactCover(problem, { shouldStop: () => ++polls === 2 });
    expect(polls).toBe(2);
    expect(result.complete).toBe(false);
    expect(result.count).toBeLessThan(4040);
  });

  it('hears a stop that came before the search, at its first node (regression: a search shorter than the poll interval ran to its end)', () => {
    const shouldStop = vi.fn(() => true);
    expect(solveExactCover(tilingProblem(12, 5, PENTOMINO_SHAPES), { shouldStop })).toEqual({ count: 0, complete: false, nodes: 1 });
    expect(shouldStop).toHaveBeenCalledTimes(1);
  });

  it('polls by the rows its covers remove, not only by nodes (regression: enumerate polyomino --board 16x20 with 40 octominoes --solver dlx --timeout 10 searched 100,000 nodes of 70 µs between two polls, and ended at 12-13.5 s)', () => {
    // Two nodes: the row {X, Z} (Z has no other), whose cover of X removes 300,000 rows {X, Y}; then Y has none.
    const many = 300_000;
    const problem: ExactCoverProblem = { primary: 3, secondary: 0, rows: [[0, 2], ...Array.from({ length: many }, () => [0, 1])] };
    let polls = 0;
    const result = solveExactCover(problem, { shouldStop: () => (++polls, false) });
    expect(result).toEqual({ count: 0, complete: true, nodes: 2 });
    // The first node asks, and the second, after that work, asks again.
    expect(polls).toBe(2);
  });

  it('rejects malformed problems and options', () => {
    const bad =
      (problem: ExactCoverProblem, options: ExactCoverOptions = {}) =>
      () =>
        solveExactCover(problem, options);
    expect(bad({ primary: 2, secondary: 0, rows: [[0], []] })).toThrow(/row 1/);
    expect(bad({ primary: 1, secondary: 1, rows: [[1]] })).toThrow(/row 0 covers no primary column/);
    expect(bad({ primary: 2, secondary: 0, rows: [[0, 2]] })).toThrow(/column 2 outside/);
    expect(bad({ primary: 2, secondary: 0, rows: [[0, 1, 0]] })).toThrow(/column 0 twice/);
    expect(bad({ primary: -1, secondary: 0, rows: [] })).toThrow(/non-negative/);
    expect(bad(KNUTH_EXAMPLE, { forced: [6] })).toThrow(/forced/);
    expect(bad(KNUTH_EXAMPLE, { excluded: [-1] })).toThrow(/excluded/);
    expect(bad(KNUTH_EXAMPLE, { limit: 0 })).toThrow(/limit/);
    expect(bad({ ...KNUTH_EXAMPLE, prevCopy: [-1] })).toThrow(/prevCopy must give each of the 7 columns/);
    expect(bad({ ...KNUTH_EXAMPLE, prevCopy: [-1, -1, -1, -1, -1, -1, 7] })).toThrow(/prevCopy/);
  });

  it('copies (prevCopy): each set of base rows once, however its copies could be numbered, against brute force', () => {
    const random = seededRandom(99);
    for (let trial = 0; trial < 60; trial++) {
      const base = randomProblem(random);
      // A piece with k copies: base row b becomes k rows, one per copy column (primary, after the cells; the secondary columns move past them).
      const { primary: cells, secondary } = base;
      const k = 1 + Math.floor(random() * 3);
      const moved = (c: number) => (c < cells ? c : c + k);
      const problem: ExactCoverProblem = {
        primary: cells + k,
        secondary,
        rows: base.rows.flatMap((row) => Array.from({ length: k }, (_, j) => [...row.map(moved), cells + j])),
        prevCopy: Array.from({ length: cells + k + secondary }, (_, c) => (c > cells && c < cells + k ? c - 1 : -1)),
      };
      const expected = bruteForceCovers(base).filter((cover) => cover.length === k);
      const found = allCovers(problem).map((cover) => cover.map((r) => Math.floor(r / k)));
      expect(canonical(found), `trial ${trial}`).toEqual(expected);
    }
  });

  it('takes no forced row of a copy before the copy ahead of it', () => {
    const problem: ExactCoverProblem = {
      primary: 4,
      secondary: 0,
      rows: [
        [0, 2],
        [0, 3],
        [1, 2],
        [1, 3],
      ],
      prevCopy: [-1, -1, -1, 2],
    };
    expect(() => solveExactCover(problem, { forced: [1] })).toThrow(/forced row 1 takes a copy before the copy ahead of it/);
    expect(allCovers(problem, { forced: [0] })).toEqual([[0, 3]]);
  });
});

describe('pentomino tilings', () => {
  it('has 63 fixed pentominoes', () => {
    const counts = Object.values(PENTOMINO_SHAPES).map((picture) => orientations(picture).length);
    expect(counts).toEqual([8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
  });

  it('tiles 3x20 in 8 ways (2 up to symmetry)', () => {
    const problem = tilingProblem(20, 3, PENTOMINO_SHAPES);
    const covers = allCovers(problem);
    expect(covers.length).toBe(8);
    expect(covers.every((rows) => isExactCover(problem, rows))).toBe(true);
  });

  // 6x10 (9356 raw) takes longer than a test should; bench/exact-cover.ts counts it.
  it('tiles 5x12 in 4040 ways (1010 up to symmetry)', { timeout: 120_000 }, () => {
    expect(solveExactCover(tilingProblem(12, 5, PENTOMINO_SHAPES))).toMatchObject({ count: 4040, complete: true });
  });
});
