import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Formula, count, enumerate, minimize, openSolver, puzzles, solve } from '../src/index.js';

/**
 * An error names what its caller gave: a library caller passed an object's
 * field (`solver`, `method`, `uniqueBy`), a CLI user an option (--solver,
 * --method, --unique-by). The layers below the two speak the library's names;
 * the CLI maps them to its own (regression: solve(f, { solver: 'nope' }) said
 * "--solver: unknown solver", count(p, { uniqueBy }) "--unique-by applies to
 * --unique").
 */
function ab(): Formula {
  const f = new Formula();
  f.add([f.vars.id('a'), f.vars.id('b')]);
  return f;
}

const message = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'no error',
    (e: unknown) => (e as Error).message,
  );

describe("the library's errors name its parameters", () => {
  it('solver, in solve, enumerate, openSolver and minimize', async () => {
    const unknown = /^solver: unknown solver "nope"; choose one of: /;
    expect(await message(solve(ab(), { solver: 'nope' }))).toMatch(unknown);
    expect(await message(enumerate(ab(), { solver: 'nope' }).next())).toMatch(unknown);
    expect(await message(openSolver(ab(), { solver: 'nope' }))).toMatch(unknown);
    expect(await message(minimize(ab(), ['a'], [1], { solver: 'nope' }))).toMatch(unknown);
    expect(await message(solve(ab(), { solver: 'dlx' }))).toMatch(/^solver dlx: formula is not posed as exact cover/);
    expect(await message(openSolver(ab(), { solver: 'dlx' }))).toMatch(/^solver dlx: this needs a SAT solver/);
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
    expect(await message(count(ab(), { method: 'exact-cover' }))).toMatch(/^method: formula is not posed as exact cover/);
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
});
