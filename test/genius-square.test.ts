import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import {
  DICE,
  ROLL_COUNT,
  RollSolver,
  cellOf,
  geniusSquare,
  labelOf,
  parseBlockers,
  randomRoll,
  rollAt,
  rollIndex,
  symmetryClassKey,
  type GeniusInstance,
} from '../encoders/genius-square.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { UsageError, UserError } from '../src/core/errors.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { BITBOARD_LIMITS, BitboardCounter } from '../solvers/dlx/bitboard.js';
import type { PackingInstance, PackingSolution } from '../encoders/packing.js';
import { pentomino } from '../encoders/polyomino.js';
import { seededRandom } from '../src/core/random.js';
import { renderHistogramSvg } from '../src/render/genius.js';
import { readSweepTsv, runSweep, sampleRolls, summarizeSweep, type SweepRow } from '../src/enumerate/sweep.js';
import { createLogicSolver } from '../solvers/logic-solver.js';
import { chained } from '../src/core/checksum.js';

const solver = new RollSolver();

/** A sweep TSV as the sweep writes one: its parameters, the header, then the rows, each with its checksum chained from the line above. */
function sweepTsv(rows: readonly string[], eol = '\n'): string {
  const params = '# puzzlesat sweep {"count":true,"sample":null,"seed":null,"rolls":"0"}';
  let sum = chained('', params);
  return [params, 'roll\tsolvable\tsolutions\tsum', ...rows.map((row) => `${row}\t${(sum = chained(sum, row))}`)].join(eol) + eol;
}

/** Every solution of a roll by dancing links on its own instance, each one decoded and independently checked. */
function allSolutions(instance: GeniusInstance): PackingSolution[] {
  const problem = instance.exactCover!;
  const solutions: PackingSolution[] = [];
  const problems = new Set<string>();
  solveExactCover(problem, {
    onSolution: (rows) => {
      const solution = instance.decode(rows.map((r) => problem.rowVars[r]!));
      const trouble = instance.check(solution);
      if (trouble !== null) problems.add(trouble);
      solutions.push(solution);
    },
  });
  expect([...problems]).toEqual([]);
  return solutions;
}

/** Milliseconds for the tests that enumerate tens of thousands of solutions on a shared machine. */
const SLOW = 120_000;

/** A solution as text that names each piece's cells, for comparing solution sets. */
const solutionKey = (s: PackingSolution) =>
  s.placements
    .map((p) => `${p.piece}:${p.cells.map(labelOf).sort().join(' ')}`)
    .sort()
    .join(' | ');

/** The board turned a quarter: (x, y) -> (5 - y, x). */
const quarterTurn = (blockers: readonly string[]) => blockers.map((l) => cellOf(l)).map(([x, y]) => labelOf([5 - y, x, 0]));
/** The board mirrored in its main diagonal: (x, y) -> (y, x). */
const transpose = (blockers: readonly string[]) => blockers.map((l) => cellOf(l)).map(([x, y]) => labelOf([y, x, 0]));

const userError = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
};

