import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { expectOneLineError } from './helpers/expect-errors.js';
import { missing } from './helpers/requires.js';
import { commandLine } from '../src/cli/common.js';
import { callName } from '../src/core/field-names.js';
import type { PlanRequest } from '../src/plan.js';
import { UsageError } from '../src/core/errors.js';
import {
  checkPngSize,
  count,
  enumerate,
  explainPuzzle,
  minimize,
  openSolver,
  parseDimacs,
  puzzles,
  resolvePlan,
  runPlan,
  setSizeLimits,
  solve,
  writeDrawing,
} from '../src/index.js';
import { ab } from './helpers/formulas.js';

const scratch = tempDir('puzzlesat-names-');

/**
 * An error names what its caller gave: a library caller passed an object's
 * field (`solver`, `method`, `uniqueBy`), a CLI user an option (--solver,
 * --method, --unique-by). The layers below the two speak the library's names;
 * the CLI maps them to its own (regression: solve(f, { solver: 'nope' }) said
 * "--solver: unknown solver", count(p, { uniqueBy }) "--unique-by applies to
 * --unique").
 */

const message = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'no error',
    (e: unknown) => (e as Error).message,
  );

/** The message a build throws ('no error' when it does not). */
function error(build: () => unknown): string {
  try {
    build();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

describe("the library's errors name its parameters", () => {
  it('advice to list the solvers names the call each caller makes (regression: the library said "puzzlesat solvers lists them")', () => {
    expect(callName({ solvers: true })).toBe('engines()');
    expect(commandLine({ solvers: true })).toBe('puzzlesat solvers');
  });

  it('solver, in solve, enumerate, openSolver and minimize', async () => {
    const unknown = /^solver: unknown solver "nope"; choose one of: /;
    expect(await message(solve(ab(), { solver: 'nope' }))).toMatch(unknown);
    expect(await message(enumerate(ab(), { solver: 'nope' }).next())).toMatch(unknown);
    expect(await message(openSolver(ab(), { solver: 'nope' }))).toMatch(unknown);
    expect(await message(minimize(ab(), ['a'], [1], { solver: 'nope' }))).toMatch(unknown);
    expect(await message(solve(ab(), { solver: 'dlx' }))).toMatch(
      /^solver dlx: dlx solves only puzzles posed as exact cover, and this is a formula;/,
    );
    // The solvers' listing as the library calls it (regression: "puzzlesat solvers lists them", the CLI's command).
    expect(await message(openSolver(ab(), { solver: 'dlx' }))).toBe('solver dlx: this needs a SAT solver (engines() lists them)');
    expect(await message(minimize(ab(), ['a'], [1], { solver: 'dlx' }))).toBe('solver dlx: this needs a SAT solver (engines() lists them)');
  });

  it("count's method, strategy, unique and uniqueBy", async () => {
    const board = puzzles.polyomino({ board: '2x2', pieces: 'D2,D2' });
    expect(await message(count(ab(), { method: 'x' as never }))).toMatch(/^method: expected one of exact-cover, cnf, got "x"/);
    expect(await message(count(ab(), { strategy: 'x' as never }))).toMatch(/^strategy: expected one of /);
    expect(await message(count(board, { uniqueBy: 'x' as never, unique: true }))).toMatch(/^uniqueBy: expected one of /);
    expect(await message(count(board, { uniqueBy: 'clauses' }))).toBe('uniqueBy applies to unique (it says how classes are counted)');
    expect(await message(count(board, { method: 'cnf', strategy: 'mrv' }))).toBe(
      "strategy is the exact-cover counter's branching: it does not go with method cnf",
    );
    // A formula is told what applies to one (regression: the puzzles' "not posed as exact cover here (pieces with copies ...)").
    expect(await message(count(ab(), { method: 'exact-cover' }))).toBe(
      'method exact-cover: a formula is counted by the cnf method (its clauses are all it has)',
    );
    expect(await message(count(ab(), { strategy: 'mrv' }))).toBe(
      "strategy is the exact-cover counter's branching: a formula is counted by the cnf method (its clauses are all it has)",
    );
  });

  it("the puzzle builders' fields, and the field that raises a size limit", () => {
    for (const [build, expected] of [
      [() => puzzles.polyomino({ board: 'zz!', pieces: 'I' }), /^board: "zz!" is neither WxH/],
      [() => puzzles.polyomino({ pieces: 'I' }), /^give a board with board or a preset$/],
      [() => puzzles.polyomino({ board: '2x2', pieces: 'QQQ' }), /^pieces: unknown piece "QQQ"/],
      [() => puzzles.polyomino({ board: '2x2', piecesFile: '/no/such/file' }), /^piecesFile: /],
      // Regressions: an empty piecesFile was no file (the default pieces ran), and one beside pieces silently won.
      [() => puzzles.polyomino({ board: '2x2', piecesFile: '' }), /^piecesFile: an empty value; give a file of pieces$/],
      [() => puzzles.polyomino({ board: '2x2', pieces: 'O4', piecesFile: 'x' }), /^give the pieces with pieces or piecesFile, not both$/],
      [() => puzzles.pentomino({ preset: 'nope' }), /^preset: "nope" is not one of 8x8-square, /],
      [() => puzzles.pentomino({ preset: '6x01' }), /^preset: "6x01" is not one of .* \(did you mean 6x10\?\)$/],
      [() => puzzles.polyomino({ puzzle: 'x', board: '2x2' }), /^puzzle names the board and pieces: give it without board$/],
      [
        () => puzzles.polyomino({ board: '1000x1000', pieces: 'I' }),
        /^board: .* more than the limit of 250000 \(raise it with puzzles\.byName's maxCells or setSizeLimits\(\{ cells: … \}\)\)$/,
      ],
      [() => puzzles.polycube({}), /^give a figure with figure /],
      [() => puzzles.polycube({ figure: 'cube', pieces: 'V', piecesFile: 'x' }), /^give the pieces with pieces or piecesFile, not both$/],
      [() => puzzles.soma({ figure: '100x100x100' }), /^figure: .* \(raise it with puzzles\.byName's maxCells or setSizeLimits\(\{ cells: … \}\)\)$/],
      [() => puzzles.geniusSquare({ seed: 3 }), /^seed needs random$/],
      [() => puzzles.geniusSquare({ roll: 'Z9' }), /^roll: unknown cell "Z9"/],
      [() => puzzles.dobble(2, { cards: 99 }), /^cards: 99 is not possible/],
      [() => puzzles.dobble(2, { variables: 'cyclic', cards: 3 }), /^variables cyclic: .*; drop cards and symbols or use variables incidence$/],
      [() => puzzles.byName('dobble', { order: 2, 'symmetry-steps': 'zz' }), /^symmetrySteps: unknown step "zz"/],
      [() => puzzles.byName('knapsack', { items: 'a:1:1', randomItems: 3 }), /^items and randomItems: give one of them$/],
      [() => puzzles.byName('polyform', { board: '2x2', pieces: 'x', piecesFile: 'y' }), /^give the pieces once: pieces or piecesFile$/],
      [() => puzzles.byName('polyform', { board: '2x2', pieces: 'x', grid: 'zz' }), /^grid: "zz"/],
      [() => puzzles.byName('pentomino', { nonOverlap: 'zz' }), /^nonOverlap: "zz" is not one of compact, pairwise$/],
      [() => puzzles.byName('pentomino', { amo: 'zz' }), /^unknown at-most-one encoding "zz" \(amo\)/],
      [() => puzzles.byName('pentomino', { 'max-cells': 10 }), /\(raise it with puzzles\.byName's maxCells or setSizeLimits\(\{ cells: … \}\)\)$/],
      [
        () => puzzles.byName('pentomino', { maxPlacements: 10 }),
        /^preset 6x10: the pieces have more placements on the board than the limit of 10 \(raise it with puzzles\.byName's maxPlacements or setSizeLimits\(\{ placements: … \}\)\)$/,
      ],
      [
        () => puzzles.byName('pentomino', { maxLiterals: 100 }),
        /\(raise it with puzzles\.byName's maxLiterals or setSizeLimits\(\{ literals: … \}\)\)$/,
      ],
    ] as const) {
      const text = error(build);
      expect(text, String(build)).toMatch(expected);
      expect(text, String(build)).not.toMatch(/--/);
    }
  });

  it('an area that cannot agree names where the board and the pieces came from (regression: "area mismatch: ..." named neither)', () => {
    const dir = mkdtempSync(join(scratch, 'areas-'));
    const board = join(dir, 'board.txt');
    const pieces = join(dir, 'pieces.txt');
    writeFileSync(board, '...\n...\n');
    writeFileSync(pieces, 'D:\n##\n');
    for (const [build, expected] of [
      [() => puzzles.polyomino({ board: '5x5', pieces: 'F,I' }), /^board and pieces: area mismatch: the board has 25 cells but the pieces cover 10$/],
      [() => puzzles.polyomino({ board, piecesFile: pieces }), new RegExp(`^${board} and ${pieces}: area mismatch: the board has 6 cells`)],
      [
        () => puzzles.pentomino({ preset: '6x10', pieces: 'F' }),
        /^preset 6x10 and pieces: area mismatch: the board has 60 cells but the pieces cover 5$/,
      ],
      // Soma's pieces are the puzzle's own: only the figure was given.
      [() => puzzles.soma({ figure: '3x3x2' }), /^figure: area mismatch: the board has 18 cells but the pieces cover 27$/],
      [
        () => puzzles.polycube({ figure: '2x2x1', pieces: 'V,I4' }),
        /^figure and pieces: area mismatch: the board has 4 cells but the pieces cover 7$/,
      ],
      [
        () => puzzles.byName('polyform', { board: '2x1', pieces: 'A=##,B=##,C*0..1=#' }),
        /^board and pieces: more pieces required than fit: the pieces that must be placed cover 4 cells, the board has 2$/,
      ],
      [() => puzzles.byName('polyform', { board, piecesFile: pieces }), new RegExp(`^${board} and ${pieces}: area mismatch: `)],
      [
        () => puzzles.byName('polyform', { board: '2x1', pieces: 'M*0..1=#' }),
        /^board and pieces: the pieces cover at most 1 cell, but the board has 2 that must be covered$/,
      ],
    ] as const) {
      const text = error(build);
      expect(text, String(build)).toMatch(expected);
      expect(text, String(build)).not.toMatch(/--/);
    }
  });

  it('the advice on a size limit is a call the library caller can make, whichever function refused (typed builders and parseDimacs have no maxCells or maxVars)', () => {
    // Regression: "(raise it with maxCells)" after puzzles.polyomino({ ... }), which takes no maxCells.
    expect(() => puzzles.polyomino({ board: '600x600', pieces: 'I' })).toThrow(/\(raise it with puzzles\.byName's maxCells or setSizeLimits/);
    // Past the limit, the board is refused for what it is.
    const pastTheLimit = /^board and pieces: area mismatch: the board has 360000 cells/;
    expect(() => puzzles.byName('polyomino', { board: '600x600', pieces: 'I', maxCells: 400_000 })).toThrow(pastTheLimit);
    expect(() => parseDimacs('p cnf 3000000 0\n', 'big.cnf')).toThrow(
      /^big\.cnf:1: the header declares 3000000 variables, more than the limit of 2000000 \(raise it with puzzles\.byName's maxVars or setSizeLimits\(\{ vars: … \}\)\)$/,
    );
    try {
      setSizeLimits({ cells: 400_000, vars: 4_000_000 });
      expect(() => puzzles.polyomino({ board: '600x600', pieces: 'I' })).toThrow(pastTheLimit);
      expect(parseDimacs('p cnf 3000000 0\n').varCount).toBe(3_000_000);
    } finally {
      setSizeLimits({});
    }
  });

  it("the catalogue's advice is the library's: CATALOGUE, puzzles.byName('polyform', { puzzle }), which builds it", () => {
    // Regression: the library said "`puzzlesat list puzzles` lists ..." and "try puzzlesat enumerate polyform --puzzle NAME".
    expect(error(() => puzzles.polyomino({ puzzle: 'nope' }))).toMatch(
      /^puzzle: unknown catalogue puzzle "nope"; CATALOGUE lists the \d+ named puzzles$/,
    );
    expect(error(() => puzzles.polycube({ puzzle: 'pentominoes-triangle' }))).toBe(
      "puzzle pentominoes-triangle: on the square grid, which polycube does not read; try puzzles.byName('polyform', { puzzle: 'pentominoes-triangle' })",
    );
    expect(error(() => puzzles.polyomino({ puzzle: 'pentominoes-triangle' }))).toBe(
      "puzzle pentominoes-triangle: piece F is optional (count 0..1); puzzles.byName('polyform', { puzzle: 'pentominoes-triangle' }) takes it",
    );
    expect(puzzles.byName('polyform', { puzzle: 'pentominoes-triangle' }).cnf.varCount).toBeGreaterThan(0);
  });

  it('the count of pieces used that keeps a puzzle from exact cover is its use field', async () => {
    // Dancing links and the counter take copies; pieces of two sizes with a count of them used are no exact cover for either.
    const mixed = puzzles.polyform({ board: '2x2', pieces: 'D2*0..2,M1*0..4', use: '3' });
    expect(await message(solve(mixed, { solver: 'dlx' }))).toMatch(
      / is not posed as exact cover here \(a count of pieces used \(use\) that the areas do not imply, copies on optional cells alone or past puzzles\.byName's maxPlacements or setSizeLimits\(\{ placements: … \}\), or not a packing\)/,
    );
    expect(await message(count(mixed, { method: 'exact-cover' }))).toMatch(
      / is not posed as exact cover here \(a count of pieces used \(use\) that the areas do not imply, copies on optional cells alone or past puzzles\.byName's maxPlacements or setSizeLimits\(\{ placements: … \}\), or not a packing\)/,
    );
  });

  it("resolvePlan's refusals of a combination name the request's fields (regression: they named --certify, --workers, --queue, ...)", async () => {
    const plan = (request: Omit<PlanRequest, 'verb'> & { verb?: PlanRequest['verb'] }, puzzle = 'pentomino') =>
      message(resolvePlan(puzzle, { verb: 'enumerate', args: { preset: '3x20' }, ...request }));
    const dlx = 'dancing links gives no proofs and takes no branching rule';
    for (const [request, expected] of [
      [{ verb: 'solve', solver: 'dlx', certify: true }, `certify does not go with solver dlx: ${dlx}`],
      [{ verb: 'solve', solver: 'dlx', proof: true }, `proof does not go with solver dlx: ${dlx}`],
      [{ verb: 'solve', solver: 'minisat-wasm', proof: true }, /^proof: minisat-wasm does not write DRAT proofs; solvers that do: /],
      [{ solver: 'dlx', certify: true }, 'certify: dlx gives no UNSAT answers to certify; choose a SAT solver with solver'],
      [{ solver: 'dlx', workers: 2 }, /^workers does not go with solver dlx: dancing links enumerates in one thread/],
      [{ solver: 'dlx', cubeDepth: 3 }, 'cubeDepth does not go with solver dlx: dancing links searches the exact cover itself'],
      [
        { solver: 'cadical-wasm', enumMode: 'chrono' },
        'enumMode chrono: solver cadical-wasm cannot enumerate a cube by itself (minisat-wasm can); use enumMode blocking',
      ],
      [{ enumMode: 'chrono', certify: true }, 'enumMode chrono: certify needs the UNSAT closing each cube; use enumMode blocking'],
      [{ enumMode: 'bogus' }, 'enumMode: expected one of chrono, blocking, got "bogus"'],
      [{ solver: 'cadical-wasm', branching: 'cover' }, 'branching cover: solver cadical-wasm cannot branch on clauses (minisat-wasm can)'],
      [{ propagation: 'native', enumMode: 'blocking' }, 'propagation native: it needs enumMode chrono'],
      [
        { propagation: 'native', args: { preset: '3x20', amo: 'sequential' } },
        'propagation native: the non-overlap, piece-once clauses have auxiliary variables (use amo pairwise)',
      ],
      [{ queue: 'redis://127.0.0.1:1', limit: 3 }, 'queue runs to the end: drop limit'],
      [{ queue: 'redis://127.0.0.1:1', certify: true }, 'certify checks proofs in this process: it does not go with queue'],
      [
        { queue: 'redis://127.0.0.1:1', workers: 2 },
        "workers does not go with queue: each queue worker takes its own jobs (startWorker's concurrency)",
      ],
      [{ verb: 'count', workers: 2, method: 'cnf' }, 'workers: the cnf counter runs in one thread; threads count exact-cover terms'],
    ] as const) {
      const got = await plan(request as never);
      if (typeof expected === 'string') expect(got, JSON.stringify(request)).toBe(expected);
      else expect(got, JSON.stringify(request)).toMatch(expected);
    }
    expect(await plan({ verb: 'sweep', resume: true }, 'genius-square')).toBe('resume needs out FILE.tsv to resume from');
    expect(await plan({ verb: 'sweep', seed: 3 }, 'genius-square')).toBe('seed applies to sample');
  });

  it("runPlan's messages name the request's fields too (regression: a sweep said --resume, --out, --sample; a certificate --certify; a queue --queue)", async () => {
    const dir = mkdtempSync(join(scratch, 'run-'));
    const sweep = async (request: Omit<PlanRequest, 'verb'>) =>
      message((async () => runPlan(await resolvePlan('genius-square', { verb: 'sweep', ...request })))());
    expect(await sweep({ sample: 100_000, seed: 1 })).toBe('sample: there are only 62208 rolls, got 100000');
    const out = join(dir, 'a.tsv');
    expect(await sweep({ sample: 2, seed: 1, out })).toBe('no error');
    expect(await sweep({ sample: 2, seed: 2, out, resume: true })).toBe(
      `resume: ${out}:1 was written for another sample (seed: 1 in the file, 2 now); resume it with the options it was started with, or start another file`,
    );
    expect(await sweep({ sample: 2, seed: 1, out, resume: true, count: true })).toBe(
      `resume: ${out}:1 was written without count; resume it the same way or start another file`,
    );
    const [params, header] = readFileSync(out, 'utf8').split('\n');
    const otherRolls = join(dir, 'rolls.tsv');
    writeFileSync(otherRolls, `${params!.replace(/"rolls":"\w+"/, '"rolls":"0000000000000000"')}\n${header}\n`);
    expect(await sweep({ sample: 2, seed: 1, out: otherRolls, resume: true })).toMatch(
      /^resume: .*:1 was written for other rolls than this sweep's;/,
    );
    const unmarked = join(dir, 'b.tsv');
    writeFileSync(unmarked, 'roll\tsolvable\n');
    expect(await sweep({ sample: 2, seed: 1, out: unmarked, resume: true })).toMatch(/^resume: .*:1 records no sweep parameters/);
    expect(await sweep({ sample: 2, seed: 1, out: join(dir, 'no', 'x.tsv') })).toMatch(
      /^out: cannot write ".*x\.tsv": no such file or directory \(ENOENT\)$/,
    );
    mkdirSync(join(dir, 'd.tsv'));
    expect(await sweep({ sample: 2, seed: 1, out: join(dir, 'd.tsv'), resume: true })).toMatch(
      /^out: cannot read ".*d\.tsv": illegal operation on a directory \(EISDIR\)$/,
    );

    // A certificate that cannot be had (the plan's prover replaced by one that writes no proofs), in solve and in enumerate.
    const unsat = join(dir, 'unsat.cnf');
    writeFileSync(unsat, 'p cnf 1 2\n1 0\n-1 0\n');
    for (const verb of ['solve', 'enumerate'] as const) {
      const plan = await resolvePlan(unsat, {
        verb,
        solver: 'minisat-wasm',
        certify: true,
        ...(verb === 'enumerate' ? { enumMode: 'blocking' } : {}),
      });
      expect(await message(runPlan({ ...plan, prover: 'minisat-wasm' }, { onSolution: () => {} })), verb).toBe(
        'certify: minisat-wasm does not write proofs',
      );
    }

    // The queue's address is read as the run starts, before any connection.
    const queued = await resolvePlan('pentomino', { verb: 'enumerate', args: { preset: '3x20' }, queue: 'http://127.0.0.1:1' });
    expect(await message(runPlan(queued, { onSolution: () => {} }))).toBe('queue: expected a redis:// or rediss:// URL, got "http://127.0.0.1:1"');
    const queuedSweep = await resolvePlan('genius-square', { verb: 'sweep', sample: 2, queue: 'redis://:1' });
    // A sweep's executor reads it as the run is set up, throwing before runPlan's promise.
    expect(await message((async () => runPlan(queuedSweep))())).toBe('queue: expected redis://[user:password@]host:port[/db], got "redis://:1"');
  });

  it('resolvePlan refuses a verb it has no plan for, naming the field (regression: an unknown verb was planned as enumerate)', async () => {
    const planned = (verb: unknown) => resolvePlan('pentomino', { verb, args: { preset: '3x20' } } as unknown as PlanRequest);
    const refusal = async (verb: unknown) => {
      const e = await planned(verb).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    };
    expect(await refusal('slove')).toBe('verb: expected one of solve, enumerate, sweep, count, got "slove" (did you mean solve?)');
    expect(await refusal('explain')).toBe('verb: expected one of solve, enumerate, sweep, count, got "explain"');
    expect(await refusal(undefined)).toBe('verb: expected one of solve, enumerate, sweep, count, got undefined');
    expect((await planned('count')).verb).toBe('count');
  });

  it('explainPuzzle without its options explains the puzzle as given, no family added, no comparison (regression: it crashed reading options.unique)', () => {
    const plain = explainPuzzle('pentomino', { preset: '3x20' });
    expect(plain).toEqual(explainPuzzle('pentomino', { preset: '3x20' }, { unique: false, compare: false }));
    expect(plain.compare).toBeUndefined();
    // One option given, the other at its default.
    expect(explainPuzzle('pentomino', { preset: '3x20' }, { compare: true }).compare).toBeDefined();
    expect(explainPuzzle('pentomino', {}, { unique: true })).toEqual(explainPuzzle('pentomino', {}, { unique: true, compare: false }));
  });

  it('explainPuzzle refuses options of the wrong kind or name, as every library call does (regression: { unique: "yes" } was read as false)', () => {
    const bad = (asked: unknown) => () => explainPuzzle('pentomino', { preset: '3x20' }, asked as { unique?: boolean });
    expect(bad({ unique: 'yes' })).toThrow(new TypeError('unique: expected true or false, got "yes"'));
    expect(bad({ compare: 1 })).toThrow(new TypeError('compare: expected true or false, got 1'));
    expect(bad({ uniqe: true })).toThrow(/^explainPuzzle has no option "uniqe" \(did you mean unique\?\)/);
  });

  it("the library's other calls name their fields: explainPuzzle and the drawings", async () => {
    const unsat = join(mkdtempSync(join(scratch, 'unsat-')), 'u.cnf');
    writeFileSync(unsat, 'p cnf 1 2\n1 0\n-1 0\n');
    expect(error(() => explainPuzzle(unsat, { amo: 'sequential' }, { unique: false, compare: false }))).toBe(
      'amo does not apply to a DIMACS file (its clauses are already encoded)',
    );
    expect(error(() => explainPuzzle(unsat, {}, { unique: false, compare: true }))).toBe(
      'compare does not apply to a DIMACS file (its clauses are already encoded)',
    );
    expect(error(() => checkPngSize('<svg width="100000" height="100000">', {}))).toBe(
      'png: the picture would be 200000 by 200000 pixels, more than 100000000 (a lower scale, or svg, draws it)',
    );
    const nowhere = join(tmpdir(), 'no-such-directory-of-puzzlesat', 'x.svg');
    expect(await message(writeDrawing(nowhere, '<svg/>', 'svg'))).toMatch(/^svg: cannot write ".*x\.svg": no such file or directory \(ENOENT\)$/);
  });

  it('no message of these names a command-line option', async () => {
    const board = puzzles.polyomino({ board: '2x2', pieces: 'D2,D2' });
    for (const call of [
      () => solve(ab(), { solver: 'nope' }),
      () => count(board, { uniqueBy: 'clauses' }),
      () => count(board, { method: 'cnf', strategy: 'mrv' }),
      () => count(board, { method: 'cnf', unique: true, uniqueBy: 'burnside' }),
    ])
      expect(await message(call())).not.toMatch(/--/);
  });
});

describe('the CLI names its options for the same errors', () => {
  const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });

  it('an area that cannot agree names the options, or the files, the board and the pieces came from: exit 1, as the areas always were', () => {
    const dir = mkdtempSync(join(scratch, 'areas-'));
    const board = join(dir, 'board.txt');
    writeFileSync(board, '...\n...\n');
    for (const [args, expected] of [
      [
        ['polyomino', '--board', '5x5', '--pieces', 'F,I'],
        /^puzzlesat: --board and --pieces: area mismatch: the board has 25 cells but the pieces cover 10\n$/,
      ],
      [['polyomino', '--board', board, '--pieces', 'I'], new RegExp(`^puzzlesat: ${board} and --pieces: area mismatch: the board has 6 cells`)],
      [['pentomino', '--preset', '6x10', '--pieces', 'F'], /^puzzlesat: --preset 6x10 and --pieces: area mismatch: /],
      [['soma', '--figure', '3x3x2'], /^puzzlesat: --figure: area mismatch: the board has 18 cells but the pieces cover 27\n$/],
      [
        ['polyform', '--board', '2x1', '--pieces', 'A=##,B=##,C*0..1=#'],
        /^puzzlesat: --board and --pieces: more pieces required than fit: the pieces that must be placed cover 4 cells, the board has 2\n$/,
      ],
    ] as const) {
      const r = run('encode', ...args, '-o', join(dir, 'out.cnf'));
      expectOneLineError({ code: r.status, out: r.stdout, err: r.stderr }, expected, 1);
    }
  });

  it('--solver, --method, --strategy, --unique-by', () => {
    for (const [args, expected] of [
      [['solve', 'pentomino', '--solver', 'nope'], /^puzzlesat: --solver: unknown solver "nope"/],
      [['count', 'polyomino', '--board', '2x2', '--pieces', 'D2,D2', '--unique-by', 'clauses'], /^puzzlesat: --unique-by applies to --unique/],
      [
        ['count', 'polyomino', '--board', '2x2', '--pieces', 'D2,D2', '--method', 'cnf', '--strategy', 'mrv'],
        /^puzzlesat: --strategy is the exact-cover counter's branching: it does not go with --method cnf/,
      ],
      [['optimize', 'knapsack', '--items', 'a:1:1', '--solver', 'nope'], /^puzzlesat: --solver: unknown solver "nope"/],
    ] as const) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(expected);
    }
  });

  it("the puzzles' options, the size limits' and --use, where the library names its fields", () => {
    for (const [args, expected] of [
      [['encode', 'polyomino', '--pieces', 'I'], /^puzzlesat: give a board with --board or a --preset\n$/],
      [['encode', 'polyomino', '--board', '2x2', '--pieces', 'QQQ'], /^puzzlesat: --pieces: unknown piece "QQQ"/],
      [['encode', 'polyomino', '--puzzle', 'x', '--board', '2x2'], /^puzzlesat: --puzzle names the board and pieces: give it without --board\n$/],
      [['encode', 'polyomino', '--board', '20x20', '--pieces', 'I', '--max-cells', '10'], /\(raise it with --max-cells\)\n$/],
      [['encode', 'pentomino', '--max-literals', '100'], /\(raise it with --max-literals\)\n$/],
      [['encode', 'genius-square', '--seed', '3'], /^puzzlesat: --seed needs --random\n$/],
      [
        ['encode', 'polyomino', '--puzzle', 'nope'],
        /^puzzlesat: --puzzle: unknown catalogue puzzle "nope"; `puzzlesat list puzzles` lists the \d+ named puzzles\n$/,
      ],
      [
        ['encode', 'polycube', '--puzzle', 'pentominoes-triangle'],
        /^puzzlesat: --puzzle pentominoes-triangle: on the square grid, which polycube does not read; try puzzlesat enumerate polyform --puzzle pentominoes-triangle\n$/,
      ],
      [
        ['encode', 'polyomino', '--puzzle', 'pentominoes-triangle'],
        /^puzzlesat: --puzzle pentominoes-triangle: piece F is optional \(count 0\.\.1\); puzzlesat enumerate polyform --puzzle pentominoes-triangle takes it\n$/,
      ],
      [
        ['encode', 'dobble', '--order', '2', '--variables', 'cyclic', '--cards', '3'],
        /; drop --cards and --max-symbols or use --variables incidence\n$/,
      ],
      [['encode', 'knapsack', '--items', 'a:1:1', '--random-items', '3'], /^puzzlesat: --items and --random-items: give one of them\n$/],
      [
        ['count', 'polyform', '--board', '2x2', '--pieces', 'D2*0..2,M1*0..4', '--use', '3', '--method', 'exact-cover'],
        /^puzzlesat: --method: polyform is not posed as exact cover here \(a count of pieces used \(--use\) that the areas do not imply, copies on optional cells alone or past --max-placements, or not a packing\); count its formula with the cnf method$/m,
      ],
    ] as const) {
      const r = run(...args);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr, args.join(' ')).toMatch(expected);
    }
  });
});

/**
 * A message raised on a worker thread names the fields as the thread that
 * started the run does: each thread starts with the library's names, and the
 * CLI's threads take on its options (fieldNamesModule). The case: clasp-wasm
 * refusing a formula over clingo-wasm's input stack in the cube loop on two
 * threads, so that each thread raises it (regression: the library's callers
 * read --non-overlap, --amo and --solver).
 */
describe('messages raised on worker threads', () => {
  const dist = join(import.meta.dirname, '..', 'dist', 'src');
  it.skipIf(missing('clasp-wasm', 'cli'))("name the library caller's fields", { timeout: 120_000 }, async () => {
    // Worker threads run the compiled script: the library as a package's caller imports it.
    const lib = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof import('../src/index.js');
    const plan = await lib.resolvePlan('pentomino', {
      verb: 'enumerate',
      solver: 'clasp-wasm',
      workers: 2,
      native: false,
      unique: true,
      limit: 1,
      args: { preset: '6x10', 'non-overlap': 'pairwise', amo: 'pairwise' },
    });
    expect(plan).toMatchObject({ workers: 2, strategy: 'cubes' });
    expect(await message(lib.runPlan(plan, {}))).toMatch(
      /; use a compact encoding \(nonOverlap compact, amo sequential\) or an external solver \(solver clasp\)$/,
    );
  });

  it.skipIf(missing('clasp-wasm', 'cli'))('name the options on the threads of the command line', { timeout: 120_000 }, () => {
    const args = ['--preset', '6x10', '--non-overlap', 'pairwise', '--amo', 'pairwise', '--solver', 'clasp-wasm', '--unique', '--limit', '1'];
    const r = spawnSync(process.execPath, [join(dist, 'cli', 'main.js'), 'enumerate', 'pentomino', ...args, '--workers', '2', '--no-native', '-q'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expectOneLineError(
      { code: r.status, out: r.stdout, err: r.stderr },
      /; use a compact encoding \(--non-overlap compact, --amo sequential\) or an external solver \(--solver clasp\)\n$/,
    );
  });
});
