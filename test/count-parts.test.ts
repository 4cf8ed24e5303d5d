import { describe, expect, it } from 'vitest';
import { POLYOMINOES, polyomino } from '../encoders/polyomino.js';
import { polyform } from '../encoders/polyform.js';
import { seededRandom } from '../src/core/random.js';
import { bruteForceCount } from './helpers/exact-cover-count.js';
import { PartsCounter, boardParts, countsByParts, partsPayOff } from '../src/count/components.js';
import { classTerms } from '../src/count/burnside.js';
import { MemoryBoundExceeded } from '../src/count/engine.js';
import { resolveStrategy, runCount } from '../src/count/exact-cover.js';
import { type ExactCoverInput, compileProblem } from '../src/count/problem.js';
import { countInstance, itemOrderOf } from '../src/count/solutions.js';

/**
 * Counting by parts (src/count/components.ts): a board that falls apart is
 * counted part by part, the parts' fillings tallied by the pieces they take
 * and met at complementary piece sets. Checked against brute force on random
 * problems built in parts, and against the sweep on boards in pieces.
 */

/**
 * A problem whose cells (the first items) fall into 2 or 3 parts that no row
 * joins, and pieces (the last items, some required, some optional) that
 * rows of any part may take. Items are primary first, then secondary, as
 * the input wants: cells and required pieces primary, optional cells and
 * optional pieces secondary; `local` says which items are cells.
 */
function partedProblem(random: () => number): { problem: ExactCoverInput; local: number; cells: number[] } {
  const parts = 2 + Math.floor(random() * 2);
  const partOf: number[] = [];
  for (let p = 0; p < parts; p++) for (let k = 0, n = 1 + Math.floor(random() * 3); k < n; k++) partOf.push(p);
  const requiredPieces = Math.floor(random() * 3);
  const optionalCells = Math.floor(random() * 2);
  const optionalPieces = Math.floor(random() * 3);
  // Item numbers: cells, required pieces, then optional cells, optional pieces.
  const cells = partOf.map((_, k) => k);
  const required = Array.from({ length: requiredPieces }, (_, k) => partOf.length + k);
  const primary = partOf.length + requiredPieces;
  const optional = Array.from({ length: optionalCells }, (_, k) => primary + k);
  const optionalPartOf = optional.map(() => Math.floor(random() * parts));
  const optionalPiece = Array.from({ length: optionalPieces }, (_, k) => primary + optionalCells + k);
  const pieces = [...required, ...optionalPiece];
  const rows = Array.from({ length: 8 + Math.floor(random() * 7) }, () => {
    const part = Math.floor(random() * parts);
    const mine = cells.filter((c) => partOf[c] === part);
    const row = new Set([mine[Math.floor(random() * mine.length)]!]);
    for (const c of mine) if (random() < 0.3) row.add(c);
    optional.forEach((c, k) => optionalPartOf[k] === part && random() < 0.3 && row.add(c));
    for (const g of pieces) if (random() < 0.3) row.add(g);
    return [...row].sort((a, b) => a - b);
  });
  const problem = { primary, secondary: optionalCells + optionalPieces, rows };
  return { problem, local: partOf.length + optionalCells, cells: [...cells, ...optional] };
}

/** Cells first in the sweep, pieces after them. */
function cellsFirst(problem: ExactCoverInput, cells: readonly number[]) {
  const n = problem.primary + problem.secondary;
  const order = [...cells, ...Array.from({ length: n }, (_, i) => i).filter((i) => !cells.includes(i))];
  const rank = new Int32Array(n);
  order.forEach((item, k) => (rank[item] = k));
  return { rank, local: cells.length };
}

/** Two 5x6 rectangles side by side, a column apart. */
const TWO_RECTANGLES = '.....#...../.....#...../.....#...../.....#...../.....#...../.....#.....';