describe('the dice and the rolls', () => {
  it('cover the board with the 36 distinct faces, one die per cell', () => {
    const cells = DICE.flatMap((faces) => [...new Set(faces)]);
    expect(cells).toHaveLength(36);
    expect(new Set(cells).size).toBe(36);
    expect(new Set(cells.map((l) => cellOf(l).join()))).toEqual(new Set(Array.from({ length: 36 }, (_, i) => `${i % 6},${Math.floor(i / 6)},0`)));
  });

  it('number 6^5 * 4 * 2 = 62208, each a valid roll, indexed one to one', () => {
    expect(ROLL_COUNT).toBe(62208);
    const seen = new Set<string>();
    const misindexed: number[] = [];
    for (let i = 0; i < ROLL_COUNT; i++) {
      const roll = rollAt(i);
      if (rollIndex(roll) !== i) misindexed.push(i);
      seen.add(roll.join(','));
    }
    expect(misindexed).toEqual([]);
    expect(seen.size).toBe(ROLL_COUNT);
    // Spot-check that rollAt yields rolls the parser accepts.
    for (let i = 0; i < ROLL_COUNT; i += 997) expect(parseBlockers(rollAt(i).join(','), '--roll')).toEqual(rollAt(i));
  });

  it('names cells like the board: A1 top left, F6 bottom right', () => {
    expect(cellOf('A1')).toEqual([0, 0, 0]);
    expect(cellOf('A6')).toEqual([5, 0, 0]);
    expect(cellOf('F1')).toEqual([0, 5, 0]);
    expect(labelOf([3, 2, 0])).toBe('C4');
  });

  it('rolls the real dice: reproducible by seed, and the uneven dice land as often as their faces say', () => {
    expect(randomRoll(seededRandom(42))).toEqual(randomRoll(seededRandom(42)));
    expect(geniusSquare({ random: true, seed: 42 }).params.roll).toBe(geniusSquare({ random: true, seed: 42 }).params.roll);
    const random = seededRandom(7);
    const tally = new Map<string, number>();
    const n = 6000;
    const rolls = Array.from({ length: n }, () => randomRoll(random));
    for (const roll of rolls) for (const l of roll) tally.set(l, (tally.get(l) ?? 0) + 1);
    for (const roll of rolls.slice(0, 100)) expect(parseBlockers(roll.join(','), '--roll')).toEqual(roll);
    // As our own reports print them (bench/results: "roll A3 A5 C3 C6 D1 D5 F1"), spaces separate cells as commas do.
    for (const roll of rolls.slice(0, 20)) {
      expect(parseBlockers(roll.join(' '), '--roll')).toEqual(roll);
      expect(parseBlockers(` ${roll.join(' , ')} `, '--roll')).toEqual(roll);
    }
    // Die 7 shows F1 on three faces of six, die 4 shows A5 on two and E1 on one.
    expect(tally.get('F1')! / n).toBeCloseTo(1 / 2, 1);
    expect(tally.get('A5')! / n).toBeCloseTo(1 / 3, 1);
    expect(tally.get('E1')! / n).toBeCloseTo(1 / 6, 1);
  });
});

const scratch = tempDir('puzzlesat-genius-');

