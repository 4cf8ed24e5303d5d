import { describe, expect, it } from 'vitest';
import { polyomino } from '../encoders/polyomino.js';
import { polyform } from '../encoders/polyform.js';
import { UserError } from '../src/core/errors.js';
import { withSizeLimits } from '../src/core/limits.js';
import type { Instance } from '../src/core/puzzle.js';
import { seededRandom } from '../src/core/random.js';
import { count, enumerate, solve } from '../src/index.js';
import { PRIMES, nearest } from '../src/count/wide.js';

/**
 * Pieces with copies counted as exact cover: an item per copy, a row per
 * placement and copy, the copies covered in the order the search places
 * them (CountProblem.prevCopy). Without that order every solution would be
 * counted once per numbering of its copies.
 */

/** The solutions by SAT enumeration, each checked by the puzzle's checker: the reference for small boards. */
async function enumerated(instance: Instance): Promise<number> {
  let n = 0;
  for await (const _ of enumerate(instance)) n++;
  return n;
}

/** A random piece list: each of `names` with probability `chance`, up to `most` copies, half the time a range from fewer. */
function randomPieces(random: () => number, names: readonly string[], chance: number, most: number): string {
  return names
    .filter(() => random() < chance)
    .map((name) => {
      const n = 1 + Math.floor(random() * most);
      return random() < 0.5 ? `${name}*${n}` : `${name}*${Math.floor(random() * n)}..${n}`;
    })
    .join(',');
}

/** What `build` makes, or undefined where the areas cannot agree (refused, a UserError, before anything is built). */
function builtUnlessRefused(build: () => Instance): Instance | undefined {
  try {
    return build();
  } catch (e) {
    if (e instanceof UserError) return undefined;
    throw e;
  }
}

