import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Formula, atMostOne, parseDimacs, puzzles, solve, toDimacs } from '../src/index.js';

/**
 * Issue 27's rough edges of the library, each as a user met it. Every test
 * here failed on the code before the fix.
 */
const root = join(import.meta.dirname, '..');

/** The source module behind one of package.json's entry points ("./card" -> src/card/...). */
async function entryPoint(name: string): Promise<Record<string, unknown>> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> };
  const built = manifest.exports[name]!.default;
  return (await import(join(root, built.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')))) as Record<string, unknown>;
}

describe('one atMostOne', () => {
  it("puzzlesat/card's atMostOne is the one puzzlesat exports (one signature: formula, literals, options)", async () => {
    const card = await entryPoint('./card');
    expect(card.atMostOne).toBe(atMostOne);
    for (const name of ['exactlyOne', 'atMost', 'atLeast', 'exactly']) expect(card[name], name).toBe((await entryPoint('.'))[name]);
  });
});

describe('solve() takes a puzzle as well as a formula', () => {
  it('a polyomino instance: its solution decoded and checked by the puzzle', async () => {
    const board = puzzles.polyomino({ board: '3x2', pieces: 'L3,D2,M1' });
    const result = await solve(board, { solver: 'logic-solver' });
    expect(result.status).toBe('SAT');
    expect(board.check(result.solution!)).toBeNull();
    expect(board.render(result.solution!, { color: false }).replace(/\s/g, '')).toHaveLength(6);
  });
});

describe('DIMACS keeps which variables are auxiliary', () => {
  it('parseDimacs(toDimacs(f)): the sequential at-most-one auxiliaries stay auxiliary, and models leave them out', async () => {
    const f = new Formula();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => f.vars.id(n)) as [number, number, number];
    atMostOne(f, [a, b, c]);
    f.add([c]);
    const back = parseDimacs(toDimacs(f));
    expect(Array.from({ length: back.varCount }, (_, i) => back.vars.isAux(i + 1))).toEqual([false, false, false, true, true]);
    expect(back.vars.name(4)).toBe(f.vars.name(4));
    const { model } = await solve(back, { solver: 'logic-solver' });
    expect(model?.trueNames).toEqual(['c']);
  });
});

describe('dlx named for what it is', () => {
  it('solve(formula, { solver: "dlx" }) says dlx needs a puzzle posed as exact cover, without calling dlx unknown', async () => {
    const f = new Formula();
    f.add([f.vars.id('x')]);
    const error = await solve(f, { solver: 'dlx' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^solver dlx: dlx solves only puzzles posed as exact cover, and this is a formula/);
    expect(error?.message).not.toMatch(/unknown solver/);
  });

  it('solve(puzzle, { solver: "dlx" }) solves an exact-cover puzzle by dancing links', async () => {
    const board = puzzles.polyomino({ board: '3x2', pieces: 'L3,D2,M1' });
    const result = await solve(board, { solver: 'dlx' });
    expect([result.status, result.solver]).toEqual(['SAT', 'dlx']);
    expect(board.check(result.solution!)).toBeNull();
  });
});