describe('bad rolls', () => {
  it('are rejected with one line naming the option and the cell', () => {
    const cases: [string, RegExp][] = [
      ['A1,B1,C3,E1,A4,E4,G7', /^roll: unknown cell "G7"/],
      ['A1,B1,C3,E1,A4,E4,A0', /^roll: unknown cell "A0"/],
      ['A1,B1,C3,E1,A4,E4,B1', /^roll: cell B1 is given twice$/],
      ['A1,C1,C3,E1,A4,E4,F1', /^roll: A1 and C1 are both on die 1/],
      ['A1,B1,C3,E1,A4,F1,A6', /^roll: F1 and A6 are both on die 7/],
      ['A1,B1,C3,E1,A4,E4', /^roll: a roll has 7 blockers, one per die; got 6$/],
      ['', /^roll: a roll has 7 blockers, one per die; got 0$/],
      ['A1,B1,,C3,E1,A4,E4,F1', /^roll: entry 3 of "A1,B1,,C3,E1,A4,E4,F1" is empty; remove the extra comma$/],
      ['A1 B1 C3 E1 A4 E4 G7', /^roll: unknown cell "G7"/],
    ];
    for (const [roll, message] of cases) {
      const text = userError(() => geniusSquare({ roll }));
      expect(text).toMatch(message);
      expect(text).not.toContain('\n');
      // A bad --roll is a bad option value: a usage error (exit 2), where a bad roll in a sweep's file is bad input (regression: exit 1).
      expect(() => geniusSquare({ roll }), roll).toThrow(UsageError);
    }
    const file = join(mkdtempSync(join(scratch, 'rolls-')), 'rolls.tsv');
    writeFileSync(file, sweepTsv(['A1,A1\tyes\t3']));
    const fromFile = userError(() => readSweepTsv(file));
    expect(fromFile).toMatch(/rolls\.tsv:3: cell A1 is given twice$/);
    expect(() => readSweepTsv(file)).not.toThrow(UsageError);
  });

  it('a sweep TSV: one roll with two answers is refused at its second line; CRLF lines and a byte-order mark read as the lines written (regression: both answers kept; CRLF not a sweep TSV; the mark "records no sweep parameters")', () => {
    const file = join(mkdtempSync(join(scratch, 'rows-')), 'rows.tsv');
    const roll = 'A3,A6,B4,C5,D2,E1,F4';
    writeFileSync(file, sweepTsv([`${roll}\tyes\t5`, `${roll}\tno\t0`]));
    expect(userError(() => readSweepTsv(file))).toMatch(/rows\.tsv:4: roll A3,A6,B4,C5,D2,E1,F4 is on line 3 too, with another answer$/);
    // The same answer twice is only a repeat.
    writeFileSync(file, sweepTsv([`${roll}\tyes\t5`, `${roll}\tyes\t5`], '\r\n'));
    expect([...readSweepTsv(file).rows.values()]).toEqual([{ solvable: true, solutions: 5 }]);
    writeFileSync(file, '\uFEFF' + sweepTsv([`${roll}\tyes\t5`], '\r\n'));
    expect([...readSweepTsv(file).rows.values()]).toEqual([{ solvable: true, solutions: 5 }]);
  });

  it('reject conflicting or missing options', () => {
    expect(userError(() => geniusSquare({}))).toMatch(/^give the blockers with roll .* random$/);
    expect(userError(() => geniusSquare({ roll: rollAt(0).join(','), random: true }))).toMatch(/exclude each other/);
    expect(userError(() => geniusSquare({ roll: rollAt(0).join(','), seed: 3 }))).toMatch(/^seed needs random$/);
    expect(userError(() => geniusSquare({ random: true, seed: -1 }))).toMatch(/^seed: /);
  });

  it(
    'are accepted with --any-blockers when the area still fits, and refused when it does not',
    () => {
      const instance = geniusSquare({ roll: 'A1,C3,D4,E2,B5,F6,A6', anyBlockers: true });
      expect(instance.blockers).toEqual(['A1', 'A6', 'B5', 'C3', 'D4', 'E2', 'F6']);
      expect(allSolutions(instance).length).toBe(solver.count(instance.blockers));
      expect(userError(() => geniusSquare({ roll: 'A1,A2', anyBlockers: true }))).toMatch(
        /^roll: 2 blockers leave 34 cells but the nine pieces cover 29/,
      );
      expect(userError(() => geniusSquare({ roll: 'A1,A1', anyBlockers: true }))).toMatch(/cell A1 is given twice/);
    },
    SLOW,
  );
});

describe('solution counts', () => {
  const known: [string, number][] = [
    ['A6,B1,B5,D1,E3,F2,F4', 11],
    ['A3,A5,B4,C6,E2,E6,F1', 11],
    ['A3,A5,C3,C6,D1,D5,F1', 316],
    ['B3,B4,F1,F2,F3,F4,F6', 22317],
    ['A1,A3,A4,A5,A6,E3,E4', 22317],
  ];
  for (const [roll, count] of known) {
    it(
      `${roll} has ${count} solutions, all distinct and valid (dancing links on its own model; the sweep's bitboard and dancing links on the shared matrix)`,
      () => {
        const instance = geniusSquare({ roll });
        const solutions = allSolutions(instance);
        expect(solutions).toHaveLength(count);
        expect(new Set(solutions.map(solutionKey)).size).toBe(count);
        expect(solver.count(instance.blockers)).toBe(count);
        expect(solver.count(instance.blockers, undefined, 'dlx')).toBe(count);
      },
      SLOW,
    );
  }

  for (const [roll] of known.filter(([, count]) => count === 11)) {
    it(
      `${roll}: the SAT blocking-clause loop finds the same 11 solutions`,
      async () => {
        const instance = geniusSquare({ roll });
        const found: string[] = [];
        const summary = await enumerate(instance, {
          createSolver: () => createLogicSolver(),
          unique: false,
          onFound: ({ trueVars }) => {
            const solution = instance.decode(trueVars);
            expect(instance.check(solution)).toBeNull();
            found.push(solutionKey(solution));
          },
        });
        expect(summary.complete).toBe(true);
        expect(found.sort()).toEqual(allSolutions(instance).map(solutionKey).sort());
      },
      SLOW,
    );
  }

  it(
    'are the same for boards that are rotated or mirrored images of each other, which share a symmetry key',
    () => {
      const random = seededRandom(11);
      for (let i = 0; i < 3; i++) {
        const roll = rollAt(Math.floor(random() * ROLL_COUNT));
        const images = [quarterTurn(roll), transpose(roll), quarterTurn(quarterTurn(transpose(roll)))];
        for (const image of images) {
          expect(symmetryClassKey(image)).toBe(symmetryClassKey(roll));
          expect(solver.count(image)).toBe(solver.count(roll));
        }
      }
      // Different boards get different keys.
      expect(symmetryClassKey(rollAt(0))).not.toBe(symmetryClassKey(rollAt(1)));
    },
    SLOW,
  );
});