describe('count: pieces with copies as exact cover', () => {
  // Domino tilings of the 2n x 2n board: OEIS A004003 (Kasteleyn 1961; Temperley and Fisher 1961).
  it.each([
    [2, 2n],
    [4, 36n],
    [6, 6728n],
    [8, 12988816n],
    [10, 258584046368n],
    // Past 2^53: every unit of the search is below it, their sum is not (regression: refused, and before that summed inexactly).
    [12, 53060477521960000n],
    // Past 2^53 in every unit: counted again in lanes (wide.ts; regression: refused).
    [14, 112202208776036178000000n],
  ])('the square of side %i by dominoes: %s tilings, the known count, by the sweep', async (n, known) => {
    const result = await count(polyomino({ board: `${n}x${n}`, pieces: `D2*${(n * n) / 2}` }));
    expect(result).toMatchObject({ count: known, complete: true, counter: 'exact-cover', method: 'exact cover (sweep)' });
  });

  // Domino tilings of 4 x 80, by Kasteleyn's product formula (Kasteleyn 1961): about 2^119, 2^111 in each of the search's units.
  it.each(['sweep', 'mrv'] as const)("4 x 80 by dominoes: the product formula's count, by %s, in lanes", async (strategy) => {
    const result = await count(polyomino({ board: '80x4', pieces: 'D2*160' }), { strategy });
    expect(result).toMatchObject({ count: 986796323042850159960076741139149345n, complete: true, method: `exact cover (${strategy})` });
  });

  // Domino tilings of 3 x 2n: OEIS A001835.
  it.each([
    [2, 3n],
    [4, 11n],
    [6, 41n],
    [8, 153n],
  ])('3 x %i by dominoes: %i', async (w, known) => {
    expect((await count(polyomino({ board: `${w}x3`, pieces: `D2*${(3 * w) / 2}` }))).count).toBe(known);
  });

  it('ranges of copies and optional cells (MRV) agree with SAT enumeration and the CNF counter', async () => {
    const optional = ['0,0', '4,3', '2,1'];
    const all = [0, 1, 2, 3, 4].flatMap((x) => [0, 1, 2, 3].map((y) => [x, y]));
    const board = JSON.stringify({
      grid: 'square',
      cells: all.filter((c) => !optional.includes(c.join(','))),
      optional: all.filter((c) => optional.includes(c.join(','))),
    });
    for (const pieces of ['D2*8..10', 'L3*3..6,D2*0..3', 'I3*2..4,D2*2..6']) {
      const instance = polyform({ board, pieces });
      const byCover = await count(instance);
      expect(byCover.method, pieces).toBe('exact cover (mrv)');
      expect(byCover.count, pieces).toBe(BigInt(await enumerated(instance)));
      expect((await count(instance, { method: 'cnf' })).count, pieces).toBe(byCover.count);
      // Regression: the sweep read a row's copy from its first item past the cells, here an optional cell (D2*8..10: 1785 for 145).
      expect((await count(instance, { strategy: 'sweep' })).count, pieces).toBe(byCover.count);
    }
  });

  it('a copy that fits on optional cells alone keeps the packing from the copy cover (regression: MRV counted 2 tilings for 3)', async () => {
    // 3x2 with two neighbouring cells optional: three dominoes, one of them may lie on the two optional cells.
    const board = JSON.stringify({
      grid: 'square',
      cells: [
        [2, 0],
        [0, 1],
        [1, 1],
        [2, 1],
      ],
      optional: [
        [0, 0],
        [1, 0],
      ],
    });
    const instance = polyform({ board, pieces: 'D2*3' });
    expect(instance.copyCover?.()).toBeUndefined();
    expect((await count(instance)).count).toBe(3n);
    expect(await enumerated(instance)).toBe(3);
  });

  it('random boards with optional cells and copies: the count equals SAT enumeration', async () => {
    const random = seededRandom(31);
    const names = ['M1', 'D2', 'I3', 'L3', 'O4', 'T4'];
    let checked = 0;
    for (let trial = 0; checked < 16 && trial < 400; trial++) {
      const [w, h] = [2 + Math.floor(random() * 3), 2 + Math.floor(random() * 3)];
      const all = Array.from({ length: w * h }, (_, k) => [k % w, Math.floor(k / w)]);
      const optional = all.filter(() => random() < 0.3);
      const cells = all.filter((c) => !optional.includes(c));
      const pieces = randomPieces(random, names, 0.5, 4);
      const instance = builtUnlessRefused(() => polyform({ board: JSON.stringify({ grid: 'square', cells, optional }), pieces }));
      if (!instance) continue;
      const result = await count(instance);
      if (result.count > 2000n) continue;
      expect(result.count, `${JSON.stringify({ cells, optional })} ${pieces}`).toBe(BigInt(await enumerated(instance)));
      checked++;
    }
    expect(checked).toBe(16);
  });

  it.each([
    ['hexagon', '3x3', 'free:2*2..4,free:1*0..3'],
    ['triangle', '4x2', 'free:3*2..5,free:2*0..4'],
    ['triangle-edges', '2x2', 'free:2*0..7,free:1*0..3'],
    ['hexagon-edges', '2x1', 'free:2*2..6,free:1*0..4'],
    ['cube', '3x2x2', 'free:3*2..4,free:2*0..3'],
  ] as const)('copies on the %s grid (%s, %s): the counter agrees with the CNF counter', async (grid, board, pieces) => {
    const instance = polyform({ grid, board, pieces });
    const byCover = await count(instance);
    expect(byCover.counter).toBe('exact-cover');
    expect(byCover.count).toBeGreaterThan(0n);
    expect((await count(instance, { method: 'cnf' })).count).toBe(byCover.count);
  });

  it('random boards and piece sets with copies: the count equals SAT enumeration', async () => {
    const random = seededRandom(2026);
    const names = ['M1', 'D2', 'I3', 'L3', 'O4', 'T4', 'L4', 'S4'];
    let checked = 0;
    for (let trial = 0; checked < 24 && trial < 400; trial++) {
      const [w, h] = [2 + Math.floor(random() * 4), 2 + Math.floor(random() * 3)];
      const rows = Array.from({ length: h }, () => Array.from({ length: w }, () => (random() < 0.12 ? '#' : '.')).join(''));
      const pieces = randomPieces(random, names, 0.4, 4);
      if (!/\*(?!1$|1,)/.test(pieces)) continue;
      const instance = builtUnlessRefused(() => polyomino({ board: rows.join('/'), pieces }));
      if (!instance) continue;
      const result = await count(instance);
      const what = `${rows.join('/')} ${pieces}`;
      expect(result.counter, what).toBe('exact-cover');
      // Enumeration is the reference where it is quick.
      if (result.count > 3000n) continue;
      expect(result.count, what).toBe(BigInt(await enumerated(instance)));
      checked++;
    }
    expect(checked).toBe(24);
  });

  it('builds the copy cover only when counted, and not past the placements limit (regression: every instance built it, a row per placement and copy)', async () => {
    // 10,000 monominoes on 100x100: 100 million rows, which building the instance for solve or encode made too.
    expect(polyomino({ board: '100x100', pieces: 'M1*10000' }).copyCover).toBeUndefined();
    // 4x4 by dominoes: 24 placements, 8 copies, 192 rows.
    const small = polyomino({ board: '4x4', pieces: 'D2*8' });
    expect(small.copyCover?.()?.rows).toHaveLength(192);
    const limited = withSizeLimits({ placements: 191 }, () => polyomino({ board: '4x4', pieces: 'D2*8' }));
    expect(limited.copyCover).toBeUndefined();
    expect(await count(limited)).toMatchObject({ count: 36n, counter: 'cnf' });
  });

  it('classes by Burnside over the whole group: random boards with copies against the symmetry-breaking family and SAT enumeration', async () => {
    const random = seededRandom(77);
    const names = ['M1', 'D2', 'I3', 'L3', 'O4', 'T4', 'L4'];
    let checked = 0;
    for (let trial = 0; checked < 12 && trial < 300; trial++) {
      // Square boards too, so that the group has order 8.
      const w = 2 + Math.floor(random() * 4);
      const h = random() < 0.4 ? w : 2 + Math.floor(random() * 3);
      const pieces = randomPieces(random, names, 0.45, 5);
      const instance = builtUnlessRefused(() => polyomino({ board: `${w}x${h}`, pieces }));
      if (!instance) continue;
      const what = `${w}x${h} ${pieces}`;
      const classes = await count(instance, { unique: true });
      expect(classes.counter, what).toBe('exact-cover');
      expect(classes.method, what).toMatch(/^Burnside over \d+ symmetries, \d+ terms/);
      expect((await count(instance, { unique: true, uniqueBy: 'clauses' })).count, what).toBe(classes.count);
      if (classes.count > 500n) continue;
      let found = 0;
      for await (const _ of enumerate(instance, { unique: true })) found++;
      expect(classes.count, what).toBe(BigInt(found));
      checked++;
    }
    expect(checked).toBe(12);
  });

  // By hand: 2x1 holds its two monominoes one way; 2x2 its two dominoes two ways (both across, both down), which a
  // quarter turn swaps; 3x2 its three dominoes three ways, all down or two across at either end, a mirror pair. The
  // sweep and the symmetry-breaking family agree.
  it.each([
    ['2x1', 'M1*2', 1n],
    ['2x2', 'D2*2', 1n],
    ['3x2', 'D2*3', 2n],
  ])(
    'classes of %s by %s by MRV, where a symmetry moves every copy together (regression: 2x2 by D2*2 threw "the fixed counts sum to 6")',
    async (board, pieces, classes) => {
      const instance = polyomino({ board, pieces });
      const mrv = await count(instance, { unique: true, strategy: 'mrv' });
      expect(mrv).toMatchObject({ count: classes, counter: 'exact-cover', complete: true });
      expect(mrv.count).toBe((await count(instance, { unique: true, strategy: 'sweep' })).count);
      expect(mrv.count).toBe((await count(instance, { unique: true, uniqueBy: 'clauses' })).count);
    },
  );

  it('classes by MRV where a symmetry moves every copy together and the sum still divides: 2, not 1 (regression: a wrong class count, no error)', async () => {
    // By hand: two dominoes cover 2x2 across or down; the half turn, the one rotation keeping the two optional corners
    // optional, fixes both tilings: (2 + 2) / 2 = 2 classes. MRV lost the half turn's 2, and (2 + 0) / 2 divided evenly.
    const board = '{"grid":"square","cells":[[0,0],[1,1]],"optional":[[0,1],[1,0]]}';
    const instance = polyform({ board, pieces: 'A*1..2=##', symmetry: 'rotations' });
    expect(await count(instance, { unique: true, strategy: 'mrv' })).toMatchObject({ count: 2n, complete: true, counter: 'exact-cover' });
  });

  it('classes where a symmetry merges cells with a middle copy, by the default count (regression: 2x1 by A*0..3 threw "the fixed counts sum to 1")', async () => {
    // By hand: two monominoes fill 2x1 one way, which the swap of the cells fixes: (1 + 1) / 2 = 1 class. Under the
    // swap, the pair takes copies 1 and 2 or 2 and 3, so both cells are covered by exactly the rows that take copy 2:
    // one item, taken for a copy alone and never branched on by MRV, which the default chooses where copies may stay out.
    const instance = polyform({ board: '2x1', pieces: 'A*0..3=#' });
    expect(await count(instance, { unique: true })).toMatchObject({ count: 1n, complete: true, counter: 'exact-cover' });
    expect(await count(instance, { unique: true, strategy: 'mrv' })).toMatchObject({ count: 1n, complete: true });
  });

  it('classes of 6x6 by dominoes: 930 by Burnside and by the symmetry-breaking family', async () => {
    const instance = polyomino({ board: '6x6', pieces: 'D2*18' });
    expect(await count(instance, { unique: true })).toMatchObject({ count: 930n, method: 'Burnside over 8 symmetries, 8 terms (sweep)' });
    expect((await count(instance, { unique: true, uniqueBy: 'clauses' })).count).toBe(930n);
  });

  it('mirror twins with copies, swapped by the group: classes on the formula, and the exact-cover method refused in one line', async () => {
    const instance = polyform({ board: '4x4', pieces: 'L4*2', oneSided: true, symmetry: 'isometries' });
    expect(await count(instance, { unique: true })).toMatchObject({ count: 1n, counter: 'cnf' });
    await expect(count(instance, { unique: true, method: 'exact-cover' })).rejects.toThrow(
      /classes by Burnside's lemma: a symmetry of polyform maps a piece with copies onto another piece \(mirror twins\); count its classes with the cnf method/,
    );
  });
});