describe('counting by parts', () => {
  it('counts what brute force counts on random problems in parts, with required and optional pieces and cells, and forced rows', async () => {
    const random = seededRandom(41);
    let byParts = 0;
    for (let round = 0; round < 300; round++) {
      const { problem, cells } = partedProblem(random);
      const forced = random() < 0.2 ? [Math.floor(random() * problem.rows.length)] : [];
      const expected = bruteForceCount(problem, forced);
      const compiled = compileProblem(problem, cellsFirst(problem, cells), forced);
      const result = await runCount(compiled);
      expect(result.count, `round ${round}`).toBe(BigInt(expected));
      if (countsByParts(compiled)) {
        byParts++;
        expect(result.strategy, `round ${round}`).toBe('components');
        expect(new PartsCounter(compiled, { cacheBytes: 1 << 20 }).count(), `round ${round}`).toBe(expected);
      }
    }
    // Most rounds must have been counted by parts, or the check above says little.
    expect(byParts).toBeGreaterThan(150);
  });

  /** Two cells, two parts; each takes any one of 22 optional pieces, never the same: 22 x 21 ways. */
  const twoCellsOf22Pieces = () => {
    const pieces = Array.from({ length: 22 }, (_, k) => 2 + k);
    const problem = { primary: 2, secondary: 22, rows: [0, 1].flatMap((cell) => pieces.map((g) => [cell, g])) };
    return compileProblem(problem, cellsFirst(problem, [0, 1]));
  };

  it('holds its tables within the memory bound: refused beyond it, counted within it (22 optional pieces, 2^22 piece sets)', async () => {
    const compiled = twoCellsOf22Pieces();
    expect(countsByParts(compiled)).toBe(true);
    await expect(runCount(compiled, { strategy: 'components', maxBytes: 64 * 2 ** 20 })).rejects.toThrow(MemoryBoundExceeded);
    expect(await runCount(compiled, { maxBytes: 256 * 2 ** 20 })).toMatchObject({ count: 22n * 21n, complete: true, strategy: 'components' });
  });

  it('is not what auto picks where its tables would pass the memory bound: the sweep counts within it (regression)', async () => {
    // The problem above at 64 MiB: auto chose counting by parts and stopped at the bound; the sweep needs a few MiB.
    const compiled = twoCellsOf22Pieces();
    expect(resolveStrategy(compiled, 'auto', 64 * 2 ** 20)).not.toBe('components');
    const run = await runCount(compiled, { maxBytes: 64 * 2 ** 20 });
    expect(run).toMatchObject({ count: 22n * 21n, complete: true });
    expect(run.strategy).not.toBe('components');
  });

  it('leaves to the sweep or MRV the boards whose parts have too many fillings to list (regression: Polyominoes2345X1 cut into arms)', () => {
    // Puzzler's Polyominoes2345X1: a pinned piece at the centre of the X cuts it into four arms, each with more fillings than a
    // count could list without a memo; auto counted those terms by parts and got nowhere in 10 minutes (0 classes, 0% of the search).
    const holes = new Set(['5,6', '5,7', '6,5', '6,8', '7,5', '7,8', '8,6', '8,7']);
    const inBar = (x: number, y: number) => (y >= 5 && y < 9) || (x >= 5 && x < 9);
    const board = Array.from({ length: 14 }, (_, y) =>
      Array.from({ length: 14 }, (_, x) => (inBar(x, y) && !holes.has(`${x},${y}`) ? '.' : '#')).join(''),
    ).join('/');
    const instance = polyomino({ board, pieces: 'D2,I3,L3,I4,L4,O4,T4,S4,F,I,L,N,P,T,U,V,W,X,Y,Z' });
    const order = itemOrderOf(instance);
    const split = classTerms(instance, true)
      .map((t) => compileProblem(t.problem, order, t.forced))
      .filter((p) => countsByParts(p));
    expect(split.length).toBeGreaterThan(0);
    // One term is enough: every one of them was counted by parts, and each trial runs its whole budget (about 12 s here).
    expect(resolveStrategy(split[0]!)).not.toBe('components');
    // The trial's budget decides: the two 5x6 rectangles' parts are listed in about 160 thousand nodes.
    const rectangles = polyomino({ board: TWO_RECTANGLES, pieces: 'F,I,L,N,P,T,U,V,W,X,Y,Z' });
    const two = compileProblem(rectangles.exactCover!, itemOrderOf(rectangles));
    expect([partsPayOff(two, undefined, 1000), partsPayOff(two, undefined, 1 << 20)]).toEqual([false, true]);
  }, 120_000);

  it('stops the trial of the parts when the count is told to stop, and keeps no verdict from it (regression: --timeout 5 took 20 s)', () => {
    // The trial listed fillings for seconds without asking whether to stop: on Polyominoes2345X1 a count
    // with --timeout 5 ran 20 s, and a 900-second run went past its CPU box with no summary.
    const rectangles = polyomino({ board: TWO_RECTANGLES, pieces: 'F,I,L,N,P,T,U,V,W,X,Y,Z' });
    const two = compileProblem(rectangles.exactCover!, itemOrderOf(rectangles));
    let asked = 0;
    const stop = () => ++asked > 0;
    expect(resolveStrategy(two, 'auto', undefined, stop)).not.toBe('components');
    expect(asked).toBe(1);
    // Not kept: the next trial, not stopped, still finds that the parts pay off.
    expect(resolveStrategy(two)).toBe('components');
  });

  it('finds the parts of a board: cells joined by a row are in one part', () => {
    const problem = { primary: 5, secondary: 0, rows: [[0, 1], [1, 2], [3], [4], [3, 4]] };
    const compiled = compileProblem(problem, cellsFirst(problem, [0, 1, 2, 3, 4]));
    expect(
      boardParts(compiled)
        .map((p) => p.length)
        .sort(),
    ).toEqual([2, 3]);
  });

  it('counts boards in pieces as the sweep does, solutions and classes (the symmetries that swap the parts join them)', async () => {
    const art = (a: string) => a.split('/').flatMap((row, y) => [...row].flatMap((c, x) => (c === '#' ? [[x, y]] : [])));
    const pentominoes = Object.entries(POLYOMINOES).filter(([, a]) => art(a).length === 5);
    const instances = [
      // Two 5x6 rectangles sharing the 12 pentominoes.
      polyomino({ board: TWO_RECTANGLES, pieces: pentominoes.map(([n]) => n).join(',') }),
      // A 1x5 strip and two 4x5 rectangles filled by 9 of the 12, each at most once (optional pieces): three parts.
      polyform({
        board: JSON.stringify({
          grid: 'square',
          cells: [1, 4, 4].flatMap((h, p) => [0, 1, 2, 3, 4].flatMap((x) => Array.from({ length: h }, (_, y) => [x + 6 * p, y]))),
        }),
        pieces: JSON.stringify({ grid: 'square', pieces: pentominoes.map(([name, a]) => ({ name, cells: art(a), count: '0..1' })) }),
      }),
    ];
    // Solutions by dancing links (enumerate --solver dlx): 64 and 320.
    const solutions = [64, 320];
    expect(pentominoes.length).toBe(12);
    for (const [k, instance] of instances.entries()) {
      expect((await countInstance(instance)).count).toBe(BigInt(solutions[k]!));
      for (const unique of [false, true]) {
        const parts = await countInstance(instance, { unique });
        const sweep = await countInstance(instance, { unique, strategy: 'sweep' });
        const where = `${instance.puzzle} ${unique ? 'classes' : 'solutions'}`;
        expect(parts.count, where).toBe(sweep.count);
        expect(
          parts.terms.some((t) => t.strategy === 'components'),
          where,
        ).toBe(true);
        expect(sweep.count, where).toBeGreaterThan(0n);
      }
    }
  });
});