/** The bitboard counter over a packing instance's own placements (its region's cells, nothing taken). */
const bitboardOf = (instance: PackingInstance) =>
  new BitboardCounter({ cells: instance.spec.region.length, pieces: instance.spec.pieces.length, placements: instance.placements });

/** A solution as its placement variables, ascending, for comparing solution sets. */
const variablesKey = (variables: readonly number[]) => [...variables].sort((a, b) => a - b).join(',');

describe('the bitboard counter', () => {
  it(
    'counts every roll like dancing links on the shared matrix, roll for roll, on 150 seeded random rolls, and agrees on solvability',
    () => {
      const differing: string[] = [];
      for (const index of sampleRolls(150, 21)) {
        const roll = rollAt(index);
        const dlx = solver.count(roll, undefined, 'dlx');
        const bitboard = solver.count(roll);
        const firstOnly = solver.count(roll, 1);
        if (bitboard !== dlx || firstOnly !== Math.min(1, dlx))
          differing.push(`${roll.join(',')}: bitboard ${bitboard} (${firstOnly} with limit 1), dlx ${dlx}`);
      }
      expect(differing).toEqual([]);
    },
    SLOW,
  );

  it(
    'counts any seven blockers like dancing links, unsolvable boards included (fast-check, seeded)',
    () => {
      const counts: number[] = [];
      const cells = fc.uniqueArray(fc.integer({ min: 0, max: 35 }), { minLength: 7, maxLength: 7 });
      fc.assert(
        fc.property(cells, (indices) => {
          const blockers = indices.map((i) => labelOf([i % 6, Math.floor(i / 6), 0]));
          const dlx = solver.count(blockers, undefined, 'dlx');
          counts.push(dlx);
          expect(solver.count(blockers)).toBe(dlx);
        }),
        { numRuns: 80, seed: 20261201 },
      );
      // The property met both kinds of board.
      expect(counts.some((n) => n === 0)).toBe(true);
      expect(counts.some((n) => n > 0)).toBe(true);
    },
    SLOW,
  );

  it('stops at a limit', () => {
    const roll = 'A3,A5,B4,C6,E2,E6,F1'.split(',');
    expect(solver.count(roll, 5)).toBe(5);
    expect(solver.count(roll, 20)).toBe(11);
    expect(() => solver.count(roll, 0)).toThrow(/limit must be at least 1/);
  });

  for (const roll of ['A3,A5,B4,C6,E2,E6,F1', 'A6,B1,B5,D1,E3,F2,F4', 'A3,A5,C3,C6,D1,D5,F1']) {
    it(`finds the solutions dancing links finds, solution for solution, on the 29 free cells of ${roll}`, () => {
      const instance = geniusSquare({ roll });
      const counter = bitboardOf(instance);
      const found: string[] = [];
      const problems = new Set<string>();
      const total = counter.count([], {
        onSolution: (placements) => {
          const variables = placements.map((i) => instance.placements[i]!.variable);
          const trouble = instance.check(instance.decode(variables));
          if (trouble !== null) problems.add(trouble);
          found.push(variablesKey(variables));
        },
      });
      const problem = instance.exactCover!;
      const expected: string[] = [];
      solveExactCover(problem, { onSolution: (rows) => void expected.push(variablesKey(rows.map((r) => problem.rowVars[r]!))) });
      expect([...problems]).toEqual([]);
      expect(total).toBe(found.length);
      expect(found.sort()).toEqual(expected.sort());
      // Counting alone (states remembered) gives the same number as visiting each solution.
      expect(counter.count([])).toBe(expected.length);
    });
  }

  it(
    'counts other packings of up to 64 cells: the pentomino rectangles and the 8x8 board with the centre hole',
    () => {
      // Classes times the symmetries of the board: 3x20 2 x 4, 4x15 368 x 4, centre hole 65 x 8.
      const known: [string, number][] = [
        ['3x20', 8],
        ['4x15', 1472],
        ['8x8-centre-hole', 520],
      ];
      for (const [preset, solutions] of known) expect([preset, bitboardOf(pentomino({ preset })).count([])]).toEqual([preset, solutions]);
    },
    SLOW,
  );

  it('refuses what does not fit its words, and malformed placements', () => {
    const placements = [{ piece: 0, cells: [0] }];
    expect(() => new BitboardCounter({ cells: BITBOARD_LIMITS.cells + 1, pieces: 1, placements })).toThrow(/at most 64 cells and 32 pieces/);
    expect(() => new BitboardCounter({ cells: 4, pieces: BITBOARD_LIMITS.pieces + 1, placements })).toThrow(/at most 64 cells and 32 pieces/);
    expect(() => new BitboardCounter({ cells: 4, pieces: 1, placements: [{ piece: 1, cells: [0] }] })).toThrow(/placement 0 has piece 1/);
    expect(() => new BitboardCounter({ cells: 4, pieces: 1, placements: [{ piece: 0, cells: [4] }] })).toThrow(/placement 0 has cell 4/);
    expect(() => new BitboardCounter({ cells: 4, pieces: 1, placements: [{ piece: 0, cells: [1, 1] }] })).toThrow(/lists cell 1 twice/);
    expect(() => new BitboardCounter({ cells: 4, pieces: 1, placements }).count([7])).toThrow(/taken cell 7/);
  });
});