/** The solutions `enumerate` finds with these options, each as its true variables: a set to compare engines by. */
async function solutionKeys(instance: Instance, options: { solver?: string; unique?: boolean }): Promise<string[]> {
  const keys: string[] = [];
  for await (const found of enumerate(instance, options)) keys.push(found.trueVars.join(','));
  return keys.sort();
}

describe('dancing links: pieces with copies (the copy cover, copies placed in the order the search meets them)', () => {
  // Domino tilings: OEIS A004003 (2n x 2n) and A001835 (3 x 2n).
  it.each([
    ['4x4', 'D2*8', 36],
    ['6x6', 'D2*18', 6728],
    ['8x3', 'D2*12', 153],
  ])('%s by %s: the known %i tilings, each once', async (board, pieces, known) => {
    const keys = await solutionKeys(polyomino({ board, pieces }), { solver: 'dlx' });
    expect(keys).toHaveLength(known);
    expect(new Set(keys).size).toBe(known);
  });

  it('solves by dancing links: T-tetrominoes tile 4x4 and not 3x4 (Walkup 1965: both sides must be multiples of 4)', async () => {
    const tiled = await solve(polyomino({ board: '4x4', pieces: 'T4*4' }), { solver: 'dlx' });
    expect(tiled.status).toBe('SAT');
    expect(tiled.solution?.placements).toHaveLength(4);
    expect((await solve(polyomino({ board: '4x3', pieces: 'T4*3' }), { solver: 'dlx' })).status).toBe('UNSAT');
  });

  it('random boards, holes, optional cells and ranges of copies: the solutions and classes SAT enumeration finds', async () => {
    const random = seededRandom(4242);
    const names = ['M1', 'D2', 'I3', 'L3', 'O4', 'T4', 'L4'];
    let checked = 0;
    for (let trial = 0; checked < 20 && trial < 400; trial++) {
      const w = 2 + Math.floor(random() * 4);
      const h = random() < 0.4 ? w : 2 + Math.floor(random() * 3);
      const all = Array.from({ length: w * h }, (_, k) => [k % w, Math.floor(k / w)]);
      const optional = all.filter(() => random() < 0.15);
      const cells = all.filter((c) => !optional.includes(c));
      const pieces = randomPieces(random, names, 0.45, 4);
      const board = JSON.stringify({ grid: 'square', cells, optional });
      const instance = builtUnlessRefused(() => polyform({ board, pieces }));
      if (!instance?.copyCover?.() || (await count(instance)).count > 1500n) continue;
      const what = `${board} ${pieces}`;
      expect(await solutionKeys(instance, { solver: 'dlx' }), what).toEqual(await solutionKeys(instance, {}));
      expect(await solutionKeys(instance, { solver: 'dlx', unique: true }), what).toEqual(await solutionKeys(instance, { unique: true }));
      checked++;
    }
    expect(checked).toBe(20);
  });
});