describe('rendering', () => {
  const instance = geniusSquare({ roll: 'A3,A5,C3,C6,D1,D5,F1' });
  const [solution] = allSolutions(instance);

  it('draws the board as text with the blockers as # and the coordinates around it', () => {
    const lines = instance.render(solution!, { color: false }).split('\n');
    expect(lines[0]).toBe('roll A3,A5,C3,C6,D1,D5,F1');
    expect(lines[1]).toBe('  123456');
    const rows = lines.slice(2);
    expect(rows.map((r) => r.slice(0, 2))).toEqual(['A ', 'B ', 'C ', 'D ', 'E ', 'F ']);
    const hashes = rows.flatMap((r, y) => [...r.slice(2)].flatMap((ch, x) => (ch === '#' ? [labelOf([x, y, 0])] : [])));
    expect(hashes).toEqual(instance.blockers);
    // Each piece's letter appears as often as it has cells.
    const letters = rows
      .map((r) => r.slice(2))
      .join('')
      .replace(/#/g, '');
    expect(letters).toHaveLength(29);
  });

  it('draws the board as SVG: a peg per blocker, a coloured square per covered cell', () => {
    const svg = instance.svg(solution!);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<circle/g)).toHaveLength(7);
    expect(svg.match(/<rect x="\d+" y="\d+" width="40" height="40" fill="#/g)).toHaveLength(29);
  });

  it('draws a histogram of the positive values and reports the zeros', () => {
    const svg = renderHistogramSvg([0, 1, 10, 100, 100], { title: 't', xLabel: 'x', yLabel: 'y', bins: 4 });
    expect(svg).toContain('4 values, 1 zeros not drawn');
    expect(svg.match(/fill="#3b75af"/g)).toHaveLength(3);
  });
});

const dir = tempDir('genius-sweep-');

describe('sweep', () => {
  // 100 sampled rolls and, for each, another roll of its symmetry class when there is one.
  const sampled = sampleRolls(100, 5);
  const partner = (index: number) => {
    const key = symmetryClassKey(rollAt(index));
    for (const image of [transpose, quarterTurn, (r: readonly string[]) => quarterTurn(quarterTurn(r))]) {
      const other = image(rollAt(index));
      if (symmetryClassKey(other) === key && other.join() !== rollAt(index).join()) {
        try {
          return rollIndex(parseBlockers(other.join(','), 'test'));
        } catch {
          // the image is not a roll of the dice
        }
      }
    }
    return undefined;
  };
  const rolls = [...new Set(sampled.flatMap((i) => [i, partner(i) ?? i]))].slice(0, 200);
  // The rows without their checksums, which chain over the order the rows were written in.
  const tsvRows = (path: string) =>
    readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/\t[0-9a-f]{32}$/, ''))
      .sort();

  it('samples distinct rolls, reproducibly', () => {
    expect(new Set(sampled).size).toBe(100);
    expect(sampleRolls(100, 5)).toEqual(sampled);
    expect(sampleRolls(100, 6)).not.toEqual(sampled);
    expect(rolls.length).toBeGreaterThan(150);
  });

  it(
    'counts each roll like its own model does, solving one roll per symmetry class, and streams the TSV',
    async () => {
      const out = join(dir, 'full.tsv');
      const run = await runSweep({ count: true, rolls, out });
      expect(run.complete).toBe(true);
      expect(run.workers).toBe(0); // from TypeScript sources the work stays in this thread
      expect(run.results.size).toBe(rolls.length);
      expect(run.solved).toBeLessThan(rolls.length);
      const { rows } = readSweepTsv(out);
      expect(rows).toEqual(run.results);
      for (const index of rolls.slice(0, 12)) {
        const count = solveExactCover(geniusSquare({ roll: rollAt(index).join(',') }).exactCover!).count;
        expect(run.results.get(index)).toEqual({ solvable: count > 0, solutions: count });
      }
    },
    SLOW,
  );

  it(
    'resumes a stopped sweep to the same TSV, even after a torn last line',
    async () => {
      const out = join(dir, 'resumed.tsv');
      let done = 0;
      const half = await runSweep({ count: true, rolls, out, shouldStop: () => done >= rolls.length / 2, onProgress: (p) => (done = p.done) });
      expect(half.complete).toBe(false);
      expect(half.results.size).toBeLessThan(rolls.length);
      appendFileSync(out, 'A1,B');
      const rest = await runSweep({ count: true, rolls, out, resume: true });
      expect(rest.complete).toBe(true);
      expect(rest.resumed).toBe(half.results.size);
      expect(tsvRows(out)).toEqual(tsvRows(join(dir, 'full.tsv')));
      expect(await runSweep({ count: true, rolls, out, resume: true })).toMatchObject({ resumed: rolls.length, solved: 0, complete: true });
    },
    SLOW,
  );

  it('refuses to resume a solvability-only file with counting, and files that are not sweeps', async () => {
    const out = join(dir, 'solvable.tsv');
    const run = await runSweep({ count: false, rolls: rolls.slice(0, 20), out });
    expect([...run.results.values()].every((r) => r.solvable && r.solutions === null)).toBe(true);
    await expect(runSweep({ count: true, rolls: rolls.slice(0, 20), out, resume: true })).rejects.toThrow(
      /^resume: .*:1 was written without count; /,
    );
    // A row with the checksum it calls for is still read as a row: a bad roll is refused.
    const last = readFileSync(out, 'utf8').trim().split('\n').at(-1)!.split('\t').at(-1)!;
    appendFileSync(out, `A1,A2\tyes\t\t${chained(last, 'A1,A2\tyes\t')}\n`);
    // Line 1 holds the sweep's parameters, line 2 the TSV header.
    await expect(runSweep({ count: false, rolls, out, resume: true })).rejects.toThrow(/solvable.tsv:23: a roll has 7 blockers/);
    writeFileSync(out, 'roll\tsolvable\tsolutions\n');
    await expect(runSweep({ count: false, rolls, out, resume: true })).rejects.toThrow(/records no sweep parameters/);
  });

  it('resumes past the NULs a crash can leave after the last row, as the JSON lines files do (regression: refused at the NUL line)', async () => {
    const out = join(dir, 'nuls.tsv');
    const few = rolls.slice(0, 6);
    await runSweep({ count: false, rolls: few, out });
    const written = readFileSync(out, 'utf8');
    appendFileSync(out, '\0\0\0\0\n\0\0');
    expect(await runSweep({ count: false, rolls: few, out, resume: true })).toMatchObject({ resumed: few.length, solved: 0, complete: true });
    expect(readFileSync(out, 'utf8')).toBe(written);
  });

  it('refuses a row edited by hand at its line, and a file without checksums, leaving it as it was (regression: the edited count was resumed)', async () => {
    const out = join(dir, 'edited.tsv');
    const few = rolls.slice(0, 6);
    await runSweep({ count: true, rolls: few, out });
    const lines = readFileSync(out, 'utf8').split('\n');
    lines[3] = lines[3]!.replace(/\t(yes|no)\t\d+\t/, '\tyes\t999\t');
    const edited = lines.join('\n');
    writeFileSync(out, edited);
    await expect(runSweep({ count: true, rolls: few, out, resume: true })).rejects.toThrow(
      /edited\.tsv:4: the checksum does not follow from the lines above .*; cannot resume$/,
    );
    expect(readFileSync(out, 'utf8')).toBe(edited);
    // A file of an older puzzlesat: its rows carry no checksum.
    const old = lines.map((line, i) => (i === 0 ? line : line.replace(/\t[^\t]*$/, ''))).join('\n');
    writeFileSync(out, old);
    await expect(runSweep({ count: true, rolls: few, out, resume: true })).rejects.toThrow(/edited\.tsv:2: a sweep TSV without checksums/);
    expect(readFileSync(out, 'utf8')).toBe(old);
  });

  const compiledWorker = new URL('../dist/src/enumerate/worker.js', import.meta.url);
  it.runIf(existsSync(compiledWorker))(
    'gives the same answers on worker threads (compiled build)',
    async () => {
      const inThread = await runSweep({ count: false, rolls: sampleRolls(300, 9) });
      const threaded = await runSweep({ count: false, rolls: sampleRolls(300, 9), workers: 2, workerScript: compiledWorker });
      expect(threaded.workers).toBe(2);
      expect(threaded.results).toEqual(inThread.results);
      const countedHere = await runSweep({ count: true, rolls: sampleRolls(40, 9) });
      const countedThreaded = await runSweep({ count: true, rolls: sampleRolls(40, 9), workers: 2, workerScript: compiledWorker });
      expect(countedThreaded.results).toEqual(countedHere.results);
    },
    SLOW,
  );

  it('summarizes counts: min, mean, median, max, hardest and easiest', () => {
    const rows = new Map<number, SweepRow>([10, 40, 20, 30].map((solutions, i) => [i, { solvable: true, solutions }]));
    const s = summarizeSweep(rows, 2);
    expect(s.solutions).toEqual({ min: 10, mean: 25, median: 25, max: 40, total: 100, rollsWithMin: 1, rollsWithMax: 1 });
    expect(s.hardest).toEqual([
      { roll: rollAt(0).join(','), solutions: 10 },
      { roll: rollAt(2).join(','), solutions: 20 },
    ]);
    expect(s.easiest.map((e) => e.solutions)).toEqual([40, 30]);
    const solvability = summarizeSweep(new Map([[0, { solvable: false, solutions: null }]]));
    expect(solvability).toMatchObject({ visited: 1, solvable: 0, unsolvable: [rollAt(0).join(',')] });
    expect(solvability.solutions).toBeUndefined();
  });
});