describe('a unit counted in lanes (wide.ts)', () => {
  /** A random whole number of `bits` bits at most. */
  const randomBig = (random: () => number, bits: number): bigint => {
    let n = 0n;
    for (let b = 0; b < bits; b += 30) n = (n << 30n) | BigInt(Math.floor(random() * 2 ** 30));
    return n >> BigInt(Math.ceil(bits / 30) * 30 - bits);
  };

  it('tells the count from an approximation within its slack and its residues modulo as many primes as the slack needs; a wrong residue never gives it', () => {
    const random = seededRandom(53);
    for (let round = 0; round < 400; round++) {
      const n = randomBig(random, 1 + Math.floor(random() * 125));
      // The approximate lane's error, as roundingBound allows it: here up to 2^-40 of the count, either way.
      const approximate = Number(n) * (1 + (random() - 0.5) * 2 ** -39);
      const slack = 2 ** -40 * approximate + 1;
      const residues: number[] = [];
      let product = 1n;
      for (const p of PRIMES) {
        if (product > 2n * BigInt(Math.ceil(slack))) break;
        residues.push(Number(n % BigInt(p)));
        product *= BigInt(p);
      }
      expect(nearest(approximate, slack, residues), `round ${round}: ${n}`).toBe(n);
      const k = Math.floor(random() * residues.length);
      const wrong = residues.map((r, i) => (i === k ? (r + 1) % PRIMES[i]! : r));
      let got: bigint | undefined;
      try {
        got = nearest(approximate, slack, wrong);
      } catch {
        got = undefined;
      }
      expect(got, `round ${round}: residue ${k} wrong`).not.toBe(n);
    }
  });
});
